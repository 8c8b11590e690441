/**
 * The node-control panel's pure code: two profiles compared (exact differences, percent with the app's
 * precision) and profile values in their unit (bytes in KiB/MiB/GiB, review #21).
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ProfileSummary } from '../../src/shared/contract'

// The panel's modules belong to the renderer's TypeScript project: loaded by path, with the signatures
// the test relies on written out.
interface CompareRow {
  name: string
  aFlat: bigint
  bFlat: bigint
  dFlat: bigint
  dCum: bigint
}
interface Compare {
  compareTop(a: ProfileSummary, b: ProfileSummary): CompareRow[]
  changePercent(before: bigint, after: bigint): string
  signed(diff: bigint, text: (abs: string) => string): string
}
interface ControlFormat {
  valueWithUnit(decimal: string, unit: string): string
  exactValue(decimal: string, unit: string): string
  shareOf(value: string, total: string): string
}
const panel = join(import.meta.dirname, '..', '..', 'src', 'renderer', 'src', 'panels', 'control')
const { changePercent, compareTop, signed } = (await import(`${panel}/compare`)) as Compare
const { exactValue, shareOf, valueWithUnit } = (await import(`${panel}/format`)) as ControlFormat

const summary = (top: [string, string, string][]): ProfileSummary => ({
  name: 'x',
  sampleTypes: [{ type: 'cpu', unit: 'nanoseconds' }],
  valueIndex: 0,
  samples: 1,
  total: '100',
  top: top.map(([name, flat, cum]) => ({ name, file: '', flat, cum })),
  flame: []
})

describe('comparing two profiles', () => {
  it('pairs functions by name, exact differences, largest change first; missing counts as 0', () => {
    const rows = compareTop(summary([['a', '10', '50'], ['b', '40', '40'], ['gone', '5', '5']]), summary([['a', '12', '50'], ['b', '10', '70'], ['new', '9007199254740993', '9007199254740993']]))
    expect(rows.map((r) => r.name)).toEqual(['new', 'b', 'gone', 'a'])
    expect(rows[0]).toMatchObject({ aFlat: 0n, bFlat: 9007199254740993n, dFlat: 9007199254740993n })
    expect(rows[1]).toMatchObject({ dFlat: -30n, dCum: 30n })
    expect(rows[2]).toMatchObject({ bFlat: 0n, dFlat: -5n })
  })

  it('says the change in percent with the app precision, and signed values in their unit', () => {
    expect(changePercent(40n, 10n)).toBe('-75.00 %')
    expect(changePercent(8n, 9n)).toBe('+12.50 %')
    expect(changePercent(0n, 9n)).toBe('new')
    expect(changePercent(0n, 0n)).toBe('')
    expect(signed(-1_048_576n, (v) => valueWithUnit(v, 'bytes'))).toBe('-1.0 MiB')
    expect(signed(2_500_000n, (v) => valueWithUnit(v, 'nanoseconds'))).toBe('+2.50 ms')
  })
})

describe('profile values (#21)', () => {
  it('bytes in KiB/MiB/GiB, exact on hover; percentages with two decimals', () => {
    expect(valueWithUnit('1040678192', 'bytes')).toBe('992.5 MiB')
    expect(exactValue('1040678192', 'bytes')).toBe('1,040,678,192 bytes')
    expect(valueWithUnit('123456789', 'nanoseconds')).toBe('123.45 ms')
    expect(valueWithUnit('1234', 'count')).toBe('1,234')
    expect(shareOf('1', '3')).toBe('33.33 %')
    expect(shareOf('0', '0')).toBe('—')
  })
})
