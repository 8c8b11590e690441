/**
 * GET /v1/avg_tps/{chainId}: daily average TPS of an EVM chain, newest first, with `status` and
 * `lastRun` in the body (as the real service). The spec pages it with pageToken/nextPageToken
 * (the real, deprecated route used startKey/nextPageStartKey); a page holds 100 points.
 */
import type { DataContext } from '../data-service/context'
import { HttpError } from '../data-service/http/errors'
import { pageOf, tokenField } from '../data-service/http/page-token'
import { single } from '../data-service/http/query'
import { get } from '../data-service/http/router'
import type { Route } from '../data-service/http/router'
import type { UuidPageTokens } from './uuid-page-tokens'

export const AVG_TPS_PAGE_SIZE = 100

export function avgTpsRoutes(ctx: DataContext, tokens: UuidPageTokens): Route[] {
  return [
    get('getAvgTps', '/v1/avg_tps/{chainId}', ({ params, query }) => {
      const id = params.chainId ?? ''
      const { net, chain } = ctx.evmChain(id)
      const series = net.evm.avgTps.get(chain.chainId)
      if (!series) throw new HttpError(404, `No metrics for chain ${id}`)
      const page = pageOf(tokens, `avg_tps|${chain.chainId}`, series, single(query, 'pageToken'), AVG_TPS_PAGE_SIZE)
      return { body: { results: page.items, status: 200, lastRun: net.evm.referenceTime, ...tokenField(page) } }
    }),
  ]
}
