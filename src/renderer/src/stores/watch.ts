/** What the unattended watch found: each profile's last check and open alerts (main keeps and announces them). */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { WatchAlert, WatchProfileStatus } from '../../../shared/contract'
import { api, onConnected } from '../api'

export const useWatchStore = defineStore('watch', () => {
  const profiles = ref<WatchProfileStatus[]>([])
  const openAlerts = ref<WatchAlert[]>([])

  async function load(): Promise<void> {
    try {
      profiles.value = (await api.call('watch.status', {})).profiles
      openAlerts.value = (await api.call('watch.alerts', {})).open
    } catch {
      // Keep what we had; the connection banner explains.
    }
  }

  // Main announces each alert that fires or resolves as a change of these two methods.
  api.on('cache.changed', ({ methods }) => {
    if (methods.includes('*') || methods.includes('watch.status') || methods.includes('watch.alerts')) void load()
  })
  onConnected(() => void load())

  return { profiles, openAlerts, load }
})
