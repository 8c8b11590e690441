/**
 * The watch's Prometheus exporter from samples: each metric's value and labels, unknown values left out
 * (never 0), alerts counted per profile, rule and severity, a deleted profile gone at the next scrape, and
 * text that a Prometheus text parser reads back.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { describe, expect, it } from 'vitest'
import {
  EXPORTED_METRIC_NAMES,
  PRIMARY_NETWORK_ID,
  scrapeMetrics,
  snapshotOf,
  versionBehind,
  type ExporterSnapshot
} from '../../src/main/services/watch/exporter'
import { ALERT_RULE_INFO, ALERT_RULES, type WatchSample } from '../../src/shared/contract'

const AT = 1_800_000_000_000
const L1 = '2iMormvesjkHEuF4mMLxxfvhbYSbMTBRNQDQGSnHqa8ZEMyLnF'

function sample(over: Partial<WatchSample> & Pick<WatchSample, 'profileId'>): WatchSample {
  return { at: AT, reachable: true, failingChecks: [], bootstrapped: { P: null, X: null, C: null }, ...over }
}

/** Every sample of the scrape as `name{labels} value`, parsed back from the text. */
async function scrape(snapshot: ExporterSnapshot): Promise<{ text: string; contentType: string; series: Map<string, number>; families: ReturnType<typeof parsePrometheusTextFormat> }> {
  const { body, contentType } = await scrapeMetrics(snapshot)
  const families = parsePrometheusTextFormat(body)
  const series = new Map<string, number>()
  for (const f of families)
    for (const m of f.metrics) {
      const labels = Object.entries(m.labels ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}=${v}`)
        .join(',')
      series.set(`${f.name}{${labels}}`, Number(m.value))
    }
  return { text: body, contentType, series, families }
}

const full = sample({
  profileId: 'p1',
  durationMs: 250,
  healthy: true,
  bootstrapped: { P: true, X: false, C: true },
  version: 'avalanchego/1.13.0',
  peersMajorityVersion: 'avalanchego/1.13.1',
  peers: 42,
  nodeId: 'NodeID-A',
  l1FeeRate: '512',
  metrics: { uptimeWeightedAverage: 75, acceptedBlocks: {} },
  validators: [
    { nodeID: 'NodeID-A', subnetID: null, validating: true, connected: true, uptime: '99.5', endTime: '1800600000', weight: '2000000000000' },
    { nodeID: 'NodeID-A', subnetID: L1, validating: true, connected: false, validationID: 'vid1', balance: '1000000000' },
    { nodeID: 'NodeID-B', subnetID: null, validating: false }
  ]
})

describe('watch exporter', () => {
  it('exports each known value with its labels, as Prometheus text a parser reads back', async () => {
    const { series, contentType, families } = await scrape({
      profiles: [{ id: 'p1', name: 'validator-1', latest: full }],
      openAlerts: [
        { profileId: 'p1', rule: 'versionBehind', severity: 'warning' },
        { profileId: 'p1', rule: 'stakeEnding', severity: 'critical' },
        { profileId: 'p1', rule: 'stakeEnding', severity: 'critical' }
      ]
    })
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/)
    const p = 'profile=validator-1,profile_id=p1'
    expect(series.get(`companion_node_up{${p}}`)).toBe(1)
    expect(series.get(`companion_node_healthy{${p}}`)).toBe(1)
    expect(series.get(`companion_node_bootstrapped{chain=P,${p}}`)).toBe(1)
    expect(series.get(`companion_node_bootstrapped{chain=X,${p}}`)).toBe(0)
    expect(series.get(`companion_node_bootstrapped{chain=C,${p}}`)).toBe(1)
    expect(series.get(`companion_node_peers{${p}}`)).toBe(42)
    expect(series.get(`companion_node_version_behind{${p}}`)).toBe(1)
    expect(series.get(`companion_l1_fee_rate_navax_per_second{${p}}`)).toBe(512)
    expect(series.get(`companion_check_duration_seconds{${p}}`)).toBe(0.25)
    expect(series.get(`companion_last_check_timestamp_seconds{${p}}`)).toBe(AT / 1000)

    const primaryA = `node_id=NodeID-A,${p},subnet_id=${PRIMARY_NETWORK_ID}`
    expect(series.get(`companion_validator_validating{${primaryA}}`)).toBe(1)
    expect(series.get(`companion_validator_uptime_ratio{${primaryA}}`)).toBe(0.995)
    expect(series.get(`companion_validator_connected{${primaryA}}`)).toBe(1)
    // The node's own NodeID on the Primary Network: its peers' view too (from /ext/metrics); nowhere else.
    expect(series.get(`companion_validator_uptime_by_peers_ratio{${primaryA}}`)).toBe(0.75)
    expect([...series.keys()].filter((k) => k.startsWith('companion_validator_uptime_by_peers_ratio'))).toHaveLength(1)
    expect(series.get(`companion_validator_stake_end_timestamp_seconds{${primaryA}}`)).toBe(1_800_600_000)
    const l1A = `node_id=NodeID-A,${p},subnet_id=${L1}`
    expect(series.get(`companion_validator_connected{${l1A}}`)).toBe(0)
    expect(series.get(`companion_l1_validator_balance_navax{${l1A},validation_id=vid1}`)).toBe(1_000_000_000)
    // Asked for and not in the set: only that, nothing else about it.
    const b = `node_id=NodeID-B,${p},subnet_id=${PRIMARY_NETWORK_ID}`
    expect(series.get(`companion_validator_validating{${b}}`)).toBe(0)
    expect([...series.keys()].filter((k) => k.includes('NodeID-B'))).toEqual([`companion_validator_validating{${b}}`])

    expect(series.get(`companion_alerts_firing{${p},rule=stakeEnding,severity=critical}`)).toBe(2)
    expect(series.get(`companion_alerts_firing{${p},rule=versionBehind,severity=warning}`)).toBe(1)
    expect(series.get(`companion_alerts_firing{${p},rule=unreachable,severity=critical}`)).toBe(0)
    // A row per severity of each rule (0 when none open): critical and warning, or info alone for the notices.
    expect([...series.keys()].filter((k) => k.startsWith('companion_alerts_firing')).length).toBe(ALERT_RULES.reduce((n, r) => n + (ALERT_RULE_INFO[r].severity === 'info' ? 1 : 2), 0))

    // Every family is one of the exporter's list, with a help text and the gauge type (a counter: _total).
    for (const f of families) {
      expect(EXPORTED_METRIC_NAMES).toContain(f.name)
      expect(f.help.length).toBeGreaterThan(10)
      expect(f.type).toBe(f.name.endsWith('_total') ? 'COUNTER' : 'GAUGE')
    }
  })

  it('leaves unknown values out instead of exporting 0', async () => {
    const down = sample({ profileId: 'p2', reachable: false, error: 'connect ECONNREFUSED' })
    const { series } = await scrape({ profiles: [{ id: 'p2', name: 'down', latest: down }], openAlerts: [] })
    const p = 'profile=down,profile_id=p2'
    expect(series.get(`companion_node_up{${p}}`)).toBe(0)
    expect(series.get(`companion_last_check_timestamp_seconds{${p}}`)).toBe(AT / 1000)
    const known = [...series.keys()].filter((k) => !k.startsWith('companion_alerts_firing')).sort()
    expect(known).toEqual([`companion_last_check_timestamp_seconds{${p}}`, `companion_node_up{${p}}`])

    // A version with no peers' majority, or one that is not a version: behind is unknown, so absent.
    const half = sample({ profileId: 'p3', version: 'avalanchego/1.13.0', validators: [{ nodeID: 'NodeID-C', subnetID: null, validating: true }] })
    const r = await scrape({ profiles: [{ id: 'p3', name: 'half', latest: half }], openAlerts: [] })
    expect([...r.series.keys()].filter((k) => /^companion_(node_(version_behind|healthy|peers|bootstrapped)|validator_(uptime|connected|stake_end)|l1_|check_duration)/.test(k))).toEqual([])
    expect(r.series.get('companion_validator_validating{node_id=NodeID-C,profile=half,profile_id=p3,subnet_id=' + PRIMARY_NETWORK_ID + '}')).toBe(1)

    // A profile never checked yet: its alerts at 0, nothing about its node.
    const fresh = await scrape({ profiles: [{ id: 'p4', name: 'new', latest: undefined }], openAlerts: [] })
    expect([...fresh.series.keys()].filter((k) => !k.startsWith('companion_alerts_firing'))).toEqual([])
  })

  it('reads every stored profile at each scrape: a deleted profile and its alerts are gone', async () => {
    let profiles = [
      { id: 'p1', name: 'validator-1' },
      { id: 'p2', name: 'validator-2' }
    ]
    const samples: Record<string, WatchSample[]> = {
      p1: [sample({ profileId: 'p1', at: AT - 60_000, reachable: false }), sample({ profileId: 'p1' })],
      p2: [sample({ profileId: 'p2', reachable: false })]
    }
    const open = [{ profileId: 'p2', rule: 'unreachable', severity: 'critical' }]
    const from = {
      profiles: () => profiles,
      samples: { recentSamples: (id: string, n: number) => (samples[id] ?? []).slice(-n) },
      openAlerts: () => open
    }
    const before = await scrape(snapshotOf(from))
    expect(before.series.get('companion_node_up{profile=validator-1,profile_id=p1}')).toBe(1)
    expect(before.series.get('companion_node_up{profile=validator-2,profile_id=p2}')).toBe(0)
    expect(before.series.get('companion_alerts_firing{profile=validator-2,profile_id=p2,rule=unreachable,severity=critical}')).toBe(1)

    profiles = profiles.filter((p) => p.id !== 'p2')
    const after = await scrape(snapshotOf(from))
    expect([...after.series.keys()].filter((k) => k.includes('p2'))).toEqual([])
    expect(after.text).not.toContain('validator-2')
    expect(after.series.get('companion_node_up{profile=validator-1,profile_id=p1}')).toBe(1)
  })

  it('escapes label values a profile name may hold', async () => {
    const name = 'ops "east"\\rack\n2'
    const { series } = await scrape({ profiles: [{ id: 'p1', name, latest: sample({ profileId: 'p1' }) }], openAlerts: [] })
    expect(series.get(`companion_node_up{profile=${name},profile_id=p1}`)).toBe(1)
  })

  it("exports each alert channel's deliveries by its name: a counter per outcome (0 included), what waits, when it last delivered", async () => {
    const outcomes = (delivered: number, retrying: number) => ({ delivered, retrying, 'gave-up': 0, refused: 0 })
    const { series, families } = await scrape({
      profiles: [],
      openAlerts: [],
      channels: [
        { name: 'ops hook', pending: 0, lastSuccessAt: AT, outcomes: outcomes(3, 0) },
        { name: 'pager "night"', pending: 2, lastSuccessAt: null, outcomes: outcomes(0, 4) }
      ]
    })
    expect(families.find((f) => f.name === 'companion_alert_deliveries_total')?.type).toBe('COUNTER')
    expect(series.get('companion_alert_deliveries_total{channel=ops hook,outcome=delivered}')).toBe(3)
    expect(series.get('companion_alert_deliveries_total{channel=ops hook,outcome=retrying}')).toBe(0)
    expect(series.get('companion_alert_deliveries_total{channel=pager "night",outcome=retrying}')).toBe(4)
    expect(series.get('companion_alert_delivery_pending{channel=pager "night"}')).toBe(2)
    expect(series.get('companion_alert_delivery_last_success_timestamp_seconds{channel=ops hook}')).toBe(AT / 1000)
    // Never delivered: no timestamp rather than 0 (1970).
    expect(series.has('companion_alert_delivery_last_success_timestamp_seconds{channel=pager "night"}')).toBe(false)
  })

  it('compares versions as numbers, and knows nothing of what is not a version', () => {
    expect(versionBehind('avalanchego/1.13.0', 'avalanchego/1.13.1')).toBe(true)
    expect(versionBehind('avalanchego/1.9.12', 'avalanchego/1.10.0')).toBe(true)
    expect(versionBehind('v1.13.2', '1.13.1')).toBe(false)
    expect(versionBehind('1.13.1', '1.13.1')).toBe(false)
    expect(versionBehind('avalanchego/1.13.0', undefined)).toBeUndefined()
    expect(versionBehind('unknown', 'avalanchego/1.13.0')).toBeUndefined()
    expect(versionBehind('avalanchego/1.13.0-rc.1', 'avalanchego/1.13.0')).toBeUndefined()
  })
})
