/** How this app runs (desktop or browser mode) and where it keeps its data: from app.info. */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Output } from '../../../shared/contract'
import { api, onConnected } from '../api'

export const useAppStore = defineStore('app', () => {
  const info = ref<Output<'app.info'> | null>(null)

  async function load(): Promise<void> {
    try {
      info.value = await api.call('app.info', {})
    } catch {
      // Shown as unknown; the connection banner says why.
    }
  }

  /** The desktop app's switch for browser mode sessions on this data folder (refused from browser mode). */
  async function setBrowserNodeChanges(allowed: boolean): Promise<void> {
    info.value = await api.call('app.setBrowserNodeChanges', { allowed })
  }

  onConnected(() => void load())

  return { info, load, setBrowserNodeChanges }
})
