/**
 * Maintenance windows and silences (shared/domain/maintenance-window.ts, alert-silence.ts): which instants a
 * weekly or cron window covers in a named zone, across daylight-saving changes both ways, and which silence or
 * window holds an alert. Every instant is given; no clock is read.
 */
import { describe, expect, it } from 'vitest'
import { holdOf, type MaintenanceWindowLike, type SilenceLike } from '../../src/shared/domain/alert-silence'
import { parseCron, scheduleProblem, windowAt } from '../../src/shared/domain/maintenance-window'
import { instantOf, isTimeZone, offsetAt } from '../../src/shared/domain/zoned-time'

const H = 3_600_000
const M = 60_000
const utc = (iso: string): number => Date.parse(iso)

/** Every minute (or `step`) from `from` to `to` (UTC, exclusive) that the window covers, as runs [start, end). */
function coveredRuns(w: MaintenanceWindowLike, from: number, to: number, step = M): Array<[string, string]> {
  const runs: Array<[string, string]> = []
  let start: number | null = null
  for (let t = from; t < to; t += step) {
    const on = windowAt(w, t) !== null
    if (on && start === null) start = t
    if (!on && start !== null) {
      runs.push([new Date(start).toISOString(), new Date(t).toISOString()])
      start = null
    }
  }
  if (start !== null) runs.push([new Date(start).toISOString(), new Date(to).toISOString()])
  return runs
}

const weekly = (days: number[], at: string, durationMinutes: number, timeZone: string): MaintenanceWindowLike => ({
  id: 'w1',
  name: 'Sunday reboot',
  profileId: null,
  schedule: { kind: 'weekly', days, at },
  durationMinutes,
  timeZone
})

describe('zoned time from Intl', () => {
  it('knows zone names, and the instant of a local time on both sides of a change', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('+02:00')).toBe(false)
    // Berlin: CET (+1) until 2026-03-29 01:00 UTC, CEST (+2) after; back on 2026-10-25 01:00 UTC.
    expect(offsetAt('Europe/Berlin', utc('2026-03-29T00:59:00Z'))).toBe(1 * H)
    expect(offsetAt('Europe/Berlin', utc('2026-03-29T01:00:00Z'))).toBe(2 * H)
    expect(instantOf('Europe/Berlin', 2026, 3, 28, 3, 0)).toBe(utc('2026-03-28T02:00:00Z'))
    expect(instantOf('Europe/Berlin', 2026, 3, 29, 3, 0)).toBe(utc('2026-03-29T01:00:00Z'))
    // 02:30 does not exist that morning: moved forward by the gap (03:30 CEST)
    expect(instantOf('Europe/Berlin', 2026, 3, 29, 2, 30)).toBe(utc('2026-03-29T01:30:00Z'))
    // 02:30 occurs twice on 2026-10-25: the first one (CEST)
    expect(instantOf('Europe/Berlin', 2026, 10, 25, 2, 30)).toBe(utc('2026-10-25T00:30:00Z'))
  })
})

describe('a weekly window in a named zone', () => {
  it('Sundays 01:00 for 4 h in Berlin covers exactly those hours on the Sundays before, of and after the spring change', () => {
    const w = weekly([0], '01:00', 240, 'Europe/Berlin')
    const days = ['2026-03-21T22:00:00Z', '2026-03-28T22:00:00Z', '2026-04-04T22:00:00Z'].map((d) => utc(d))
    expect(days.flatMap((d) => coveredRuns(w, d, d + 8 * H))).toEqual([
      // CET: 01:00 local is 00:00 UTC
      ['2026-03-22T00:00:00.000Z', '2026-03-22T04:00:00.000Z'],
      // the change at 02:00 local: starts at 01:00 CET (00:00 UTC), four real hours
      ['2026-03-29T00:00:00.000Z', '2026-03-29T04:00:00.000Z'],
      // CEST: 01:00 local is 23:00 UTC the evening before
      ['2026-04-04T23:00:00.000Z', '2026-04-05T03:00:00.000Z']
    ])
  })

  it('Saturdays and Sundays 22:30 for 90 min in New York, across the autumn change; nothing on other days', () => {
    const w = weekly([6, 0], '22:30', 90, 'America/New_York')
    // New York: EDT (-4) until 2026-11-01 06:00 UTC, EST (-5) after
    expect(coveredRuns(w, utc('2026-10-30T00:00:00Z'), utc('2026-11-03T00:00:00Z'), 5 * M)).toEqual([
      ['2026-11-01T02:30:00.000Z', '2026-11-01T04:00:00.000Z'],
      ['2026-11-02T03:30:00.000Z', '2026-11-02T05:00:00.000Z']
    ])
  })

  it('a start in the skipped hour begins when the clocks have moved on; a start in the repeated hour, at its first', () => {
    const spring = weekly([0], '02:30', 60, 'Europe/Berlin')
    expect(coveredRuns(spring, utc('2026-03-28T23:00:00Z'), utc('2026-03-29T04:00:00Z'))).toEqual([['2026-03-29T01:30:00.000Z', '2026-03-29T02:30:00.000Z']])
    const autumn = weekly([0], '02:30', 60, 'Europe/Berlin')
    expect(coveredRuns(autumn, utc('2026-10-24T23:00:00Z'), utc('2026-10-25T04:00:00Z'))).toEqual([['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']])
  })

  it('a window longer than a day runs through midnight, and says when it ends', () => {
    const w = weekly([5], '20:00', 36 * 60, 'UTC')
    expect(windowAt(w, utc('2026-11-28T07:59:00Z'))).toEqual({ start: utc('2026-11-27T20:00:00Z'), end: utc('2026-11-29T08:00:00Z') })
    expect(windowAt(w, utc('2026-11-29T08:00:00Z'))).toBeNull()
    expect(windowAt(w, utc('2026-11-27T19:59:00Z'))).toBeNull()
  })
})

describe('a cron window', () => {
  it('"0 3 * * 1-5" for 30 min in Berlin: weekdays only, local 03:00 across the spring change', () => {
    const w: MaintenanceWindowLike = { id: 'c', name: 'nightly', profileId: null, schedule: { kind: 'cron', expr: '0 3 * * 1-5' }, durationMinutes: 30, timeZone: 'Europe/Berlin' }
    expect(coveredRuns(w, utc('2026-03-27T00:00:00Z'), utc('2026-03-31T00:00:00Z'), 5 * M)).toEqual([
      ['2026-03-27T02:00:00.000Z', '2026-03-27T02:30:00.000Z'],
      ['2026-03-30T01:00:00.000Z', '2026-03-30T01:30:00.000Z']
    ])
  })

  it('steps, lists and day-of-month or day-of-week (either, as cron has it)', () => {
    const w: MaintenanceWindowLike = { id: 'c', name: 'n', profileId: null, schedule: { kind: 'cron', expr: '*/20 12 1,15 * 0' }, durationMinutes: 5, timeZone: 'UTC' }
    // 2026-11-15 is a Sunday and the 15th; 2026-11-22 a Sunday; 2026-11-01 the 1st (a Sunday too)
    expect(coveredRuns(w, utc('2026-11-21T00:00:00Z'), utc('2026-11-23T00:00:00Z'), 5 * M)).toEqual([
      ['2026-11-22T12:00:00.000Z', '2026-11-22T12:05:00.000Z'],
      ['2026-11-22T12:20:00.000Z', '2026-11-22T12:25:00.000Z'],
      ['2026-11-22T12:40:00.000Z', '2026-11-22T12:45:00.000Z']
    ])
    expect(windowAt({ ...w, schedule: { kind: 'cron', expr: '0 12 2 * 3' } }, utc('2026-12-02T12:01:00Z'))).not.toBeNull()
    expect(windowAt({ ...w, schedule: { kind: 'cron', expr: '0 12 2 * 3' } }, utc('2026-12-09T12:01:00Z'))).not.toBeNull()
    expect(windowAt({ ...w, schedule: { kind: 'cron', expr: '0 12 2 * 3' } }, utc('2026-12-03T12:01:00Z'))).toBeNull()
  })

  it('says what is wrong with a schedule', () => {
    expect(parseCron('0 3 * *')).toMatch(/five fields/)
    expect(parseCron('61 3 * * *')).toMatch(/minute field "61" must stay within 0-59/)
    expect(parseCron('0 3 * * mon')).toMatch(/day of week field "mon" is not a number/)
    expect(scheduleProblem({ kind: 'weekly', days: [], at: '03:00' })).toMatch(/at least one day/)
    expect(scheduleProblem({ kind: 'weekly', days: [0], at: '3:00' })).toMatch(/HH:MM/)
    expect(scheduleProblem({ kind: 'weekly', days: [7], at: '03:00' })).toMatch(/0 \(Sunday\) to 6/)
    expect(scheduleProblem({ kind: 'cron', expr: '0 3 * * 7' })).toBeNull()
  })
})

describe('what holds an alert back', () => {
  const NOW = utc('2026-11-28T10:00:00Z')
  const silence = (patch: Partial<SilenceLike>): SilenceLike => ({
    id: 's1',
    profileId: 'p1',
    rule: null,
    subject: null,
    startsAt: NOW - H,
    endsAt: NOW + H,
    reason: 'upgrade',
    createdBy: 'ops',
    ...patch
  })
  const a = { profileId: 'p1', rule: 'healthFailing', subject: null }

  it('matches by profile, rule and subject (null: any), only while it lasts', () => {
    const quiet = (s: SilenceLike) => ({ silences: [s], windows: [] })
    expect(holdOf(a, quiet(silence({})), NOW)).toEqual({ kind: 'silence', id: 's1', until: NOW + H, text: 'silenced by ops: upgrade' })
    expect(holdOf(a, quiet(silence({ profileId: null })), NOW)).not.toBeNull()
    expect(holdOf(a, quiet(silence({ profileId: 'p2' })), NOW)).toBeNull()
    expect(holdOf(a, quiet(silence({ rule: 'healthFailing' })), NOW)).not.toBeNull()
    expect(holdOf(a, quiet(silence({ rule: 'unreachable' })), NOW)).toBeNull()
    expect(holdOf({ ...a, subject: 'NodeID-1' }, quiet(silence({ subject: 'NodeID-1' })), NOW)).not.toBeNull()
    expect(holdOf(a, quiet(silence({ subject: 'NodeID-1' })), NOW)).toBeNull()
    expect(holdOf(a, quiet(silence({})), NOW + H)).toBeNull()
    expect(holdOf(a, quiet(silence({ startsAt: NOW + 1 })), NOW)).toBeNull()
  })

  it('of a silence and a window both in force, the one that holds longest is named; a window of another profile does not hold', () => {
    const w = { ...weekly([6], '09:00', 180, 'UTC'), profileId: 'p1' }
    expect(holdOf(a, { silences: [silence({})], windows: [w] }, NOW)).toEqual({ kind: 'window', id: 'w1', until: utc('2026-11-28T12:00:00Z'), text: 'maintenance window “Sunday reboot”' })
    expect(holdOf(a, { silences: [], windows: [{ ...w, profileId: 'p2' }] }, NOW)).toBeNull()
  })
})
