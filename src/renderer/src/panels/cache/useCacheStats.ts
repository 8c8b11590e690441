/**
 * What the cache holds (cache.stats), loaded when the page is connected and again when main says the cache
 * changed (a clear, a new limit, a restore: cache.changed naming cache.stats or '*') or new answers came in.
 */
import { onScopeDispose, ref, shallowRef } from 'vue'
import type { Output } from '../../../../shared/contract'
import { api, onConnected } from '../../api'

export type CacheStats = Output<'cache.stats'>

export function useCacheStats() {
  const stats = shallowRef<CacheStats | null>(null)
  const error = ref<unknown>(null)
  const loading = ref(false)

  async function load(): Promise<void> {
    loading.value = true
    try {
      stats.value = await api.call('cache.stats', {})
      error.value = null
    } catch (err) {
      error.value = err
    } finally {
      loading.value = false
    }
  }

  const offChanged = api.on('cache.changed', ({ methods }) => {
    if (methods.includes('*') || methods.includes('cache.stats')) void load()
  })
  const offConnected = onConnected(() => void load())
  onScopeDispose(() => {
    offChanged()
    offConnected()
  })
  return { stats, error, loading, load }
}
