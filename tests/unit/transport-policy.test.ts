/**
 * The transport policy (src/main/clients/transport/policy.ts): Retry-After parsing, backoff, which
 * failures are retried and for which effects, the status → contract error mapping, and scrubbing.
 * No timers run for real: withRetry gets a recording `sleep`.
 */
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RETRIES,
  MAX_RETRY_AFTER_S,
  errorForStatus,
  isTransient,
  parseRetryAfter,
  retryDelayMs,
  scrub,
  withRetry
} from '../../src/main/clients/transport/policy'
import { AppError } from '../../src/shared/rpc/errors'
import type { ErrorCode } from '../../src/shared/rpc/errors'

const transient = (code: 'NETWORK' | 'TIMEOUT' | 'UNAVAILABLE' | 'RATE_LIMITED', retryAfter = 1): AppError => {
  switch (code) {
    case 'NETWORK':
      return new AppError('NETWORK', 'down', { url: 'http://127.0.0.1:1/' })
    case 'TIMEOUT':
      return new AppError('TIMEOUT', 'slow', { timeoutMs: 10 })
    case 'UNAVAILABLE':
      return new AppError('UNAVAILABLE', 'unavailable', { status: 503 })
    case 'RATE_LIMITED':
      return new AppError('RATE_LIMITED', 'slow down', { status: 429, retryAfter })
  }
}

/** A run() that fails with the given errors in turn, then answers "ok"; counts its calls. */
function flaky(errors: unknown[]): { run: () => Promise<string>; calls: () => number } {
  let n = 0
  return {
    run: async () => {
      const e = errors[n++]
      if (e !== undefined) throw e
      return 'ok'
    },
    calls: () => n
  }
}

/** A sleep that only records how long it was asked to wait. */
function recordingSleep(): { sleep: (ms: number, signal?: AbortSignal) => Promise<void>; waits: number[] } {
  const waits: number[] = []
  return { waits, sleep: async (ms) => void waits.push(ms) }
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p
  } catch (e) {
    return e
  }
  throw new Error('expected a rejection')
}

describe('parseRetryAfter', () => {
  it('reads delta-seconds, whole or fractional, with spaces around', () => {
    expect(parseRetryAfter('0')).toBe(0)
    expect(parseRetryAfter('7')).toBe(7)
    expect(parseRetryAfter(' 12 ')).toBe(12)
    expect(parseRetryAfter('1.5')).toBe(1.5)
  })

  it('reads an HTTP date relative to now, rounding up, and a date in the past as 0', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10)
    expect(parseRetryAfter(new Date(now + 2_500).toUTCString(), now + 500)).toBe(2)
    expect(parseRetryAfter(new Date(now + 2_000).toUTCString(), now + 500)).toBe(2)
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0)
    // the obsolete forms HTTP still allows
    expect(parseRetryAfter('Thursday, 01-Jan-26 00:00:30 GMT', now)).toBe(30)
    // asctime has no zone, so it is read as local time: measure from local midnight
    expect(parseRetryAfter('Thu Jan  1 00:00:05 2026', new Date(2026, 0, 1).getTime())).toBe(5)
  })

  it('takes 1 second when the header is absent, empty or unreadable', () => {
    expect(parseRetryAfter(null)).toBe(1)
    expect(parseRetryAfter('')).toBe(1)
    expect(parseRetryAfter('soon')).toBe(1)
    expect(parseRetryAfter('-5')).toBe(1)
    expect(parseRetryAfter('1e3')).toBe(1)
    expect(parseRetryAfter('0x10')).toBe(1)
    expect(parseRetryAfter('12 3')).toBe(1)
    expect(parseRetryAfter('2026-01-01')).toBe(1)
  })

  it('caps absurd values at an hour', () => {
    expect(parseRetryAfter('999999999')).toBe(3_600)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('Fri, 01 Jan 2027 00:00:00 GMT', now)).toBe(3_600)
  })
})

describe('retryDelayMs', () => {
  it('backs off exponentially with full jitter, capped at 2 s', () => {
    const err = transient('NETWORK')
    // random() = 0 → no wait at all; random() just under 1 → just under the cap of that attempt
    expect(retryDelayMs(err, 1, () => 0)).toBe(0)
    const top = () => 0.999999
    const caps = [1, 2, 3, 4, 5, 6, 10].map((attempt) => retryDelayMs(err, attempt, top)!)
    expect(caps[0]).toBeCloseTo(100, 2)
    expect(caps[1]).toBeCloseTo(200, 2)
    expect(caps[2]).toBeCloseTo(400, 2)
    expect(caps[3]).toBeCloseTo(800, 2)
    expect(caps[4]).toBeCloseTo(1_600, 2)
    expect(caps[5]).toBeCloseTo(2_000, 2)
    expect(caps[6]).toBeCloseTo(2_000, 2)
  })

  it('stays within [0, cap) for real randomness', () => {
    for (const attempt of [1, 2, 3, 8]) {
      const cap = Math.min(2_000, 100 * 2 ** (attempt - 1))
      for (let i = 0; i < 200; i++) {
        const d = retryDelayMs(transient('UNAVAILABLE'), attempt)!
        expect(d).toBeGreaterThanOrEqual(0)
        expect(d).toBeLessThan(cap)
      }
    }
  })

  it('honours Retry-After (plus a little jitter) for RATE_LIMITED, whatever the attempt', () => {
    expect(retryDelayMs(transient('RATE_LIMITED', 3), 1, () => 0)).toBe(3_000)
    const d = retryDelayMs(transient('RATE_LIMITED', 3), 5)!
    expect(d).toBeGreaterThanOrEqual(3_000)
    expect(d).toBeLessThan(3_100)
    expect(retryDelayMs(transient('RATE_LIMITED', 0), 1, () => 0)).toBe(0)
    expect(retryDelayMs(transient('RATE_LIMITED', MAX_RETRY_AFTER_S), 1, () => 0)).toBe(MAX_RETRY_AFTER_S * 1_000)
  })

  it('gives up (undefined) when the server asks for longer than MAX_RETRY_AFTER_S', () => {
    expect(retryDelayMs(transient('RATE_LIMITED', MAX_RETRY_AFTER_S + 1), 1)).toBeUndefined()
    expect(retryDelayMs(transient('RATE_LIMITED', 3_600), 1)).toBeUndefined()
  })
})

describe('isTransient', () => {
  it('is true for NETWORK, TIMEOUT, UNAVAILABLE and RATE_LIMITED only', () => {
    for (const code of ['NETWORK', 'TIMEOUT', 'UNAVAILABLE', 'RATE_LIMITED'] as const) expect(isTransient(transient(code))).toBe(true)
    const final: AppError[] = [
      new AppError('RPC', 'x', { rpcCode: -32000, method: 'm', upstreamMessage: 'no' }),
      new AppError('UPSTREAM_INVALID', 'x'),
      new AppError('UNAUTHORIZED', 'x'),
      new AppError('FORBIDDEN', 'x'),
      new AppError('NOT_FOUND', 'x'),
      new AppError('BAD_INPUT', 'x', { issues: [] }),
      new AppError('CANCELLED', 'x')
    ]
    for (const e of final) expect(isTransient(e)).toBe(false)
    expect(isTransient(new Error('network'))).toBe(false)
    expect(isTransient(undefined)).toBe(false)
  })
})

describe('withRetry', () => {
  it.each(['NETWORK', 'TIMEOUT', 'UNAVAILABLE', 'RATE_LIMITED'] as const)('retries a read on %s and then succeeds', async (code) => {
    const { run, calls } = flaky([transient(code), transient(code)])
    const { sleep, waits } = recordingSleep()
    await expect(withRetry(run, { effect: 'read', sleep })).resolves.toBe('ok')
    expect(calls()).toBe(3)
    expect(waits).toHaveLength(2)
  })

  it(`makes DEFAULT_RETRIES (${DEFAULT_RETRIES}) retries by default, then gives the last error`, async () => {
    const errors = Array.from({ length: 10 }, () => transient('UNAVAILABLE'))
    const { run, calls } = flaky(errors)
    const { sleep, waits } = recordingSleep()
    expect(await rejection(withRetry(run, { effect: 'read', sleep }))).toBe(errors[DEFAULT_RETRIES])
    expect(calls()).toBe(DEFAULT_RETRIES + 1)
    expect(waits).toHaveLength(DEFAULT_RETRIES)
  })

  it('makes exactly `retries` retries when given, and none with retries: 0', async () => {
    const five = flaky(Array.from({ length: 10 }, () => transient('TIMEOUT')))
    await rejection(withRetry(five.run, { effect: 'read', retries: 5, ...recordingSleep() }))
    expect(five.calls()).toBe(6)
    const zero = flaky([transient('TIMEOUT')])
    const { sleep, waits } = recordingSleep()
    expect(await rejection(withRetry(zero.run, { effect: 'read', retries: 0, sleep }))).toMatchObject({ code: 'TIMEOUT' })
    expect(zero.calls()).toBe(1)
    expect(waits).toEqual([])
  })

  it('waits out Retry-After between attempts on RATE_LIMITED', async () => {
    const { run } = flaky([transient('RATE_LIMITED', 2)])
    const { sleep, waits } = recordingSleep()
    await withRetry(run, { effect: 'read', sleep })
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeGreaterThanOrEqual(2_000)
    expect(waits[0]).toBeLessThan(2_100)
  })

  it('does not wait out a Retry-After above the cap: the error (carrying it) goes to the caller', async () => {
    const err = transient('RATE_LIMITED', MAX_RETRY_AFTER_S + 30)
    const { run, calls } = flaky([err])
    const { sleep, waits } = recordingSleep()
    expect(await rejection(withRetry(run, { effect: 'read', sleep }))).toBe(err)
    expect(calls()).toBe(1)
    expect(waits).toEqual([])
    expect(err.details).toMatchObject({ retryAfter: MAX_RETRY_AFTER_S + 30 })
  })

  it.each(['NETWORK', 'TIMEOUT', 'UNAVAILABLE', 'RATE_LIMITED'] as const)('never repeats a node-changing call (%s)', async (code) => {
    const err = transient(code)
    const { run, calls } = flaky([err])
    const { sleep, waits } = recordingSleep()
    expect(await rejection(withRetry(run, { effect: 'node', retries: 5, sleep }))).toBe(err)
    expect(calls()).toBe(1)
    expect(waits).toEqual([])
  })

  it('never retries a failure the server understood (RPC, UPSTREAM_INVALID, 4xx) or a foreign error', async () => {
    const finals: unknown[] = [
      new AppError('RPC', 'x', { rpcCode: -32000, method: 'm', upstreamMessage: 'no' }),
      new AppError('UPSTREAM_INVALID', 'x'),
      new AppError('UNAUTHORIZED', 'x', { status: 401 }),
      new AppError('FORBIDDEN', 'x', { status: 403 }),
      new AppError('NOT_FOUND', 'x', { status: 404 }),
      new AppError('BAD_INPUT', 'x', { issues: [], status: 400 }),
      new TypeError('boom')
    ]
    for (const err of finals) {
      const { run, calls } = flaky([err])
      const { sleep, waits } = recordingSleep()
      expect(await rejection(withRetry(run, { effect: 'read', sleep }))).toBe(err)
      expect(calls()).toBe(1)
      expect(waits).toEqual([])
    }
  })

  it('does not try again once the signal is aborted', async () => {
    const ac = new AbortController()
    const err = transient('NETWORK')
    let n = 0
    const run = async (): Promise<string> => {
      n++
      ac.abort()
      throw err
    }
    const { sleep, waits } = recordingSleep()
    expect(await rejection(withRetry(run, { effect: 'read', signal: ac.signal, sleep }))).toBe(err)
    expect(n).toBe(1)
    expect(waits).toEqual([])
  })

  it('an abort during the wait (real sleep) rejects with CANCELLED and makes no further attempt', async () => {
    const ac = new AbortController()
    const { run, calls } = flaky([transient('RATE_LIMITED', 20), transient('RATE_LIMITED', 20)])
    const p = withRetry(run, { effect: 'read', signal: ac.signal })
    setTimeout(() => ac.abort(), 20)
    const err = await rejection(p)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('CANCELLED')
    expect(calls()).toBe(1)
  })
})

describe('errorForStatus', () => {
  const ctx = { service: 'data service', path: '/v1/networks/mainnet/subnets', upstreamMessage: 'the service said so' }
  const cases: [number, ErrorCode][] = [
    [400, 'BAD_INPUT'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [429, 'RATE_LIMITED'],
    [503, 'UNAVAILABLE'],
    [500, 'UNAVAILABLE'],
    [502, 'UNAVAILABLE'],
    [422, 'BAD_INPUT'],
    [409, 'BAD_INPUT']
  ]
  it.each(cases)('HTTP %i → %s, naming the service, with status and the service’s words in details', (status, code) => {
    const e = errorForStatus(status, ctx)
    expect(e).toBeInstanceOf(AppError)
    expect(e.code).toBe(code)
    expect(e.message).toContain('data service')
    expect(e.message).not.toContain('the service said so')
    expect(e.details).toMatchObject({ status, upstreamMessage: 'the service said so' })
    // every mapped error is valid contract data (it crosses to the renderer as is)
    expect(e.toData()).toMatchObject({ code, details: { status } })
  })

  it('any other 4xx is the request refused as sent (BAD_INPUT), with the status and the service’s words', () => {
    const e = errorForStatus(418, ctx)
    expect(e.code).toBe('BAD_INPUT')
    expect(e.message).toContain('HTTP 418')
    expect(e.details).toEqual({ issues: [], status: 418, upstreamMessage: 'the service said so' })
    expect(e.toData()).toEqual({ code: 'BAD_INPUT', message: e.message, details: { issues: [], status: 418, upstreamMessage: 'the service said so' } })
  })

  it('a status that is no error where an answer was due is UPSTREAM_INVALID with the status only', () => {
    const e = errorForStatus(304, ctx)
    expect(e.code).toBe('UPSTREAM_INVALID')
    expect(e.details).toEqual({ status: 304 })
  })

  it('puts the path in details (and the 404 message) but never the query', () => {
    const e = errorForStatus(404, { service: 'metrics service', path: '/v1/avg_tps/43114' })
    expect(e.message).toContain('/v1/avg_tps/43114')
    expect(e.details).toMatchObject({ path: '/v1/avg_tps/43114' })
  })

  it('429 carries the Retry-After in seconds (1 when absent)', () => {
    expect(errorForStatus(429, { service: 's', retryAfter: '7' }).details).toMatchObject({ status: 429, retryAfter: 7 })
    expect(errorForStatus(429, { service: 's', retryAfter: null }).details).toMatchObject({ retryAfter: 1 })
    expect(errorForStatus(429, { service: 's' }).details).toMatchObject({ retryAfter: 1 })
  })

  it('cuts a long upstream message to 500 characters', () => {
    const e = errorForStatus(503, { service: 's', upstreamMessage: 'x'.repeat(5_000) })
    expect((e.details as { upstreamMessage: string }).upstreamMessage).toHaveLength(500)
    expect(e.toData().details).toBeDefined()
  })

  it('401 and 403 tell the person what to check', () => {
    expect(errorForStatus(401, { service: 'data service' }).message).toMatch(/API key/)
    expect(errorForStatus(403, { service: 'data service' }).message).toMatch(/privilege|proxy/)
  })
})

describe('scrub', () => {
  const key = 'sk_live_0123456789abcdef'
  it('cuts every occurrence of every secret', () => {
    expect(scrub(`bad key ${key}; you sent ${key}!`, [key])).toBe('bad key [redacted]; you sent [redacted]!')
    expect(scrub('a=SECRET1 b=SECRET2', ['SECRET1', 'SECRET2'])).toBe('a=[redacted] b=[redacted]')
  })

  it('leaves text without secrets alone and ignores missing secrets', () => {
    expect(scrub('nothing here', [key])).toBe('nothing here')
    expect(scrub('abc abc', [undefined, ''])).toBe('abc abc')
    expect(scrub('', [key])).toBe('')
  })

  it('cuts a short secret (of any length) where it stands as a whole token, not inside longer words', () => {
    expect(scrub('535 bad password Pw4! for alerts; abcd abcdef xabcd abcd.', ['Pw4!', 'abcd'])).toBe('535 bad password [redacted] for alerts; [redacted] abcdef xabcd [redacted].')
    expect(scrub('pass=k9 k99', ['k9'])).toBe('pass=[redacted] k99')
    expect(scrub('a secret-path-2 b', ['secret-path-2'])).toBe('a [redacted] b')
  })

  it('cuts each form of a secret: percent-decoded, percent-encoded, base64', () => {
    const path = '/hooks/s%65cret-t%C3%B6ken-991'
    expect(scrub('no route for /hooks/secret-töken-991', [path])).toBe('no route for [redacted]')
    expect(scrub('no route for /hooks/s%65cret-t%C3%B6ken-991', [path])).toBe('no route for [redacted]')
    expect(scrub('you sent /hooks/secret-t%C3%B6ken-991', ['/hooks/secret-töken-991'])).toBe('you sent [redacted]')
    expect(scrub('535 authentication failed: UHc0IQ==', ['Pw4!'])).toBe('535 authentication failed: [redacted]')
  })

  it('treats the secret as text, not as a pattern', () => {
    expect(scrub('k=a.b*c+d k=axbbbcd', ['a.b*c+d'])).toBe('k=[redacted] k=axbbbcd')
  })
})
