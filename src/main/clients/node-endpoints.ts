/** The node's endpoint paths, from the interface's "Node JSON-RPC (general)" table. */
export function nodeEndpoints(nodeUrl: string): { cchainRpc: string; cchainWs: string; admin: string; core: string; pchain: string } {
  const base = nodeUrl.replace(/\/+$/, '')
  const wsBase = base.replace(/^http/, 'ws')
  return {
    cchainRpc: `${base}/ext/bc/C/rpc`,
    cchainWs: `${wsBase}/ext/bc/C/ws`,
    admin: `${base}/ext/bc/C/admin`,
    core: `${base}/ext/bc/C/core`,
    pchain: `${base}/ext/bc/P`
  }
}
