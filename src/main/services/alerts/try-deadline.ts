/**
 * One try's deadline, which nothing can lose. `AbortSignal.any([signal, AbortSignal.timeout(ms)])` was
 * not enough: on Node 20 the combined signal holds its sources weakly, so once the garbage collector freed
 * the timeout signal (nothing else held it) it never fired, and a receiver that accepted the connection and
 * never answered held the try, and its slot, for good. Here the try owns its timer (deadlineSignal, the
 * one way the app does a deadline), cleared when the try ends. And around the
 * whole try, a second timer races it: a sender that ignores its signal (a library that does not pass it on)
 * is let go all the same, its late answer dropped.
 */
import type { Clock } from '../../clock'
import { deadlineSignal } from '../../clients/transport/deadline'

export interface DeadlineOptions {
  clock: Clock
  /** the app stopping: the try is aborted at once */
  stop: AbortSignal
  /** when the try's signal aborts */
  ms: number
  /** how long after `ms` the try is let go even if it has not ended */
  graceMs: number
}

/** What a try gave, or `timedOut` when its deadline came first (its signal aborted, or it was let go). */
export type Deadlined<T> = { timedOut: false; value: T } | { timedOut: true }

export async function withDeadline<T>(run: (signal: AbortSignal) => Promise<T>, opts: DeadlineOptions): Promise<Deadlined<T>> {
  const { clock } = opts
  const inner = deadlineSignal(opts.ms, opts.stop, clock)
  let outer: unknown = null
  const letGo = new Promise<{ timedOut: true }>((resolve) => {
    outer = clock.setTimeout(() => resolve({ timedOut: true }), opts.ms + opts.graceMs)
  })
  try {
    // Once the deadline came, whatever the try gives (an answer, or the error of being aborted) is late.
    const ran = run(inner.signal).then(
      (value): Deadlined<T> => (inner.timedOut() ? { timedOut: true } : { timedOut: false, value }),
      (err: unknown): Deadlined<T> => {
        if (inner.timedOut()) return { timedOut: true }
        throw err
      }
    )
    return await Promise.race([ran, letGo])
  } finally {
    inner.clear()
    clock.clearTimeout(outer)
  }
}

/** "15 s", "1.5 s", "300 ms": a deadline as the delivery log says it. */
export function describeMs(ms: number): string {
  if (ms < 1_000) return `${ms} ms`
  return `${Number((ms / 1_000).toFixed(1))} s`
}
