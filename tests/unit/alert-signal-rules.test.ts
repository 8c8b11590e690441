import { describe, expect, it } from 'vitest'
import { DEFAULT_COOLDOWN_MS, evaluateRules } from '../../src/main/services/alerts/rules'
import { increase } from '../../src/main/services/alerts/series'
import { ALERT_RULE_INFO, ALERT_RULES, SEVERITIES, atLeast, severityRank, uptimeRequirement, type Alert, type AlertRule, type RuleSetting, type WatchSample } from '../../src/shared/contract'

const profile = { id: 'p1', name: 'validator-1', nodeUrl: 'http://10.0.0.1:9650', network: 'mainnet' }
const MIN = 60_000
const HOUR = 60 * MIN
const T0 = Date.UTC(2026, 10, 25)
const NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'
const GIB = 1024 ** 3

function sample(at: number, patch: Partial<WatchSample> = {}): WatchSample {
  return { profileId: 'p1', at, reachable: true, healthy: true, failingChecks: [], bootstrapped: { P: true, X: true, C: true }, ...patch }
}
const polls = (at: number, successful: number, failed: number): WatchSample => sample(at, { metrics: { acceptedBlocks: {}, polls: { C: { successful, failed } } } })
/** Each rule on its own verdict ("for N checks" is the pending tests' own: 1 here). */
const rules = (on: AlertRule[] = []): RuleSetting[] =>
  ALERT_RULES.map((rule) => ({ rule, enabled: on.includes(rule) || ALERT_RULE_INFO[rule].offByDefault !== true, threshold: ALERT_RULE_INFO[rule].threshold?.default ?? null, forChecks: 1 }))
function run(samples: WatchSample[], opts: { open?: Alert[]; rules?: RuleSetting[]; network?: string } = {}) {
  return evaluateRules({ profile: { ...profile, network: opts.network ?? 'mainnet' }, samples, rules: opts.rules ?? rules(), open: opts.open ?? [], lastFiredAt: new Map(), cooldownMs: DEFAULT_COOLDOWN_MS })
}
const fired = (samples: WatchSample[], rule: AlertRule, opts: Parameters<typeof run>[1] = {}) => run(samples, opts).fired.filter((a) => a.rule === rule)
const said = (alerts: Alert[]) => alerts.map((a) => `${a.subject} ${a.severity}: ${a.message.replace(/^validator-1 \(http:\/\/10\.0\.0\.1:9650\): /, '')}`)

describe('severity', () => {
  it('info < warning < critical, one rank for every filter', () => {
    expect(SEVERITIES.map(severityRank)).toEqual([0, 1, 2])
    expect(atLeast('critical', 'warning')).toBe(true)
    expect(atLeast('info', 'warning')).toBe(false)
    expect(atLeast('warning', 'warning')).toBe(true)
  })
})

describe('query success rate per chain, from the polls counters over 10 minutes', () => {
  it('warning under 95 %, critical under 90 %, with the node\'s own numbers', () => {
    const good = [polls(T0, 10_000, 100), polls(T0 + 5 * MIN, 11_000, 110)]
    expect(fired(good, 'querySuccess')).toEqual([])
    const slipping = [polls(T0, 10_000, 100), polls(T0 + 5 * MIN, 10_930, 170)]
    expect(said(fired(slipping, 'querySuccess'))).toEqual([`C:95 warning: the C-Chain's query success rate over the last 10 min is 93.00 % (930 of 1000 polls successful), under 95 %: warning`])
    const failing = [polls(T0, 10_000, 100), polls(T0 + 5 * MIN, 10_850, 250)]
    expect(fired(failing, 'querySuccess').map((a) => [a.subject, a.severity])).toEqual([
      ['C:95', 'warning'],
      ['C:90', 'critical']
    ])
  })

  it('a counter reset (the node restarted) counts what it polled since, never a difference across the restart', () => {
    // 99 % successful before; after the restart the counters start again from a few hundred, 99 % successful too.
    const restarted = [polls(T0, 100_000, 1_000), polls(T0 + 2 * MIN, 101_000, 1_010), sample(T0 + 3 * MIN, { reachable: false }), polls(T0 + 4 * MIN, 495, 5)]
    expect(fired(restarted, 'querySuccess')).toEqual([])
    expect(increase([100_000, 101_000, 495])).toBe(1_495)
  })

  it('looks only at the window, and says nothing with too few polls', () => {
    // A bad stretch 20 minutes ago is out of the window.
    const old = [polls(T0, 1_000, 0), polls(T0 + 10 * MIN, 1_000, 900), polls(T0 + 25 * MIN, 1_000, 900), polls(T0 + 30 * MIN, 2_000, 910)]
    expect(fired(old, 'querySuccess')).toEqual([])
    expect(fired([polls(T0, 10, 0), polls(T0 + MIN, 12, 8)], 'querySuccess')).toEqual([])
  })
})

describe('bad blocks: rejected blocks per chain over the last hour', () => {
  const rejected = (at: number, n: number) => sample(at, { metrics: { acceptedBlocks: {}, rejectedBlocks: { C: n, P: 0 } } })
  it('fires at the threshold (default 5), counting across a restart; settable', () => {
    expect(fired([rejected(T0, 2), rejected(T0 + 30 * MIN, 6)], 'badBlocks')).toEqual([])
    expect(said(fired([rejected(T0, 2), rejected(T0 + 30 * MIN, 7)], 'badBlocks'))).toEqual([
      'C warning: the C-Chain rejected 5 blocks in the last hour (threshold 5): its VM refuses blocks others propose'
    ])
    // 2 → 4 then the node restarts and rejects 3 more: 5.
    expect(fired([rejected(T0, 2), rejected(T0 + 10 * MIN, 4), rejected(T0 + 20 * MIN, 3)], 'badBlocks').map((a) => a.subject)).toEqual(['C'])
    const ten = rules().map((r) => (r.rule === 'badBlocks' ? { ...r, threshold: 10 } : r))
    expect(fired([rejected(T0, 2), rejected(T0 + 30 * MIN, 7)], 'badBlocks', { rules: ten })).toEqual([])
    // Older than an hour does not count.
    expect(fired([rejected(T0, 0), rejected(T0 + 5 * MIN, 9), rejected(T0 + 70 * MIN, 9)], 'badBlocks')).toEqual([])
  })
})

describe('disk: the share free and the runway to the node\'s shutdown threshold', () => {
  const disk = (at: number, availableBytes: number, availablePercent?: number) => sample(at, { disk: { availableBytes, ...(availablePercent !== undefined ? { availablePercent } : {}) } })
  it('warning under 20 % free, critical under 10 %', () => {
    expect(fired([disk(T0, 300 * GIB, 30)], 'diskSpace')).toEqual([])
    expect(said(fired([disk(T0, 150 * GIB, 15)], 'diskSpace'))).toEqual([
      'disk:20 warning: the node\'s database volume has 15.00 % free (150.0 GiB), under 20 %: warning (the node reports itself unhealthy under 10 % and shuts down under 3 %)'
    ])
    expect(fired([disk(T0, 80 * GIB, 8)], 'diskSpace').map((a) => [a.subject, a.severity])).toEqual([
      ['disk:20', 'warning'],
      ['disk:10', 'critical']
    ])
    // Bytes only (older nodes): no share to judge.
    expect(fired([disk(T0, GIB)], 'diskSpace')).toEqual([])
  })

  it('the runway: the trend of the kept samples to 3 % free (or 512 MiB on older nodes)', () => {
    // 1,000 GiB volume at 30 % free, losing 10 GiB an hour: (300 - 30) GiB / 10 GiB per h = 27 h to 3 %.
    const filling = [0, 1, 2, 3].map((h) => disk(T0 + h * HOUR, (330 - 10 * h) * GIB, (330 - 10 * h) / 10))
    expect(said(fired(filling, 'diskRunway'))).toEqual([
      "disk:7d warning: the node's database volume loses about 240.0 GiB a day (trend of the last 3 h 00 min); 300.0 GiB free: about 27 h 00 min until 3 % free, where the node shuts down · under 7 days: warning"
    ])
    // Twice as fast: 13.5 h, under a day too.
    const fast = [0, 1, 2, 3].map((h) => disk(T0 + h * HOUR, (360 - 20 * h) * GIB, (360 - 20 * h) / 10))
    expect(fired(fast, 'diskRunway').map((a) => [a.subject, a.severity])).toEqual([
      ['disk:7d', 'warning'],
      ['disk:1d', 'critical']
    ])
    // Steady, or freeing space: no runway. Less than an hour of samples: not yet told.
    expect(fired([0, 1, 2].map((h) => disk(T0 + h * HOUR, 300 * GIB, 30)), 'diskRunway')).toEqual([])
    expect(fired([0, 10, 20].map((m) => disk(T0 + m * MIN, (300 - m) * GIB, 30)), 'diskRunway')).toEqual([])
    // Older nodes: to 512 MiB; 2.5 GiB free losing 1 GiB an hour: 2 h.
    const legacy = [0, 1, 2].map((h) => disk(T0 + h * HOUR, (4.5 - h) * GIB))
    expect(fired(legacy, 'diskRunway')[1]!.message).toContain('2.5 GiB free: about 2 h 00 min until 512.0 MiB free, where the node shuts down · under 1 day: critical')
  })
})

describe('uptime follows the network: 80 %, 90 % for validators started after ACP-267\'s activation', () => {
  const FUJI_ACP267 = Date.UTC(2026, 6, 28, 15) / 1_000
  it('the requirement by network and start time', () => {
    expect(uptimeRequirement('fuji', FUJI_ACP267 - 1)).toBe(80)
    expect(uptimeRequirement('fuji', FUJI_ACP267)).toBe(90)
    // Not scheduled on mainnet in avalanchego's upgrade.go as read: still 80 %.
    expect(uptimeRequirement('mainnet', FUJI_ACP267 + 86_400)).toBe(80)
  })
  it('the rule with its threshold unset uses it; a threshold set wins', () => {
    const v = (startTime: number) => sample(T0, { validators: [{ nodeID: NODE, subnetID: null, validating: true, connected: true, uptime: '85.0000', startTime: String(startTime) }] })
    expect(fired([v(FUJI_ACP267 - 3_600)], 'uptimeLow', { network: 'fuji' })).toEqual([])
    expect(said(fired([v(FUJI_ACP267 + 3_600)], 'uptimeLow', { network: 'fuji' }))).toEqual([
      `${NODE} warning: validator ${NODE} has 85.00 % uptime as this node sees it, under 90.00 % (the network's requirement for this validator)`
    ])
    const set = rules().map((r) => (r.rule === 'uptimeLow' ? { ...r, threshold: 80 } : r))
    expect(fired([v(FUJI_ACP267 + 3_600)], 'uptimeLow', { network: 'fuji', rules: set })).toEqual([])
  })
})

describe('lifecycle notices: off by default, severity info', () => {
  const on = rules(['lifecycle'])
  it('bootstrapped, a validation started, healthy again after an upgrade', () => {
    const behind = sample(T0, { bootstrapped: { P: true, X: true, C: false } })
    const booted = sample(T0 + MIN)
    expect(fired([behind, booted], 'lifecycle')).toEqual([])
    expect(said(fired([behind, booted], 'lifecycle', { rules: on }))).toEqual(['bootstrapped info: the node has finished bootstrapping'])
    const waiting = sample(T0, { validators: [{ nodeID: NODE, subnetID: null, validating: false }] })
    const started = sample(T0 + MIN, { validators: [{ nodeID: NODE, subnetID: null, validating: true, connected: true }] })
    expect(said(fired([waiting, started], 'lifecycle', { rules: on }))).toEqual([`validating:${NODE} info: validator ${NODE} has started validating: it is in the current validator set`])
    const upgrade = [
      sample(T0, { version: 'avalanchego/1.13.5' }),
      sample(T0 + MIN, { reachable: false, healthy: undefined, version: 'avalanchego/1.13.5' }),
      sample(T0 + 2 * MIN, { healthy: false, version: 'avalanchego/1.14.0' }),
      sample(T0 + 3 * MIN, { version: 'avalanchego/1.14.0' })
    ]
    expect(said(fired(upgrade, 'lifecycle', { rules: on }))).toEqual(['upgraded:avalanchego/1.14.0 info: the node is healthy again after its upgrade from avalanchego/1.13.5 to avalanchego/1.14.0'])
    // A restart into the same version is no upgrade; the next check clears the notice.
    const same = upgrade.map((s) => ({ ...s, version: 'avalanchego/1.13.5' }))
    expect(fired(same, 'lifecycle', { rules: on })).toEqual([])
    const notice = fired(upgrade, 'lifecycle', { rules: on })
    expect(run([...upgrade, sample(T0 + 4 * MIN, { version: 'avalanchego/1.14.0' })], { rules: on, open: notice }).cleared.map((a) => a.subject)).toEqual(['upgraded:avalanchego/1.14.0'])
  })
})
