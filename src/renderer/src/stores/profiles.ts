/**
 * Connection profiles as the app's main process keeps them. The renderer never holds an API key:
 * a profile only says whether one is set and how it is stored. The list is reloaded on
 * `profiles.changed` (which main sends after every change, this page's own included) and when the page
 * reconnects, never by hand after a mutation. Activating one is the connection store's (it probes the node).
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

  function create(profile: ProfileFields, apiKey?: string): Promise<ProfileView> {
    return api.call('profiles.create', apiKey ? { profile, apiKey } : { profile })
  }

  function update(id: string, profile: Partial<ProfileFields>): Promise<ProfileView> {
    return api.call('profiles.update', { id, profile })
  }

  /** The folder of the node's profiles (null: none); main refuses it from browser mode (desktopOnly). */
  function setProfileDir(id: string, profileDir: string | null): Promise<ProfileView> {
    return api.call('profiles.setProfileDir', { id, profileDir })
  }

  /** null clears the key. */
  function setApiKey(id: string, apiKey: string | null): Promise<ProfileView> {
    return api.call('profiles.setApiKey', { id, apiKey })
  }

  async function remove(id: string): Promise<void> {
    await api.call('profiles.delete', { id })
  }

  api.on('profiles.changed', () => void load())
  onConnected(() => void load())

  return { profiles, activeId, active, loaded, loadError, load, create, update, setProfileDir, setApiKey, remove }
})
