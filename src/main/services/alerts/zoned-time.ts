/**
 * A channel's local times (its active hours, its digest's time) in a named IANA time zone, on the shared
 * zone arithmetic (shared/domain/zoned-time.ts, which maintenance windows use too): the weekday and minute of
 * the day at an instant, and the next instant a local time of day comes round. Daylight-saving changes are
 * the zone's: on a spring-forward day a local time that does not exist comes later by the gap (02:30 as
 * 03:30); on a fall-back day a time that comes twice comes at its first.
 */
import { WEEKDAYS, type Weekday } from '../../../shared/contract'
import { instantOf, wallTimeAt } from '../../../shared/domain/zoned-time'

export interface LocalTime {
  year: number
  /** 1 to 12 */
  month: number
  day: number
  weekday: Weekday
  /** minutes after local midnight */
  minute: number
}

export function localTime(at: number, timeZone: string): LocalTime {
  const w = wallTimeAt(timeZone, at)
  // wallTimeAt counts the week from Sunday (0); WEEKDAYS from Monday.
  return { year: w.year, month: w.month, day: w.day, weekday: WEEKDAYS[(w.weekday + 6) % 7]!, minute: w.hour * 60 + w.minute }
}

/** "HH:MM" as minutes after midnight. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The local date of an instant as YYYY-MM-DD. */
export function localDate(at: number, timeZone: string): string {
  const t = localTime(at, timeZone)
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`
}

/**
 * The first instant after `after` (strictly) at which the local clock reads `minute` on one of `days`
 * (the days of the local date it reads on).
 */
export function nextLocal(after: number, minute: number, timeZone: string, days: readonly Weekday[] = WEEKDAYS): number {
  const start = localTime(after, timeZone)
  // Local dates from the one of `after`: 8 days reach every weekday once more.
  for (let i = 0; i <= 8; i++) {
    const d = new Date(Date.UTC(start.year, start.month - 1, start.day + i, 12))
    if (!days.includes(WEEKDAYS[(d.getUTCDay() + 6) % 7]!)) continue
    const at = instantOf(timeZone, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 0, minute)
    if (at > after) return at
  }
  throw new Error(`no local time ${minute} min after midnight on ${days.join(',')} in ${timeZone}`)
}
