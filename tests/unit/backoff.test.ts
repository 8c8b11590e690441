/**
 * The one backoff with jitter (src/shared/domain/backoff.ts) that the transport's retries, the alert outbox
 * and the renderer's reconnects share.
 */
import { describe, expect, it } from 'vitest'
import { backoffMs } from '../../src/shared/domain/backoff'

describe('backoffMs', () => {
  const b = { baseMs: 100, capMs: 1_000 }

  it('doubles from the base at each attempt up to the cap, before jitter', () => {
    const top = (jitter: readonly [number, number]) => [1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, { ...b, jitter }, () => 1))
    expect(top([0, 1])).toEqual([100, 200, 400, 800, 1_000, 1_000])
    // attempt 0 or below is the first; a very long run of failures stays at the cap, never Infinity or NaN
    expect(backoffMs(0, { ...b, jitter: [1, 1] })).toBe(100)
    expect(backoffMs(5_000, { ...b, jitter: [1, 1] })).toBe(1_000)
  })

  it('scales by a random factor within the jitter chosen: full, equal, or a spread around the value', () => {
    expect(backoffMs(3, { ...b, jitter: [0, 1] }, () => 0)).toBe(0)
    expect(backoffMs(3, { ...b, jitter: [0.5, 1] }, () => 0)).toBe(200)
    expect(backoffMs(3, { ...b, jitter: [0.5, 1] }, () => 0.5)).toBe(300)
    expect(backoffMs(3, { ...b, jitter: [0.75, 1.25] }, () => 0)).toBe(300)
    expect(backoffMs(3, { ...b, jitter: [0.75, 1.25] }, () => 0.5)).toBe(400)
    for (let i = 0; i < 200; i++) {
      const d = backoffMs(4, { ...b, jitter: [0.75, 1.25] })
      expect(d).toBeGreaterThanOrEqual(600)
      expect(d).toBeLessThan(1_000)
    }
  })
})
