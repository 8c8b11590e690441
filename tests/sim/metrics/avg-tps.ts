/**
 * GET /v1/avg_tps/{chainId}: daily average TPS of an EVM chain, newest first, with `status` and
 * `lastRun` in the body (as the real service); a page holds 100 points. The real route (deprecated)
 * pages by startKey / nextPageStartKey and knows no pageToken (it ignores one, so a client that sends
 * it gets the first page again); with the spec's forms switched on (../data-service/forms) it pages by
 * pageToken / nextPageToken as the spec says, and startKey is the unknown one.
 */
import type { DataContext } from '../data-service/context'
import { HttpError } from '../data-service/http/errors'
import { pageOf } from '../data-service/http/page-token'
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
      const [param, field] = ctx.forms.real ? (['startKey', 'nextPageStartKey'] as const) : (['pageToken', 'nextPageToken'] as const)
      const cursor = single(query, param)
      const page = pageOf({ issue: (s, o) => tokens.issue(s, o), read: (t, s) => tokens.read(t, s, param) }, `avg_tps|${chain.chainId}`, series, cursor, AVG_TPS_PAGE_SIZE)
      const next = page.nextPageToken === undefined ? {} : { [field]: page.nextPageToken }
      return { body: { results: page.items, status: 200, lastRun: net.evm.referenceTime, ...next } }
    }),
  ]
}
