/**
 * Atomic txs as main keeps them for the active node: the journal of txs issued through the app (with
 * outcomes and their status watches) and every status watch with its timeline. Main announces changes
 * with cache.changed naming core.journal / core.watches (a poll saw a new status, an issue finished, a
 * watch resumed at start); this store reloads then, and when the page reconnects. Actions only call the api.
 * Issuing (core.issueTx changes the node) is sent by the panel through useNodeChange(), which asks first.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { IssuedTx, Watch } from '../../../shared/contract'
import { api, onConnected } from '../api'

export const useAtomicStore = defineStore('atomic', () => {
  const journal = ref<IssuedTx[]>([])
  const watches = ref<Watch[]>([])
  const loaded = ref(false)
  const error = ref<unknown>(null)

  async function load(): Promise<void> {
    try {
      const [j, w] = await Promise.all([api.call('core.journal', { limit: 200 }), api.call('core.watches', {})])
      journal.value = j.entries
      watches.value = w.watches
      loaded.value = true
      error.value = null
    } catch (err) {
      error.value = err
    }
  }

  const watchOf = (txID: string): Watch | null => watches.value.find((w) => w.txID === txID) ?? null
  const entryOf = (txID: string): IssuedTx | null => journal.value.find((e) => e.txID === txID) ?? null

  /** Starts (or keeps) polling the tx's status until it is final. */
  const watch = (txID: string): Promise<Watch> => api.call('core.watchTx', { txID })

  api.on('cache.changed', (p) => {
    if (p.methods.includes('*') || p.methods.includes('core.journal') || p.methods.includes('core.watches')) void load()
  })
  onConnected(() => void load())

  return { journal, watches, loaded, error, load, watchOf, entryOf, watch }
})
