/**
 * alerts.testChannel sends at once, outside the outbox: without a bound, a page (or a script over the CLI)
 * could make the app post to a receiver as fast as it can ask. So one test at a time per channel, and at
 * most TESTS_PER_MINUTE per channel in any minute; a test past either is refused with RATE_LIMITED and
 * the seconds to wait, never queued.
 */
import { AppError } from '../../../shared/rpc/errors'

export const TESTS_PER_MINUTE = 5
const MINUTE_MS = 60_000

export class TestLimiter {
  private readonly underWay = new Set<string>()
  /** when each channel's tests of the last minute began */
  private readonly began = new Map<string, number[]>()

  constructor(
    private readonly now: () => number,
    /** how long one test may take, ms: what a caller refused as busy is told to wait */
    private readonly tryMs: number
  ) {}

  /** Admits a test of the channel now, or throws RATE_LIMITED. Call the function returned when the test ends. */
  admit(channelId: string, channelName: string): () => void {
    const now = this.now()
    if (this.underWay.has(channelId))
      throw new AppError('RATE_LIMITED', `A test of the channel "${channelName}" is under way: wait for its answer`, { retryAfter: Math.ceil(this.tryMs / 1_000) })
    const recent = (this.began.get(channelId) ?? []).filter((at) => at > now - MINUTE_MS)
    if (recent.length >= TESTS_PER_MINUTE) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + MINUTE_MS - now) / 1_000))
      throw new AppError('RATE_LIMITED', `At most ${TESTS_PER_MINUTE} tests of the channel "${channelName}" a minute: try again in ${retryAfter} s`, { retryAfter })
    }
    recent.push(now)
    this.began.set(channelId, recent)
    this.underWay.add(channelId)
    return () => this.underWay.delete(channelId)
  }

  forget(channelId: string): void {
    this.began.delete(channelId)
  }
}
