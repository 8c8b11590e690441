/**
 * How the validators panel writes amounts, times and shares. Amounts stay exact (bigint over the
 * node's decimal strings): a weight of 2^64-1 nAVAX shows every digit.
 */
import { formatUnits } from '../../../../shared/domain/quantities'
import type { Owner } from '../../../../shared/contract'

/** nAVAX (decimal string) in AVAX, every digit kept: "2,000.5 AVAX". */
export function avax(nAvax: string | undefined): string {
  return nAvax === undefined ? '—' : `${formatUnits(nAvax, 9)} AVAX`
}

/** A plain integer with thousands separators, exact: "1,000,000". */
export function integer(text: string | undefined): string {
  return text === undefined ? '—' : formatUnits(text, 0)
}

/**
 * A validator's weight: staked nAVAX on the Primary Network (shown in AVAX), but a plain number a
 * subnet's or L1's owner assigned anywhere else.
 */
export function weight(text: string | undefined, primary: boolean): string {
  return primary ? avax(text) : integer(text)
}

/** Compares two decimal strings as integers (a float would lose the low digits of a large weight). */
export function compareDecimal(a: string | undefined, b: string | undefined): number {
  const x = a === undefined ? -1n : BigInt(a)
  const y = b === undefined ? -1n : BigInt(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** part / whole as a percentage with two decimals, computed on integers ("—" when whole is 0). */
export function share(part: bigint, whole: bigint): string {
  if (whole === 0n) return '—'
  const basis = (part * 10_000n) / whole
  return `${basis / 100n}.${(basis % 100n).toString().padStart(2, '0')} %`
}

/** A unix time in seconds (decimal string) as the local date and time. */
export function dateTime(unixSec: string | undefined): string {
  if (unixSec === undefined) return '—'
  const ms = Number(unixSec) * 1_000
  return Number.isFinite(ms) ? new Date(ms).toLocaleString() : unixSec
}

/** A unix time in seconds as a local date only. */
export function date(unixSec: string | undefined): string {
  if (unixSec === undefined) return '—'
  const ms = Number(unixSec) * 1_000
  return Number.isFinite(ms) ? new Date(ms).toLocaleDateString() : unixSec
}

/** Time left until `endSec` at `nowMs`: "143 d 05:12:09", "04:59:59", or "ended". */
export function countdown(endSec: string | undefined, nowMs: number): string {
  if (endSec === undefined) return '—'
  const left = Math.floor(Number(endSec) - nowMs / 1_000)
  if (!Number.isFinite(left)) return '—'
  if (left <= 0) return 'ended'
  const d = Math.floor(left / 86_400)
  const hms = [Math.floor((left % 86_400) / 3_600), Math.floor((left % 3_600) / 60), left % 60].map((n) => String(n).padStart(2, '0')).join(':')
  return d > 0 ? `${d} d ${hms}` : hms
}

/** How far through its staking period a validator is, 0–100, for a progress bar. */
export function elapsedPercent(startSec: string, endSec: string | undefined, nowMs: number): number {
  if (endSec === undefined) return 0
  const start = Number(startSec)
  const span = Number(endSec) - start
  if (!(span > 0)) return 100
  return Math.min(100, Math.max(0, ((nowMs / 1_000 - start) / span) * 100))
}

/** An uptime or fee percent as the node wrote it, trimmed of trailing zeros: "99.8750" → "99.875 %". */
export function percent(text: string | undefined): string {
  if (text === undefined) return '—'
  const t = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text
  return `${t} %`
}

/** An owner in one line: "1 of 2: P-avax1…, P-avax1… (locked until …)". */
export function ownerText(o: Owner | undefined): string {
  if (!o) return '—'
  const lock = o.locktime !== '0' ? ` · locked until ${dateTime(o.locktime)}` : ''
  return `${o.threshold} of ${o.addresses.length}: ${o.addresses.join(', ')}${lock}`
}

/** A long id in short: "BQEMJd…QqcnK" (the full id goes in a title or tooltip). */
export function shortId(id: string): string {
  return id.length <= 16 ? id : `${id.slice(0, 6)}…${id.slice(-5)}`
}

export const SUBNET_PRIMARY = 'Primary Network'

/** A check interval in whole units: "30 s", "5 min", "2 h" ("90 s" when not whole minutes). */
export function intervalLabel(sec: number): string {
  if (sec % 3_600 === 0) return `${sec / 3_600} h`
  if (sec % 60 === 0) return `${sec / 60} min`
  return `${sec} s`
}
