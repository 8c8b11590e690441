/**
 * Time series: average TPS per chain (metrics service) and subnet RPC usage (data service).
 * Usage values are a pure function of (seed, chain, bucket, group), so any time range and grouping
 * can be asked for without storing every point, and the same question always gets the same answer.
 */
import { createHash } from 'node:crypto'
import type { Rng } from '../../lib/prng'
import type { AvgTpsPoint, EvmChain } from './types'

export const DAY = 86_400
export const AVG_TPS_DAYS = 400

/** Daily average TPS points, newest first (as the real /v1/avg_tps answers), ending at the reference day. */
export function buildAvgTps(rng: Rng, chains: readonly EvmChain[], referenceTime: number): Map<string, AvgTpsPoint[]> {
  const lastDay = Math.floor(referenceTime / DAY) * DAY
  const out = new Map<string, AvgTpsPoint[]>()
  for (const chain of chains) {
    const base = chain.isCChain ? 3 + rng.next() * 4 : 0.05 + rng.next()
    const points: AvgTpsPoint[] = []
    for (let d = 0; d < AVG_TPS_DAYS; d++) {
      const weekly = 1 + 0.15 * Math.sin((d / 7) * 2 * Math.PI)
      const value = Math.round(base * weekly * (0.7 + rng.next() * 0.6) * 100) / 100
      points.push({ timestamp: lastDay - d * DAY, value })
    }
    out.set(chain.chainId, points)
  }
  return out
}

export const USAGE_GROUPS = {
  rpcMethod: ['eth_call', 'eth_getBalance', 'eth_blockNumber', 'eth_getLogs', 'eth_sendRawTransaction', 'eth_chainId'],
  responseCode: ['200', '400', '429', '500'],
  rlBypassToken: ['none', 'sim-bypass-token-1'],
} as const

export interface UsageValue {
  totalRequests: number
  apiCreditsUsed: number
  requestsPerSecond: number
  successRatePercent: number
  medianResponseTimeMsecs: number
  invalidRequests: number
  apiCreditsWasted: number
}

/** Deterministic usage numbers for one bucket (of `seconds` length) and one group value. */
export function usageValue(seed: number, chainKey: string, bucketStart: number, seconds: number, group: string): UsageValue {
  const h = createHash('sha256').update(`usage|${seed}|${chainKey}|${bucketStart}|${seconds}|${group}`).digest()
  const u = (i: number): number => h.readUInt32BE(i * 4) / 2 ** 32
  const perHour = 200 + Math.floor(u(0) * 5_000)
  const totalRequests = Math.max(1, Math.floor((perHour * seconds) / 3_600))
  const invalidRequests = Math.floor(totalRequests * u(1) * 0.05)
  const successRatePercent = Math.round((1 - invalidRequests / totalRequests - u(2) * 0.02) * 10_000) / 100
  return {
    totalRequests,
    apiCreditsUsed: totalRequests * 20,
    requestsPerSecond: Math.round((totalRequests / seconds) * 10_000) / 10_000,
    successRatePercent,
    medianResponseTimeMsecs: 20 + Math.floor(u(3) * 180),
    invalidRequests,
    apiCreditsWasted: invalidRequests * 20,
  }
}
