/** Subnet RPC usage metrics (GET /v1/subnetRpcUsageMetrics). */
import { z } from 'zod'
import { openEnum, timestamp } from './common'

export const USAGE_TIME_INTERVALS = ['hourly', 'daily', 'weekly', 'monthly'] as const
/** What the query may group by. */
export const USAGE_GROUP_BY = ['rpcMethod', 'responseCode', 'rlBypassToken'] as const
/** What an answer may say it is grouped by (more than the query can ask for). */
export const USAGE_GROUPED_BY = ['rpcMethod', 'responseCode', 'rlBypassToken', 'requestPath', 'country', 'continent', 'userAgent', 'None'] as const

export const usageValue = z.looseObject({
  totalRequests: z.number(),
  apiCreditsUsed: z.number(),
  requestsPerSecond: z.number(),
  successRatePercent: z.number(),
  medianResponseTimeMsecs: z.number(),
  invalidRequests: z.number(),
  apiCreditsWasted: z.number(),
  groupedBy: openEnum(USAGE_GROUPED_BY),
  /** the group's value (a method name, a response code...); absent when not grouped */
  groupValue: z.union([z.string(), z.number()]).optional()
})

/** One bucket of timeInterval starting at `timestamp` (0:00 UTC for daily and longer). */
export const usagePoint = z.looseObject({ timestamp, values: z.array(usageValue) })

/** Not paged. `aggregateDuration` names the bucket length; `chainId` echoes the filter. */
export const subnetRpcUsageMetricsResponse = z.looseObject({
  aggregateDuration: z.string(),
  metrics: z.array(usagePoint),
  chainId: z.string()
})
