/**
 * Maintenance windows: recurring times in a named time zone when a profile's alerts (or every profile's) are
 * held back, as a silence holds them. A window starts on given days of the week at a local time, or whenever a
 * five-field cron expression names, and lasts its duration in real time from that start. The start is local
 * (03:00 Berlin time is 02:00 UTC in winter and 01:00 UTC in summer); zone rules come from Intl (zoned-time.ts).
 *
 * Structural types only: main decides with them what is sent, the renderer what it shows as silenced.
 */
import { instantOf, wallTimeAt } from './zoned-time'

export type WindowSchedule = { kind: 'weekly'; days: readonly number[]; at: string } | { kind: 'cron'; expr: string }

export interface WindowLike {
  schedule: WindowSchedule
  durationMinutes: number
  timeZone: string
}

/** The longest window: a week (the weekly schedule repeats then). */
export const MAX_WINDOW_MINUTES = 7 * 24 * 60

/** "HH:MM" (24 h) to minutes of the day; null when it is not one. */
export function minutesOfDay(at: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at)
  return m ? Number(m[1]) * 60 + Number(m[2]) : null
}

interface CronFields {
  minutes: number[]
  hours: number[]
  days: Set<number>
  months: Set<number>
  weekdays: Set<number>
  /** both day of month and day of week restricted: either matches (cron's own rule) */
  either: boolean
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 }
] as const

function parseField(text: string, f: (typeof FIELDS)[number]): number[] | string {
  const out = new Set<number>()
  for (const part of text.split(',')) {
    const m = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/.exec(part)
    if (!m) return `the ${f.name} field "${text}" is not a number, a range (a-b), a list (a,b), * or a step (*/n)`
    const from = m[1] === '*' ? f.min : Number(m[2])
    const to = m[1] === '*' ? f.max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? f.max : from
    const step = m[4] !== undefined ? Number(m[4]) : 1
    if (from < f.min || to > f.max || from > to || step < 1) return `the ${f.name} field "${text}" must stay within ${f.min}-${f.max}`
    for (let v = from; v <= to; v += step) out.add(v)
  }
  return [...out].sort((a, b) => a - b)
}

/** A five-field cron expression ("0 3 * * 0": Sundays at 03:00), or what is wrong with it. */
export function parseCron(expr: string): CronFields | string {
  const texts = expr.trim().split(/\s+/)
  if (texts.length !== 5) return `a cron expression has five fields (minute hour day-of-month month day-of-week), not ${texts.length}`
  const parsed: number[][] = []
  for (let i = 0; i < 5; i++) {
    const r = parseField(texts[i]!, FIELDS[i]!)
    if (typeof r === 'string') return r
    parsed.push(r)
  }
  const [minutes, hours, days, months, weekdays] = parsed as [number[], number[], number[], number[], number[]]
  return {
    minutes,
    hours,
    days: new Set(days),
    months: new Set(months),
    // 7 is Sunday too
    weekdays: new Set(weekdays.map((d) => d % 7)),
    either: texts[2] !== '*' && texts[4] !== '*'
  }
}

/** What is wrong with a window's schedule, or null. */
export function scheduleProblem(s: WindowSchedule): string | null {
  if (s.kind === 'cron') {
    const r = parseCron(s.expr)
    return typeof r === 'string' ? r : null
  }
  if (minutesOfDay(s.at) === null) return `the time "${s.at}" must be HH:MM (24 h), e.g. 03:00`
  if (s.days.length === 0) return 'name at least one day of the week'
  if (s.days.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) return 'days of the week are 0 (Sunday) to 6 (Saturday)'
  return null
}

/** The local start times (minutes of the day, latest first) a schedule has on a local date, by its weekday. */
function startsOn(s: WindowSchedule, cron: CronFields | null, date: { month: number; day: number; weekday: number }): number[] {
  if (s.kind === 'weekly') return s.days.includes(date.weekday) ? [minutesOfDay(s.at)!] : []
  const c = cron!
  if (!c.months.has(date.month)) return []
  const dayOk = c.either ? c.days.has(date.day) || c.weekdays.has(date.weekday) : c.days.has(date.day) && c.weekdays.has(date.weekday)
  if (!dayOk) return []
  const out: number[] = []
  for (let h = c.hours.length - 1; h >= 0; h--) for (let m = c.minutes.length - 1; m >= 0; m--) out.push(c.hours[h]! * 60 + c.minutes[m]!)
  return out
}

/**
 * The occurrence of a window in force at `at`: its start and end (ms), or null when it is not in force. The
 * latest start at or before `at` decides (a window is never in force before it starts).
 */
export function windowAt(w: WindowLike, at: number): { start: number; end: number } | null {
  if (scheduleProblem(w.schedule) !== null) return null
  const cron = w.schedule.kind === 'cron' ? (parseCron(w.schedule.expr) as CronFields) : null
  const duration = w.durationMinutes * 60_000
  const today = wallTimeAt(w.timeZone, at)
  // Wall time of `at` as if it were UTC: a start whose wall time is later by more than any offset change is after `at`.
  const wallNow = Date.UTC(today.year, today.month - 1, today.day, today.hour, today.minute)
  const back = Math.ceil(w.durationMinutes / 1440) + 1
  for (let i = 0; i <= back; i++) {
    const dayStart = Date.UTC(today.year, today.month - 1, today.day - i)
    const d = new Date(dayStart)
    const date = { month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() }
    for (const minute of startsOn(w.schedule, cron, date)) {
      if (dayStart + minute * 60_000 > wallNow + 3 * 3_600_000) continue
      const start = instantOf(w.timeZone, d.getUTCFullYear(), date.month, date.day, Math.floor(minute / 60), minute % 60)
      if (start > at) continue
      // The latest start at or before `at`: in force if its duration has not run out.
      return at < start + duration ? { start, end: start + duration } : null
    }
  }
  return null
}
