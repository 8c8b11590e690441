/**
 * The sim's data service: every data-service endpoint of spec/interface.md, over the deterministic
 * data set (Primary Network from ../dataset, EVM side from ../dataset/evm), on node:http.
 *
 * Pipeline per request: faults (per service or per path) -> rate limit (x-data-api-key raises it)
 * -> route -> validation (400) -> lookup (404) / unavailable subnet (503) -> 200 JSON.
 * Errors are NestJS-shaped: { message: string, statusCode, error: reason phrase }.
 */
import type { Faults } from '../faults'
import { createDataContext } from './context'
import { FormsSwitch, withForms } from './forms'
import { PageTokens } from './http/page-token'
import { AccessControl } from './http/access'
import { DEFAULT_RATE_LIMIT, RateLimiter } from './http/rate-limit'
import type { RateLimitOptions } from './http/rate-limit'
import { Router, get, post } from './http/router'
import type { Route } from './http/router'
import { startJsonServer } from './http/server'
import { loadNetworkData } from './network-data'
import { balanceRoutes } from './routes/balances'
import { blockRoutes } from './routes/blocks'
import { chainIdRoutes } from './routes/chain-ids'
import { chainRoutes } from './routes/chains'
import { ercTransferRoutes } from './routes/erc-transfers'
import { icmRoutes } from './routes/icm'
import { l1ValidatorRoutes } from './routes/l1-validators'
import { nftTokenRoutes } from './routes/nft-tokens'
import { rewardRoutes } from './routes/rewards'
import { signatureAggregationRoutes } from './routes/signature-aggregation'
import { subnetRoutes } from './routes/subnets'
import { PAGE_UTXO_THRESHOLD, transactionRoutes } from './routes/transactions'
import { usageMetricsRoutes } from './routes/usage-metrics'
import { vertexRoutes } from './routes/vertices'
import type { DataContext } from './context'
import type { SimScale } from '../dataset'

export interface DataServiceOptions {
  port: number
  seed: number
  faults: Faults
  host?: string
  /** requests per minute per client; defaults far above test traffic */
  rateLimit?: RateLimitOptions
  /** subnet ids (cb58) whose routes answer 503 (their chains, L1 validators, signatures, usage) */
  unavailableSubnets?: string[]
  /** the sim node's base URL, used for rpcUrl in /v1/chains; default http://127.0.0.1:9650 */
  nodeUrl?: string
  /** clock of the rate limiter (ms), for tests */
  now?: () => number
  /** build a private copy of the data set instead of the per-process one (determinism tests: ./network-data.ts) */
  freshData?: boolean
  /** the real service's forms or the spec's (./forms); startSim shares one switch with the metrics service */
  forms?: FormsSwitch
  /** 'large': mainnet's data set with the bulk address (../dataset/bulk); default 'small' */
  scale?: SimScale
}

export function dataServiceRoutes(ctx: DataContext): Route[] {
  return [
    ...signatureAggregationRoutes(ctx),
    ...transactionRoutes(ctx),
    ...vertexRoutes(ctx),
    ...subnetRoutes(ctx),
    ...l1ValidatorRoutes(ctx),
    ...rewardRoutes(ctx),
    ...chainIdRoutes(ctx),
    ...ercTransferRoutes(ctx),
    ...balanceRoutes(ctx),
    ...nftTokenRoutes(ctx),
    ...icmRoutes(ctx),
    ...blockRoutes(ctx),
    ...usageMetricsRoutes(ctx),
    ...chainRoutes(ctx),
  ]
}

export async function startDataService(opts: DataServiceOptions): Promise<{ url: string; close(): Promise<void> }> {
  const forms = opts.forms ?? new FormsSwitch()
  const ctx = createDataContext({
    seed: opts.seed,
    tokens: new PageTokens(opts.seed),
    forms,
    nodeUrl: opts.nodeUrl ?? 'http://127.0.0.1:9650',
    unavailableSubnets: opts.unavailableSubnets ?? [],
    load: (network) => loadNetworkData(opts.seed, network, opts.freshData ?? false, network === 'mainnet' ? opts.scale : 'small'),
  })
  const limiter = new RateLimiter(opts.rateLimit ?? DEFAULT_RATE_LIMIT, opts.now)
  const access = new AccessControl(
    limiter,
    { rejectedKeys: [], forbiddenKeys: [], rateLimit: opts.rateLimit ?? DEFAULT_RATE_LIMIT, unavailableSubnets: opts.unavailableSubnets ?? [], pageUtxoThreshold: PAGE_UTXO_THRESHOLD, tokenNames: {} },
    {
      subnets: (ids) => ctx.setUnavailableSubnets(ids),
      pageUtxoThreshold: (n) => (ctx.limits.pageUtxoThreshold = n),
      tokenNames: (names) => (ctx.tokenNames = new Map(Object.entries(names).map(([a, n]) => [a.toLowerCase(), n]))),
    },
  )
  // The sim's own switch (not part of the service): keys that get 401/403, the rate limit, 503 subnets, token names, forms.
  const control: Route[] = [
    get('simDataConfig', '/__sim/data-config', () => ({ body: { ...access.view(), forms: forms.value } })),
    post('simDataConfig', '/__sim/data-config', ({ body }) => ({ body: withForms(forms, body, (others) => access.configure(others)) })),
  ]
  return startJsonServer(
    {
      service: 'data',
      faults: opts.faults,
      router: new Router([...dataServiceRoutes(ctx), ...control]),
      errorStyle: 'string',
      gate: (req) => {
        if ((req.url ?? '').startsWith('/__sim/')) return {}
        const key = req.headers['x-data-api-key']
        return { headers: access.check(req.socket.remoteAddress ?? 'unknown', Array.isArray(key) ? key[0] : key) }
      },
    },
    opts.port,
    opts.host,
  )
}
