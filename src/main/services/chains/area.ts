import { ChainsStore } from '../../cache/chains-store'
import { log } from '../../log'
import type { Area, Shared } from '../area'
import type { Connections } from '../connection/clients'
import type { EntityOwner } from '../entities/recorder'
import type { AreaHandlers } from '../handlers'
import { cchainHandlers } from './cchain-handlers'
import { EvmEndpoints } from './endpoints'
import { LiveHeads } from './live-heads'
import { pchainHandlers } from './pchain-handlers'

/** The P-Chain and the EVM chains of the active node; the live block lists follow it and stop when nobody listens. */
export function createChainsArea(
  { storage, publish }: Shared,
  deps: { connections: Connections; onProfilesChanged: (listener: () => void) => void; activeOwner: () => EntityOwner | null }
): Area<AreaHandlers<'pchain'> & AreaHandlers<'cchain'>> {
  const { connections } = deps
  const store = new ChainsStore(storage.db)
  const endpoints = new EvmEndpoints(connections)
  const liveHeads = new LiveHeads((chain) => ({
    endpoint: endpoints.get(chain),
    scope: connections.scopeOf('node'),
    store,
    publish: (payload) => publish('cchain.heads', payload),
    keepEntities: (chain, heads, at) => storage.entities.keepHeads(deps.activeOwner(), connections.scopeOf('node'), chain, heads, at),
    warn: (m) => log.warn(m)
  }))
  deps.onProfilesChanged(() => liveHeads.stopAll())
  return {
    handlers: { ...pchainHandlers(connections), ...cchainHandlers(connections, endpoints, liveHeads, store) },
    stop: () => liveHeads.stopAll(),
    lastUnsubscribed(event) {
      if (event === 'cchain.heads') liveHeads.stopAll()
    }
  }
}
