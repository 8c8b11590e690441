import { watchSampleSchema, type WatchProfileSettings, type WatchSample } from '../../shared/contract'
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
