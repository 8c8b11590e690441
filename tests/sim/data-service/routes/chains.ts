/**
 * GET /v1/chains: the supported EVM chains (shape from the reference; the spec only says the list
 * exists). rpcUrl points at the sim's node. A chain whose subnet is switched off reports UNAVAILABLE.
 */
import type { EvmChain } from '../../dataset/evm/types'
import type { DataContext } from '../context'
import { NETWORKS, enumParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'

const FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const

function chainInfo(ctx: DataContext, c: EvmChain): Record<string, unknown> {
  const alias = c.isCChain ? 'C' : c.blockchainId
  const rpcUrl = `${ctx.nodeUrl}/ext/bc/${alias}/rpc`
  return {
    chainId: c.chainId,
    status: ctx.isSubnetUnavailable(c.subnetId) ? 'UNAVAILABLE' : 'OK',
    chainName: c.chainName,
    description: c.description,
    platformChainId: c.blockchainId,
    subnetId: c.subnetId,
    vmId: c.vmId,
    vmName: 'EVM',
    rpcUrl,
    // the node serves websockets for the C-Chain only (spec)
    ...(c.isCChain ? { wsUrl: rpcUrl.replace(/^http/, 'ws').replace(/\/rpc$/, '/ws') } : {}),
    isTestnet: c.isTestnet,
    networkToken: { name: c.token.name, symbol: c.token.symbol, decimals: c.token.decimals, logoUri: `https://assets.sim.invalid/tokens/${c.token.symbol.toLowerCase()}.png` },
    private: false,
    enabledFeatures: c.isCChain ? ['nftIndexing', 'webhooks', 'teleporter'] : ['nftIndexing', 'teleporter'],
  }
}

export function chainRoutes(ctx: DataContext): Route[] {
  return [
    get('supportedChains', '/v1/chains', ({ query }) => {
      const network = enumParam(query, 'network', NETWORKS)
      const feature = enumParam(query, 'feature', FEATURES)
      const nets = network === undefined ? ctx.allNetworks() : [ctx.network(network)]
      const chains = nets
        .flatMap((n) => n.evm.chains)
        .map((c) => chainInfo(ctx, c))
        .filter((c) => feature === undefined || (c.enabledFeatures as string[]).includes(feature))
      return { body: { chains } }
    }),
  ]
}
