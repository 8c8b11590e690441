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
/** One point a minute (the newest sample of it): a counter's restart within a minute still shows as a drop. */
export const SERIES_STEP_MS = 60_000

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

/**
 * Each watched profile's series in memory: read from the kept samples once (the first check after a start), then
 * each new sample added as the check stores it, so a check never reads hours of samples again (a sample of a
 * busy node is kilobytes, and the table keeps them whole). At most SERIES_SPAN_MS / SERIES_STEP_MS points a profile.
 */
export class SeriesKeeper {
  private readonly byProfile = new Map<string, SeriesPoint[]>()

  /** The series after `sample` was stored; `load` reads it from the store (since a time) when there is none yet. */
  after(sample: WatchSample, load: (since: number) => SeriesPoint[]): readonly SeriesPoint[] {
    const since = sample.at - SERIES_SPAN_MS
    let list = this.byProfile.get(sample.profileId)
    const last = list?.at(-1)
    if (!list || !last || sample.at < last.at) {
      list = load(since)
      this.byProfile.set(sample.profileId, list)
      return list
    }
    if (sample.at !== last.at) {
      if (Math.floor(sample.at / SERIES_STEP_MS) === Math.floor(last.at / SERIES_STEP_MS)) list.pop()
      list.push(pointOf(sample))
    }
    const old = list.findIndex((p) => p.at >= since)
    if (old > 0) list.splice(0, old)
    return list
  }

  /** Profiles changed (one removed, another node URL): read again at the next check. */
  forget(): void {
    this.byProfile.clear()
  }
}

/** The points at or after `from`, the newest included. */
export const within = (series: readonly SeriesPoint[], from: number): SeriesPoint[] => series.filter((p) => p.at >= from)
