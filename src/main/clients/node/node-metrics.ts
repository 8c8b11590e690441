/**
 * The node's own numbers: GET <node>/ext/metrics, Prometheus text, parsed with a Prometheus text parser
 * and reduced to what the watch keeps. Names as avalanchego exports them (its public Grafana dashboards):
 * since 1.11 one `avalanche_` namespace with a `chain` label (`avalanche_snowman_blks_accepted_count{chain="P"}`),
 * before that the chain in the name (`avalanche_P_blks_accepted_count`); the Go process collector's
 * `process_*` under the `avalanche_process` namespace (`avalanche_process_process_cpu_seconds_total`), in
 * older builds right under the prefix (`avalanche_process_cpu_seconds_total`).
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

/** Reduces a metrics page to the numbers the watch keeps; unknown ones are left out. */
/** The families read here; a metrics page's other lines (thousands on a busy node) are dropped before parsing. */
const WANTED = /^(?:# (?:HELP|TYPE) )?(?:avalanche_process_process_(?:cpu_seconds_total|resident_memory_bytes)|(?:avalanche_)?process_(?:cpu_seconds_total|resident_memory_bytes)|avalanche_network_(?:peers|node_uptime_weighted_average|node_uptime_rewarding_stake)|avalanche_\w*blks_accepted\w*)[\s{]/

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
  for (const f of parsed) {
    const m = ACCEPTED.exec(f.name)
    if (!m) continue
    for (const s of f.metrics) {
      // "snowman"/"avalanche" in the name is the engine, not a chain: the chain is then in the label.
      const inName = m[1]?.split('_')[0]
      const chain = s.labels?.chain ?? (inName && inName !== 'snowman' && inName !== 'avalanche' ? inName : undefined)
      const v = Number(s.count ?? s.value)
      if (chain && Number.isFinite(v)) acceptedBlocks[chain.slice(0, 100)] = (acceptedBlocks[chain.slice(0, 100)] ?? 0) + v
    }
  }
  const out: NodeMetrics = { acceptedBlocks }
  const set = <K extends Exclude<keyof NodeMetrics, 'acceptedBlocks'>>(key: K, v: number | undefined) => {
    if (v !== undefined) out[key] = v
  }
  set('cpuSecondsTotal', firstValue(families, 'avalanche_process_process_cpu_seconds_total', 'avalanche_process_cpu_seconds_total', 'process_cpu_seconds_total'))
  set('residentMemoryBytes', firstValue(families, 'avalanche_process_process_resident_memory_bytes', 'avalanche_process_resident_memory_bytes', 'process_resident_memory_bytes'))
  set('peers', firstValue(families, 'avalanche_network_peers'))
  set('uptimeWeightedAverage', firstValue(families, 'avalanche_network_node_uptime_weighted_average'))
  set('uptimeRewardingStake', firstValue(families, 'avalanche_network_node_uptime_rewarding_stake'))
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
