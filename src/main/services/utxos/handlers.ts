import type { AreaHandlers } from '../handlers'
import type { JobManager } from '../jobs/manager'
import type { AtomicService } from '../atomic/service'
import type { UtxosService } from './service'

/** The core. area: UTXOs (this folder) and atomic txs (../atomic). */
export function coreHandlers(utxos: UtxosService, atomic: AtomicService, jobs: JobManager): AreaHandlers<'core'> {
  return {
    'core.getUTXOs': (input, { signal }) => utxos.page(input, signal),
    'core.loadAllUTXOs': (input) => ({
      jobId: jobs.start('core.loadAllUTXOs', `Load all UTXOs from ${input.sourceChain} of ${input.addresses.length === 1 ? input.addresses[0] : `${input.addresses.length} addresses`}`, (ctx) =>
        utxos.loadAll(input, ctx)
      )
    }),
    'core.utxoSet': (input) => utxos.set(input),
    'core.utxoSets': ({ limit }) => utxos.sets(limit),
    'core.exportUTXOs': (input) => utxos.export(input),
    'core.getAtomicTx': ({ txID }, { signal }) => atomic.getTx(txID, signal),
    'core.getAtomicTxStatus': ({ txID }, { signal }) => atomic.status(txID, signal),
    'core.watchTx': ({ txID }) => atomic.watch(txID),
    'core.watches': () => ({ watches: atomic.watches() }),
    'core.issueTx': ({ tx, sendAgain }, { signal }) => atomic.issue(tx, { sendAgain: sendAgain === true, signal }),
    'core.journal': ({ limit }) => ({ entries: atomic.journal(limit) }),
    'core.version': (_input, { signal }) => atomic.version(signal)
  }
}
