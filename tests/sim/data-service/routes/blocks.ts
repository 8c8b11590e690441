/** GET /v1/blocks: the latest blocks of all supported EVM chains, newest first. */
import type { DataContext } from '../context'
import { pager, scopeOf, tokenField } from '../http/page-token'
import { DEFAULT_PAGE_SIZE, NETWORKS, enumParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'

export function blockRoutes(ctx: DataContext): Route[] {
  return [
    get('listLatestBlocksAllChains', '/v1/blocks', ({ query }) => {
      const pages = pager(ctx.tokens, query, DEFAULT_PAGE_SIZE)
      const network = enumParam(query, 'network', NETWORKS)
      const nets = network === undefined ? ctx.allNetworks() : [ctx.network(network)]
      const blocks = nets.flatMap((n) => n.evm.latestBlocks.filter((b) => !ctx.isSubnetUnavailable(n.evm.chains.find((c) => c.chainId === b.chainId)?.subnetId ?? '')))
      if (nets.length > 1) {
        blocks.sort((a, b) => b.blockTimestamp - a.blockTimestamp || a.chainId.localeCompare(b.chainId) || Number(BigInt(b.blockNumber) - BigInt(a.blockNumber)))
      }
      const page = pages.page(scopeOf('listLatestBlocksAllChains', { network: network ?? 'all' }), blocks)
      return { body: { ...tokenField(page), blocks: page.items } }
    }),
  ]
}
