/**
 * Two profiles' top functions side by side: each function's flat and cumulative value in A and in B, the
 * difference B − A (exact, on decimal strings), and the change as a percentage of A's value. Functions
 * only in one profile count as 0 in the other. Ordered by the largest absolute change of flat, then cum.
 */
import type { ProfileSummary } from '../../../../shared/contract'
import { share } from '../../../../shared/domain/format'

export interface CompareRow {
  name: string
  aFlat: bigint
  bFlat: bigint
  aCum: bigint
  bCum: bigint
  dFlat: bigint
  dCum: bigint
}

const abs = (v: bigint): bigint => (v < 0n ? -v : v)

export function compareTop(a: ProfileSummary, b: ProfileSummary): CompareRow[] {
  const rows = new Map<string, CompareRow>()
  const row = (name: string): CompareRow => {
    let r = rows.get(name)
    if (!r) rows.set(name, (r = { name, aFlat: 0n, bFlat: 0n, aCum: 0n, bCum: 0n, dFlat: 0n, dCum: 0n }))
    return r
  }
  for (const t of a.top) Object.assign(row(t.name), { aFlat: BigInt(t.flat), aCum: BigInt(t.cum) })
  for (const t of b.top) Object.assign(row(t.name), { bFlat: BigInt(t.flat), bCum: BigInt(t.cum) })
  for (const r of rows.values()) {
    r.dFlat = r.bFlat - r.aFlat
    r.dCum = r.bCum - r.aCum
  }
  const cmp = (x: bigint, y: bigint): number => (x < y ? 1 : x > y ? -1 : 0)
  return [...rows.values()].sort((x, y) => cmp(abs(x.dFlat), abs(y.dFlat)) || cmp(abs(x.dCum), abs(y.dCum)) || x.name.localeCompare(y.name))
}

/** The change as a percentage of the value before: "+12.50 %", "-3.00 %", "new" (from 0), "" (0 → 0). */
export function changePercent(before: bigint, after: bigint): string {
  if (before === 0n) return after === 0n ? '' : 'new'
  const p = share(after - before, before)
  return p.startsWith('-') ? p : `+${p}`
}

/** A signed difference in its unit: "+1.25 ms", "-512.0 KiB". */
export function signed(diff: bigint, text: (abs: string) => string): string {
  if (diff === 0n) return '0'
  return `${diff < 0n ? '-' : '+'}${text(abs(diff).toString())}`
}
