/**
 * The node's own numbers: GET <node>/ext/metrics, Prometheus text, parsed with a Prometheus text parser
 * and reduced to what the watch keeps. Names as avalanchego exports them (its public Grafana dashboards):
 * since 1.11 one `avalanche_` namespace with a `chain` label (`avalanche_snowman_blks_accepted_count{chain="P"}`),
 * before that the chain in the name (`avalanche_P_blks_accepted_count`); the Go process collector's
 * `process_*` under the `avalanche_process` namespace (`avalanche_process_process_cpu_seconds_total`), in
 * older builds right under the prefix (`avalanche_process_cpu_seconds_total`).
 *
 * Consensus and disk, as avalanchego's source names them: snow/consensus/snowman/metrics.go registers
 * `polls_successful`, `polls_failed` (counters) and the averager `blks_rejected` (`_count`, `_sum`) in each
 * chain's consensus registry: since 1.11.9 under the `avalanche_snowman` gatherer with the chain's primary
 * alias as the `chain` label (`avalanche_snowman_polls_successful{chain="C"}`), before that under the
 * chain's own namespace (`avalanche_C_polls_successful`; the X-Chain's DAG engine before the linearization
 * under `avalanche_X_avalanche_`). The resource tracker (snow/networking/tracker/resource_tracker.go, in the
 * `avalanche_resource_tracker` namespace) reports `disk_available_space` (bytes) and, since 1.14.1,
 * `disk_available_percentage`.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import type { NodeMetrics } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { errorForStatus } from '../transport/policy'
import { fetchWithDeadline, readBody } from '../transport/http'

const SERVICE = 'metrics API (/ext/metrics)'
/** A node with many chains sends a few MB; more than this is not a metrics page. */
const MAX_BYTES = 16 * 1024 * 1024

interface ParsedFamily {
  name: string
  metrics: { value?: string; count?: string; labels?: Record<string, string> }[]
}

const firstValue = (families: Map<string, ParsedFamily>, ...names: string[]): number | undefined => {
  for (const name of names) {
    const v = Number(families.get(name)?.metrics[0]?.value)
    if (families.has(name) && Number.isFinite(v)) return v
  }
  return undefined
}

/** A summary (`…_blks_accepted` with count and sum) or, where the parser meets no TYPE line, its `_count` alone. */
const ACCEPTED = /^avalanche_(?:(\w+?)_)?blks_accepted(?:_count)?$/
const REJECTED = /^avalanche_(?:(\w+?)_)?blks_rejected(?:_count)?$/
const POLLS = /^avalanche_(?:(\w+?)_)?polls_(successful|failed)$/

/** The chain of a per-chain sample: its `chain` label, else the name's first part ("snowman"/"avalanche" there are engines, not chains). */
function chainOf(labels: Record<string, string> | undefined, inName: string | undefined): string | undefined {
  const part = inName?.split('_')[0]
  const chain = labels?.chain ?? (part && part !== 'snowman' && part !== 'avalanche' ? part : undefined)
  // A label is the node's text: a chain named like an object's own keys would reach its prototype.
  return chain === undefined || chain === '__proto__' || chain === 'constructor' ? undefined : chain.slice(0, 100)
}

/** Sums a per-chain family into `into` (a chain's engines, DAG and linear, add up). */
function perChain(f: ParsedFamily, inName: string | undefined, add: (chain: string, v: number) => void): void {
  for (const s of f.metrics) {
    const chain = chainOf(s.labels, inName)
    const v = Number(s.count ?? s.value)
    if (chain && Number.isFinite(v)) add(chain, v)
  }
}

/** Reduces a metrics page to the numbers the watch keeps; unknown ones are left out. */
/** The families read here; a metrics page's other lines (thousands on a busy node) are dropped before parsing. */
const WANTED = /^(?:# (?:HELP|TYPE) )?(?:avalanche_process_process_(?:cpu_seconds_total|resident_memory_bytes)|(?:avalanche_)?process_(?:cpu_seconds_total|resident_memory_bytes)|avalanche_network_(?:peers|node_uptime_weighted_average|node_uptime_rewarding_stake)|avalanche_\w*blks_accepted\w*|avalanche_\w*blks_rejected(?:_count)?|avalanche_\w*polls_(?:successful|failed)|avalanche_resource_tracker_disk_available_(?:space|percentage))[\s{]/

export function nodeMetricsFromText(text: string): NodeMetrics {
  let parsed: ParsedFamily[]
  try {
    // Filtered first: a mainnet node's page is megabytes, and the parser builds an object for every line.
    const lines = text.split('\n')
    const kept = lines.filter((l) => WANTED.test(l))
    // Nothing kept from text that has lines: parse it whole, so text that is not metrics at all is told apart.
    parsed = parsePrometheusTextFormat(kept.length > 0 ? kept.join('\n') + '\n' : text) as ParsedFamily[]
  } catch (err) {
    throw new AppError('UPSTREAM_INVALID', `The ${SERVICE} sent text that is not in the Prometheus format: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300))
  }
  // The parser passes over lines it cannot read: a page with text and not one metric is not a metrics page.
  if (parsed.length === 0 && text.trim() !== '') throw new AppError('UPSTREAM_INVALID', `The ${SERVICE} sent text that is not in the Prometheus format`)
  const families = new Map(parsed.map((f) => [f.name, f]))
  const acceptedBlocks: Record<string, number> = {}
  const rejectedBlocks: Record<string, number> = {}
  const polls: Record<string, { successful: number; failed: number }> = {}
  for (const f of parsed) {
    const accepted = ACCEPTED.exec(f.name)
    if (accepted) perChain(f, accepted[1], (chain, v) => (acceptedBlocks[chain] = (acceptedBlocks[chain] ?? 0) + v))
    const rejected = REJECTED.exec(f.name)
    if (rejected) perChain(f, rejected[1], (chain, v) => (rejectedBlocks[chain] = (rejectedBlocks[chain] ?? 0) + v))
    const poll = POLLS.exec(f.name)
    if (poll) {
      const kind = poll[2] as 'successful' | 'failed'
      perChain(f, poll[1], (chain, v) => {
        const p = (polls[chain] ??= { successful: 0, failed: 0 })
        p[kind] += v
      })
    }
  }
  const out: NodeMetrics = { acceptedBlocks }
  if (Object.keys(polls).length > 0) out.polls = polls
  if (Object.keys(rejectedBlocks).length > 0) out.rejectedBlocks = rejectedBlocks
  const set = <K extends Exclude<keyof NodeMetrics, 'acceptedBlocks' | 'polls' | 'rejectedBlocks'>>(key: K, v: number | undefined) => {
    if (v !== undefined) out[key] = v
  }
  set('cpuSecondsTotal', firstValue(families, 'avalanche_process_process_cpu_seconds_total', 'avalanche_process_cpu_seconds_total', 'process_cpu_seconds_total'))
  set('residentMemoryBytes', firstValue(families, 'avalanche_process_process_resident_memory_bytes', 'avalanche_process_resident_memory_bytes', 'process_resident_memory_bytes'))
  set('peers', firstValue(families, 'avalanche_network_peers'))
  set('uptimeWeightedAverage', firstValue(families, 'avalanche_network_node_uptime_weighted_average'))
  set('uptimeRewardingStake', firstValue(families, 'avalanche_network_node_uptime_rewarding_stake'))
  set('diskAvailableBytes', firstValue(families, 'avalanche_resource_tracker_disk_available_space'))
  set('diskAvailablePercent', firstValue(families, 'avalanche_resource_tracker_disk_available_percentage'))
  return out
}

/** Reads the node's /ext/metrics. A node without the metrics API answers 404: NOT_FOUND, as any other status error. */
export async function fetchNodeMetrics(nodeUrl: string, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<NodeMetrics> {
  const url = `${nodeUrl.replace(/\/+$/, '')}/ext/metrics`
  const timeoutMs = opts.timeoutMs ?? 10_000
  const signal = opts.signal ? { signal: opts.signal } : {}
  const res = await fetchWithDeadline(url, { service: SERVICE, timeoutMs, ...signal, init: { headers: { accept: 'text/plain' } } })
  if (!res.ok) {
    await res.body?.cancel().catch(() => {})
    throw errorForStatus(res.status, { service: SERVICE, path: '/ext/metrics', retryAfter: res.headers.get('retry-after') })
  }
  return nodeMetricsFromText(await readBody(res, SERVICE, MAX_BYTES, { timeoutMs, ...signal }))
}
