/**
 * The outbox's retry policy (services/alerts/delivery.ts): exponential backoff with jitter, capped, and a
 * receiver's Retry-After honoured up to a cap.
 */
import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY, retryDelayMs } from '../../src/main/services/alerts/delivery'

const policy = { ...DEFAULT_RETRY, baseMs: 1_000, capMs: 60_000, maxRetryAfterMs: 600_000 }

describe('alert delivery retry policy', () => {
  it('doubles the backoff each try, between half and all of it, up to the cap', () => {
    const low = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n, undefined, policy, () => 0))
    const high = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n, undefined, policy, () => 0.999_999))
    expect(low).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000])
    expect(high).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000])
  })

  it("waits for the receiver's Retry-After (not less), plus at most a second of jitter, and no longer than its cap", () => {
    expect(retryDelayMs(1, 30_000, policy, () => 0)).toBe(30_000)
    expect(retryDelayMs(1, 30_000, policy, () => 0.999_999)).toBe(30_500)
    expect(retryDelayMs(9, 1_000, policy, () => 0)).toBe(1_000)
    expect(retryDelayMs(1, 7_200_000, policy, () => 0)).toBe(600_000)
  })

  it('by default gives up after 12 tries spread over about 20 to 40 minutes', () => {
    const total = (r: number) => Array.from({ length: DEFAULT_RETRY.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1, undefined, DEFAULT_RETRY, () => r)).reduce((a, b) => a + b, 0)
    expect(DEFAULT_RETRY.maxAttempts).toBe(12)
    expect(total(0) / 60_000).toBeGreaterThan(15)
    expect(total(0.999_999) / 60_000).toBeLessThan(45)
  })
})
