/**
 * Sync jobs, as main keeps them (sync.list) and announces them (sync.changed after each change and each
 * committed page). The words of a running pass (its page, a rate limit's countdown) come from its job in
 * the jobs store.
 */
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { Input, SyncJob } from '../../../shared/contract'
import type { ErrorData } from '../../../shared/rpc/errors'
import { api, onConnected } from '../api'
import { toErrorData } from '../errors'

export const useSyncStore = defineStore('sync', () => {
  const jobs = ref<SyncJob[]>([])
  const loaded = ref(false)
  const error = shallowRef<ErrorData | null>(null)

  async function load(): Promise<void> {
    try {
      jobs.value = (await api.call('sync.list', {})).jobs
      loaded.value = true
      error.value = null
    } catch (err) {
      error.value = toErrorData(err)
    }
  }

  api.on('sync.changed', ({ jobs: list }) => {
    jobs.value = list
    loaded.value = true
  })
  onConnected(() => void load())

  const keepAddresses = (input: Input<'sync.keepAddresses'>) => api.call('sync.keepAddresses', input)
  const keepValidators = (input: Input<'sync.keepValidators'>) => api.call('sync.keepValidators', input)
  const update = (input: Input<'sync.update'>) => api.call('sync.update', input)
  const remove = (id: string) => api.call('sync.remove', { id })
  const runNow = (id: string) => api.call('sync.runNow', { id })
  const cancel = (id: string) => api.call('sync.cancel', { id })

  return { jobs, loaded, error, load, keepAddresses, keepValidators, update, remove, runNow, cancel }
})
