/** The last probe of the active profile: which parts of the interface answer, and why the others do not. */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ProbePart, ProbeReport, ProbeResult } from '../../../shared/contract'
import { api, onConnected } from '../api'

export const useStatusStore = defineStore('status', () => {
  const report = ref<ProbeReport | null>(null)
  const loaded = ref(false)
  /** While a probe runs (activation or "check again"): the status view shows it is checking. */
  const probing = ref(false)

  const byPart = computed(() => {
    const map = new Map<ProbePart, ProbeResult>()
    for (const r of report.value?.parts ?? []) map.set(r.part, r)
    return map
  })

  async function load(): Promise<void> {
    try {
      report.value = await api.call('status.get', {})
      loaded.value = true
    } catch {
      // The shell shows the connection state; the last report stays on screen meanwhile.
    }
  }

  async function run(probe: () => Promise<ProbeReport>): Promise<ProbeReport> {
    probing.value = true
    try {
      report.value = await probe()
      loaded.value = true
      return report.value
    } finally {
      probing.value = false
    }
  }

  /** Makes the profile the active one; the main process probes it and answers with the report. */
  function activate(id: string): Promise<ProbeReport> {
    return run(() => api.call('profiles.activate', { id }))
  }

  function probe(): Promise<ProbeReport> {
    return run(() => api.call('status.probe', {}))
  }

  api.on('status.changed', (r) => {
    report.value = r
    loaded.value = true
  })
  onConnected(() => void load())

  return { report, loaded, probing, byPart, load, activate, probe }
})
