/**
 * Words and numbers for the node-control panel that are its own: running times, profile values in
 * their unit. Everything generic (times, sizes, digit groups, percentages) comes from
 * the one format module, src/shared/domain/format.ts.
 */
import { bytes, integer, share } from '../../../../shared/domain/format'

/** "0:07", "12:34", "1:02:03": a running time, to the second. */
export function clockDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1_000))
  const h = Math.floor(s / 3_600)
  const m = Math.floor((s % 3_600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/**
 * A profile value with its unit: nanoseconds as milliseconds (two decimals, computed in integers), bytes
 * as KiB/MiB/GiB, counts grouped. Values can exceed 2^53: the decimal string stays exact here, and
 * `exactValue` gives the exact form for a hover.
 */
export function valueWithUnit(decimal: string, unit: string): string {
  if (unit === 'nanoseconds') {
    const n = BigInt(decimal)
    const neg = n < 0n
    const hundredths = (neg ? -n : n) / 10_000n
    return `${neg ? '-' : ''}${integer((hundredths / 100n).toString())}.${String(hundredths % 100n).padStart(2, '0')} ms`
  }
  if (unit === 'bytes') return bytes(decimal)
  return unit === 'count' || unit === '' ? integer(decimal) : `${integer(decimal)} ${unit}`
}

/** The exact value with its unit, for a title: "1,040,678,192 bytes", "2,150,000,000 nanoseconds". */
export function exactValue(decimal: string, unit: string): string {
  return unit === 'count' || unit === '' ? integer(decimal) : `${integer(decimal)} ${unit}`
}

/** value / total with the app's percent precision ("12.34 %"), on exact decimals. */
export function shareOf(value: string, total: string): string {
  return share(BigInt(value), BigInt(total))
}
