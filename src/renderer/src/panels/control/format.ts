/** Words and numbers for the node-control panel: durations, clock times, profile values. */

/** "0:07", "12:34", "1:02:03": a running time, to the second. */
export function clockDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1_000))
  const h = Math.floor(s / 3_600)
  const m = Math.floor((s % 3_600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** "850 ms", "3.2 s", "4 min 05 s": how long a call took. */
export function tookText(ms: number): string {
  if (ms < 1_000) return `${Math.max(0, Math.round(ms))} ms`
  if (ms < 60_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`
  return `${Math.floor(ms / 60_000)} min ${String(Math.floor((ms % 60_000) / 1_000)).padStart(2, '0')} s`
}

/** Local date and time to the second. */
export function timeText(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
}

/** Bytes as a person reads file sizes: "12.3 KiB". */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB']
  let v = bytes / 1024
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i += 1
  }
  return `${v.toFixed(1)} ${units[i]}`
}

/** A digit-grouped exact integer: "1,234,567". */
export function grouped(decimal: string): string {
  return decimal.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * A profile value with its unit, exact: nanoseconds as ms/s with the exact count beside, bytes as bytes.
 * The exact decimal string is always kept (values can exceed 2^53).
 */
export function valueWithUnit(decimal: string, unit: string): string {
  if (unit === 'nanoseconds') {
    const n = BigInt(decimal)
    // Milliseconds with two decimals, computed in integers.
    const hundredths = n / 10_000n
    const ms = `${grouped((hundredths / 100n).toString())}.${String(hundredths % 100n).padStart(2, '0')}`
    return `${ms} ms`
  }
  if (unit === 'bytes') return `${grouped(decimal)} B`
  return unit === 'count' || unit === '' ? grouped(decimal) : `${grouped(decimal)} ${unit}`
}

/** value / total as a percentage with one decimal, for display only. */
export function share(value: string, total: string): string {
  const t = BigInt(total)
  if (t === 0n) return '0.0%'
  const tenths = (BigInt(value) * 1000n) / t
  return `${(tenths / 10n).toString()}.${(tenths % 10n).toString()}%`
}
