/**
 * One scheduler for every watched profile. Each profile has its own timer, so a slow or hung check of
 * one never delays another; a profile's next tick is skipped while its previous check still runs, so
 * two checks of one profile never overlap. The first check of each profile comes at a random offset
 * (at most maxStartJitterMs, and within its interval) so that fifty profiles do not fire together.
 * The clock is injected (main's one Clock): tests run it on fake timers.
 */
import { realClock, type Clock } from '../../clock'

/**
 * What the scheduler needs of main's clock (src/main/clock.ts): its time and timers, and optionally the
 * source of the start jitter (tests give one; Math.random otherwise).
 */
export type SchedulerClock = Pick<Clock, 'now' | 'setTimeout' | 'clearTimeout'> & {
  /** in [0, 1) */
  random?(): number
}

/** A profile as the scheduler sees it: checked every intervalSec, or not at all (null). */
export interface ScheduledProfile {
  id: string
  intervalSec: number | null
}

export const MIN_INTERVAL_SEC = 5

export interface SchedulerOptions {
  /** the profiles to watch, read again on refresh() */
  list: () => ScheduledProfile[]
  /** one check; the signal aborts when the scheduler stops */
  check: (profileId: string, signal: AbortSignal) => Promise<void>
  clock?: SchedulerClock
  /** the first check of a profile comes within this much of start (and within its interval) */
  maxStartJitterMs?: number
  onError?: (profileId: string, err: unknown) => void
  /**
   * A full round ended: every profile being watched has had a check end (well or not) since the last round.
   * A profile added meanwhile joins the round; one removed leaves it. (The watch's heartbeat pings here.)
   */
  onRound?: () => void
}

interface Slot {
  intervalMs: number
  timer: unknown
}

export class WatchScheduler {
  private readonly slots = new Map<string, Slot>()
  /** By profile, not by slot: a check still running when the interval changes still blocks the next. */
  private readonly running = new Map<string, Promise<void>>()
  private readonly clock: SchedulerClock
  private readonly maxStartJitterMs: number
  private stopper = new AbortController()
  private started = false
  /** the profiles whose check ended since the last full round */
  private readonly round = new Set<string>()

  constructor(private readonly opts: SchedulerOptions) {
    this.clock = opts.clock ?? realClock
    this.maxStartJitterMs = opts.maxStartJitterMs ?? 5_000
  }

  start(): void {
    if (this.started) return
    this.started = true
    this.stopper = new AbortController()
    this.refresh()
  }

  /** Reads the list again: new profiles start (jittered), removed or turned-off ones stop, changed intervals apply. */
  refresh(): void {
    if (!this.started) return
    const wanted = new Map<string, number>()
    for (const p of this.opts.list()) if (p.intervalSec !== null) wanted.set(p.id, Math.max(MIN_INTERVAL_SEC, p.intervalSec) * 1000)
    for (const [id, slot] of this.slots) {
      if (wanted.get(id) === slot.intervalMs) continue
      this.clock.clearTimeout(slot.timer)
      this.slots.delete(id)
    }
    for (const [id, intervalMs] of wanted) {
      if (this.slots.has(id)) continue
      const slot: Slot = { intervalMs, timer: undefined }
      this.slots.set(id, slot)
      const offset = Math.floor((this.clock.random?.() ?? Math.random()) * Math.min(intervalMs, this.maxStartJitterMs))
      this.arm(id, slot, offset)
    }
  }

  /** Profiles being watched, with their interval in ms (for tests and status). */
  watched(): Map<string, number> {
    return new Map([...this.slots].map(([id, s]) => [id, s.intervalMs]))
  }

  stop(): void {
    this.started = false
    for (const slot of this.slots.values()) this.clock.clearTimeout(slot.timer)
    this.slots.clear()
    this.round.clear()
    this.stopper.abort()
  }

  private arm(id: string, slot: Slot, ms: number): void {
    slot.timer = this.clock.setTimeout(() => this.tick(id, slot), ms)
  }

  private tick(id: string, slot: Slot): void {
    if (this.slots.get(id) !== slot) return
    // The next tick is planned now, not after the check: a slow check does not stretch the interval.
    this.arm(id, slot, slot.intervalMs)
    if (this.running.has(id)) return
    void this.run(id)
  }

  /** One check of a profile now, outside its timer ("check now"); a check already running is waited for, not doubled. */
  checkNow(id: string): Promise<void> {
    return this.running.get(id) ?? this.run(id)
  }

  private run(id: string): Promise<void> {
    const signal = this.stopper.signal
    let pending: Promise<void>
    try {
      pending = this.opts.check(id, signal)
    } catch (err) {
      pending = Promise.reject(err)
    }
    const done = pending
      .catch((err: unknown) => this.opts.onError?.(id, err))
      .finally(() => {
        this.running.delete(id)
        // A check cut short by stop() is no part of a round.
        if (!signal.aborted) this.checked(id)
      })
    this.running.set(id, done)
    return done
  }

  private checked(id: string): void {
    if (!this.started || !this.slots.has(id)) return
    this.round.add(id)
    for (const watched of this.slots.keys()) if (!this.round.has(watched)) return
    this.round.clear()
    try {
      this.opts.onRound?.()
    } catch (err) {
      this.opts.onError?.(id, err)
    }
  }
}
