/**
 * What the rules over a window read of a profile's kept samples (query success, bad blocks, disk runway,
 * notices): a few fields of each, not whole samples. Counters are totals since the node started, so a
 * restart sets them back: an increase over a window adds each step up and, where a counter went down,
 * what it counts since the restart (as Prometheus' increase() does), never a difference across the restart.
 */
import type { WatchSample } from '../../../shared/contract'
import type { SeriesPoint } from '../../cache/watch-store'

export type { SeriesPoint } from '../../cache/watch-store'

/** How far back the rules look: the disk's trend over the last six hours. */
export const SERIES_SPAN_MS = 6 * 60 * 60 * 1_000
/** Kept at full detail (one point a minute at most) for the counters' windows; older, one point per ten minutes. */
export const SERIES_FINE_MS = 60 * 60 * 1_000

/** A series point of a sample (the tests and the store read the same fields). */
export function pointOf(s: WatchSample): SeriesPoint {
  return {
    at: s.at,
    reachable: s.reachable,
    ...(s.healthy !== undefined ? { healthy: s.healthy } : {}),
    ...(s.version !== undefined ? { version: s.version } : {}),
    ...(s.metrics?.polls ? { polls: s.metrics.polls } : {}),
    ...(s.metrics?.rejectedBlocks ? { rejectedBlocks: s.metrics.rejectedBlocks } : {}),
    ...(s.disk ? { disk: s.disk } : {})
  }
}

/**
 * The increase of a counter over points (oldest first) that have it; a value lower than the one before is
 * a restart, and counts in full. null with fewer than two points.
 */
export function increase(values: readonly number[]): number | null {
  if (values.length < 2) return null
  let total = 0
  for (let i = 1; i < values.length; i++) {
    const before = values[i - 1]!
    const now = values[i]!
    total += now >= before ? now - before : now
  }
  return total
}

/** The points at or after `from`, the newest included. */
export const within = (series: readonly SeriesPoint[], from: number): SeriesPoint[] => series.filter((p) => p.at >= from)
