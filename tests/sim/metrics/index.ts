/**
 * The sim's metrics service: GET /v1/avg_tps/{chainId} and
 * GET /v2/chains/{chainId}/contracts/{address}/nfts:listHolders, over the same deterministic data
 * set as the data service. No authentication (an x-data-api-key is ignored); rate limits still
 * apply per client address. Errors carry `message` as an array of strings (spec).
 */
import type { Faults } from '../faults'
import { createDataContext } from '../data-service/context'
import { PageTokens } from '../data-service/http/page-token'
import { RateLimiter } from '../data-service/http/rate-limit'
import { Router } from '../data-service/http/router'
import type { Route } from '../data-service/http/router'
import type { DataContext } from '../data-service/context'
import { startJsonServer } from '../data-service/http/server'
import { loadNetworkData } from '../data-service/network-data'
import { avgTpsRoutes } from './avg-tps'
import { nftHolderRoutes } from './nft-holders'
import { UuidPageTokens } from './uuid-page-tokens'

export interface MetricsServiceOptions {
  port: number
  seed: number
  faults: Faults
  host?: string
  /** wall clock for page-token expiry (ms); tests move it forward to expire tokens */
  now?: () => number
  /** requests per minute per client address; default high enough for any test */
  rateLimitPerMinute?: number
}

export function metricsRoutes(ctx: DataContext, tokens: UuidPageTokens): Route[] {
  return [...avgTpsRoutes(ctx, tokens), ...nftHolderRoutes(ctx, tokens)]
}

export async function startMetricsService(opts: MetricsServiceOptions): Promise<{ url: string; close(): Promise<void> }> {
  const ctx = createDataContext({
    seed: opts.seed,
    tokens: new PageTokens(opts.seed),
    nodeUrl: '',
    unavailableSubnets: [],
    load: (network) => loadNetworkData(opts.seed, network),
  })
  const tokens = new UuidPageTokens(opts.seed, opts.now)
  const router = new Router(metricsRoutes(ctx, tokens))
  const perMinute = opts.rateLimitPerMinute ?? 10_000
  // The metrics service has no keys: everyone gets the keyless limit.
  const limiter = new RateLimiter({ perMinuteWithoutKey: perMinute, perMinuteWithKey: perMinute })
  return startJsonServer(
    {
      service: 'metrics',
      faults: opts.faults,
      router,
      errorStyle: 'array',
      gate: (req) => ({ headers: limiter.take(req.socket.remoteAddress ?? 'unknown', undefined) }),
    },
    opts.port,
    opts.host,
  )
}
