/**
 * Token-bucket rate limiting per client. The spec only says the data service limits requests and
 * that an `x-data-api-key` raises the limit; the numbers are not given, so they are options with
 * defaults far above anything the tests and demos send. A client is its key when it sends one
 * (any non-empty key counts as valid: the sim has no key registry), else its remote address.
 * Past the limit: 429 with Retry-After (whole seconds until a token is back) and ratelimit-* headers.
 */
import { HttpError } from './errors'

export interface RateLimitOptions {
  perMinuteWithoutKey: number
  perMinuteWithKey: number
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perMinuteWithoutKey: 10_000, perMinuteWithKey: 100_000 }

interface Bucket {
  tokens: number
  updatedMs: number
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()

  constructor(
    private limits: RateLimitOptions = DEFAULT_RATE_LIMIT,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /** New limits from now on; every client starts again with a full bucket. */
  configure(limits: RateLimitOptions): void {
    this.limits = { ...limits }
    this.buckets.clear()
  }

  /** Takes one token for this client or throws a 429 HttpError; returns headers for the answer. */
  take(clientAddress: string, apiKey: string | undefined): Record<string, string> {
    const keyed = apiKey !== undefined && apiKey.trim() !== ''
    const limit = keyed ? this.limits.perMinuteWithKey : this.limits.perMinuteWithoutKey
    const id = keyed ? `key:${apiKey}` : `ip:${clientAddress}`
    const perMs = limit / 60_000
    const now = this.nowMs()
    const bucket = this.buckets.get(id) ?? { tokens: limit, updatedMs: now }
    bucket.tokens = Math.min(limit, bucket.tokens + (now - bucket.updatedMs) * perMs)
    bucket.updatedMs = now
    this.buckets.set(id, bucket)
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000))
      throw new HttpError(429, 'Rate limit exceeded, retry later', {
        'retry-after': String(retryAfter),
        'ratelimit-limit': String(limit),
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(retryAfter),
      })
    }
    bucket.tokens -= 1
    return {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.floor(bucket.tokens)),
      'ratelimit-reset': String(Math.ceil((limit - bucket.tokens) / perMs / 1000)),
    }
  }
}
