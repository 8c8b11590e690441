/**
 * The watch's heartbeat as the Alerts panel shows it: where it pings (its host, never the URL) and how the
 * last ping of the app the page talks to went. Reloaded when main says it changed (`cache.changed`: set,
 * cleared, or a ping made) and on reconnect.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { HeartbeatView } from '../../../shared/contract'
import type { ErrorData } from '../../../shared/rpc/errors'
import { api, onConnected } from '../api'
import { toErrorData } from '../errors'

const errorOf = (err: unknown): ErrorData => toErrorData(err) ?? { code: 'INTERNAL', message: 'Unexpected error in the page' }

export const useHeartbeatStore = defineStore('heartbeat', () => {
  const view = shallowRef<HeartbeatView | null>(null)
  const error = shallowRef<ErrorData | null>(null)
  const loaded = ref(false)

  async function load(): Promise<void> {
    try {
      view.value = await api.call('watch.heartbeat', {})
      error.value = null
      loaded.value = true
    } catch (err) {
      error.value = errorOf(err)
    }
  }

  /** Sets (or clears, null) the URL; the answer is the new view. Throws the call's error (the form shows it). */
  async function set(url: string | null): Promise<HeartbeatView> {
    view.value = await api.call('watch.setHeartbeat', { url })
    return view.value
  }

  api.on('cache.changed', ({ methods }) => {
    if (methods.includes('*') || methods.includes('watch.heartbeat')) void load()
  })
  onConnected(() => void load())

  return { view, error, loaded, load, set }
})
