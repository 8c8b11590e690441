/**
 * Turning the services' records into rows a table shows: scalar fields as text, exact amounts scaled
 * by their decimals (never rounded), and exports as CSV or JSON.
 */
import { formatUnits } from '../../../../shared/domain/quantities'

export type Row = Record<string, unknown>

/** A URL from a service becomes a link only if it is https:. */
export function httpsUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null
  try {
    return new URL(v).protocol === 'https:' ? v : null
  } catch {
    return null
  }
}

/** Columns: the scalar fields the items have, in first-seen order (at most 12). */
export function columnsOf(items: readonly Row[]): string[] {
  const seen = new Set<string>()
  for (const it of items.slice(0, 50)) for (const [k, v] of Object.entries(it)) if (v === null || typeof v !== 'object') seen.add(k)
  return [...seen].slice(0, 12)
}

/** The balance of a token record scaled by its decimals, exactly ("" when it has neither). */
export function scaledBalance(item: Row): string {
  const balance = item.balance
  const decimals = item.decimals
  if (typeof balance !== 'string' || !/^\d+$/.test(balance) || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) return ''
  return formatUnits(balance, decimals)
}

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return ''
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}

export function toCsv(items: readonly Row[], columns: readonly string[]): string {
  const q = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)
  return [columns.join(','), ...items.map((it) => columns.map((c) => q(cellText(it[c]))).join(','))].join('\r\n') + '\r\n'
}

/** A cell as shown: UNIX-second timestamps as UTC date and time, the rest as text. */
export function shownCell(column: string, v: unknown): string {
  if (/timestamp$/i.test(column) && typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 1e11) return `${new Date(v * 1_000).toISOString().slice(0, 19).replace('T', ' ')} UTC`
  return cellText(v)
}
