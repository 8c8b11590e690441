import { AtomicStore } from '../../cache/atomic-store'
import { issuedTxEntity } from '../../cache/entity-extract/journals'
import { utxoEntities } from '../../cache/entity-extract/utxos'
import { UtxosStore } from '../../cache/utxos-store'
import { nodeApis } from '../../clients/node/endpoints'
import { log } from '../../log'
import type { Area, Shared } from '../area'
import { keptStatuses } from '../atomic/kept-statuses'
import { AtomicService } from '../atomic/service'
import type { Connections } from '../connection/clients'
import type { EntityOwner } from '../entities/recorder'
import type { AreaHandlers } from '../handlers'
import type { JobManager } from '../jobs/manager'
import { coreHandlers } from './handlers'
import { UtxosService } from './service'

/** The core. area: UTXOs and atomic txs of the active node; owner addresses shown with the profile's prefix. */
export function createCoreArea(
  { options, clock, storage }: Shared,
  deps: { connections: Connections; jobs: JobManager; activeOwner: () => EntityOwner | null; cacheChanged: (methods: string[]) => void }
): Area<AreaHandlers<'core'>> {
  const { connections, activeOwner } = deps
  const active = () => ({ scope: connections.scopeOf('node'), node: connections.get().node, owners: { hrp: connections.get().profile.addressHrp, chain: 'C' } })
  const utxos = new UtxosService({
    store: new UtxosStore(storage.db),
    active,
    kept: (scope, sourceChain, views, at) => storage.entities.keep(activeOwner(), 'core.loadAllUTXOs', scope, at, utxoEntities(views, sourceChain, at))
  })
  const atomicStore = new AtomicStore(storage.db)
  const atomic = new AtomicService({
    store: atomicStore,
    active,
    nodeAt: (scope) => nodeApis(scope),
    changed: (scope) => {
      if (scope !== connections.scopeOfOrNull('node')) return
      storage.entities.keep(activeOwner(), 'core.journal', scope, clock.now(), atomicStore.recentIssued(scope, 5).map(issuedTxEntity))
      deps.cacheChanged(['core.journal', 'core.watches'])
    },
    warn: (m) => log.warn(m),
    cachedStatuses: (scope, txID) => keptStatuses(storage.reads, scope, txID),
    ...(options.atomicPollMs !== undefined ? { pollMs: options.atomicPollMs } : {})
  })
  return {
    handlers: coreHandlers(utxos, atomic, deps.jobs),
    // Status watches of atomic txs left running (an issued tx with no answer yet) poll again.
    start() {
      if (options.mode !== 'cli') atomic.resume()
    },
    stop: () => atomic.stop()
  }
}
