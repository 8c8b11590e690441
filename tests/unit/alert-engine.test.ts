/**
 * The path from a check's outcome to what is handed to delivery (issue 34): "for N checks" before a rule
 * fires, inhibition (an unreachable node holds back its other alerts, naming the cause), one message per
 * check of a node with a line per alert (resolutions too), repeats after the interval saying how long the
 * alert has fired, and the words each channel sends for such a message.
 */
import { describe, expect, it } from 'vitest'
import { dispatch, type DispatchInput } from '../../src/main/services/alerts/dispatch'
import { appHoldReason, holdsOf, type HoldReason } from '../../src/main/services/alerts/hold'
import { DEFAULT_COOLDOWN_MS, evaluateRules, samplesNeeded } from '../../src/main/services/alerts/rules'
import { body, headline, plainText } from '../../src/main/services/alerts/channels/message'
import type { Notice } from '../../src/main/services/alerts/channels/types'
import { ALERT_RULE_INFO, ALERT_RULES, forChecksOf, type Alert, type AlertRule, type RuleSetting, type WatchSample } from '../../src/shared/contract'

const MIN = 60_000
const HOUR = 60 * MIN
const T0 = Date.UTC(2026, 10, 25)
const profile = { id: 'p1', name: 'validator-1', nodeUrl: 'http://10.0.0.1:9650' }

function alert(rule: AlertRule, firedAt: number, patch: Partial<Alert> = {}): Alert {
  return {
    id: `p1:${rule}::${firedAt}`,
    profileId: 'p1',
    profileName: 'validator-1',
    nodeUrl: profile.nodeUrl,
    rule,
    subject: null,
    severity: ALERT_RULE_INFO[rule].severity,
    message: `validator-1 (${profile.nodeUrl}): ${rule} is wrong`,
    firedAt,
    clearedAt: null,
    acknowledgedAt: null,
    ...patch
  }
}

const quietNone = { quietAt: () => ({ silences: [], windows: [] }) }
const holds: HoldReason = appHoldReason(quietNone)
const run = (patch: Partial<DispatchInput> & Pick<DispatchInput, 'at' | 'open'>) => dispatch({ profile, cleared: [], notifiedAt: new Map(), hold: holds, ...patch })

describe('pending: a rule fires after its condition held for its "for N checks"', () => {
  const ok = (at: number, patch: Partial<WatchSample> = {}): WatchSample => ({
    profileId: 'p1',
    at,
    reachable: true,
    healthy: true,
    failingChecks: [],
    bootstrapped: { P: true, X: true, C: true },
    peers: 20,
    ...patch
  })
  const sick = (at: number) => ok(at, { healthy: false, failingChecks: ['C'] })
  const rules = (): RuleSetting[] => ALERT_RULES.map((rule) => ({ rule, enabled: true, threshold: ALERT_RULE_INFO[rule].threshold?.default ?? null, forChecks: forChecksOf(rule) }))
  const fired = (samples: WatchSample[], settings = rules()) =>
    evaluateRules({ profile, samples, rules: settings, open: [], lastFiredAt: new Map(), cooldownMs: DEFAULT_COOLDOWN_MS }).fired.map((a) => a.rule)

  it('one bad sample does not fire; two in a row do (unhealthy: 2); a good one between starts again', () => {
    expect(forChecksOf('unhealthy')).toBe(2)
    expect(fired([ok(T0), sick(T0 + MIN)])).toEqual([])
    expect(fired([ok(T0), sick(T0 + MIN), sick(T0 + 2 * MIN)])).toEqual(['unhealthy'])
    expect(fired([sick(T0), ok(T0 + MIN), sick(T0 + 2 * MIN)])).toEqual([])
    // an unknown check between (the node did not answer) does not count as one that held
    expect(fired([sick(T0), ok(T0 + MIN, { reachable: false, healthy: undefined }), sick(T0 + 2 * MIN)])).toEqual([])
  })

  it('few peers waits for 3 checks by default, and a rule set to 1 fires at once; unreachable keeps its threshold of 3', () => {
    const few = (at: number) => ok(at, { peers: 2 })
    expect(fired([ok(T0), few(T0 + MIN), few(T0 + 2 * MIN)])).toEqual([])
    expect(fired([few(T0), few(T0 + MIN), few(T0 + 2 * MIN)])).toEqual(['lowPeers'])
    const once = rules().map((r) => (r.rule === 'lowPeers' ? { ...r, forChecks: 1 } : r))
    expect(fired([ok(T0), few(T0 + MIN)], once)).toEqual(['lowPeers'])
    expect(forChecksOf('unreachable', 5)).toBe(1)
    expect(forChecksOf('stakeEnding')).toBe(1)
    expect(samplesNeeded(rules().map((r) => (r.rule === 'lowPeers' ? { ...r, forChecks: 9 } : r)))).toBe(10)
  })
})

describe('inhibition and holds', () => {
  it('an unreachable node holds back its other alerts, naming the cause; not bootstrapped holds back not connected', () => {
    const down = alert('unreachable', T0 + 10 * MIN)
    const sick = alert('unhealthy', T0)
    const lost = alert('validatorNotConnected', T0, { subject: 'NodeID-A' })
    const stake = alert('stakeEnding', T0, { subject: 'NodeID-A:7d', severity: 'warning' })
    const list = holdsOf([down, sick, lost, stake], holds, T0 + 11 * MIN)
    expect(list).toEqual([
      { alertId: sick.id, kind: 'inhibited', by: down.id, text: 'inhibited by “Node unreachable” since 2026-11-25 00:10:00 UTC' },
      { alertId: lost.id, kind: 'inhibited', by: down.id, text: 'inhibited by “Node unreachable” since 2026-11-25 00:10:00 UTC' }
    ])
    const booting = alert('notBootstrapped', T0)
    expect(holdsOf([booting, lost], holds, T0)).toEqual([{ alertId: lost.id, kind: 'inhibited', by: booting.id, text: 'inhibited by “Not bootstrapped” since 2026-11-25 00:00:00 UTC' }])
    // another profile's unreachable inhibits nothing here
    expect(holdsOf([{ ...down, profileId: 'p2', id: 'p2:unreachable' }, sick], holds, T0)).toEqual([])
  })

  it('a silenced alert is held as silenced, naming the silence, while it lasts', () => {
    const silence = { id: 's1', profileId: 'p1', rule: 'lowPeers', subject: null, startsAt: T0 - HOUR, endsAt: T0 + HOUR, reason: 'upgrade', createdBy: 'ops' }
    const silenced = appHoldReason({ quietAt: () => ({ silences: [silence], windows: [] }) })
    const few = alert('lowPeers', T0)
    expect(holdsOf([few], silenced, T0)).toEqual([{ alertId: few.id, kind: 'silenced', by: 's1', text: 'silenced by ops: upgrade' }])
    expect(holdsOf([few], silenced, T0 + HOUR)).toEqual([])
  })
})

describe('dispatch: one message per check of a node', () => {
  it('what one check fires goes as one message, the most severe first, with the lone alert keeping its own id', () => {
    const at = T0 + 2 * MIN
    const sick = alert('unhealthy', at)
    const lost = alert('validatorNotConnected', at, { subject: 'NodeID-A' })
    const out = run({ at, open: [sick, lost] })
    expect(out.messages).toHaveLength(1)
    expect(out.messages[0]).toMatchObject({ id: `p1:check:${at}`, state: 'firing', at, profileName: 'validator-1' })
    expect(out.messages[0]!.lines.map((l) => [l.alert.rule, l.kind, l.firingForMs])).toEqual([
      ['validatorNotConnected', 'fired', 0],
      ['unhealthy', 'fired', 0]
    ])
    expect(out.sent.sort()).toEqual([sick.id, lost.id].sort())
    expect(run({ at, open: [sick] }).messages[0]!.id).toBe(sick.id)
  })

  it('an unreachable node: one message with the unreachable alert; its other open alerts held, not repeated, and sent once it answers if they still fire', () => {
    const sick = alert('unhealthy', T0)
    const lost = alert('validatorNotConnected', T0, { subject: 'NodeID-A' })
    const at = T0 + 25 * HOUR
    const down = alert('unreachable', at)
    const notifiedAt = new Map<string, number | null>([
      [sick.id, T0],
      [lost.id, T0]
    ])
    const out = run({ at, open: [sick, lost, down], notifiedAt })
    expect(out.messages.map((m) => [m.id, m.lines.map((l) => l.alert.rule)])).toEqual([[down.id, ['unreachable']]])
    expect([...out.held.keys()].sort()).toEqual([sick.id, lost.id].sort())
    // Back: unreachable resolved; the two still fire, last sent a day ago: each goes again, saying for how long.
    const back = at + 5 * MIN
    const again = run({ at: back, open: [sick, lost], cleared: [{ ...down, clearedAt: back }], notifiedAt: new Map([...notifiedAt, [down.id, at]]) })
    expect(again.messages.map((m) => [m.state, m.lines.map((l) => [l.alert.rule, l.kind])])).toEqual([
      ['firing', [['validatorNotConnected', 'repeat'], ['unhealthy', 'repeat']]],
      ['resolved', [['unreachable', 'resolved']]]
    ])
    expect(again.messages[1]!.id).toBe(down.id)
  })

  it('repeats after 4 h for critical and 24 h for warning, from when it was last sent; a resolution only of what was sent', () => {
    const lost = alert('validatorNotConnected', T0, { subject: 'NodeID-A' })
    const sick = alert('unhealthy', T0)
    const sent = new Map<string, number | null>([
      [lost.id, T0],
      [sick.id, T0]
    ])
    expect(run({ at: T0 + 4 * HOUR - 1, open: [lost, sick], notifiedAt: sent }).messages).toEqual([])
    const four = run({ at: T0 + 4 * HOUR, open: [lost, sick], notifiedAt: sent })
    expect(four.messages.map((m) => [m.id, m.lines.map((l) => [l.alert.rule, l.kind, l.firingForMs])])).toEqual([
      [`${lost.id}:repeat:${T0 + 4 * HOUR}`, [['validatorNotConnected', 'repeat', 4 * HOUR]]]
    ])
    expect(run({ at: T0 + 24 * HOUR, open: [sick], notifiedAt: sent }).messages[0]!.lines[0]!.kind).toBe('repeat')
    // Never sent (held all along): its resolution is not sent either.
    const cleared = run({ at: T0 + MIN, open: [], cleared: [{ ...sick, clearedAt: T0 + MIN }], notifiedAt: new Map([[sick.id, null]]) })
    expect(cleared.messages).toEqual([])
  })

  it('a lifecycle notice is sent once and its clearing is not: it tells of a moment, it was never a condition', () => {
    const note = alert('lifecycle', T0, { severity: 'info', subject: 'bootstrapped' })
    expect(run({ at: T0, open: [note] }).messages.map((m) => m.state)).toEqual(['firing'])
    const later = run({ at: T0 + MIN, open: [], cleared: [{ ...note, clearedAt: T0 + MIN }], notifiedAt: new Map([[note.id, T0]]) })
    expect(later.messages).toEqual([])
  })
})

describe('the words of a message of several alerts', () => {
  const at = T0 + 5 * HOUR
  const lines = [
    { alert: alert('validatorNotConnected', T0, { subject: 'NodeID-A', message: 'validator-1: validator NodeID-A is not connected' }), kind: 'repeat' as const, firingForMs: 5 * HOUR },
    { alert: alert('unhealthy', at, { message: 'validator-1: the node reports failing health checks: C' }), kind: 'fired' as const, firingForMs: 0 }
  ]
  const notice: Notice = { alert: lines[0]!.alert, lines, state: 'firing', deliveryId: `p1:check:${at}:firing`, channelName: 'ops' }

  it('a summary title and a line per alert, saying how long a repeated one has fired', () => {
    expect(headline(notice)).toBe('FIRING 2 alerts [critical] on validator-1: Validator not connected, Health check failing')
    expect(body(notice)).toBe(
      '• [critical] Validator not connected: validator-1: validator NodeID-A is not connected (firing for 5 h 00 min)\n• [warning] Health check failing: validator-1: the node reports failing health checks: C'
    )
    expect(plainText(notice)).toContain('Alert id: p1:check:')
    const lone: Notice = { ...notice, lines: [lines[0]!], deliveryId: 'x:firing' }
    expect(headline(lone)).toBe('STILL FIRING [critical] Validator not connected: validator-1, firing for 5 h 00 min')
    expect(plainText(lone)).toContain('Firing for: 5 h 00 min')
  })
})
