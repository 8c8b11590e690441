import { JsonRpcHttpEndpoint } from '../../clients/transport/jsonrpc'
import { evmInstanceUrl } from '../../clients/node/endpoints'
import type { JsonRpcEndpoint } from '../../clients/transport/types'
import type { Connections } from '../connection/clients'

export interface EvmEndpoint {
  /** "C" or the blockchain ID */
  chain: string
  http: JsonRpcEndpoint
  wsUrl: string
}

/**
 * The RPC and websocket endpoints of the node's EVM instances: the C-Chain's from the profile (its own
 * C-Chain URL when set), another instance's at /ext/bc/{blockchainID}/rpc and /ws. One endpoint object
 * per instance, kept while the profile is the same, so batching and the EVM client cache hold.
 */
export class EvmEndpoints {
  private readonly byKey = new Map<string, EvmEndpoint>()
  constructor(private readonly connections: Connections) {}

  get(chain: string): EvmEndpoint {
    const c = this.connections.get()
    if (chain === 'C') return { chain, http: c.node.cchain, wsUrl: c.cchainWsUrl }
    const nodeUrl = c.profile.nodeUrl
    const key = `${nodeUrl} ${chain}`
    let e = this.byKey.get(key)
    if (!e) {
      const url = evmInstanceUrl(nodeUrl, chain)
      e = { chain, http: new JsonRpcHttpEndpoint({ url, service: `EVM instance ${chain.slice(0, 8)}… RPC`, batch: true }), wsUrl: url.replace(/^http/, 'ws').replace(/\/rpc$/, '/ws') }
      this.byKey.set(key, e)
    }
    return e
  }
}
