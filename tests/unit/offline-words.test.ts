/** The words of an offline answer that is missing a part: what is kept is said, never "nothing" (review 2 N17). */
import { describe, expect, it } from 'vitest'
import { describeErrorData } from '../../src/renderer/src/errors'
import { keptPagesText } from '../../src/shared/domain/format'

describe('a later page never fetched, offline', () => {
  it('says which pages of the lookup are kept, with their rows', () => {
    expect(keptPagesText(1, 10)).toBe('only page 1 (10 rows) is kept')
    expect(keptPagesText(3, 1_500)).toBe('only pages 1 to 3 (1,500 rows) are kept')
    expect(keptPagesText(2)).toBe('only pages 1 to 2 are kept')
    expect(keptPagesText(0)).toBe('no page of it is kept')
    const m = describeErrorData({ code: 'OFFLINE', message: 'x', details: { unreachable: 'http://data', sourceCode: 'NETWORK', keptPages: 1, keptRows: 10 } }, { from: 'data' })
    expect(m.title).toBe('Cannot reach the data service, and this page was never fetched.')
    expect(m.detail).toBe('Only page 1 (10 rows) is kept for this lookup.')
    expect(`${m.title} ${m.detail}`).not.toMatch(/nothing is cached/)
    // A lookup never made at all is still "nothing is cached yet".
    expect(describeErrorData({ code: 'OFFLINE', message: 'x', details: { sourceCode: 'NETWORK' } }, { from: 'data' }).title).toBe('Cannot reach the data service and nothing is cached yet.')
  })
})
