/**
 * Main's one clock. Everything in main that waits or keeps a timer (the watch's scheduler, log-level
 * reverts and timed CPU profiles, the Retry-After wait of "load all") takes a Clock, so that tests move
 * time instead of sleeping through it. The real one is the default everywhere.
 */
import { AppError } from '../shared/rpc/errors'

export interface Clock {
  /** ms since the epoch, as Date.now() */
  now(): number
  /** Runs fn once after ms. Such a timer never keeps the process alive on its own (unref). */
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  /** Resolves after ms; rejects with CANCELLED as soon as the signal aborts. Keeps the process alive meanwhile. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms)
    t.unref?.()
    return t
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  sleep: (ms, signal) =>
    sleepWith(
      (fn, delay) => setTimeout(fn, delay),
      (h) => clearTimeout(h),
      ms,
      signal
    )
}

function sleepWith<H>(plan: (fn: () => void, ms: number) => H, cancel: (h: H) => void, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = (): AppError => new AppError('CANCELLED', 'The request was cancelled')
    if (signal?.aborted) return reject(cancelled())
    const onAbort = (): void => {
      cancel(timer)
      reject(cancelled())
    }
    const timer = plan(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

interface Planned {
  seq: number
  due: number
  fn: () => void
  /** false for sleeps: they hold the process open like a plain setTimeout */
  unref: boolean
  native: ReturnType<typeof setTimeout> | undefined
}

/**
 * Real time plus an offset that only moves forward: browser mode under test
 * (COMPANION_TEST_CLOCK=1, moved through the server's test-clock route). Each timer keeps its due time on
 * this clock; advance() re-plans every pending timer against the new time, so a timer that is due fires
 * at once, in order of due time (and of setting, for equal times), and the others keep their place.
 */
export class OffsetClock implements Clock {
  private offset = 0
  private seq = 0
  private readonly pending = new Map<number, Planned>()

  /** How far this clock is ahead of the machine's. */
  get offsetMs(): number {
    return this.offset
  }

  now(): number {
    return Date.now() + this.offset
  }

  setTimeout(fn: () => void, ms: number): unknown {
    return this.plan(fn, ms, true)
  }

  clearTimeout(handle: unknown): void {
    const t = typeof handle === 'number' ? this.pending.get(handle) : undefined
    if (!t) return
    clearTimeout(t.native)
    this.pending.delete(t.seq)
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return sleepWith(
      (fn, delay) => this.plan(fn, delay, false),
      (h) => this.clearTimeout(h),
      ms,
      signal
    )
  }

  /** Moves the clock forward by ms: timers now due run at once, in order; the others are planned anew. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`the clock only moves forward, by a finite number of ms (got ${ms})`)
    this.offset += ms
    const now = this.now()
    const timers = [...this.pending.values()].sort((a, b) => a.due - b.due || a.seq - b.seq)
    for (const t of timers) clearTimeout(t.native)
    const due = timers.filter((t) => t.due <= now)
    for (const t of timers) if (t.due > now) this.arm(t, t.due - now)
    for (const t of due) t.native = undefined
    if (due.length === 0) return
    // One task runs every due timer, in order; one cleared by an earlier one in the same batch does not run.
    const batch = setTimeout(() => {
      for (const t of due) if (this.pending.get(t.seq) === t) this.run(t)
    }, 0)
    if (due.every((t) => t.unref)) batch.unref()
  }

  private plan(fn: () => void, ms: number, unref: boolean): number {
    const delay = Math.max(0, Number.isFinite(ms) ? ms : 0)
    const t: Planned = { seq: ++this.seq, due: this.now() + delay, fn, unref, native: undefined }
    this.pending.set(t.seq, t)
    this.arm(t, delay)
    return t.seq
  }

  private arm(t: Planned, ms: number): void {
    t.native = setTimeout(() => this.run(t), ms)
    if (t.unref) t.native.unref()
  }

  private run(t: Planned): void {
    if (this.pending.get(t.seq) !== t) return
    this.pending.delete(t.seq)
    t.fn()
  }
}
