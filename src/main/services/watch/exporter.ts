/**
 * The Prometheus exporter of the watch: a registry built afresh at each scrape from the latest sample of
 * each profile and the open alerts, so nothing it shows can go stale in a gauge (a deleted profile is gone
 * at the next scrape). A value the check did not learn is left out, never exported as 0. Served by
 * browser mode and `companion watch --metrics-port` (src/main/server/metrics.ts).
 */
import { Counter, Gauge, Registry } from 'prom-client'
import { ALERT_RULE_INFO, ALERT_RULES, DELIVERY_OUTCOMES, type DeliveryOutcome, type WatchSample } from '../../../shared/contract'
import { compareVersions, parseVersion } from './versions'

/** The Primary Network's subnet ID: the `subnet_id` of a validator the sample names with subnetID null. */
export const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY'

const node = ['profile', 'profile_id'] as const
/**
 * A channel by its name: the name the operator gave it (unique, at most 50 channels, so few series), never
 * its target or URL, which may carry the secret. prom-client escapes whatever characters it holds.
 */
const channel = ['channel'] as const
const validator = ['profile', 'profile_id', 'node_id', 'subnet_id'] as const

/** Every metric the exporter serves: the dashboard and alert rules in resources/ are checked against it. */
export const EXPORTED_METRICS = {
  nodeUp: { name: 'companion_node_up', help: 'Whether the node answered its last check (1) or not (0)', labels: node },
  nodeHealthy: { name: 'companion_node_healthy', help: "Whether the node's health checks all passed at its last check (1) or one failed (0)", labels: node },
  nodeBootstrapped: {
    name: 'companion_node_bootstrapped',
    help: 'Whether the node has bootstrapped the chain (P, X or C) at its last check (1) or not (0)',
    labels: [...node, 'chain']
  },
  nodePeers: { name: 'companion_node_peers', help: 'Peers the node was connected to at its last check', labels: node },
  nodeVersionBehind: {
    name: 'companion_node_version_behind',
    help: "Whether the node's version is older than the version most of its peers run (1) or not (0)",
    labels: node
  },
  validatorValidating: {
    name: 'companion_validator_validating',
    help: "Whether the profile's validator is in the current validator set (1) or was asked for and is not (0)",
    labels: validator
  },
  validatorUptime: {
    name: 'companion_validator_uptime_ratio',
    help: 'Uptime of the validator as the node reports it, from 0 to 1 (rewards need 0.8)',
    labels: validator
  },
  validatorUptimeByPeers: {
    name: 'companion_validator_uptime_by_peers_ratio',
    help: "Uptime of the node's own validator as its peers see it, weighted by stake, from 0 to 1 (the node's /ext/metrics; what decides the reward)",
    labels: validator
  },
  validatorConnected: { name: 'companion_validator_connected', help: 'Whether the validator is connected (1) or not (0)', labels: validator },
  validatorStakeEnd: {
    name: 'companion_validator_stake_end_timestamp_seconds',
    help: "When the validator's staking period ends, in unix seconds",
    labels: validator
  },
  l1Balance: {
    name: 'companion_l1_validator_balance_navax',
    help: "nAVAX left in the L1 validator's balance to pay the continuous fee",
    labels: [...validator, 'validation_id']
  },
  l1FeeRate: {
    name: 'companion_l1_fee_rate_navax_per_second',
    help: 'nAVAX per second an L1 validator pays (the P-Chain fee state); balance / rate is the runway in seconds',
    labels: node
  },
  alertsFiring: {
    name: 'companion_alerts_firing',
    help: "Open alerts of the companion's own rules, per profile, rule and severity (0 when none)",
    labels: [...node, 'rule', 'severity']
  },
  checkDuration: { name: 'companion_check_duration_seconds', help: 'How long the last check of the node took, in seconds', labels: node },
  lastCheck: { name: 'companion_last_check_timestamp_seconds', help: 'When the node was last checked, in unix seconds', labels: node },
  alertDeliveries: {
    name: 'companion_alert_deliveries_total',
    help: 'Tries to send an alert (or a test) to a channel since this process started, per outcome: delivered, retrying (failed, tried again), gave-up, refused',
    labels: [...channel, 'outcome'],
    counter: true
  },
  alertDeliveryPending: { name: 'companion_alert_delivery_pending', help: 'Alert changes waiting in the outbox for the channel', labels: channel },
  alertDeliveryLastSuccess: {
    name: 'companion_alert_delivery_last_success_timestamp_seconds',
    help: 'When the channel last took a message, in unix seconds (absent: never)',
    labels: channel
  }
} as const

export type ExportedMetric = keyof typeof EXPORTED_METRICS
export const EXPORTED_METRIC_NAMES: readonly string[] = Object.values(EXPORTED_METRICS).map((m) => m.name)

/** One alert channel's delivery, as a scrape shows it. */
export interface ChannelDeliveryStats {
  name: string
  pending: number
  lastSuccessAt: number | null
  /** tries since this process started, per outcome */
  outcomes: Record<DeliveryOutcome, number>
}

/** What one scrape shows: every profile with its latest sample (none yet: only its alerts), the open alerts, and each alert channel. */
export interface ExporterSnapshot {
  profiles: Array<{ id: string; name: string; latest: WatchSample | undefined }>
  openAlerts: Array<{ profileId: string; rule: string; severity: string }>
  channels?: ChannelDeliveryStats[]
}

export interface Scrape {
  contentType: string
  body: string
}

/** The registry of one scrape. */
export function buildRegistry(snapshot: ExporterSnapshot): Registry {
  const registry = new Registry()
  const gauges = Object.fromEntries(
    Object.entries(EXPORTED_METRICS).map(([key, m]) => {
      const config = { name: m.name, help: m.help, labelNames: [...m.labels], registers: [registry] }
      return [key, 'counter' in m ? new Counter(config) : new Gauge(config)]
    })
  ) as Record<ExportedMetric, Gauge | Counter>
  const set = (metric: ExportedMetric, labels: Record<string, string>, value: number | undefined): void => {
    if (value === undefined || !Number.isFinite(value)) return
    const m = gauges[metric]
    // A counter is built afresh at each scrape too: its total since start, added once.
    if (m instanceof Counter) m.inc(labels, value)
    else m.set(labels, value)
  }
  const flag = (b: boolean | null | undefined): number | undefined => (b === true ? 1 : b === false ? 0 : undefined)
  const num = (s: string | undefined): number | undefined => (s === undefined ? undefined : Number(s))

  const names = new Map(snapshot.profiles.map((p) => [p.id, p.name]))
  for (const p of snapshot.profiles) {
    const labels = { profile: p.name, profile_id: p.id }
    const s = p.latest
    if (!s) continue
    set('nodeUp', labels, flag(s.reachable))
    set('lastCheck', labels, s.at / 1000)
    set('checkDuration', labels, s.durationMs === undefined ? undefined : s.durationMs / 1000)
    set('nodeHealthy', labels, flag(s.healthy))
    for (const chain of ['P', 'X', 'C'] as const) set('nodeBootstrapped', { ...labels, chain }, flag(s.bootstrapped[chain]))
    set('nodePeers', labels, s.peers)
    set('nodeVersionBehind', labels, flag(versionBehind(s.version, s.peersMajorityVersion)))
    set('l1FeeRate', labels, num(s.l1FeeRate))
    for (const v of s.validators ?? []) {
      const vl = { ...labels, node_id: v.nodeID, subnet_id: v.subnetID ?? PRIMARY_NETWORK_ID }
      set('validatorValidating', vl, flag(v.validating))
      set('validatorUptime', vl, v.uptime === undefined ? undefined : Number(v.uptime) / 100)
      const byPeers = v.nodeID === s.nodeId && v.subnetID === null ? s.metrics?.uptimeWeightedAverage : undefined
      set('validatorUptimeByPeers', vl, byPeers === undefined ? undefined : byPeers / 100)
      set('validatorConnected', vl, flag(v.connected))
      set('validatorStakeEnd', vl, num(v.endTime))
      set('l1Balance', v.validationID ? { ...vl, validation_id: v.validationID } : vl, num(v.balance))
    }
  }

  // Every rule of every profile at 0, so that a rule that stops firing goes to 0 instead of vanishing.
  const firing = new Map<string, { profileId: string; rule: string; severity: string; count: number }>()
  const key = (profileId: string, rule: string, severity: string): string => JSON.stringify([profileId, rule, severity])
  for (const p of snapshot.profiles)
    for (const rule of ALERT_RULES)
      // Notices (info) only for the rule that gives them: not a row of zeros for every rule.
      for (const severity of ALERT_RULE_INFO[rule].severity === 'info' ? ['info'] : ['critical', 'warning']) firing.set(key(p.id, rule, severity), { profileId: p.id, rule, severity, count: 0 })
  for (const a of snapshot.openAlerts) {
    // An alert of a profile deleted since is not shown: its profile is gone.
    if (!names.has(a.profileId)) continue
    const k = key(a.profileId, a.rule, a.severity)
    const entry = firing.get(k) ?? { profileId: a.profileId, rule: a.rule, severity: a.severity, count: 0 }
    entry.count++
    firing.set(k, entry)
  }
  for (const f of firing.values())
    set('alertsFiring', { profile: names.get(f.profileId) ?? f.profileId, profile_id: f.profileId, rule: f.rule, severity: f.severity }, f.count)

  // Every outcome of every channel, 0 included: a rate() over a counter that appears only at its first
  // failure misses that failure.
  for (const c of snapshot.channels ?? []) {
    for (const outcome of DELIVERY_OUTCOMES) set('alertDeliveries', { channel: c.name, outcome }, c.outcomes[outcome])
    set('alertDeliveryPending', { channel: c.name }, c.pending)
    set('alertDeliveryLastSuccess', { channel: c.name }, c.lastSuccessAt === null ? undefined : c.lastSuccessAt / 1000)
  }
  return registry
}

/** One scrape in the text exposition format. */
export async function scrapeMetrics(snapshot: ExporterSnapshot): Promise<Scrape> {
  const registry = buildRegistry(snapshot)
  return { contentType: registry.contentType, body: await registry.metrics() }
}

/**
 * Whether `version` is older than `majority` ("avalanchego/1.13.0", "v1.13.0", "1.13.0"), read as the
 * versionBehind rule reads them: undefined when either is unknown or not a version.
 */
export function versionBehind(version: string | undefined, majority: string | undefined): boolean | undefined {
  const a = parseVersion(version)
  const b = parseVersion(majority)
  if (!a || !b) return undefined
  return compareVersions(a, b) < 0
}

/** Where a scrape reads from: the stored profiles, the watch's samples and the open alerts. */
export interface ExporterSources {
  profiles: () => Array<{ id: string; name: string }>
  samples: { recentSamples(profileId: string, count: number): WatchSample[] }
  openAlerts: () => Array<{ profileId: string; rule: string; severity: string }>
  /** each alert channel's delivery */
  channels?: () => ChannelDeliveryStats[]
}

/** The snapshot of one scrape: every stored profile, each with its newest sample, and the open alerts. */
export function snapshotOf(from: ExporterSources): ExporterSnapshot {
  return {
    profiles: from.profiles().map((p) => ({ id: p.id, name: p.name, latest: from.samples.recentSamples(p.id, 1).at(-1) })),
    openAlerts: from.openAlerts(),
    ...(from.channels ? { channels: from.channels() } : {})
  }
}
