/**
 * GET /v1/subnetRpcUsageMetrics: usage of the public subnet RPC endpoints, in buckets of timeInterval.
 * startTimestamp and endTimestamp are rounded down to 0:00 UTC of their day; the answer covers whole
 * days from the start day through the end day. Defaults: daily, the 7 days up to the data set's day.
 */
import { DAY, USAGE_GROUPS, usageValue } from '../../dataset/evm/series'
import type { DataContext } from '../context'
import { badRequest } from '../http/errors'
import { enumParam, nonNegativeIntParam, stringParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'

const INTERVALS = { hourly: 3_600, daily: DAY, weekly: 7 * DAY, monthly: 30 * DAY } as const
const DURATION_LABEL = { hourly: '1h', daily: '1d', weekly: '7d', monthly: '30d' } as const
/** a guard against answers of unbounded size (the real service caps ranges too) */
const MAX_BUCKETS = 1_000

type GroupBy = keyof typeof USAGE_GROUPS

export function usageMetricsRoutes(ctx: DataContext): Route[] {
  return [
    get('getSubnetRpcUsageMetrics', '/v1/subnetRpcUsageMetrics', ({ query }) => {
      const interval = enumParam(query, 'timeInterval', ['hourly', 'daily', 'weekly', 'monthly'] as const) ?? 'daily'
      const groupBy = enumParam(query, 'groupBy', ['rpcMethod', 'responseCode', 'rlBypassToken'] as const)
      const start = nonNegativeIntParam(query, 'startTimestamp')
      const end = nonNegativeIntParam(query, 'endTimestamp')
      const chainId = stringParam(query, 'chainId')
      const filters: Record<GroupBy, string | undefined> = {
        rpcMethod: stringParam(query, 'rpcMethod'),
        responseCode: stringParam(query, 'responseCode'),
        rlBypassToken: stringParam(query, 'rlBypassApiToken'),
      }
      const today = Math.floor(ctx.network('mainnet').evm.referenceTime / DAY) * DAY
      const endDay = end === undefined ? today : Math.floor(end / DAY) * DAY
      const startDay = start === undefined ? endDay - 6 * DAY : Math.floor(start / DAY) * DAY
      if (startDay > endDay) throw badRequest('startTimestamp must be before or on the day of endTimestamp')
      const step = INTERVALS[interval]
      const buckets = Math.ceil((endDay + DAY - startDay) / step)
      if (buckets > MAX_BUCKETS) throw badRequest(`The time range holds ${buckets} ${interval} buckets; at most ${MAX_BUCKETS} are allowed`)

      // A chain filter must name an indexed chain: an unknown one has no usage (empty metrics).
      let chainKey = 'all'
      let known = true
      if (chainId !== undefined) {
        known = ctx.allNetworks().some((n) => n.evm.chains.some((c) => c.chainId === chainId || c.blockchainId === chainId))
        if (known) chainKey = ctx.evmChain(chainId).chain.chainId
      }
      const groups: { by: string; value?: string }[] =
        groupBy === undefined ? [{ by: 'None' }] : USAGE_GROUPS[groupBy].map((value) => ({ by: groupBy, value }))
      const selected = groups.filter((g) => {
        // filters on a dimension narrow the groups of that dimension; on another dimension they scale nothing
        const f = groupBy !== undefined ? filters[groupBy] : undefined
        return f === undefined || g.value === f
      })
      const filterKey = JSON.stringify(filters)
      const metrics = known
        ? Array.from({ length: buckets }, (_, i) => {
            const ts = startDay + i * step
            return {
              timestamp: ts,
              values: selected.map((g) => ({
                ...usageValue(ctx.seed, `${chainKey}|${filterKey}`, ts, step, g.value ?? 'None'),
                groupedBy: g.by,
                ...(g.value === undefined ? {} : { groupValue: g.value }),
              })),
            }
          })
        : []
      return { body: { aggregateDuration: DURATION_LABEL[interval], metrics, chainId: chainId ?? '' } }
    }),
  ]
}
