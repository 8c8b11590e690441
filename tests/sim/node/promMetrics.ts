/**
 * GET /ext/metrics: the node's metrics API in Prometheus text exposition format (0.0.4), as avalanchego's
 * promhttp handler writes it: families sorted by name, each with # HELP and # TYPE, labels sorted, values
 * as Go's strconv.FormatFloat(v, 'g', -1, 64).
 *
 * Names as avalanchego v1.11.10 and later export them (one "avalanche" prefix gatherer over per-subsystem
 * registries, chain metrics labelled by chain instead of prefixed by it):
 * - avalanche_network_peers, avalanche_network_node_uptime_weighted_average and
 *   avalanche_network_node_uptime_rewarding_stake, avalanche_snowman_blks_accepted_count{chain="P"} and
 *   avalanche_health_checks_failing{check="health",tag="all"}: the public avalanchego Grafana dashboards,
 *   Benqi-fi/avalanche-monitoring grafana/dashboards/main.json (its panels "Peer count", "Uptime average",
 *   "Rewarding stake", "P/X/C Chain Blocks", "Failing health checks").
 * - avalanche_process_process_cpu_seconds_total and avalanche_process_process_resident_memory_bytes: the
 *   Prometheus process collector registered in avalanchego's "process" registry under the prefix gatherer
 *   (so the collector's own process_ follows avalanche_process_), as scrapers of current nodes read them.
 * - HELP texts and types: a scrape of a real node kept in gyuho/prometheus-manager artifacts/avalanchego.metrics.
 * - The older names (/__sim/config metricsNames "legacy"), as that scrape of an older node shows them: the chain
 *   in the name (avalanche_P_blks_accepted_count), the process collector right under the prefix
 *   (avalanche_process_cpu_seconds_total) and one unlabelled gauge per health report
 *   (avalanche_health_checks_failing, avalanche_readiness_checks_failing, avalanche_liveness_checks_failing).
 *
 * - avalanche_snowman_polls_successful / _polls_failed (counters) and avalanche_snowman_blks_rejected_count / _sum (the
 *   averager "blks_rejected") per chain label: avalanchego snow/consensus/snowman/metrics.go under the snowman gatherer
 *   (chains/manager.go); older nodes: avalanche_<chain>_polls_successful and so on (the chain's own namespace).
 * - avalanche_resource_tracker_disk_available_space and (avalanchego 1.14.1 and later) _disk_available_percentage:
 *   snow/networking/tracker/resource_tracker.go; the legacy layout leaves the percentage out (./disk).
 *
 * The values follow the node's other answers: peers = info.peers' count; the uptime numbers are computed as
 * avalanchego's network.NodeUptime does (the node counts itself 100 % with its own stake, each validator
 * peer its observedUptime with its stake, rewarding = stake that sees at least 80 %), so setUptime of the
 * node itself (observedUptime follows it) and numPeers show here; accepted blocks are those accepted since
 * the node started (the C-Chain's grow with anvil's blocks; the sim's P- and X-Chain stand still); failing
 * checks = the health report's.
 */
import type { Dataset, PrimaryValidator } from '../dataset'
import type { SimPeer } from './info'
import type { ValidatorState } from './validators'
import type { ProcessNumbers } from './watchKnobs'

type MetricType = 'counter' | 'gauge'

export interface Sample {
  labels?: Record<string, string>
  value: number
}

export interface MetricFamily {
  name: string
  help: string
  type: MetricType
  samples: Sample[]
}

/** Go's strconv.FormatFloat(v, 'g', -1, 64): the shortest digits, %e from exponent 6 up or below -4 (2599, 1.627736e+07) */
export function goFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN'
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf'
  if (v === 0) return '0'
  const [mantissa, exp] = v.toExponential().split('e') as [string, string]
  const e = Number(exp)
  if (e < -4 || e >= 6) return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`
  return String(v)
}

const escapeHelp = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')
const escapeLabel = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')

/** The text exposition of these families, sorted by name (labels sorted by name within each sample). */
export function exposition(families: readonly MetricFamily[]): string {
  const lines: string[] = []
  for (const f of [...families].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    lines.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`)
    for (const s of f.samples) {
      const labels = Object.entries(s.labels ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))
      const text = labels.length > 0 ? `{${labels.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : ''
      lines.push(`${f.name}${text} ${goFloat(s.value)}`)
    }
  }
  return `${lines.join('\n')}\n`
}

/** avalanchego's uptime requirement for rewards: 80 % */
const REWARD_UPTIME = 80

/** The node's uptime as its peers see it, as avalanchego's network.NodeUptime computes it (percent). */
export function nodeUptime(ds: Dataset, state: ValidatorState, peers: readonly SimPeer[]): { weightedAverage: number; rewardingStake: number } {
  const stake = (v: PrimaryValidator | undefined) =>
    v && state.isCurrentValidator(v) ? Number(v.weight + v.delegators.reduce((s, d) => s + (state.isCurrent(state.delegatorEndTime(v, d)) ? d.weight : 0n), 0n)) / 1e9 : 0
  const own = stake(state.primary(ds.nodes.self))
  let total = own
  let weighted = 100 * own
  let rewarding = own
  for (const p of peers) {
    const w = stake(state.primary(p.nodeID))
    if (w === 0) continue
    const percent = Number(p.observedUptime)
    total += w
    weighted += percent * w
    if (percent >= REWARD_UPTIME) rewarding += w
  }
  return total === 0 ? { weightedAverage: 0, rewardingStake: 0 } : { weightedAverage: weighted / total, rewardingStake: (100 * rewarding) / total }
}

export interface NodeMetricsInput {
  ds: Dataset
  state: ValidatorState
  peers: readonly SimPeer[]
  process: ProcessNumbers
  /** blocks accepted since the node started, by chain alias */
  accepted: Record<string, number>
  /** failing checks of the health, readiness and liveness reports */
  failing: { health: number; readiness: number; liveness: number }
  /** consensus polls since the node started, by chain alias (/__sim/config polls) */
  polls: Record<string, { successful: number; failed: number }>
  /** blocks rejected since the node started, by chain alias (/__sim/config rejectedBlocks) */
  rejected: Record<string, number>
  /** the database volume: bytes and whole percent free */
  disk: { availableBytes: number; availablePercent: number }
}

/** average time (ns) from a block's issuance to its acceptance, per chain, for the _sum of blks_accepted */
const ACCEPT_NS: Record<string, number> = { P: 1_612_000_000, X: 1_104_000_000, C: 1_893_000_000 }

/** The same families under the names nodes before the chain label used (see the file comment). */
export function legacyNames(families: readonly MetricFamily[]): MetricFamily[] {
  return families.flatMap((f): MetricFamily[] => {
    if (f.name.startsWith('avalanche_process_process_')) return [{ ...f, name: f.name.replace('avalanche_process_process_', 'avalanche_process_') }]
    if (f.name === 'avalanche_health_checks_failing') return f.samples.map((s) => ({ ...f, name: `avalanche_${s.labels!.check}_checks_failing`, samples: [{ value: s.value }] }))
    // The share free came with avalanchego 1.14.1; older nodes report the bytes only.
    if (f.name === 'avalanche_resource_tracker_disk_available_percentage') return []
    const perChain = /^avalanche_snowman_(\w+)$/.exec(f.name)
    if (perChain) return f.samples.map((s) => ({ ...f, name: `avalanche_${s.labels!.chain}_${perChain[1]}`, samples: [{ value: s.value }] }))
    return [f]
  })
}

/** The families /ext/metrics serves. */
export function nodeMetricFamilies(m: NodeMetricsInput): MetricFamily[] {
  const uptime = nodeUptime(m.ds, m.state, m.peers)
  const chains = Object.keys(m.accepted)
  const failing = (['health', 'liveness', 'readiness'] as const).map((check) => ({ labels: { check, tag: 'all' }, value: m.failing[check] }))
  const byChain = <T>(values: Record<string, T>, read: (v: T) => number): Sample[] => Object.entries(values).map(([chain, v]) => ({ labels: { chain }, value: read(v) }))
  return [
    { name: 'avalanche_resource_tracker_disk_available_percentage', help: 'Percentage of database volume available', type: 'gauge', samples: [{ value: m.disk.availablePercent }] },
    { name: 'avalanche_resource_tracker_disk_available_space', help: 'Available space remaining (bytes) on the database volume', type: 'gauge', samples: [{ value: m.disk.availableBytes }] },
    { name: 'avalanche_snowman_blks_rejected_count', help: 'time (in ns) from the issuance of a block to its rejection', type: 'counter', samples: byChain(m.rejected, (n) => n) },
    { name: 'avalanche_snowman_blks_rejected_sum', help: 'time (in ns) from the issuance of a block to its rejection', type: 'gauge', samples: byChain(m.rejected, (n) => n * 2_400_000_000) },
    { name: 'avalanche_snowman_polls_failed', help: 'number of failed polls', type: 'counter', samples: byChain(m.polls, (p) => p.failed) },
    { name: 'avalanche_snowman_polls_successful', help: 'number of successful polls', type: 'counter', samples: byChain(m.polls, (p) => p.successful) },
    { name: 'avalanche_health_checks_failing', help: 'number of currently failing health checks', type: 'gauge', samples: failing },
    { name: 'avalanche_network_node_uptime_rewarding_stake', help: 'The percentage of total stake which thinks this node is eligible for rewards', type: 'gauge', samples: [{ value: uptime.rewardingStake }] },
    { name: 'avalanche_network_node_uptime_weighted_average', help: "This node's uptime average weighted by observing peer stakes", type: 'gauge', samples: [{ value: uptime.weightedAverage }] },
    { name: 'avalanche_network_peers', help: 'Number of network peers', type: 'gauge', samples: [{ value: m.peers.length }] },
    { name: 'avalanche_process_process_cpu_seconds_total', help: 'Total user and system CPU time spent in seconds.', type: 'counter', samples: [{ value: Number(m.process.cpuSecondsTotal().toFixed(2)) }] },
    { name: 'avalanche_process_process_resident_memory_bytes', help: 'Resident memory size in bytes.', type: 'gauge', samples: [{ value: m.process.memoryBytes }] },
    {
      name: 'avalanche_snowman_blks_accepted_count',
      help: '# of observations of time (in ns) from issuance of a block(s) to its acceptance',
      type: 'counter',
      samples: chains.map((chain) => ({ labels: { chain }, value: m.accepted[chain]! })),
    },
    {
      name: 'avalanche_snowman_blks_accepted_sum',
      help: 'Sum of time (in ns) from issuance of a block(s) to its acceptance',
      type: 'gauge',
      samples: chains.map((chain) => ({ labels: { chain }, value: m.accepted[chain]! * (ACCEPT_NS[chain] ?? 1_500_000_000) })),
    },
  ]
}
