/**
 * What the unattended watch found: each profile's last check and open alerts, each profile's watch
 * settings, and (for a node that stopped answering) its last good check. All of it is what main stored,
 * so it is the same online and offline; `receivedAt` says when main last answered this page, and
 * `skewMs` how far this page's clock is from main's (browser mode over a tunnel may run on another
 * machine), so ages are main's ages.
 *
 * Main announces each alert that fires or resolves (`cache.changed` of watch.status and alerts.list);
 * a new sample has no event, so a view that shows samples polls with `poll()` while it is on screen.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { Alert, Input, WatchProfileSettings, WatchProfileStatus, WatchSample } from '../../../shared/contract'
import type { ErrorData } from '../../../shared/rpc/errors'
import { api, onConnected } from '../api'
import { toErrorData } from '../errors'

export const useWatchStore = defineStore('watch', () => {
  const profiles = ref<WatchProfileStatus[]>([])
  const openAlerts = ref<Alert[]>([])
  const settings = ref<WatchProfileSettings[]>([])
  /** the last check in which each unreachable node still answered, by profile id (main keeps it: watch.status) */
  const lastGood = shallowRef<Record<string, WatchSample | null>>({})
  const loaded = ref(false)
  const error = shallowRef<ErrorData | null>(null)
  /** when main last answered watch.status (this page's clock) */
  const receivedAt = ref<number | null>(null)
  /** this page's clock minus main's */
  const skewMs = ref(0)

  /** One load at a time; a change announced meanwhile loads once more after it (never a stale answer last). */
  let running = false
  let again = false
  async function load(): Promise<void> {
    if (running) {
      again = true
      return
    }
    running = true
    try {
      do {
        again = false
        await loadOnce()
      } while (again)
    } finally {
      running = false
    }
  }

  async function loadOnce(): Promise<void> {
    try {
      const [status, list, set] = await Promise.all([api.call('watch.status', {}), api.call('alerts.list', {}), api.call('watch.settings', {})])
      const at = Date.now()
      const sampled = status.profiles.find((p) => p.last && p.ageMs !== null)
      if (sampled) skewMs.value = at - (sampled.last!.at + sampled.ageMs!)
      profiles.value = status.profiles
      openAlerts.value = list.open
      settings.value = set.profiles
      receivedAt.value = at
      loaded.value = true
      error.value = null
      lastGood.value = Object.fromEntries(status.profiles.map((p) => [p.profileId, p.lastReachable]))
    } catch (err) {
      // Keep what we had: the page shows it with its age.
      error.value = toErrorData(err) ?? { code: 'INTERNAL', message: 'Unexpected error in the page' }
    }
  }

  function settingsOf(profileId: string): WatchProfileSettings | null {
    return settings.value.find((s) => s.profileId === profileId) ?? null
  }

  async function setSettings(input: Input<'watch.setSettings'>): Promise<WatchProfileSettings> {
    const out = await api.call('watch.setSettings', input)
    settings.value = settings.value.map((s) => (s.profileId === out.profileId ? out : s))
    return out
  }

  /** Reloads every `ms` while the calling view lives; returns the stop. */
  function poll(ms: number): () => void {
    const timer = setInterval(() => void load(), ms)
    return () => clearInterval(timer)
  }

  api.on('cache.changed', ({ methods }) => {
    if (methods.some((m) => m === '*' || m === 'watch.status' || m === 'watch.settings' || m === 'alerts.list')) void load()
  })
  api.on('profiles.changed', () => void load())
  onConnected(() => void load())

  return { profiles, openAlerts, settings, lastGood, loaded, error, receivedAt, skewMs, load, settingsOf, setSettings, poll }
})
