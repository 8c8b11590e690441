/**
 * The rules avalanchego's "Key Metrics & Alerts" page pages on, over the profile's kept samples (series.ts):
 * the query success rate per chain from the polls counters, the free share of the database volume and the
 * time left until the node's own shutdown threshold at the recent trend, and blocks the VM rejects.
 */
import { bytes, duration } from '../../../shared/domain/format'
import { ALERT_RULE_INFO } from '../../../shared/contract'
import { increase, within, type SeriesPoint } from './series'
import { levels, tiers, type CheckContext, type Verdicts } from './verdicts'

/** The query success rate's window (the recommended-metrics page's rate over minutes, not one check). */
export const QUERY_WINDOW_MS = 10 * 60 * 1_000
/** Fewer polls than this in the window say nothing of consensus (a node just started, a quiet chain). */
export const MIN_POLLS = 20
export const BAD_BLOCKS_WINDOW_MS = 60 * 60 * 1_000
/** The disk's trend: over the last six hours, from at least an hour of samples. */
export const RUNWAY_SPAN_MS = 6 * 60 * 60 * 1_000
export const RUNWAY_MIN_SPAN_MS = 60 * 60 * 1_000
/**
 * avalanchego shuts itself down under this share free (--system-tracker-disk-required-available-space-percentage,
 * default 3, since 1.14.1) or, before, under this many bytes (--system-tracker-disk-required-available-space, 512 MiB).
 */
export const SHUTDOWN_PERCENT = 3
export const LEGACY_SHUTDOWN_BYTES = 512 * 1024 * 1024

const chainWords = (chain: string): string => (/^[PXC]$/.test(chain) ? `${chain}-Chain` : `chain ${chain}`)
const pct = (x: number): string => `${(Math.floor(x * 100) / 100).toFixed(2)} %`


/** Each chain's counter over the points that have it (oldest first). */
function perChain(points: readonly SeriesPoint[], read: (p: SeriesPoint) => Record<string, number> | undefined): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const p of points) {
    const values = p.reachable ? read(p) : undefined
    if (!values) continue
    for (const [chain, v] of Object.entries(values)) {
      const list = out.get(chain) ?? []
      list.push(v)
      out.set(chain, list)
    }
  }
  return out
}

const lastAt = (series: readonly SeriesPoint[]): number | undefined => series.at(-1)?.at

export const SIGNAL_CHECKS = {
  querySuccess({ series }: CheckContext): Verdicts | null {
    const at = lastAt(series)
    if (at === undefined || !series.at(-1)?.reachable) return null
    const points = within(series, at - QUERY_WINDOW_MS)
    const successful = perChain(points, (p) => (p.polls ? Object.fromEntries(Object.entries(p.polls).map(([c, v]) => [c, v.successful])) : undefined))
    const failed = perChain(points, (p) => (p.polls ? Object.fromEntries(Object.entries(p.polls).map(([c, v]) => [c, v.failed])) : undefined))
    if (successful.size === 0) return null
    const out: Verdicts = new Map()
    for (const [chain, ok] of successful) {
      const good = increase(ok)
      const bad = increase(failed.get(chain) ?? [])
      if (good === null || bad === null || good + bad < MIN_POLLS) {
        for (const l of ALERT_RULE_INFO.querySuccess.levels ?? []) out.set(`${chain}:${l.name}`, { firing: false })
        continue
      }
      const rate = (100 * good) / (good + bad)
      levels(out, chain, rate, ALERT_RULE_INFO.querySuccess.levels ?? [], (l) =>
        `the ${chainWords(chain)}'s query success rate over the last ${duration(QUERY_WINDOW_MS)} is ${pct(rate)} (${good} of ${good + bad} polls successful), under ${l.below} %: ${l.severity}`
      )
    }
    return out
  },

  badBlocks({ series, threshold }: CheckContext): Verdicts | null {
    const at = lastAt(series)
    if (at === undefined || !series.at(-1)?.reachable || typeof threshold !== 'number') return null
    const rejected = perChain(within(series, at - BAD_BLOCKS_WINDOW_MS), (p) => p.rejectedBlocks)
    if (rejected.size === 0) return null
    const out: Verdicts = new Map()
    for (const [chain, values] of rejected) {
      const n = increase(values)
      if (n === null) continue
      out.set(
        chain,
        n >= threshold
          ? { firing: true, message: `the ${chainWords(chain)} rejected ${n} block${n === 1 ? '' : 's'} in the last hour (threshold ${threshold}): its VM refuses blocks others propose` }
          : { firing: false }
      )
    }
    return out
  },

  diskSpace({ series }: CheckContext): Verdicts | null {
    const last = series.at(-1)
    const share = last?.reachable ? last.disk?.availablePercent : undefined
    if (!last?.disk || share === undefined) return null
    const out: Verdicts = new Map()
    levels(out, 'disk', share, ALERT_RULE_INFO.diskSpace.levels ?? [], (l) =>
      `the node's database volume has ${pct(share)} free (${bytes(last.disk!.availableBytes)}), under ${l.below} %: ${l.severity} (the node reports itself unhealthy under 10 % and shuts down under ${SHUTDOWN_PERCENT} %)`
    )
    return out
  },

  diskRunway({ series }: CheckContext): Verdicts | null {
    const last = series.at(-1)
    if (!last?.reachable || !last.disk) return null
    const points = within(series, last.at - RUNWAY_SPAN_MS).filter((p) => p.reachable && p.disk)
    const first = points[0]
    if (!first || last.at - first.at < RUNWAY_MIN_SPAN_MS || points.length < 3) return null
    const slope = bytesPerMs(points)
    const { availableBytes, availablePercent } = last.disk
    // The node's own threshold: a share of the volume where it reports one, else the older nodes' bytes.
    const shutdownAt = availablePercent !== undefined && availablePercent > 0 ? (availableBytes * SHUTDOWN_PERCENT) / availablePercent : LEGACY_SHUTDOWN_BYTES
    const where = availablePercent !== undefined ? `${SHUTDOWN_PERCENT} % free` : `${bytes(LEGACY_SHUTDOWN_BYTES)} free`
    const out: Verdicts = new Map()
    const leftSec = slope >= 0 ? Number.POSITIVE_INFINITY : Math.max(0, (availableBytes - shutdownAt) / -slope / 1_000)
    tiers(out, 'disk', leftSec, ALERT_RULE_INFO.diskRunway.steps ?? [], (left) =>
      `the node's database volume loses about ${bytes(-slope * 86_400_000)} a day (trend of the last ${duration(last.at - first.at)}); ${bytes(availableBytes)} free: about ${duration(left * 1_000)} until ${where}, where the node shuts down`
    )
    return out
  }
}

/** Least-squares slope of the free bytes over time, bytes per ms (negative: filling up). */
function bytesPerMs(points: readonly SeriesPoint[]): number {
  const t0 = points[0]!.at
  const xs = points.map((p) => p.at - t0)
  const ys = points.map((p) => p.disk!.availableBytes)
  const n = xs.length
  const mx = xs.reduce((a, b) => a + b, 0) / n
  const my = ys.reduce((a, b) => a + b, 0) / n
  let num = 0
  let den = 0
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my)
    den += (xs[i]! - mx) ** 2
  }
  return den === 0 ? 0 : num / den
}
