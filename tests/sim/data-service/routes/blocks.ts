/** GET /v1/blocks: the latest blocks of all supported EVM chains, newest first. */
import type { DataContext } from '../context'
import { pageOf, scopeOf, tokenField } from '../http/page-token'
import { NETWORKS, enumParam, pageSizeParam, single } from '../http/query'
import type { Route } from '../http/router'

export function blockRoutes(ctx: DataContext): Route[] {
  return [
    {
      name: 'listLatestBlocksAllChains',
      method: 'GET',
      template: '/v1/blocks',
      handler: ({ query }) => {
        const pageSize = pageSizeParam(query, { def: 10, min: 1, max: 100 })
        const network = enumParam(query, 'network', NETWORKS)
        const nets = network === undefined ? ctx.allNetworks() : [ctx.network(network)]
        const blocks = nets.flatMap((n) => n.evm.latestBlocks.filter((b) => !ctx.isSubnetUnavailable(n.evm.chains.find((c) => c.chainId === b.chainId)?.subnetId ?? '')))
        if (nets.length > 1) {
          blocks.sort((a, b) => b.blockTimestamp - a.blockTimestamp || a.chainId.localeCompare(b.chainId) || Number(BigInt(b.blockNumber) - BigInt(a.blockNumber)))
        }
        const scope = scopeOf('listLatestBlocksAllChains', { network: network ?? 'all' })
        const page = pageOf(ctx.tokens, scope, blocks, single(query, 'pageToken'), pageSize)
        return { body: { ...tokenField(page), blocks: page.items } }
      },
    },
  ]
}
