/** GET /v1/networks/{network}/blockchains/{blockchainId}/vertices: X-Chain DAG vertices, newest first. */
import type { DataContext } from '../context'
import { pageOf, scopeOf, tokenField } from '../http/page-token'
import { networkPathParam, pageSizeParam, single } from '../http/query'
import type { Route } from '../http/router'
import { chainOfPathId } from './transactions'

export function vertexRoutes(ctx: DataContext): Route[] {
  return [
    {
      name: 'listLatestXChainVertices',
      method: 'GET',
      template: '/v1/networks/{network}/blockchains/{blockchainId}/vertices',
      handler: ({ params, query }) => {
        const network = networkPathParam(params.network)
        const pageSize = pageSizeParam(query, { def: 10, min: 1, max: 100 })
        const net = ctx.network(network)
        // only the X-Chain had vertices: any other chain is an invalid value of this path parameter
        chainOfPathId(net, params.blockchainId ?? '', ['X'])
        const vertices = [...net.primary.vertices].sort((a, b) => b.vertexHeight - a.vertexHeight)
        const page = pageOf(ctx.tokens, scopeOf('listLatestXChainVertices', { network }), vertices, single(query, 'pageToken'), pageSize)
        return { body: { ...tokenField(page), vertices: page.items.map((v) => ({ ...v, txCount: v.transactions.length })), chainInfo: { chainName: 'x-chain', network } } }
      },
    },
  ]
}
