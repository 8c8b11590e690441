import { nodeMetricsSchema, watchSampleSchema, type NodeMetrics, type WatchProfileSettings, type WatchSample } from '../../shared/contract'
import type { Db } from './database'

/** Samples kept per profile: at one a minute, about a week; older ones are dropped as new ones come. */
export const SAMPLES_KEPT_PER_PROFILE = 10_000
const TRIM_EVERY = 100

export const DEFAULT_WATCH_SETTINGS = { enabled: true, intervalSec: 60, subnetIds: [] as string[] } as const

const parseSample = (data: string): WatchSample[] => {
  const parsed = watchSampleSchema.safeParse(JSON.parse(data))
  return parsed.success ? [parsed.data] : []
}

const parseIds = (json: string): string[] => {
  const v: unknown = JSON.parse(json)
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/** A few fields of one kept sample: what the rules over a window read (services/alerts/series.ts). */
export interface SeriesPoint {
  at: number
  reachable: boolean
  healthy?: boolean
  version?: string
  polls?: NonNullable<NodeMetrics['polls']>
  rejectedBlocks?: NonNullable<NodeMetrics['rejectedBlocks']>
  disk?: WatchSample['disk']
}

interface SeriesRow {
  at: number
  reachable: number
  healthy: number | null
  version: string | null
  polls: string | null
  rejected: string | null
  disk: string | null
}

/** A series row read back through the sample's own schemas: a row that no longer parses is left out. */
function pointOfRow(r: SeriesRow): SeriesPoint[] {
  const json = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text))
  const parsed = seriesFields.safeParse({
    healthy: r.healthy === null ? undefined : r.healthy === 1,
    version: r.version ?? undefined,
    polls: json(r.polls),
    rejectedBlocks: json(r.rejected),
    disk: json(r.disk)
  })
  if (!parsed.success) return []
  const p = parsed.data
  return [
    {
      at: r.at,
      reachable: r.reachable === 1,
      ...(p.healthy !== undefined ? { healthy: p.healthy } : {}),
      ...(p.version !== undefined ? { version: p.version } : {}),
      ...(p.polls ? { polls: p.polls } : {}),
      ...(p.rejectedBlocks ? { rejectedBlocks: p.rejectedBlocks } : {}),
      ...(p.disk ? { disk: p.disk } : {})
    }
  ]
}
const seriesFields = watchSampleSchema
  .pick({ healthy: true, version: true, disk: true })
  .extend({ polls: nodeMetricsSchema.shape.polls, rejectedBlocks: nodeMetricsSchema.shape.rejectedBlocks })

/** Named statements over the watch's samples and each profile's settings (migrations 9 and 10). */
export class WatchStore {
  private readonly s
  /** inserts per profile since its last trim: the trim walks the index, so it runs every TRIM_EVERY inserts */
  private readonly sinceTrim = new Map<string, number>()
  constructor(private readonly db: Db) {
    this.s = {
      putSample: db.prepare<[string, number, number, string]>('INSERT OR REPLACE INTO watch_samples (profile_id, at, reachable, data) VALUES (?, ?, ?, ?)'),
      // Bounded: everything older than the newest SAMPLES_KEPT_PER_PROFILE of this profile goes.
      trim: db.prepare<[string, string, number]>(
        `DELETE FROM watch_samples WHERE profile_id = ? AND at < (
           SELECT at FROM watch_samples WHERE profile_id = ? ORDER BY at DESC LIMIT 1 OFFSET ?)`
      ),
      recent: db.prepare<[string, number], { data: string }>('SELECT data FROM watch_samples WHERE profile_id = ? ORDER BY at DESC LIMIT ?'),
      since: db.prepare<[string, number, number], { data: string }>(
        'SELECT data FROM watch_samples WHERE profile_id = ? AND at >= ? ORDER BY at DESC LIMIT ?'
      ),
      // The newest sample of each minute, a few fields of each: the rules' series (read once per profile: services/alerts/series.ts).
      series: db.prepare<[string, string, number, number], SeriesRow>(
        `SELECT at, reachable, json_extract(data, '$.healthy') AS healthy, json_extract(data, '$.version') AS version,
                json_extract(data, '$.metrics.polls') AS polls, json_extract(data, '$.metrics.rejectedBlocks') AS rejected, json_extract(data, '$.disk') AS disk
         FROM watch_samples WHERE profile_id = ? AND at IN (SELECT MAX(at) FROM watch_samples WHERE profile_id = ? AND at >= ? GROUP BY at / 60000)
         ORDER BY at LIMIT ?`
      ),
      lastReachable: db.prepare<[string], { data: string }>('SELECT data FROM watch_samples WHERE profile_id = ? AND reachable = 1 ORDER BY at DESC LIMIT 1'),
      firstUnreachableAfter: db.prepare<[string, number], { at: number | null }>(
        'SELECT MIN(at) AS at FROM watch_samples WHERE profile_id = ? AND reachable = 0 AND at > ?'
      ),
      settings: db.prepare<[string], { enabled: number; interval_sec: number; subnet_ids: string }>(
        'SELECT enabled, interval_sec, subnet_ids FROM watch_settings WHERE profile_id = ?'
      ),
      putSettings: db.prepare<[string, number, number, string]>(
        `INSERT INTO watch_settings (profile_id, enabled, interval_sec, unreachable_after, subnet_ids) VALUES (?, ?, ?, 3, ?)
         ON CONFLICT(profile_id) DO UPDATE SET enabled = excluded.enabled, interval_sec = excluded.interval_sec, subnet_ids = excluded.subnet_ids`
      )
    }
  }

  /** Keeps a sample; a profile holds at most SAMPLES_KEPT_PER_PROFILE + TRIM_EVERY of them. */
  putSample(sample: WatchSample): void {
    const n = (this.sinceTrim.get(sample.profileId) ?? TRIM_EVERY) + 1
    this.db.transaction(() => {
      this.s.putSample.run(sample.profileId, sample.at, sample.reachable ? 1 : 0, JSON.stringify(sample))
      if (n >= TRIM_EVERY) this.s.trim.run(sample.profileId, sample.profileId, SAMPLES_KEPT_PER_PROFILE - 1)
    })()
    this.sinceTrim.set(sample.profileId, n >= TRIM_EVERY ? 0 : n)
  }

  /** The newest `count` samples of a profile (taken at or after `since`), oldest first. Rows that no longer parse are skipped. */
  recentSamples(profileId: string, count: number, since?: number): WatchSample[] {
    const rows = since === undefined ? this.s.recent.all(profileId, count) : this.s.since.all(profileId, since, count)
    return rows.flatMap((r) => parseSample(r.data)).reverse()
  }

  /** The rules' series of a profile since `since` (ms), oldest first: the newest sample of each minute. */
  series(profileId: string, since: number): SeriesPoint[] {
    return this.s.series.all(profileId, profileId, since, 1_000).flatMap(pointOfRow)
  }

  /** Runs fn in one transaction (an alert stored and written to the outbox together). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)()
  }

  /** The last check the node answered; null when it never has. */
  lastReachable(profileId: string): WatchSample | null {
    const row = this.s.lastReachable.get(profileId)
    return row ? (parseSample(row.data)[0] ?? null) : null
  }

  /** The first check the node did not answer after `after` (ms): when an outage began. */
  firstUnreachableAfter(profileId: string, after: number): number | null {
    return this.s.firstUnreachableAfter.get(profileId, after)?.at ?? null
  }

  settings(profileId: string): WatchProfileSettings {
    const r = this.s.settings.get(profileId)
    if (!r) return { profileId, ...DEFAULT_WATCH_SETTINGS, subnetIds: [] }
    return { profileId, enabled: r.enabled === 1, intervalSec: r.interval_sec, subnetIds: parseIds(r.subnet_ids) }
  }

  putSettings(s: WatchProfileSettings): void {
    this.s.putSettings.run(s.profileId, s.enabled ? 1 : 0, s.intervalSec, JSON.stringify(s.subnetIds))
  }
}
