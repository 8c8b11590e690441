/**
 * The sim's metrics service: GET /v1/avg_tps/{chainId} and
 * GET /v2/chains/{chainId}/contracts/{address}/nfts:listHolders, over the same deterministic data
 * set as the data service. No authentication (an x-data-api-key is ignored); rate limits still
 * apply per client address. Errors carry `message` as an array of strings (spec). The sim's own switch
 * GET/POST /__sim/metrics-config `{ forms }` picks the real service's forms or the spec's
 * (../data-service/forms; startSim shares it with the data service).
 */
import type { Faults } from '../faults'
import { createDataContext } from '../data-service/context'
import { FormsSwitch, withForms } from '../data-service/forms'
import { HttpError } from '../data-service/http/errors'
import { PageTokens } from '../data-service/http/page-token'
import { RateLimiter } from '../data-service/http/rate-limit'
import { Router, get, post } from '../data-service/http/router'
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
  /** the real service's forms or the spec's; startSim shares one switch with the data service */
  forms?: FormsSwitch
}

export function metricsRoutes(ctx: DataContext, tokens: UuidPageTokens): Route[] {
  return [...avgTpsRoutes(ctx, tokens), ...nftHolderRoutes(ctx, tokens)]
}

/** The metrics config takes only `forms`: anything else is refused. */
function refuseOthers(patch: unknown): Record<string, never> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new HttpError(400, 'the config must be a JSON object')
  const other = Object.keys(patch)[0]
  if (other !== undefined) throw new HttpError(400, `unknown field ${other}: the config takes forms`)
  return {}
}

export async function startMetricsService(opts: MetricsServiceOptions): Promise<{ url: string; close(): Promise<void> }> {
  const forms = opts.forms ?? new FormsSwitch()
  const ctx = createDataContext({
    seed: opts.seed,
    tokens: new PageTokens(opts.seed),
    forms,
    nodeUrl: '',
    unavailableSubnets: [],
    load: (network) => loadNetworkData(opts.seed, network),
  })
  const tokens = new UuidPageTokens(opts.seed, opts.now)
  const control: Route[] = [
    get('simMetricsConfig', '/__sim/metrics-config', () => ({ body: { forms: forms.value } })),
    post('simMetricsConfig', '/__sim/metrics-config', ({ body }) => ({ body: withForms(forms, body, (others) => refuseOthers(others)) })),
  ]
  const router = new Router([...metricsRoutes(ctx, tokens), ...control])
  const perMinute = opts.rateLimitPerMinute ?? 10_000
  // The metrics service has no keys: everyone gets the keyless limit.
  const limiter = new RateLimiter({ perMinuteWithoutKey: perMinute, perMinuteWithKey: perMinute })
  return startJsonServer(
    {
      service: 'metrics',
      faults: opts.faults,
      router,
      errorStyle: 'array',
      gate: (req) => ((req.url ?? '').startsWith('/__sim/') ? {} : { headers: limiter.take(req.socket.remoteAddress ?? 'unknown', undefined) }),
    },
    opts.port,
    opts.host,
  )
}
