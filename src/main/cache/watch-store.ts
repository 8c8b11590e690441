import { watchSampleSchema, type WatchAlert, type WatchRule, type WatchSample } from '../../shared/contract'
import type { Db } from './database'

/** Samples kept per profile: at one a minute, about a week; older ones are dropped as new ones come. */
export const SAMPLES_KEPT_PER_PROFILE = 10_000

export interface WatchSettingsRow {
  profileId: string
  enabled: boolean
  intervalSec: number
  unreachableAfter: number
}

export const DEFAULT_WATCH_SETTINGS = { enabled: true, intervalSec: 60, unreachableAfter: 3 } as const

interface RawAlert {
  id: string
  profile_id: string
  profile_name: string
  node_url: string
  rule: string
  severity: string
  message: string
  fired_at: number
  cleared_at: number | null
}

const alertFromRaw = (r: RawAlert): WatchAlert => ({
  id: r.id,
  profileId: r.profile_id,
  profileName: r.profile_name,
  nodeUrl: r.node_url,
  rule: r.rule as WatchRule,
  severity: r.severity === 'critical' ? 'critical' : 'warning',
  message: r.message,
  firedAt: r.fired_at,
  clearedAt: r.cleared_at
})

/** Named statements over the watch's samples, settings and alerts (migration 9). */
export class WatchStore {
  private readonly s
  constructor(private readonly db: Db) {
    this.s = {
      putSample: db.prepare<[string, number, number, string]>('INSERT OR REPLACE INTO watch_samples (profile_id, at, reachable, data) VALUES (?, ?, ?, ?)'),
      // Bounded: everything older than the newest SAMPLES_KEPT_PER_PROFILE of this profile goes.
      trim: db.prepare<[string, string, number]>(
        `DELETE FROM watch_samples WHERE profile_id = ? AND at < (
           SELECT at FROM watch_samples WHERE profile_id = ? ORDER BY at DESC LIMIT 1 OFFSET ?)`
      ),
      recent: db.prepare<[string, number], { data: string }>('SELECT data FROM watch_samples WHERE profile_id = ? ORDER BY at DESC LIMIT ?'),
      settings: db.prepare<[string], { enabled: number; interval_sec: number; unreachable_after: number }>(
        'SELECT enabled, interval_sec, unreachable_after FROM watch_settings WHERE profile_id = ?'
      ),
      putSettings: db.prepare<[string, number, number, number]>(
        `INSERT INTO watch_settings (profile_id, enabled, interval_sec, unreachable_after) VALUES (?, ?, ?, ?)
         ON CONFLICT(profile_id) DO UPDATE SET enabled = excluded.enabled, interval_sec = excluded.interval_sec, unreachable_after = excluded.unreachable_after`
      ),
      insertAlert: db.prepare<[string, string, string, string, string, string, string, number]>(
        'INSERT OR IGNORE INTO watch_alerts (id, profile_id, profile_name, node_url, rule, severity, message, fired_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
      ),
      clearAlert: db.prepare<[number, string]>('UPDATE watch_alerts SET cleared_at = ? WHERE id = ? AND cleared_at IS NULL'),
      openOf: db.prepare<[string], RawAlert>('SELECT * FROM watch_alerts WHERE profile_id = ? AND cleared_at IS NULL ORDER BY fired_at'),
      allOpen: db.prepare<[], RawAlert>('SELECT * FROM watch_alerts WHERE cleared_at IS NULL ORDER BY fired_at DESC, id'),
      past: db.prepare<[number], RawAlert>('SELECT * FROM watch_alerts WHERE cleared_at IS NOT NULL ORDER BY fired_at DESC, id LIMIT ?'),
      lastFired: db.prepare<[string], { rule: string; at: number }>('SELECT rule, MAX(fired_at) AS at FROM watch_alerts WHERE profile_id = ? GROUP BY rule')
    }
  }

  putSample(sample: WatchSample): void {
    this.db.transaction(() => {
      this.s.putSample.run(sample.profileId, sample.at, sample.reachable ? 1 : 0, JSON.stringify(sample))
      this.s.trim.run(sample.profileId, sample.profileId, SAMPLES_KEPT_PER_PROFILE - 1)
    })()
  }

  /** The newest `count` samples of a profile, oldest first. Rows that no longer parse are skipped. */
  recentSamples(profileId: string, count: number): WatchSample[] {
    return this.s.recent
      .all(profileId, count)
      .flatMap((r) => {
        const parsed = watchSampleSchema.safeParse(JSON.parse(r.data))
        return parsed.success ? [parsed.data] : []
      })
      .reverse()
  }

  settings(profileId: string): WatchSettingsRow {
    const r = this.s.settings.get(profileId)
    if (!r) return { profileId, ...DEFAULT_WATCH_SETTINGS }
    return { profileId, enabled: r.enabled === 1, intervalSec: r.interval_sec, unreachableAfter: r.unreachable_after }
  }

  putSettings(s: WatchSettingsRow): void {
    this.s.putSettings.run(s.profileId, s.enabled ? 1 : 0, s.intervalSec, s.unreachableAfter)
  }

  insertAlert(a: WatchAlert): void {
    this.s.insertAlert.run(a.id, a.profileId, a.profileName, a.nodeUrl, a.rule, a.severity, a.message, a.firedAt)
  }

  clearAlert(id: string, at: number): void {
    this.s.clearAlert.run(at, id)
  }

  openAlerts(profileId?: string): WatchAlert[] {
    return (profileId ? this.s.openOf.all(profileId) : this.s.allOpen.all()).map(alertFromRaw)
  }

  pastAlerts(limit: number): WatchAlert[] {
    return this.s.past.all(limit).map(alertFromRaw)
  }

  /** When each rule last fired for a profile (for the cooldown). */
  lastFired(profileId: string): Partial<Record<WatchRule, number>> {
    return Object.fromEntries(this.s.lastFired.all(profileId).map((r) => [r.rule, r.at]))
  }
}
