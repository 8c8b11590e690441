/**
 * Local time in a named IANA time zone, from the runtime's own zone data (Intl): the weekday and minute of
 * the day at an instant, and the next instant a local time of day comes round. Daylight-saving changes are
 * the zone's: on a spring-forward day a local time that does not exist comes later by the gap (02:30 as
 * 03:30); on a fall-back day a time that comes twice comes at its first.
 */
import { WEEKDAYS, type Weekday } from '../../../shared/contract'

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', weekday: 'short' })
    formats.set(timeZone, f)
  }
  return f
}

export interface LocalTime {
  year: number
  /** 1 to 12 */
  month: number
  day: number
  weekday: Weekday
  /** minutes after local midnight */
  minute: number
  second: number
}

const SHORT: Record<string, Weekday> = { Mon: 'mon', Tue: 'tue', Wed: 'wed', Thu: 'thu', Fri: 'fri', Sat: 'sat', Sun: 'sun' }

export function localTime(at: number, timeZone: string): LocalTime {
  const parts = Object.fromEntries(formatOf(timeZone).formatToParts(new Date(at)).map((p) => [p.type, p.value]))
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    weekday: SHORT[parts['weekday'] ?? ''] ?? 'mon',
    minute: Number(parts['hour']) * 60 + Number(parts['minute']),
    second: Number(parts['second'])
  }
}

/** "HH:MM" as minutes after midnight. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The local date of an instant as YYYY-MM-DD. */
export function localDate(at: number, timeZone: string): string {
  const t = localTime(at, timeZone)
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`
}

/** How far the zone is ahead of UTC at an instant, ms. */
function offsetAt(at: number, timeZone: string): number {
  const t = localTime(at, timeZone)
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, 0, t.minute, t.second)
  return asUtc - Math.floor(at / 1_000) * 1_000
}

/**
 * The instant the local clock reads `minute` on a local date. A time that comes twice (fall back): the
 * first. One that does not exist (spring forward): moved forward by the gap, as Temporal's "compatible".
 */
function instantOf(year: number, month: number, day: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, 0, minute)
  // The zone's offsets either side of the instant: at most one change a day.
  const before = wall - offsetAt(wall - 12 * 3_600_000, timeZone)
  const after = wall - offsetAt(wall + 12 * 3_600_000, timeZone)
  const reads = (at: number): boolean => {
    const t = localTime(at, timeZone)
    return t.minute === minute && t.day === day
  }
  const found = [before, after].filter(reads)
  return found.length > 0 ? Math.min(...found) : before
}

/**
 * The first instant after `after` (strictly) at which the local clock reads `minute` on one of `days`
 * (the days of the local date it reads on).
 */
export function nextLocal(after: number, minute: number, timeZone: string, days: readonly Weekday[] = WEEKDAYS): number {
  const start = localTime(after, timeZone)
  // Local dates from the one of `after`: 8 days reach every weekday once more.
  for (let i = 0; i <= 8; i++) {
    const noon = Date.UTC(start.year, start.month - 1, start.day + i, 12)
    const d = new Date(noon)
    const weekday = WEEKDAYS[(d.getUTCDay() + 6) % 7]!
    if (!days.includes(weekday)) continue
    const at = instantOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), minute, timeZone)
    if (at > after) return at
  }
  throw new Error(`no local time ${minute} min after midnight on ${days.join(',')} in ${timeZone}`)
}
