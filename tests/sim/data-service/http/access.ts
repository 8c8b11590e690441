/**
 * What the sim's data service does with a request's key and how hard it limits, switchable at run
 * time (POST {dataUrl}/__sim/data-config) so tests and demos can show each answer the spec names:
 * - a key listed as rejected: 401 (the key is wrong: credentials required but improper);
 * - a key listed as forbidden: 403 (a valid key without the privilege);
 * - the rate limit per minute with and without a key (429 with Retry-After past it);
 * - subnets whose routes answer 503 (a problem with the subnet's node);
 * - the UTXO count after which a transactions page stops early (a page shorter than pageSize);
 * - names that ERC-20 tokens are given in balance answers (by contract address), e.g. a hostile
 *   `=HYPERLINK(…)` or a right-to-left override, as any token deployer may name a token.
 * - `forms`: the real service's or the spec's forms (../forms, applied beside this class).
 */
import { HttpError } from './errors'
import type { RateLimiter, RateLimitOptions } from './rate-limit'

export interface AccessConfig {
  rejectedKeys: string[]
  forbiddenKeys: string[]
  rateLimit: RateLimitOptions
  unavailableSubnets: string[]
  pageUtxoThreshold: number
  /** token contract address (any case) -> the name the service answers with */
  tokenNames: Record<string, string>
}

/** Where the parts of the config that routes read are applied. */
export interface AccessHooks {
  subnets(ids: readonly string[]): void
  pageUtxoThreshold(n: number): void
  tokenNames(names: Readonly<Record<string, string>>): void
}

export class AccessControl {
  private config: AccessConfig
  constructor(
    private readonly limiter: RateLimiter,
    initial: AccessConfig,
    private readonly hooks: AccessHooks,
  ) {
    this.config = initial
  }

  /** Checks the key, then takes a rate-limit token; throws the service's HttpError, else returns headers. */
  check(clientAddress: string, key: string | undefined): Record<string, string> {
    if (key !== undefined && this.config.rejectedKeys.includes(key)) throw new HttpError(401, 'Invalid API key')
    if (key !== undefined && this.config.forbiddenKeys.includes(key)) throw new HttpError(403, 'This API key does not have access to this resource')
    return this.limiter.take(clientAddress, key)
  }

  view(): AccessConfig {
    return structuredClone(this.config)
  }

  /** Applies a patch (unknown or malformed fields are refused with a 400). */
  configure(patch: unknown): AccessConfig {
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new HttpError(400, 'the config must be a JSON object')
    const p = patch as Record<string, unknown>
    const next = structuredClone(this.config)
    for (const [k, v] of Object.entries(p)) {
      if (k === 'rejectedKeys' || k === 'forbiddenKeys' || k === 'unavailableSubnets') {
        if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new HttpError(400, `${k} must be an array of strings`)
        next[k] = v as string[]
      } else if (k === 'pageUtxoThreshold') {
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new HttpError(400, 'pageUtxoThreshold must be a whole number >= 1')
        next.pageUtxoThreshold = v
      } else if (k === 'tokenNames') {
        if (typeof v !== 'object' || v === null || Array.isArray(v) || !Object.values(v).every((x) => typeof x === 'string'))
          throw new HttpError(400, 'tokenNames must be an object of token contract address -> name')
        next.tokenNames = { ...(v as Record<string, string>) }
      } else if (k === 'rateLimit') {
        const r = v as Partial<RateLimitOptions> | null
        const ok = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0
        if (typeof r !== 'object' || r === null || !ok(r.perMinuteWithoutKey ?? 1) || !ok(r.perMinuteWithKey ?? 1))
          throw new HttpError(400, 'rateLimit must be { perMinuteWithoutKey?, perMinuteWithKey? } with positive numbers')
        next.rateLimit = { ...next.rateLimit, ...r }
      } else {
        throw new HttpError(400, `unknown field ${k}: the config takes rejectedKeys, forbiddenKeys, rateLimit, unavailableSubnets, pageUtxoThreshold, tokenNames, forms`)
      }
    }
    this.config = next
    this.limiter.configure(next.rateLimit)
    this.hooks.subnets(next.unavailableSubnets)
    this.hooks.pageUtxoThreshold(next.pageUtxoThreshold)
    this.hooks.tokenNames(next.tokenNames)
    return this.view()
  }
}
