/** GET /v1/networks/{network}/blockchains/{blockchainId}/vertices: X-Chain DAG vertices, newest first. */
import type { DataContext } from '../context'
import { networkList } from '../http/list-request'
import { scopeOf, tokenField } from '../http/page-token'
import { DEFAULT_PAGE_SIZE } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'
import { chainOfPathId } from './transactions'

export function vertexRoutes(ctx: DataContext): Route[] {
  return [
    get('listLatestXChainVertices', '/v1/networks/{network}/blockchains/{blockchainId}/vertices', ({ params, query }) => {
      const { network, pages } = networkList(ctx.tokens, params, query, DEFAULT_PAGE_SIZE)
      const net = ctx.network(network)
      // only the X-Chain had vertices: any other chain is an invalid value of this path parameter
      chainOfPathId(net, params.blockchainId ?? '', ['X'])
      const vertices = [...net.primary.vertices].sort((a, b) => b.vertexHeight - a.vertexHeight)
      const page = pages.page(scopeOf('listLatestXChainVertices', { network }), vertices)
      return { body: { ...tokenField(page), vertices: page.items.map((v) => ({ ...v, txCount: v.transactions.length })), chainInfo: { chainName: 'x-chain', network } } }
    }),
  ]
}
