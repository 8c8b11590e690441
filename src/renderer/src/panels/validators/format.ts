/**
 * What only the validators panel writes: weights (AVAX on the Primary Network, a plain number elsewhere),
 * countdowns, how far through its period a validator is, owners, check intervals. Amounts, percentages,
 * times and IDs are written by the one format module (src/shared/domain/format.ts).
 */
import type { Owner } from '../../../../shared/contract'
import { avax, dateTime, integer, unixSecondsToMs } from '../../../../shared/domain/format'


/**
 * A validator's weight: staked nAVAX on the Primary Network (shown in AVAX), but a plain number a
 * subnet's or L1's owner assigned anywhere else.
 */
export function weight(text: string | undefined, primary: boolean): string {
  return primary ? avax(text) : integer(text)
}

/** A unix time in seconds (decimal string) as the app writes times, and its ms for the UTC title. */
export function secTime(unixSec: string | undefined): { text: string; ms: number | null } {
  const ms = unixSecondsToMs(unixSec)
  return { text: ms === null ? (unixSec ?? '—') : dateTime(ms), ms }
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

/** An owner's threshold and lock in words: "1 of 2 · locked until 2027-01-01 00:00:00" (its addresses are links). */
export function ownerTerms(o: Owner): string {
  const lock = o.locktime !== '0' ? ` · locked until ${secTime(o.locktime).text}` : ''
  return `${o.threshold} of ${o.addresses.length}${lock}`
}

/** An owner in one line: "1 of 2: P-avax1…, P-avax1… · locked until …". */
export function ownerText(o: Owner | undefined): string {
  if (!o) return '—'
  const lock = o.locktime !== '0' ? ` · locked until ${secTime(o.locktime).text}` : ''
  return `${o.threshold} of ${o.addresses.length}: ${o.addresses.join(', ')}${lock}`
}

export const SUBNET_PRIMARY = 'Primary Network'

/** A check interval in whole units: "30 s", "5 min", "2 h" ("90 s" when not whole minutes). */
export function intervalLabel(sec: number): string {
  if (sec % 3_600 === 0) return `${sec / 3_600} h`
  if (sec % 60 === 0) return `${sec / 60} min`
  return `${sec} s`
}
