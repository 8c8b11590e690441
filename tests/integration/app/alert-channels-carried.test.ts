/**
 * The channels people carry (PagerDuty Events API v2, ntfy, Pushover, Matrix) and routing per channel,
 * through the delivery service on its own database and a clock the test moves. Each service is a loopback
 * receiver that checks the payload its documentation gives and answers as the service does; the first try
 * of each is answered 503, so each alert comes twice with the same id (PagerDuty's dedup_key, Matrix's
 * transaction id) and is delivered once. A webhook limited to one profile and critical gets only those; a
 * channel outside its active hours gets the alert when its hours begin, one that leaves it to the others
 * never does. A test send through each of the four. A daily digest reaches the channels that ask for it at their local time, once that day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/cache/database'
import { OutboxStore } from '../../../src/main/cache/outbox-store'
import type { Clock } from '../../../src/main/clock'
import { plainSecretStore } from '../../../src/main/secrets'
import { DeliveryService } from '../../../src/main/services/alerts/delivery'
import type { DigestFacts } from '../../../src/main/services/alerts/digest'
import type { Alert } from '../../../src/shared/contract'
import { receiver, type Receiver } from '../../support/receivers'
import type { Seen } from '../../support/local-server'
import { tempDir } from '../../support/temp'
import { until } from '../../support/until'

/** A clock that stands still until the test moves it; a timer due now runs on the next turn of the loop. */
function manualClock(start: number): Clock & { set: (at: number) => void } {
  let now = start
  let seq = 0
  const timers = new Map<number, { due: number; fn: () => void }>()
  const runDue = (): void => {
    for (const [id, t] of [...timers].sort((a, b) => a[1].due - b[1].due))
      if (t.due <= now) {
        timers.delete(id)
        setTimeout(t.fn, 0)
      }
  }
  return {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = ++seq
      timers.set(id, { due: now + Math.max(0, ms), fn })
      runDue()
      return id
    },
    clearTimeout: (h) => void timers.delete(h as number),
    sleep: () => Promise.resolve(),
    set: (at) => {
      now = at
      runDue()
    }
  }
}

const ROUTING_KEY = 'R0ut1ngK3yOfTh1rtyTw0Characters'
const NTFY_TOKEN = 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2'
const APP_TOKEN = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi'
const USER_KEY = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG'
const ACCESS_TOKEN = 'syt_Ym90_secretAccessToken_1a2b3c'

/** Saturday 28 November 2026, 12:00 in Paris (11:00 UTC). */
const SATURDAY_NOON = Date.UTC(2026, 10, 28, 11, 0)
/** Monday 30 November 2026, 09:00 in Paris. */
const MONDAY_NINE = Date.UTC(2026, 10, 30, 8, 0)

const alert = (n: number, over: Partial<Alert> = {}): Alert => ({
  id: `p1:unreachable:node:${1_800_000_000_000 + n}`,
  profileId: 'p1',
  profileName: 'validator-1',
  nodeUrl: 'http://127.0.0.1:9650',
  rule: 'unreachable',
  subject: null,
  severity: 'critical',
  message: 'validator-1: the node at http://127.0.0.1:9650 did not answer 3 checks in a row',
  firedAt: SATURDAY_NOON - 60_000,
  clearedAt: null,
  acknowledgedAt: null,
  ...over
})

/** A receiver that refuses (400, as the service would) what its documentation does not allow, answers `ok` otherwise; the first request gets 503. */
async function service(check: (s: Seen) => string | null, ok: () => { status: number; body: string }): Promise<Receiver> {
  const r = await receiver((seen) => {
    const wrong = check(seen)
    return wrong ? { status: 400, body: JSON.stringify({ error: wrong }) } : ok()
  })
  r.script.push({ status: 503, body: 'busy' })
  return r
}
const json = (s: Seen): Record<string, unknown> => JSON.parse(s.body) as Record<string, unknown>

let pagerduty: Receiver, ntfy: Receiver, pushover: Receiver, matrix: Receiver, scoped: Receiver, office: Receiver, elsewhere: Receiver
beforeAll(async () => {
  ;[pagerduty, ntfy, pushover, matrix, scoped, office, elsewhere] = await Promise.all([
    // https://developer.pagerduty.com/api-reference/368ae3d938c9e-send-an-event-to-pager-duty
    service(
      (s) => {
        const b = json(s)
        if (s.method !== 'POST' || s.url !== '/v2/enqueue') return `no route ${s.method} ${s.url}`
        if (b['routing_key'] !== ROUTING_KEY || typeof b['dedup_key'] !== 'string') return 'routing_key and dedup_key are required'
        if (!['trigger', 'acknowledge', 'resolve'].includes(b['event_action'] as string)) return 'event_action must be trigger, acknowledge or resolve'
        const p = b['payload'] as Record<string, unknown> | undefined
        if (b['event_action'] === 'trigger' && !(p && typeof p['summary'] === 'string' && typeof p['source'] === 'string' && ['critical', 'error', 'warning', 'info'].includes(p['severity'] as string)))
          return 'payload.summary, payload.source and payload.severity are required'
        return null
      },
      () => ({ status: 202, body: JSON.stringify({ status: 'success', message: 'Event processed', dedup_key: 'x' }) })
    ),
    // https://docs.ntfy.sh/publish/#publish-as-json
    service(
      (s) => {
        const b = json(s)
        if (s.method !== 'POST' || s.url !== '/') return `no route ${s.method} ${s.url}`
        if (s.headers.authorization !== `Bearer ${NTFY_TOKEN}`) return 'unauthorized'
        if (b['topic'] !== 'companion-alerts-7f3a' || typeof b['message'] !== 'string' || typeof b['title'] !== 'string') return 'topic, title and message'
        if (!Number.isInteger(b['priority']) || (b['priority'] as number) < 1 || (b['priority'] as number) > 5 || !Array.isArray(b['tags'])) return 'priority 1-5, tags a list'
        return null
      },
      () => ({ status: 200, body: JSON.stringify({ id: 'sPs71M8A2T', event: 'message', topic: 'companion-alerts-7f3a' }) })
    ),
    // https://pushover.net/api#messages
    service(
      (s) => {
        const f = new URLSearchParams(s.body)
        if (s.method !== 'POST' || s.url !== '/1/messages.json' || !String(s.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return `no route ${s.method} ${s.url}`
        if (f.get('token') !== APP_TOKEN || f.get('user') !== USER_KEY) return 'application token is invalid'
        if (!f.get('message') || f.get('message')!.length > 1_024 || (f.get('title') ?? '').length > 250 || !['-2', '-1', '0', '1', '2'].includes(f.get('priority') ?? '0')) return 'message, title, priority'
        return null
      },
      () => ({ status: 200, body: JSON.stringify({ status: 1, request: '647d2300-702c-4b38-8b2f-d56326ae460b' }) })
    ),
    // https://spec.matrix.org/v1.11/client-server-api/#put_matrixclientv3roomsroomidsendeventtypetxnid
    service(
      (s) => {
        const b = json(s)
        if (s.method !== 'PUT' || !s.url.startsWith(`/_matrix/client/v3/rooms/${encodeURIComponent('!ops:example.org')}/send/m.room.message/`)) return `no route ${s.method} ${s.url}`
        if (s.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return 'M_UNKNOWN_TOKEN'
        if (!['m.text', 'm.notice'].includes(b['msgtype'] as string) || typeof b['body'] !== 'string' || 'formatted_body' in b) return 'msgtype and body'
        return null
      },
      () => ({ status: 200, body: JSON.stringify({ event_id: '$YUwRidLecu:example.org' }) })
    ),
    receiver(() => ({ status: 204 })),
    receiver(() => ({ status: 204 })),
    receiver(() => ({ status: 204 }))
  ])
})
afterAll(async () => {
  await Promise.all([pagerduty, ntfy, pushover, matrix, scoped, office, elsewhere].map((r) => r?.close()))
})

function setUp(at: number, digestFacts?: () => DigestFacts) {
  const dir = tempDir()
  const { db } = openDatabase(dir.dir)
  const clock = manualClock(at)
  const delivery = new DeliveryService({ store: new OutboxStore(db), secrets: plainSecretStore, clock, random: () => 0, retry: { baseMs: 1_000 }, ...(digestFacts ? { digestFacts } : {}) })
  return { delivery, clock, close: () => (delivery.stop(), db.close(), dir.remove()) }
}
const delivered = (d: DeliveryService, alertId: string) => d.deliveries({ limit: 100, alertId }).tries.filter((t) => t.outcome === 'delivered')

describe('PagerDuty, ntfy, Pushover and Matrix', () => {
  it('each receiver sees its documented payload, once per alert change, a retry with the same id; PagerDuty is told of the acknowledgement', async () => {
    const s = setUp(SATURDAY_NOON)
    try {
      s.delivery.addChannel({ kind: 'pagerduty', name: 'on call', routingKey: ROUTING_KEY, apiBaseUrl: pagerduty.origin, minSeverity: 'warning' })
      s.delivery.addChannel({ kind: 'ntfy', name: 'phone', serverUrl: ntfy.origin, topic: 'companion-alerts-7f3a', token: NTFY_TOKEN, minSeverity: 'warning' })
      s.delivery.addChannel({ kind: 'pushover', name: 'pushover', appToken: APP_TOKEN, userKey: USER_KEY, apiBaseUrl: pushover.origin, minSeverity: 'warning' })
      s.delivery.addChannel({ kind: 'matrix', name: 'ops room', homeserverUrl: matrix.origin, roomId: '!ops:example.org', accessToken: ACCESS_TOKEN, minSeverity: 'warning' })
      s.delivery.start()
      const a = alert(1)
      expect(s.delivery.enqueue(a, 'firing')).toBe(4)
      // Each first try is answered 503: tried again after the backoff, on the test's clock.
      expect(await until(() => s.delivery.deliveries({ limit: 100 }).tries.filter((t) => t.outcome === 'retrying'), (t) => t.length === 4)).toHaveLength(4)
      s.clock.set(SATURDAY_NOON + 1_000)
      expect(await until(() => delivered(s.delivery, a.id), (t) => t.length === 4)).toHaveLength(4)
      for (const r of [pagerduty, ntfy, pushover, matrix]) expect(r.answered).toEqual([503, r === pagerduty ? 202 : 200])

      const [first, retry] = pagerduty.seen.map(json)
      expect(retry).toEqual(first)
      expect(first).toMatchObject({ routing_key: ROUTING_KEY, event_action: 'trigger', dedup_key: a.id, payload: { severity: 'critical', source: a.nodeUrl, class: 'unreachable', group: 'validator-1' } })
      expect((first!['payload'] as { summary: string }).summary).toBe('FIRING [critical] Node unreachable: validator-1')
      expect(matrix.seen[1]!.url).toBe(matrix.seen[0]!.url)
      expect(matrix.seen[0]!.url.endsWith(`/m.room.message/${encodeURIComponent(`${a.id}:firing`)}`)).toBe(true)
      expect(json(matrix.seen[1]!)).toMatchObject({ msgtype: 'm.text' })
      expect(json(ntfy.seen[1]!)).toMatchObject({ topic: 'companion-alerts-7f3a', priority: 5, tags: ['rotating_light', 'unreachable'], title: 'FIRING [critical] Node unreachable: validator-1' })
      expect(Object.fromEntries(new URLSearchParams(pushover.seen[1]!.body))).toMatchObject({ priority: '1', title: 'FIRING [critical] Node unreachable: validator-1' })

      // Acknowledged in the app: to PagerDuty alone (it stops the escalation); resolved: to all four, once.
      expect(s.delivery.enqueue({ ...a, acknowledgedAt: SATURDAY_NOON + 2_000 }, 'acknowledged')).toBe(1)
      expect(await until(() => pagerduty.seen.length, (n) => n === 3)).toBe(3)
      expect(json(pagerduty.seen[2]!)).toEqual({ routing_key: ROUTING_KEY, event_action: 'acknowledge', dedup_key: a.id })
      expect(s.delivery.enqueue({ ...a, clearedAt: SATURDAY_NOON + 3_000 }, 'resolved')).toBe(4)
      expect(await until(() => delivered(s.delivery, a.id), (t) => t.length === 9)).toHaveLength(9)
      expect(json(pagerduty.seen[3]!)).toEqual({ routing_key: ROUTING_KEY, event_action: 'resolve', dedup_key: a.id })
      expect([ntfy, pushover, matrix].map((r) => r.seen.length)).toEqual([3, 3, 3])
      expect(matrix.seen[2]!.url.endsWith(encodeURIComponent(`${a.id}:resolved`))).toBe(true)
      // A test through each: delivered; PagerDuty's opens an info incident and resolves it at once.
      for (const c of s.delivery.channels().channels) expect(await s.delivery.testChannel(c.id), c.name).toMatchObject({ delivered: true, outcome: 'delivered' })
      const [opened, closed] = pagerduty.seen.slice(4).map(json)
      expect(opened).toMatchObject({ event_action: 'trigger', payload: { severity: 'info' } })
      expect(closed).toEqual({ routing_key: ROUTING_KEY, event_action: 'resolve', dedup_key: opened!['dedup_key'] })
      expect(matrix.seen[3]!.url).toMatch(/%3Atest$/)
      expect(json(ntfy.seen[3]!)).toMatchObject({ priority: 3, tags: ['test_tube'] })
      // No secret in the list or the log.
      const shown = JSON.stringify([s.delivery.channels(), s.delivery.deliveries({ limit: 100 })])
      for (const secret of [ROUTING_KEY, NTFY_TOKEN, 'companion-alerts-7f3a', APP_TOKEN, USER_KEY, ACCESS_TOKEN]) expect(shown).not.toContain(secret)
    } finally {
      s.close()
    }
  })
})

describe('routing per channel', () => {
  it('a webhook limited to one profile and critical gets only those; outside its active hours an alert waits for them, or is left to the others', async () => {
    const s = setUp(SATURDAY_NOON)
    try {
      s.delivery.addChannel({ kind: 'webhook', name: 'p1 critical', url: `${scoped.origin}/h`, minSeverity: 'critical', routing: { profiles: ['p1'], rules: [], activeHours: null } })
      const weekdays = { timeZone: 'Europe/Paris', days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const, from: '09:00', to: '18:00' }
      s.delivery.addChannel({ kind: 'webhook', name: 'office', url: `${office.origin}/h`, minSeverity: 'warning', routing: { profiles: [], rules: [], activeHours: { ...weekdays, days: [...weekdays.days], outside: 'wait' } } })
      s.delivery.addChannel({ kind: 'webhook', name: 'office only', url: `${elsewhere.origin}/h`, minSeverity: 'warning', routing: { profiles: [], rules: [], activeHours: { ...weekdays, days: [...weekdays.days], outside: 'others' } } })
      s.delivery.start()
      const p1Critical = alert(10)
      const p1Warning = alert(11, { severity: 'warning' })
      const p2Critical = alert(12, { profileId: 'p2', profileName: 'validator-2' })
      expect([p1Critical, p1Warning, p2Critical].map((a) => s.delivery.enqueue(a, 'firing'))).toEqual([2, 1, 1])
      expect(await until(() => scoped.seen.length, (n) => n === 1)).toBe(1)
      expect(JSON.parse(scoped.seen[0]!.body)).toMatchObject({ id: p1Critical.id, state: 'firing' })

      // Saturday noon: "office" holds all three until Monday 09:00 Paris time; "office only" gets none of them.
      const waiting = s.delivery.deliveries({ limit: 100 }).pending.filter((p) => p.channelName === 'office')
      expect(waiting.map((p) => [p.alertId, p.nextAt])).toEqual([p1Critical, p1Warning, p2Critical].map((a) => [a.id, MONDAY_NINE]))
      s.clock.set(MONDAY_NINE - 1)
      expect(office.seen).toHaveLength(0)
      s.clock.set(MONDAY_NINE)
      expect(await until(() => office.seen.length, (n) => n === 3)).toBe(3)
      expect(office.seen.map((x) => JSON.parse(x.body).id)).toEqual([p1Critical, p1Warning, p2Critical].map((a) => a.id))
      // Its resolve goes where the firing went: not to "office only", which was never told.
      expect(s.delivery.enqueue({ ...p1Critical, clearedAt: MONDAY_NINE }, 'resolved')).toBe(2)
      expect(await until(() => office.seen.length + scoped.seen.length, (n) => n === 6)).toBe(6)
      expect(JSON.parse(office.seen[3]!.body)).toMatchObject({ id: p1Critical.id, state: 'resolved' })
      // Within the hours, "office only" takes a new alert at once.
      expect(s.delivery.enqueue(alert(13), 'firing')).toBe(3)
      expect(await until(() => elsewhere.seen.length, (n) => n === 1)).toBe(1)
      expect(JSON.parse(elsewhere.seen[0]!.body)).toMatchObject({ id: alert(13).id })
      expect(scoped.seen.map((x) => JSON.parse(x.body).id)).toEqual([p1Critical.id, p1Critical.id, alert(13).id])

      // The config file's channel: what it takes changed in place (same channel, nothing dropped); a new URL replaces it, secret and all.
      const before = s.delivery.channels().channels.find((c) => c.name === 'p1 critical')!
      const file = { kind: 'webhook' as const, name: 'p1 critical', url: `${scoped.origin}/h`, minSeverity: 'warning' as const, routing: { profiles: ['p1', 'p2'], rules: [], activeHours: null } }
      expect(s.delivery.ensureChannel(file)).toBe('updated')
      expect(s.delivery.ensureChannel(file)).toBe('unchanged')
      const after = s.delivery.channels().channels.find((c) => c.name === 'p1 critical')!
      expect([after.id, after.minSeverity, after.routing.profiles]).toEqual([before.id, 'warning', ['p1', 'p2']])
      expect(s.delivery.ensureChannel({ ...file, url: `${office.origin}/h` })).toBe('replaced')
    } finally {
      s.close()
    }
  })
})

describe('a message of one check (several alerts)', () => {
  it('goes to each channel with the lines it takes; its resolve where its firing went; PagerDuty gets an event per alert', async () => {
    const s = setUp(SATURDAY_NOON)
    const pd = await receiver(() => ({ status: 202, body: '{"status":"success"}' }))
    const all = await receiver(() => ({ status: 204 }))
    const critical = await receiver(() => ({ status: 204 }))
    const other = await receiver(() => ({ status: 204 }))
    try {
      s.delivery.addChannel({ kind: 'pagerduty', name: 'on call', routingKey: ROUTING_KEY, apiBaseUrl: pd.origin, minSeverity: 'warning' })
      s.delivery.addChannel({ kind: 'webhook', name: 'all', url: `${all.origin}/h`, minSeverity: 'warning' })
      s.delivery.addChannel({ kind: 'webhook', name: 'critical', url: `${critical.origin}/h`, minSeverity: 'critical' })
      s.delivery.addChannel({ kind: 'webhook', name: 'p2 only', url: `${other.origin}/h`, minSeverity: 'warning', routing: { profiles: ['p2'], rules: [], activeHours: null } })
      s.delivery.start()
      const down = alert(30)
      const peers = alert(31, { rule: 'lowPeers', severity: 'warning' })
      const line = (a: Alert, kind: 'fired' | 'resolved') => ({ alert: a, kind, firingForMs: 0 })
      const firing = { id: 'p1:check:1', state: 'firing' as const, at: SATURDAY_NOON, profileId: 'p1', profileName: 'validator-1', nodeUrl: down.nodeUrl, lines: [line(down, 'fired'), line(peers, 'fired')] }
      expect(s.delivery.enqueueMessage(firing)).toBe(3)
      expect(await until(() => [pd.seen.length, all.seen.length, critical.seen.length], (n) => n.join() === '2,1,1')).toEqual([2, 1, 1])
      expect(pd.seen.map((x) => [json(x)['event_action'], json(x)['dedup_key']])).toEqual([
        ['trigger', down.id],
        ['trigger', peers.id]
      ])
      expect((JSON.parse(all.seen[0]!.body) as { alerts: Alert[] }).alerts.map((a) => a.id)).toEqual([down.id, peers.id])
      expect((JSON.parse(critical.seen[0]!.body) as { alerts: Alert[] }).alerts.map((a) => a.id)).toEqual([down.id])
      // Resolved together: to the channels told of each line, with those lines only; never to "p2 only".
      const resolved = { ...firing, id: 'p1:check:2', state: 'resolved' as const, lines: [line({ ...down, clearedAt: SATURDAY_NOON + 1 }, 'resolved'), line({ ...peers, clearedAt: SATURDAY_NOON + 1 }, 'resolved')] }
      expect(s.delivery.enqueueMessage(resolved)).toBe(3)
      expect(await until(() => [pd.seen.length, all.seen.length, critical.seen.length], (n) => n.join() === '4,2,2')).toEqual([4, 2, 2])
      expect(pd.seen.slice(2).map((x) => [json(x)['event_action'], json(x)['dedup_key']])).toEqual([
        ['resolve', down.id],
        ['resolve', peers.id]
      ])
      expect((JSON.parse(critical.seen[1]!.body) as { alerts: Alert[] }).alerts.map((a) => a.id)).toEqual([down.id])
      expect(other.seen).toHaveLength(0)
    } finally {
      s.close()
      await Promise.all([pd.close(), all.close(), critical.close(), other.close()])
    }
  })
})

describe('the daily digest', () => {
  it('reaches each channel that asks for it at its time in its time zone, once a day, through the outbox', async () => {
    // Saturday 07:59 in Paris; the digest is at 08:00 Paris for one channel, 08:00 New York (six hours later) for another.
    const start = Date.UTC(2026, 10, 28, 6, 59)
    const facts: DigestFacts = { profiles: [], open: [alert(20)], recent: [], silenced: [] }
    const s = setUp(start, () => facts)
    const ny = await receiver(() => ({ status: 204 }))
    const late = await receiver(() => ({ status: 204 }))
    try {
      s.delivery.addChannel({ kind: 'webhook', name: 'paris', url: `${office.origin}/digest`, minSeverity: 'warning', digest: { at: '08:00', timeZone: 'Europe/Paris' } })
      s.delivery.addChannel({ kind: 'webhook', name: 'new york', url: `${ny.origin}/digest`, minSeverity: 'warning', digest: { at: '08:00', timeZone: 'America/New_York' } })
      s.delivery.addChannel({ kind: 'webhook', name: 'no digest', url: `${elsewhere.origin}/digest`, minSeverity: 'warning' })
      s.delivery.start()
      const before = [office.seen.length, elsewhere.seen.length]
      s.clock.set(start + 60_000)
      const got = await until(() => office.seen.slice(before[0]), (x) => x.length === 1)
      expect(got).toHaveLength(1)
      const body = JSON.parse(got[0]!.body) as Record<string, unknown>
      expect(body).toMatchObject({ id: 'digest:2026-11-28', state: 'digest', title: 'Daily digest of Node Operator Companion, 2026-11-28' })
      expect(body['message']).toContain('Open now: 1: validator-1 unreachable')
      expect(ny.seen).toHaveLength(0)
      s.clock.set(Date.UTC(2026, 10, 28, 13, 0))
      expect(await until(() => ny.seen.length, (n) => n === 1)).toBe(1)
      // A channel that asks at 16:00 for a digest at 15:00 gets its first the next day at 15:00, not one late.
      s.clock.set(Date.UTC(2026, 10, 28, 15, 0))
      s.delivery.addChannel({ kind: 'webhook', name: 'late', url: `${late.origin}/digest`, minSeverity: 'warning', digest: { at: '15:00', timeZone: 'Europe/Paris' } })
      // The next day's comes the next day; none to the channel that did not ask.
      s.clock.set(Date.UTC(2026, 10, 29, 6, 59, 59))
      expect(office.seen.length - before[0]!).toBe(1)
      s.clock.set(Date.UTC(2026, 10, 29, 7, 0))
      const next = await until(() => office.seen.slice(before[0]), (x) => x.length === 2)
      expect(JSON.parse(next[1]!.body)).toMatchObject({ id: 'digest:2026-11-29' })
      expect([late.seen.length, s.delivery.deliveries({ limit: 10, channelId: s.delivery.channels().channels.find((c) => c.name === 'late')!.id }).pending]).toEqual([0, []])
      s.clock.set(Date.UTC(2026, 10, 29, 14, 0))
      expect(await until(() => late.seen.map((x) => JSON.parse(x.body).id), (ids) => ids.length === 1)).toEqual(['digest:2026-11-29'])
      expect(elsewhere.seen.length).toBe(before[1])
    } finally {
      s.close()
      await Promise.all([ny.close(), late.close()])
    }
  })
})
