import { backoffMs } from '../../../shared/domain/backoff'
import { AppError } from '../../../shared/rpc/errors'
import type { RemoteEffect } from './types'

/**
 * The transport policy, in one place for JSON-RPC and REST alike: what an HTTP status means, which
 * failures are worth another try, how long to wait, and how a secret is cut out of anything we pass on.
 */

/** Longest we wait for one Retry-After before giving the error to the caller instead. */
export const MAX_RETRY_AFTER_S = 30
export const DEFAULT_RETRIES = 2
const BASE_BACKOFF_MS = 100
const MAX_BACKOFF_MS = 2_000

const HTTP_DATE = /^[A-Za-z]{3}.*\b\d{1,2}:\d{2}:\d{2}\b/

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); 1 when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return 1
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.min(Number(trimmed), 3_600)
  // Only something shaped like an HTTP date (a day or month name and a time): Date.parse alone takes
  // "-5" or "12 3" for dates.
  const at = HTTP_DATE.test(trimmed) ? Date.parse(trimmed) : NaN
  if (Number.isFinite(at)) return Math.min(Math.max(0, Math.ceil((at - now) / 1_000)), 3_600)
  return 1
}

export interface StatusContext {
  /** What a person calls the service: "data service", "P-Chain API". */
  service: string
  /** The path asked for (no query: it may carry secrets). */
  path?: string
  /** The service's own words, already scrubbed and cut short. */
  upstreamMessage?: string
  retryAfter?: string | null
}

/**
 * The one mapping of an HTTP error status to a contract error. The status and the service's own words
 * (upstreamMessage) are always in details: an error the service answered is shown as its answer, never as
 * "cannot be reached" (the data path offers the cache only for NETWORK and TIMEOUT).
 */
export function errorForStatus(status: number, ctx: StatusContext): AppError {
  const s = ctx.service
  const details = {
    status,
    ...(ctx.path ? { path: ctx.path.slice(0, 300) } : {}),
    ...(ctx.upstreamMessage ? { upstreamMessage: ctx.upstreamMessage.slice(0, 500) } : {})
  }
  switch (status) {
    case 400:
    case 422:
      return new AppError('BAD_INPUT', `The ${s} rejected the parameters (HTTP ${status})`, {
        issues: [],
        status,
        ...(ctx.upstreamMessage ? { upstreamMessage: ctx.upstreamMessage.slice(0, 500) } : {})
      })
    case 401:
      return new AppError('UNAUTHORIZED', `The ${s} needs valid credentials (HTTP 401): check the API key of this profile`, details)
    case 403:
      return new AppError('FORBIDDEN', `The ${s} refused access (HTTP 403): the API key lacks the privilege, or a proxy blocks it`, details)
    case 404:
      return new AppError('NOT_FOUND', `The ${s} has nothing at ${ctx.path ?? 'this address'} (HTTP 404)`, details)
    case 429:
      return new AppError('RATE_LIMITED', `The ${s} is rate limiting requests`, { ...details, retryAfter: parseRetryAfter(ctx.retryAfter ?? null) })
    case 503:
      return new AppError('UNAVAILABLE', `The ${s} is unavailable (HTTP 503)`, details)
    default:
      if (status >= 500) return new AppError('UNAVAILABLE', `The ${s} failed (HTTP ${status})`, details)
      // Any other 4xx: the service understood the request and refused it as sent; its words and status go on.
      if (status >= 400)
        return new AppError('BAD_INPUT', `The ${s} did not accept the request (HTTP ${status})`, {
          issues: [],
          status,
          ...(ctx.upstreamMessage ? { upstreamMessage: ctx.upstreamMessage.slice(0, 500) } : {})
        })
      // Not an error status (a 1xx or 3xx where an answer was due): UPSTREAM_INVALID carries the status only.
      return new AppError('UPSTREAM_INVALID', `The ${s} answered HTTP ${status} where an answer was due`, { status })
  }
}

/** Failures where asking again may help. Anything the server understood and refused is final. */
export function isTransient(err: unknown): err is AppError {
  return err instanceof AppError && (err.code === 'NETWORK' || err.code === 'TIMEOUT' || err.code === 'RATE_LIMITED' || err.code === 'UNAVAILABLE')
}

export interface RetryOptions {
  effect: RemoteEffect
  signal?: AbortSignal
  retries?: number
  /** For tests: where waits go. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/**
 * Runs a request, again on transient failures, for reads only: a node-changing call is sent once and
 * never repeated by us. Backoff is exponential, capped, with full jitter; a Retry-After longer than
 * MAX_RETRY_AFTER_S is the caller's to wait out (the error carries it).
 */
export async function withRetry<T>(run: () => Promise<T>, opts: RetryOptions): Promise<T> {
  const attempts = opts.effect === 'read' ? (opts.retries ?? DEFAULT_RETRIES) + 1 : 1
  const sleep = opts.sleep ?? abortableSleep
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (err) {
      if (!isTransient(err) || attempt >= attempts || opts.signal?.aborted) throw err
      const wait = retryDelayMs(err, attempt)
      if (wait === undefined) throw err
      await sleep(wait, opts.signal)
    }
  }
}

/** How long before the next attempt, or undefined when the server asked for longer than we wait. */
export function retryDelayMs(err: AppError, attempt: number, random = Math.random): number | undefined {
  if (err.is('RATE_LIMITED')) {
    const seconds = err.details?.retryAfter ?? 1
    return seconds > MAX_RETRY_AFTER_S ? undefined : seconds * 1_000 + random() * BASE_BACKOFF_MS
  }
  return backoffMs(attempt, { baseMs: BASE_BACKOFF_MS, capMs: MAX_BACKOFF_MS, jitter: [0, 1] }, random)
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AppError('CANCELLED', 'The request was cancelled'))
    const timer = setTimeout(done, ms)
    function done(): void {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }
    function onAbort(): void {
      clearTimeout(timer)
      reject(new AppError('CANCELLED', 'The request was cancelled'))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

const REDACTED = '[redacted]'
/**
 * From this length on, a secret is cut out wherever it appears, even inside a longer word. A shorter one
 * (an SMTP password of 4 characters, a form of 5) is cut out only where it stands as a whole token, not
 * next to a letter or digit: cut everywhere, "abcd" would garble every "abcdef" of every line; left alone,
 * it would be shown whole in "535 auth failed for abcd". A whole token is how a server echoes a value.
 */
const ANYWHERE_FROM = 6

/**
 * The forms in which a secret may come back: as given; percent-decoded (a receiver that echoes the path it
 * could not route: a webhook whose path holds a token written %-encoded); percent-encoded (one that echoes
 * the URL it received); and in base64 (SMTP AUTH sends a password so, and a server may echo that line).
 */
export function secretForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), encodeURI(secret), Buffer.from(secret, 'utf8').toString('base64')])
  try {
    forms.add(decodeURIComponent(secret))
  } catch {
    // not percent-encoded text: no decoded form
  }
  return [...forms].filter((f) => f.length > 0)
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Cuts every form of every secret (secretForms) out of a text a server sent (it may echo what it received),
 * or a log line: the longest first, so that a URL goes whole before its path, which is a secret too.
 */
export function scrub(text: string, secrets: Iterable<string | undefined>): string {
  const forms = [...new Set([...secrets].flatMap((s) => (s ? secretForms(s) : [])))].sort((a, b) => b.length - a.length)
  let out = text
  for (const f of forms) {
    if (!out.includes(f)) continue
    out = f.length >= ANYWHERE_FROM ? out.split(f).join(REDACTED) : out.replace(new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(f)}(?![A-Za-z0-9])`, 'g'), REDACTED)
  }
  return out
}
