import type { Clock } from '../../clock'
import type { JobContext } from './manager'

/**
 * Waits a rate limit's Retry-After out, saying each second how long is left (the job's waitSec, which the
 * UI counts down). The end is fixed at the start, and each step sleeps to the next whole second before it:
 * a clock moved past the end ends the wait at once. `say(left)` words the job's message for that second.
 */
export async function waitOutRetryAfter(clock: Clock, seconds: number, job: JobContext, done: number, total: number | null, say: (left: number) => string): Promise<void> {
  const end = clock.now() + Math.ceil(seconds) * 1_000
  let told: number | undefined
  for (let rest = end - clock.now(); rest > 0; rest = end - clock.now()) {
    const left = Math.ceil(rest / 1_000)
    // A timer may fire a ms before the wall clock says: the same second is not told twice.
    if (left !== told) job.progress(done, total, say(left), left)
    told = left
    await clock.sleep(rest - (left - 1) * 1_000, job.signal)
  }
}
