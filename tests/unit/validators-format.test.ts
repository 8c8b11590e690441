/**
 * How the validators panel writes weights, shares and countdowns (pure code the panel renders): exact
 * to the last digit (a weight of 2^64-1 nAVAX keeps every digit), Primary Network weights in AVAX and
 * subnet weights as plain numbers, sorting by integer value, not by float.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compareDecimal } from '../../src/shared/domain/format'

// The panel's format module belongs to the renderer's TypeScript project: loaded by path, with the
// signatures the test relies on written out.
interface ValidatorsFormat {
  weight(text: string | undefined, primary: boolean): string
  compareDecimal(a: string | undefined, b: string | undefined): number
  countdown(endSec: string | undefined, nowMs: number): string
  ownerText(o: { locktime: string; threshold: string; addresses: string[] } | undefined): string
}
const panels = join(import.meta.dirname, '..', '..', 'src', 'renderer', 'src', 'panels')
// Weights sort with the shared compareDecimal, which the panel's table uses.
const f = { ...((await import(`${panels}/validators/format`)) as Omit<ValidatorsFormat, 'compareDecimal'>), compareDecimal } as ValidatorsFormat

const MAX = (2n ** 64n - 1n).toString()

describe('validators panel format', () => {
  it('a weight of 2^64-1 nAVAX shows every digit; a subnet weight is a plain number', () => {
    expect(f.weight(MAX, true)).toBe('18,446,744,073.709551615 AVAX')
    expect(f.weight(MAX, false)).toBe('18,446,744,073,709,551,615')
    expect(f.weight(undefined, true)).toBe('—')
  })

  it('sorts weights as integers: two values a float cannot tell apart stay ordered', () => {
    const a = '9007199254740993'
    const b = '9007199254740992'
    expect(Number(a)).toBe(Number(b))
    expect(f.compareDecimal(a, b)).toBe(1)
    expect(f.compareDecimal(b, a)).toBe(-1)
    expect(f.compareDecimal(MAX, MAX)).toBe(0)
    expect([MAX, '1', a, b].sort(f.compareDecimal)).toEqual(['1', b, a, MAX])
  })

  it('countdowns to the second; an owner in one line (percentages and times: the shared format module)', () => {
    expect(f.countdown('1000', 1_000_000 - 3_661_000 - 86_400_000 * 2)).toBe('2 d 01:01:01')
    expect(f.countdown('1000', 1_000_000)).toBe('ended')
    expect(f.ownerText({ locktime: '0', threshold: '1', addresses: ['P-avax1a', 'P-avax1b'] })).toBe('1 of 2: P-avax1a, P-avax1b')
    expect(f.ownerText(undefined)).toBe('—')
  })
})
