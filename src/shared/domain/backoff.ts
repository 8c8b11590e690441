/**
 * The one "exponential backoff with jitter" of the app: the transport's retries of reads (full jitter), the
 * alert outbox's retries (equal jitter) and the renderer's websocket reconnects (±25 %) each pick a spread,
 * and share the doubling and the cap. In shared/ because the renderer uses it too.
 */
export interface Backoff {
  /** the wait before the first retry (attempt 1), before jitter, ms */
  baseMs: number
  /** the longest wait before jitter, ms */
  capMs: number
  /**
   * the jitter: the wait is the backoff times a random factor in [low, high). [0, 1] is "full jitter" (no two
   * clients in step), [0.5, 1] "equal jitter" (never less than half), [0.75, 1.25] a spread around the value.
   */
  jitter: readonly [low: number, high: number]
}

/** The wait before retry `attempt` (1 for the first): min(cap, base · 2^(attempt − 1)) times the jitter factor. Not rounded. */
export function backoffMs(attempt: number, b: Backoff, random: () => number = Math.random): number {
  // The exponent is bounded so that a long run of failures never reaches Infinity (2 ** 1024).
  const backoff = Math.min(b.capMs, b.baseMs * 2 ** Math.min(Math.max(0, attempt - 1), 52))
  const [low, high] = b.jitter
  return backoff * (low + random() * (high - low))
}
