/**
 * A deadline the code owns: one timer, held and cleared, that aborts a signal. Not
 * `AbortSignal.any([outer, AbortSignal.timeout(ms)])`: on Node 20 the combined signal holds its sources
 * weakly and the runtime's timer holds the timeout signal weakly too, so once the garbage collector freed
 * the timeout signal (nothing else held it) it never fired, and a server that accepted the connection and
 * never answered held the request for good (issue 31). Here the timer's callback holds the controller, and
 * the runtime's timer list holds the callback while it is due: the deadline lives as long as it is needed,
 * whoever else lets go of it.
 */

/** The timers a deadline runs on: the real ones by default, or the app's Clock (which has this shape). */
export interface DeadlineTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const realTimers: DeadlineTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms)
    // A deadline never keeps the process alive on its own (as AbortSignal.timeout did not).
    t.unref?.()
    return t
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>)
}

export interface OwnedDeadline {
  /** aborts when the deadline comes (reason: a TimeoutError) or when the outer signal aborts (its reason) */
  signal: AbortSignal
  /** true once the deadline itself came, as opposed to the outer signal */
  timedOut(): boolean
  /** Ends the deadline: the timer is cleared and the outer signal let go. Call it when the work ends. */
  clear(): void
}

export function deadlineSignal(ms: number, outer?: AbortSignal, timers: DeadlineTimers = realTimers): OwnedDeadline {
  const controller = new AbortController()
  let timedOut = false
  const onOuter = (): void => controller.abort(outer?.reason)
  if (outer?.aborted) onOuter()
  else outer?.addEventListener('abort', onOuter, { once: true })
  const timer = timers.setTimeout(() => {
    if (controller.signal.aborted) return
    timedOut = true
    controller.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError'))
  }, ms)
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      timers.clearTimeout(timer)
      outer?.removeEventListener('abort', onOuter)
    }
  }
}
