/** How long the outbox's sender waits between tries of a row, how many it makes, and how long one may take. */
import { backoffMs } from '../../../shared/domain/backoff'

export interface RetryPolicy {
  /** the first wait after a failed try, ms; each next one doubles */
  baseMs: number
  /** the longest backoff, ms */
  capMs: number
  /** tries before giving up, the first included */
  maxAttempts: number
  /** the longest Retry-After honoured, ms (a longer one is waited for this long) */
  maxRetryAfterMs: number
  /** the longest one try may take, ms: then its signal aborts (and it is let go at most as long again later) */
  timeoutMs: number
}

/** 12 tries over about 20 to 40 minutes (2 s, 4 s, … up to 10 min between them, each jittered) before giving up. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 2_000, capMs: 10 * 60_000, maxAttempts: 12, maxRetryAfterMs: 3_600_000, timeoutMs: 15_000 }

/**
 * The wait before try `attempt + 1`: the receiver's Retry-After when it gave one (capped, plus up to a
 * second of jitter so that many senders do not come back together), otherwise "equal jitter" backoff:
 * between half and all of min(cap, base · 2^(attempt−1)).
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined, policy: RetryPolicy, random: () => number): number {
  if (retryAfterMs !== undefined) return Math.round(Math.min(Math.max(0, retryAfterMs), policy.maxRetryAfterMs) + random() * Math.min(1_000, policy.baseMs / 2))
  return Math.round(backoffMs(attempt, { baseMs: policy.baseMs, capMs: policy.capMs, jitter: [0.5, 1] }, random))
}

/** How long after its deadline a try that ignores its signal is let go: as long again, at most 5 s. */
export const graceMs = (timeoutMs: number): number => Math.min(5_000, timeoutMs)

