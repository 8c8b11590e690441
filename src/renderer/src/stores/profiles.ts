/**
 * Connection profiles as the app's main process keeps them. The renderer never holds an API key:
 * a profile only says whether one is set and how it is stored.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ProfileFields, ProfileView } from '../../../shared/contract'
import { api, onConnected } from '../api'

export const useProfilesStore = defineStore('profiles', () => {
  const profiles = ref<ProfileView[]>([])
  const activeId = ref<string | null>(null)
  /** False until the first list arrived: the panel shows a spinner, not "no profiles". */
  const loaded = ref(false)
  const loadError = ref<unknown>(null)

  const active = computed(() => profiles.value.find((p) => p.id === activeId.value) ?? null)

  async function load(): Promise<void> {
    try {
      const res = await api.call('profiles.list', {})
      profiles.value = res.profiles
      activeId.value = res.activeId
      loaded.value = true
      loadError.value = null
    } catch (err) {
      loadError.value = err
    }
  }

  async function create(profile: ProfileFields, apiKey?: string): Promise<ProfileView> {
    const created = await api.call('profiles.create', apiKey ? { profile, apiKey } : { profile })
    await load()
    return created
  }

  async function update(id: string, profile: Partial<ProfileFields>): Promise<ProfileView> {
    const updated = await api.call('profiles.update', { id, profile })
    await load()
    return updated
  }

  /** null clears the key. */
  async function setApiKey(id: string, apiKey: string | null): Promise<ProfileView> {
    const updated = await api.call('profiles.setApiKey', { id, apiKey })
    await load()
    return updated
  }

  async function remove(id: string): Promise<void> {
    await api.call('profiles.delete', { id })
    await load()
  }

  // Another window (or the CLI through the same data) may change profiles; reload on the event and
  // whenever the transport (re)opens, since events are lost while it is closed.
  api.on('profiles.changed', () => void load())
  onConnected(() => void load())

  return { profiles, activeId, active, loaded, loadError, load, create, update, setApiKey, remove }
})
