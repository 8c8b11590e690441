import { describe, expect, it } from 'vitest'
import { alertKey } from '../../src/main/cache/alert-store'
import { DEFAULT_COOLDOWN_MS, evaluateRules, samplesNeeded } from '../../src/main/services/alerts/rules'
import { majorityVersion } from '../../src/main/services/watch/versions'
import { ALERT_RULE_INFO, ALERT_RULES, stepsText, type Alert, type AlertRule, type RuleSetting, type WatchSample, type WatchedValidator } from '../../src/shared/contract'

const profile = { id: 'p1', name: 'validator-1', nodeUrl: 'http://10.0.0.1:9650' }
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'
const T0 = Date.UTC(2026, 10, 25)

function sample(at: number, patch: Partial<WatchSample> = {}): WatchSample {
  return { profileId: 'p1', at, reachable: true, healthy: true, failingChecks: [], bootstrapped: { P: true, X: true, C: true }, ...patch }
}
const down = (at: number): WatchSample => sample(at, { reachable: false, error: 'connection refused', failingChecks: [], bootstrapped: { P: null, X: null, C: null }, healthy: undefined })
const validator = (patch: Partial<WatchedValidator> = {}): WatchedValidator => ({ nodeID: NODE, subnetID: null, validating: true, connected: true, uptime: '99.5000', ...patch })

// Each rule's condition on its own: fires on the first check that sees it (the "for N checks" defaults are tested apart).
const defaults = (): RuleSetting[] => ALERT_RULES.map((rule) => ({ rule, enabled: true, threshold: ALERT_RULE_INFO[rule].threshold?.default ?? null, forChecks: 1 }))
function withRule(rule: AlertRule, patch: Partial<RuleSetting>): RuleSetting[] {
  return defaults().map((r) => (r.rule === rule ? { ...r, ...patch } : r))
}

function run(samples: WatchSample[], open: Alert[] = [], lastFiredAt: ReadonlyMap<string, number> = new Map(), rules = defaults()) {
  return evaluateRules({ profile, samples, rules, open, lastFiredAt, cooldownMs: DEFAULT_COOLDOWN_MS })
}
const rulesOf = (alerts: Alert[]) => alerts.map((a) => [a.rule, a.subject])

describe('alert rules: the node', () => {
  it('unreachable fires after N consecutive failed checks (default 3), not before', () => {
    expect(run([sample(0), down(MIN), down(2 * MIN)]).fired).toEqual([])
    const { fired } = run([down(MIN), down(2 * MIN), down(3 * MIN)])
    expect(fired).toEqual([
      {
        id: `p1:unreachable::${3 * MIN}`,
        profileId: 'p1',
        profileName: 'validator-1',
        nodeUrl: 'http://10.0.0.1:9650',
        rule: 'unreachable',
        subject: null,
        severity: 'critical',
        message: 'validator-1 (http://10.0.0.1:9650): the node did not answer 3 checks in a row: connection refused',
        firedAt: 3 * MIN,
        clearedAt: null,
        acknowledgedAt: null
      }
    ])
    expect(rulesOf(run([down(MIN)], [], new Map(), withRule('unreachable', { threshold: 1 })).fired)).toEqual([['unreachable', null]])
    expect(samplesNeeded(withRule('unreachable', { threshold: 7 }))).toBe(8)
  })

  it('clears an open alert when the node answers again, and does not fire it twice while open', () => {
    const open = run([down(0), down(MIN), down(2 * MIN)]).fired
    expect(run([down(MIN), down(2 * MIN), down(3 * MIN)], open).fired).toEqual([])
    const { cleared, fired } = run([down(2 * MIN), down(3 * MIN), sample(4 * MIN)], open)
    expect(fired).toEqual([])
    expect(cleared).toEqual([{ ...open[0]!, clearedAt: 4 * MIN }])
  })

  it('waits out the cooldown (default 1 h) before the same rule and subject fire again', () => {
    const last = new Map([[alertKey('unreachable', null), 3 * MIN]])
    expect(run([down(10 * MIN), down(11 * MIN), down(12 * MIN)], [], last).fired).toEqual([])
    expect(run([down(70 * MIN), down(71 * MIN), down(72 * MIN)], [], last).fired.map((a) => a.firedAt)).toEqual([72 * MIN])
  })

  it('a rule turned off fires nothing and clears what it had open', () => {
    const open = run([down(0), down(MIN), down(2 * MIN)]).fired
    const off = withRule('unreachable', { enabled: false })
    expect(run([down(MIN), down(2 * MIN), down(3 * MIN)], [], new Map(), off).fired).toEqual([])
    expect(rulesOf(run([down(3 * MIN)], open, new Map(), off).cleared)).toEqual([['unreachable', null]])
  })

  it('health failing names the failing checks; unknown health (API off, node down) says nothing either way', () => {
    const bad = sample(0, { healthy: false, failingChecks: ['bootstrapped', 'network'] })
    const { fired } = run([bad])
    expect(fired[0]).toMatchObject({ rule: 'unhealthy', severity: 'warning' })
    expect(fired[0]!.message).toContain('failing health checks: bootstrapped, network')
    expect(rulesOf(run([bad, sample(MIN)], fired).cleared)).toEqual([['unhealthy', null]])
    expect(run([sample(MIN, { healthy: undefined })], fired)).toEqual({ fired: [], cleared: [] })
    expect(run([down(MIN)], fired)).toEqual({ fired: [], cleared: [] })
  })

  it('not bootstrapped names the chains; unknown chains are not counted', () => {
    const { fired } = run([sample(0, { bootstrapped: { P: true, X: false, C: false } })])
    expect(fired.map((a) => a.message)).toEqual(['validator-1 (http://10.0.0.1:9650): the node has not finished bootstrapping: X-Chain, C-Chain'])
    expect(run([sample(0, { bootstrapped: { P: null, X: null, C: null } })]).fired).toEqual([])
    expect(run([sample(MIN, { bootstrapped: { P: true, X: null, C: true } })], fired).cleared.map((a) => a.clearedAt)).toEqual([MIN])
  })

  it('few peers: under the threshold (default 5), with the count in words; unknown peers say nothing', () => {
    expect(run([sample(0, { peers: 5 })]).fired).toEqual([])
    const { fired } = run([sample(0, { peers: 2 })])
    expect(fired.map((a) => a.message)).toEqual(['validator-1 (http://10.0.0.1:9650): the node has 2 peers, fewer than 5'])
    expect(run([sample(0, { peers: 20 })], [], new Map(), withRule('lowPeers', { threshold: 50 })).fired.map((a) => a.rule)).toEqual(['lowPeers'])
    expect(run([sample(0)]).fired).toEqual([])
  })

  it("version behind its peers' majority, and below the operator's minimum (none set: nothing)", () => {
    const behind = sample(0, { version: 'avalanchego/1.13.0', peersMajorityVersion: 'avalanchego/1.13.2' })
    expect(run([behind]).fired.map((a) => a.message)).toEqual(['validator-1 (http://10.0.0.1:9650): the node runs avalanchego/1.13.0; most of its peers run avalanchego/1.13.2'])
    expect(run([sample(0, { version: 'avalanchego/1.13.2', peersMajorityVersion: 'avalanchego/1.13.2' })]).fired).toEqual([])
    const min = withRule('versionBelowMin', { threshold: '1.14.0' })
    expect(run([sample(0, { version: 'avalanchego/1.13.2' })], [], new Map(), min).fired.map((a) => a.message)).toEqual([
      'validator-1 (http://10.0.0.1:9650): the node runs avalanchego/1.13.2, below 1.14.0: upgrade it'
    ])
    expect(run([sample(0, { version: 'avalanchego/1.14.0' })], [], new Map(), min).fired).toEqual([])
    expect(run([sample(0, { version: 'avalanchego/1.0.0' })]).fired).toEqual([])
  })

  it('majority version: the most common readable one, ties to the newer', () => {
    expect(majorityVersion(['avalanchego/1.13.2', 'avalanchego/1.13.2', 'avalanchego/1.13.0', 'garbage'])).toBe('avalanchego/1.13.2')
    expect(majorityVersion(['avalanchego/1.12.0', 'avalanchego/1.13.0'])).toBe('avalanchego/1.13.0')
    expect(majorityVersion(['x'])).toBeUndefined()
  })

  it('no samples: nothing', () => {
    expect(run([])).toEqual({ fired: [], cleared: [] })
  })
})

describe('alert rules: the validators', () => {
  it('not connected: one alert per validator, naming it; connected again clears it', () => {
    const other = 'NodeID-GWPcbFJZFfZreETSoWjPimr846mXEKCtu'
    const { fired } = run([sample(0, { validators: [validator({ connected: false }), validator({ nodeID: other })] })])
    expect(fired.map((a) => [a.rule, a.subject, a.severity])).toEqual([['validatorNotConnected', NODE, 'critical']])
    expect(fired[0]!.message).toContain(`validator ${NODE} is not connected`)
    expect(rulesOf(run([sample(MIN, { validators: [validator()] })], fired).cleared)).toEqual([['validatorNotConnected', NODE]])
    // The node unreachable: it cannot tell, and the alert stays open.
    expect(run([down(MIN)], fired).cleared).toEqual([])
  })

  it("uptime under the threshold (default 80 %); for the node's own NodeID its peers' view decides where exported", () => {
    expect(run([sample(0, { validators: [validator({ uptime: '80.0000' })] })]).fired).toEqual([])
    const low = run([sample(0, { validators: [validator({ uptime: '79.9000' })] })]).fired
    expect(low.map((a) => a.message)).toEqual([`validator-1 (http://10.0.0.1:9650): validator ${NODE} has 79.90 % uptime as this node sees it, under 80.00 % (the network's requirement for this validator)`])
    const own = sample(0, { nodeId: NODE, validators: [validator({ uptime: '100.0000' })], metrics: { uptimeWeightedAverage: 71.5, acceptedBlocks: {} } })
    expect(run([own]).fired.map((a) => a.message)).toEqual([`validator-1 (http://10.0.0.1:9650): validator ${NODE} has 71.50 % uptime as its peers see it, under 80.00 % (the network's requirement for this validator)`])
    expect(run([own], [], new Map(), withRule('uptimeLow', { threshold: 70 })).fired).toEqual([])
    // Just under: the digits that keep it under, not "80.00 % …, under 80.00 %" (the node's 4 decimals, its peers' float).
    const justUnder = run([sample(0, { validators: [validator({ uptime: '79.9960' })] })]).fired
    expect(justUnder[0]!.message).toContain(`has 79.996 % uptime as this node sees it, under 80.00 %`)
    const peersJustUnder = sample(0, { nodeId: NODE, validators: [validator({ uptime: '100.0000' })], metrics: { uptimeWeightedAverage: 79.9999, acceptedBlocks: {} } })
    expect(run([peersJustUnder]).fired[0]!.message).toContain(`has 79.9999 % uptime as its peers see it, under 80.00 %`)
  })

  it('left the current set: only a validator seen validating before; it stays open while out', () => {
    const out = validator({ validating: false, connected: undefined, uptime: undefined })
    expect(run([sample(0, { validators: [out] })]).fired).toEqual([])
    const { fired } = run([sample(0, { validators: [validator()] }), sample(MIN, { validators: [out] })])
    expect(rulesOf(fired)).toEqual([['validatorLeftSet', NODE]])
    expect(run([sample(2 * MIN, { validators: [out] })], fired)).toEqual({ fired: [], cleared: [] })
    expect(rulesOf(run([sample(3 * MIN, { validators: [validator()] })], fired).cleared)).toEqual([['validatorLeftSet', NODE]])
  })

  it('stake ending: one alert per step, a warning at 7 days, critical at 1 day and 1 hour, each saying its step; a renewed stake clears them', () => {
    const ends = (left: number) => sample(T0, { validators: [validator({ endTime: String((T0 + left) / 1_000) })] })
    expect(run([ends(8 * DAY)]).fired).toEqual([])
    const week = run([ends(6 * DAY)]).fired
    expect(week.map((a) => [a.subject, a.severity])).toEqual([[`${NODE}:7d`, 'warning']])
    expect(week[0]!.message).toContain(`the stake of validator ${NODE} ends in 6 d 0 h (2026-12-01 00:00:00 UTC) · under 7 days: warning`)
    const day = run([ends(20 * HOUR)], week).fired
    expect(day.map((a) => [a.subject, a.severity])).toEqual([[`${NODE}:1d`, 'critical']])
    expect(day[0]!.message).toContain('ends in 20 h 00 min (2026-11-25 20:00:00 UTC) · under 1 day: critical')
    // The rules list says the same steps as the alerts.
    expect(ALERT_RULE_INFO.stakeEnding.title).toBe('Stake ending (warning at 7 days; critical at 1 day and 1 hour)')
    expect(stepsText(ALERT_RULE_INFO.stakeEnding.steps!)).toBe('warning at 7 days; critical at 1 day and 1 hour')
    const hour = run([ends(30 * MIN)], [...week, ...day]).fired
    expect(hour.map((a) => [a.subject, a.severity])).toEqual([[`${NODE}:1h`, 'critical']])
    expect(hour[0]!.message).toContain('ends in 30 min')
    expect(run([ends(30 * DAY)], [...week, ...day, ...hour]).cleared.map((a) => a.subject)).toEqual([`${NODE}:7d`, `${NODE}:1d`, `${NODE}:1h`])
  })

  it('L1 balance runway: balance over the fee rate, exact; under 7 days a warning, under 1 day critical; no fee rate: nothing', () => {
    const l1 = (balance: string, l1FeeRate?: string) =>
      sample(0, { validators: [validator({ subnetID: 'sub', validationID: 'val1', balance, connected: undefined, uptime: undefined })], ...(l1FeeRate ? { l1FeeRate } : {}) })
    // 512 nAVAX a second: 7 days is 309,657,600 nAVAX.
    expect(run([l1('309657600', '512')]).fired).toEqual([])
    const week = run([l1('309657599', '512')]).fired
    expect(week.map((a) => [a.subject, a.severity])).toEqual([['val1:7d', 'warning']])
    expect(week[0]!.message).toContain('has 0.309657599 AVAX left: about 6 d 23 h of fees')
    expect(run([l1('44236799', '512')]).fired.map((a) => [a.subject, a.severity])).toEqual([
      ['val1:7d', 'warning'],
      ['val1:1d', 'critical']
    ])
    expect(run([l1('1')]).fired).toEqual([])
    expect(run([l1('1', '0')]).fired).toEqual([])
    // Beyond 2^53 the division is still exact.
    expect(run([l1('18446744073709551615', '512')]).fired).toEqual([])
  })
})
