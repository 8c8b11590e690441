/**
 * The decode deadline of a profile file is 5 s in the app (issue 19). The integration tests of hostile
 * files run theirs at 1 s (security-pprof-limits.test.ts): this holds what the app itself uses, and that
 * the test-only setting of the CLI can shorten the deadline and nothing else.
 */
import { describe, expect, it } from 'vitest'
import { DECODE_LIMITS, TEST_DECODE_DEADLINE_ENV, testDecodeDeadlineMs } from '../../src/main/services/control/pprof-decoder'

describe('the profile decode deadline', () => {
  it('is 5 s unless a test shortens it', () => {
    expect(DECODE_LIMITS.deadlineMs).toBe(5_000)
    expect(testDecodeDeadlineMs({})).toBeUndefined()
  })

  it('is shortened by the test variable, never lengthened nor set to nonsense', () => {
    expect(testDecodeDeadlineMs({ [TEST_DECODE_DEADLINE_ENV]: '1000' })).toBe(1_000)
    for (const raw of ['5000', '60000', '0', '-1', '1e3', '1.5', '', 'soon']) expect(testDecodeDeadlineMs({ [TEST_DECODE_DEADLINE_ENV]: raw }), raw).toBeUndefined()
  })
})
