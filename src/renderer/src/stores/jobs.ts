/** Long-running work of this session (loading pages, mirroring, profiling): progress and cancel. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { Job } from '../../../shared/contract'
import { api, onConnected } from '../api'

export const useJobsStore = defineStore('jobs', () => {
  const jobs = ref<Job[]>([])

  const running = computed(() => jobs.value.filter((j) => j.state === 'running'))

  async function load(): Promise<void> {
    try {
      jobs.value = (await api.call('jobs.list', {})).jobs
    } catch {
      // Keep what we had; the connection banner explains.
    }
  }

  async function cancel(id: string): Promise<boolean> {
    return (await api.call('jobs.cancel', { id })).cancelled
  }

  api.on('jobs.progress', (job) => {
    const i = jobs.value.findIndex((j) => j.id === job.id)
    // Newest first, like jobs.list.
    if (i === -1) jobs.value = [job, ...jobs.value]
    else jobs.value[i] = job
  })
  onConnected(() => void load())

  return { jobs, running, load, cancel }
})
