import type { NodeApis } from '../../clients/node/index'
import type { AreaHandlers } from '../handlers'
import { bootstrappedOf, healthOf, nodeIdOf, nodeVersionOf, peersOf } from './reads'

/**
 * The node's identity and health, for the active profile's node (`node`). Each handler is one read of
 * ./reads.ts; the data path caches it and answers offline.
 */
export function infoHandlers(node: () => NodeApis): AreaHandlers<'info'> & AreaHandlers<'health'> {
  return {
    'info.getNodeID': (_input, { signal }) => nodeIdOf(node(), signal),
    'info.getNodeVersion': (_input, { signal }) => nodeVersionOf(node(), signal),
    'info.isBootstrapped': ({ chain }, { signal }) => bootstrappedOf(node(), chain, signal),
    'info.peers': ({ nodeIDs }, { signal }) => peersOf(node(), nodeIDs, signal),
    'health.health': ({ tags }, { signal }) => healthOf(node(), tags, signal)
  }
}
