import { JsonRpcHttpEndpoint } from '../transport/jsonrpc'
import type { NodeApis } from './define'

/** The node's endpoint paths, from the interface's "Node JSON-RPC (general)" table. */
export function nodePaths(nodeUrl: string, cchainUrl?: string | null) {
  const base = nodeUrl.replace(/\/+$/, '')
  const cchain = cchainUrl ?? `${base}/ext/bc/C/rpc`
  return {
    cchain,
    cchainWs: cchainUrl ? cchainUrl.replace(/^http/, 'ws').replace(/\/rpc$/, '/ws') : `${base.replace(/^http/, 'ws')}/ext/bc/C/ws`,
    admin: `${base}/ext/bc/C/admin`,
    core: `${base}/ext/bc/C/core`,
    pchain: `${base}/ext/bc/P`,
    info: `${base}/ext/info`,
    health: `${base}/ext/health`
  }
}

/** The RPC endpoint of another EVM instance the node runs. */
export function evmInstanceUrl(nodeUrl: string, blockchainId: string): string {
  return `${nodeUrl.replace(/\/+$/, '')}/ext/bc/${encodeURIComponent(blockchainId)}/rpc`
}

/**
 * One endpoint object per API of one node. Only the EVM endpoint batches: the node's other services
 * (gorilla RPC) refuse JSON-RPC batches.
 */
export function nodeApis(nodeUrl: string, cchainUrl?: string | null): NodeApis {
  const p = nodePaths(nodeUrl, cchainUrl)
  return {
    cchain: new JsonRpcHttpEndpoint({ url: p.cchain, service: 'C-Chain RPC', batch: true }),
    // A memory profile can take a while on a busy node: the admin API gets a long deadline.
    admin: new JsonRpcHttpEndpoint({ url: p.admin, service: 'admin API', timeoutMs: 120_000 }),
    core: new JsonRpcHttpEndpoint({ url: p.core, service: 'native-asset (core) API' }),
    pchain: new JsonRpcHttpEndpoint({ url: p.pchain, service: 'P-Chain API' }),
    info: new JsonRpcHttpEndpoint({ url: p.info, service: 'info API' }),
    health: new JsonRpcHttpEndpoint({ url: p.health, service: 'health API' })
  }
}
