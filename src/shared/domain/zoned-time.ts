/**
 * Wall-clock time in a named IANA time zone, with the platform's own zone data (Intl): the local date and
 * time of an instant, and the instant of a local date and time. Maintenance windows and channel hours are
 * said in local time ("Sundays at 03:00, Europe/Berlin") and must stay right across daylight-saving changes,
 * which only the zone's rules know; no library of our own carries them.
 */

export interface WallTime {
  year: number
  /** 1-12 */
  month: number
  /** 1-31 */
  day: number
  /** 0-23 */
  hour: number
  minute: number
  /** 0 Sunday … 6 Saturday */
  weekday: number
}

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric'
    })
    formats.set(timeZone, f)
  }
  return f
}

/** Whether the platform knows this time zone by this name ("Europe/Berlin", "UTC"); offsets like "+02:00" are not names. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false
  try {
    formatOf(name)
    return true
  } catch {
    return false
  }
}

const DAY_MS = 86_400_000

/** The local date and time of an instant in a zone (seconds dropped). */
export function wallTimeAt(timeZone: string, at: number): WallTime {
  const parts: Record<string, number> = {}
  for (const p of formatOf(timeZone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  const wall = { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! }
  return { ...wall, weekday: new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() }
}

/** How far the zone's local time is ahead of UTC at an instant, in ms (whole minutes). */
export function offsetAt(timeZone: string, at: number): number {
  const w = wallTimeAt(timeZone, at)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at / 60_000) * 60_000
}

/**
 * The instant a local date and time names in a zone. A time that occurs twice (the hour repeated when clocks go
 * back) is its first occurrence; a time that does not occur (skipped when clocks go forward) is moved forward
 * by the gap, as a clock on the wall would read it: 02:30 on the morning Berlin springs forward is 03:30 CEST.
 * Month and day may overflow (day 32 is the next month's first), as with Date.UTC.
 */
export function instantOf(timeZone: string, year: number, month: number, day: number, hour: number, minute: number): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  // The offsets around this wall time: a zone changes its offset at most once in two days.
  const before = offsetAt(timeZone, wall - DAY_MS)
  const after = offsetAt(timeZone, wall + DAY_MS)
  const valid = [...new Set([before, after])].map((o) => wall - o).filter((t) => offsetAt(timeZone, t) === wall - t)
  if (valid.length > 0) return Math.min(...valid)
  return wall - before
}
