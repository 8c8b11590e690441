/**
 * Routing per channel (services/alerts/channel-routing.ts) and local time in a named zone (zoned-time.ts):
 * which channel takes an alert by profile, rule and severity rank; active hours, past midnight and across a
 * daylight-saving change; when an alert outside the hours is sent ("wait") or not ("others"); a resolve
 * only where the firing went. And the daily digest's lines (digest.ts), and what the contract lets
 * alerts.setChannelRouting change (never where a channel sends, nor its secret).
 */
import { describe, expect, it } from 'vitest'
import { contract, type ActiveHours, type Alert } from '../../src/shared/contract'
import { hoursBegin, inHours, sendAt, takes, type RoutedChannel } from '../../src/main/services/alerts/channel-routing'
import { digestText } from '../../src/main/services/alerts/digest'
import { localDate, nextLocal } from '../../src/main/services/alerts/zoned-time'

const utc = (s: string): number => Date.parse(s)
const alert = (over: Partial<Alert> = {}): Alert => ({
  id: 'p1:unreachable:node:1',
  profileId: 'p1',
  profileName: 'validator-1',
  nodeUrl: 'http://127.0.0.1:9650',
  rule: 'unreachable',
  subject: null,
  severity: 'critical',
  message: 'down',
  firedAt: 0,
  clearedAt: null,
  acknowledgedAt: null,
  ...over
})
const channel = (over: Partial<RoutedChannel> = {}, hours: ActiveHours | null = null): RoutedChannel => ({
  id: 'c',
  kind: 'webhook',
  minSeverity: 'warning',
  routing: { profiles: [], rules: [], activeHours: hours },
  ...over
})
const office = (outside: 'wait' | 'others'): ActiveHours => ({ timeZone: 'Europe/Paris', days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '09:00', to: '18:00', outside })

describe('which channel takes an alert', () => {
  it('by profile, rule and lowest severity (by rank: info < warning < critical)', () => {
    const scoped = channel({ minSeverity: 'critical', routing: { profiles: ['p1'], rules: ['unreachable', 'uptimeLow'], activeHours: null } })
    expect(takes(scoped, alert())).toBe(true)
    expect(takes(scoped, alert({ severity: 'warning' }))).toBe(false)
    expect(takes(scoped, alert({ profileId: 'p2' }))).toBe(false)
    expect(takes(scoped, alert({ rule: 'lowPeers' }))).toBe(false)
    const notices = channel({ minSeverity: 'info' })
    expect(takes(channel(), alert({ severity: 'info' as Alert['severity'] }))).toBe(false)
    expect(takes(notices, alert({ severity: 'info' as Alert['severity'] }))).toBe(true)
    expect(takes(notices, alert({ severity: 'warning' }))).toBe(true)
  })
})

describe('active hours in a time zone', () => {
  it('hold on the named days between from and to, local time; past midnight when to is before from', () => {
    const h = office('wait')
    expect(inHours(h, utc('2026-11-30T07:59:00Z'))).toBe(false) // Monday 08:59 in Paris (UTC+1)
    expect(inHours(h, utc('2026-11-30T08:00:00Z'))).toBe(true)
    expect(inHours(h, utc('2026-11-30T16:59:59Z'))).toBe(true)
    expect(inHours(h, utc('2026-11-30T17:00:00Z'))).toBe(false)
    expect(inHours(h, utc('2026-11-28T10:00:00Z'))).toBe(false) // Saturday
    const nights: ActiveHours = { timeZone: 'America/New_York', days: ['fri'], from: '22:00', to: '06:00', outside: 'wait' }
    expect(inHours(nights, utc('2026-11-28T03:00:00Z'))).toBe(true) // Friday 22:00 in New York (UTC-5)
    expect(inHours(nights, utc('2026-11-28T10:59:00Z'))).toBe(true) // Saturday 05:59, the night that began on Friday
    expect(inHours(nights, utc('2026-11-28T11:00:00Z'))).toBe(false)
    expect(inHours(nights, utc('2026-11-27T03:00:00Z'))).toBe(false) // Thursday 22:00
    expect(inHours({ ...nights, from: '00:00', to: '00:00' }, utc('2026-11-27T12:00:00Z'))).toBe(true) // the whole of Friday
  })

  it('begin at the local time across a daylight-saving change (Paris springs forward on 29 March 2026)', () => {
    const h = office('wait')
    // Saturday before the change (UTC+1) to Monday after it (UTC+2): 09:00 local is 07:00 UTC.
    expect(new Date(hoursBegin(h, utc('2026-03-28T12:00:00Z'))).toISOString()).toBe('2026-03-30T07:00:00.000Z')
    expect(new Date(hoursBegin(h, utc('2026-03-20T12:00:00Z'))).toISOString()).toBe('2026-03-20T12:00:00.000Z')
    // 02:30 does not exist that night: it comes an hour later, as 03:30; in autumn 02:30 comes twice, the first counts.
    expect(new Date(nextLocal(utc('2026-03-28T23:00:00Z'), 150, 'Europe/Paris')).toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(new Date(nextLocal(utc('2026-10-24T23:00:00Z'), 150, 'Europe/Paris')).toISOString()).toBe('2026-10-25T00:30:00.000Z')
    expect(localDate(utc('2026-11-28T23:30:00Z'), 'Europe/Paris')).toBe('2026-11-29')
  })

  it('outside them, a firing waits for them or is left to the others; a resolve follows the firing only where it went', () => {
    const saturday = utc('2026-11-28T11:00:00Z')
    const monday = utc('2026-11-30T08:00:00Z')
    expect(sendAt(channel({}, office('wait')), alert(), 'firing', saturday, false)).toBe(monday)
    expect(sendAt(channel({}, office('others')), alert(), 'firing', saturday, false)).toBeNull()
    expect(sendAt(channel({}, office('others')), alert(), 'firing', monday, false)).toBe(monday)
    expect(sendAt(channel(), alert(), 'resolved', saturday, false)).toBeNull()
    expect(sendAt(channel(), alert(), 'resolved', saturday, true)).toBe(saturday)
    expect(sendAt(channel({}, office('wait')), alert(), 'resolved', saturday, true)).toBe(monday)
    expect(sendAt(channel({}, office('others')), alert(), 'resolved', saturday, true)).toBe(saturday)
    expect(sendAt(channel(), alert(), 'acknowledged', saturday, true)).toBeNull()
    expect(sendAt(channel({ kind: 'pagerduty' }), alert(), 'acknowledged', saturday, true)).toBe(saturday)
  })
})

describe('the daily digest', () => {
  it('says what fired, resolved, is open and silenced, the lowest uptime and the nearest stake end, of the profiles a channel takes', () => {
    const now = utc('2026-11-28T07:00:00Z')
    const v = (nodeID: string, uptime: string, end: number) => ({ nodeID, subnetID: null, validating: true, connected: true, uptime, endTime: String(end / 1_000) })
    const facts = {
      profiles: [
        { id: 'p1', name: 'validator-1', latest: { validators: [v('NodeID-A', '97.5', utc('2027-01-01T00:00:00Z')), v('NodeID-B', '88.25', utc('2026-12-05T12:00:00Z'))] } },
        { id: 'p2', name: 'validator-2', latest: { validators: [v('NodeID-C', '50', utc('2026-11-29T00:00:00Z'))] } }
      ],
      open: [alert({ firedAt: now - 3_600_000 })],
      recent: [alert({ id: 'x', rule: 'lowPeers', firedAt: now - 2 * 86_400_000, clearedAt: now - 3_600_000 }), alert({ id: 'y', profileId: 'p2', profileName: 'validator-2', firedAt: now - 60_000, clearedAt: now })],
      silenced: [{ profileId: 'p1', text: 'validator-1: lowPeers' }]
    } as unknown as Parameters<typeof digestText>[0]
    expect(digestText(facts, ['p1'], now).split('\n')).toEqual([
      'Fired in the last 24 h: 1: validator-1 unreachable',
      'Resolved: 1: validator-1 lowPeers',
      'Open now: 1: validator-1 unreachable',
      'Silenced: validator-1: lowPeers',
      'Lowest uptime: 88.25 % NodeID-B (validator-1)',
      'Nearest stake end: 2026-12-05 12:00 UTC NodeID-B (validator-1)'
    ])
    expect(digestText(facts, [], now)).toContain('Lowest uptime: 50 % NodeID-C (validator-2)')
  })
})

describe('alerts.setChannelRouting', () => {
  it('changes what a channel takes, never where it sends nor its secret (those need the channel added again, secret and all)', () => {
    const input = contract.methods['alerts.setChannelRouting'].input
    expect(input.safeParse({ id: 'c1', minSeverity: 'critical' }).success).toBe(true)
    for (const field of [{ url: 'https://elsewhere.example.com/h' }, { apiBaseUrl: 'https://elsewhere.example.com' }, { homeserverUrl: 'https://elsewhere.example.com' }, { routingKey: 'x' }])
      expect(input.safeParse({ id: 'c1', minSeverity: 'critical', ...field }).success).toBe(false)
    const bad = input.safeParse({ id: 'c1', routing: { activeHours: { timeZone: 'Mars/Olympus', from: '9:00', to: '18:00' } } })
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
      'timeZone must be an IANA time zone name such as Europe/Paris, America/New_York or UTC',
      'from must be a time of day as HH:MM, such as 09:00 or 18:30'
    ])
    expect(input.safeParse({ id: 'c1' }).success).toBe(false)
  })
})
