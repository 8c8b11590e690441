/**
 * Issue 19, item 8: the profile decoder over generated protobuf (tests/support/fuzz-profiles.ts: random
 * fields, wire types, lengths, nesting, long varints, fields repeated hundreds of thousands of times),
 * with a fixed seed. Each file is summarised or refused with a BAD_INPUT that says why, never another
 * error; each in bounded time, and the heap stays bounded. This runs summarizeProfile in this process,
 * the code the decoder's worker runs, so a case that breaks a bound is seen here and not only as the
 * worker's deadline (tests/integration/app/security-pprof-limits.test.ts runs the same through the app).
 */
import { describe, expect, it } from 'vitest'
import { summarizeProfile } from '../../src/main/services/control/pprof'
import { AppError } from '../../src/shared/rpc/errors'
import { fuzzProfile } from '../support/fuzz-profiles'

const SEED = 19
const CASES = 250
/** Generous: a case within the limits is summarised in milliseconds; the cubic varint run took minutes. */
const CASE_MS = 3_000
const HEAP_BYTES = 1024 * 1024 * 1024

describe('profile decoder fuzz', () => {
  it(`${CASES} generated files (seed ${SEED}): summarised or refused with a reason, each in bounded time and memory`, () => {
    const outcomes = { opened: 0, refused: 0 }
    const reasons = new Set<string>()
    for (let n = 0; n < CASES; n++) {
      const bytes = fuzzProfile(SEED, n)
      const started = performance.now()
      try {
        summarizeProfile('fuzz.profile', bytes)
        outcomes.opened++
      } catch (e) {
        if (!(e instanceof AppError) || e.code !== 'BAD_INPUT') throw new Error(`case ${n} (seed ${SEED}) failed with ${String(e)}`)
        outcomes.refused++
        reasons.add(e.message.replace(/\d+/g, 'N').replace(/\(.*\)/, '(…)'))
      }
      const ms = performance.now() - started
      expect(ms, `case ${n} (seed ${SEED}) took ${Math.round(ms)} ms`).toBeLessThan(CASE_MS)
      expect(process.memoryUsage().heapUsed, `heap after case ${n}`).toBeLessThan(HEAP_BYTES)
    }
    // The generator reaches both outcomes, and more than one reason to refuse.
    expect(outcomes.opened).toBeGreaterThan(5)
    expect(reasons.size).toBeGreaterThan(2)
  }, 300_000)
})
