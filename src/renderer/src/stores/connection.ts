/**
 * The connection area: the last probe of the active profile, which parts of the interface answer and why
 * the others do not. Kept current by `connection.changed` (every probe, whoever started it).
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { ProbePart, ProbeReport, ProbeResult } from '../../../shared/contract'
import { api, onConnected } from '../api'

export const useConnectionStore = defineStore('connection', () => {
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
      report.value = await api.call('connection.get', {})
      loaded.value = true
    } catch {
      // The shell shows the connection state; the last report stays on screen meanwhile.
    }
  }

  /** Marks a probe as running while `probe` runs (activation in the profiles store, or checkAgain). */
  async function whileProbing(probe: () => Promise<ProbeReport>): Promise<ProbeReport> {
    probing.value = true
    try {
      const r = await probe()
      report.value = r
      loaded.value = true
      return r
    } finally {
      probing.value = false
    }
  }

  function probe(): Promise<ProbeReport> {
    return whileProbing(() => api.call('connection.probe', {}))
  }

  api.on('connection.changed', (r) => {
    report.value = r
    loaded.value = true
  })
  onConnected(() => void load())

  return { report, loaded, probing, byPart, load, probe, whileProbing }
})
