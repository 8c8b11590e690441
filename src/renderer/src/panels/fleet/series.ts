/**
 * The chart lines of one profile's kept checks: peers, CPU (a rate of the node's CPU-seconds counter),
 * resident memory, uptime as its peers see it, and accepted blocks per minute per chain (a rate of each
 * chain's counter). A check that did not answer, or a counter that went back (the node restarted), is a
 * gap (null), never a made-up value.
 */
import type { WatchSample } from '../../../../shared/contract'

export interface Line {
  label: string
  values: (number | null)[]
}

const round = (v: number, digits = 2): number => Math.round(v * 10 ** digits) / 10 ** digits

/** Per-minute (or per-second) rate of a counter between each check and the one before it. */
function rate(samples: readonly WatchSample[], read: (s: WatchSample) => number | undefined, perMs: number): (number | null)[] {
  return samples.map((s, i) => {
    if (i === 0) return null
    const prev = samples[i - 1]!
    const a = prev.reachable ? read(prev) : undefined
    const b = s.reachable ? read(s) : undefined
    const dt = s.at - prev.at
    if (a === undefined || b === undefined || dt <= 0 || b < a) return null
    return round(((b - a) / dt) * perMs)
  })
}

export function peersLines(samples: readonly WatchSample[]): Line[] {
  return [{ label: 'Peers', values: samples.map((s) => (s.reachable ? (s.peers ?? s.metrics?.peers ?? null) : null)) }]
}

/** CPU in percent of one core (200 % = two cores busy). */
export function cpuLines(samples: readonly WatchSample[]): Line[] {
  return [{ label: 'CPU (% of one core)', values: rate(samples, (s) => s.metrics?.cpuSecondsTotal, 1_000 * 100) }]
}

export function memoryLines(samples: readonly WatchSample[]): Line[] {
  return [
    {
      label: 'Resident memory (MiB)',
      values: samples.map((s) => (s.reachable && s.metrics?.residentMemoryBytes !== undefined ? round(s.metrics.residentMemoryBytes / 2 ** 20, 1) : null))
    }
  ]
}

export function uptimeLines(samples: readonly WatchSample[]): Line[] {
  const pick = (read: (s: WatchSample) => number | undefined) => samples.map((s) => (s.reachable ? (read(s) ?? null) : null))
  return [
    { label: 'Weighted average uptime (%)', values: pick((s) => s.metrics?.uptimeWeightedAverage) },
    { label: 'Rewarding stake (%)', values: pick((s) => s.metrics?.uptimeRewardingStake) }
  ]
}

/** One line per chain the node reports accepted blocks for, in blocks per minute. */
export function blocksLines(samples: readonly WatchSample[]): Line[] {
  const chains = [...new Set(samples.flatMap((s) => Object.keys(s.metrics?.acceptedBlocks ?? {})))].sort()
  return chains.map((c) => ({ label: `${c} (blocks/min)`, values: rate(samples, (s) => s.metrics?.acceptedBlocks[c], 60_000) }))
}

/** Whether any check read the node's /ext/metrics. */
export function hasMetrics(samples: readonly WatchSample[]): boolean {
  return samples.some((s) => s.metrics !== undefined)
}

export function hasValues(lines: readonly Line[]): boolean {
  return lines.some((l) => l.values.some((v) => v !== null))
}

/**
 * The y axis of a fleet chart: from 0, up to a little over the highest value, and never narrower than
 * `minSpan` (uPlot's own range zooms into the data, so a flat 35 % CPU read as spikes between 34.9 and 35.1).
 * `ceiling`: the natural top of a share (uptime's 100 %), used while no value is above it.
 */
export function yRange(lines: readonly Line[], minSpan: number, ceiling?: number): [number, number] {
  let high = 0
  for (const l of lines) for (const v of l.values) if (v !== null && Number.isFinite(v) && v > high) high = v
  if (ceiling !== undefined && high <= ceiling) return [0, ceiling]
  return [0, Math.max(minSpan, high * 1.1)]
}
