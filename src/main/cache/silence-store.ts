import { alertRuleSchema, maintenanceWindowSchema, type MaintenanceWindow, type Silence } from '../../shared/contract'
import type { Db } from './database'

interface RawSilence {
  id: string
  profile_id: string | null
  rule: string | null
  subject: string | null
  starts_at: number
  ends_at: number
  reason: string
  created_by: string
  created_at: number
}

interface RawWindow {
  id: string
  name: string
  profile_id: string | null
  schedule: string
  duration_minutes: number
  time_zone: string
}

/** A silence of a rule this version no longer knows holds nothing it could name: left out, not widened to every rule. */
const silenceFromRaw = (r: RawSilence): Silence[] => {
  const rule = r.rule === null ? null : alertRuleSchema.safeParse(r.rule)
  if (rule && !rule.success) return []
  return [
    {
      id: r.id,
      profileId: r.profile_id,
      rule: rule ? rule.data : null,
      subject: r.subject,
      startsAt: r.starts_at,
      endsAt: r.ends_at,
      reason: r.reason,
      createdBy: r.created_by,
      createdAt: r.created_at
    }
  ]
}

/** A stored window is checked as the contract checks one (a zone the platform dropped makes it hold nothing). */
const windowFromRaw = (r: RawWindow): MaintenanceWindow[] => {
  let schedule: unknown
  try {
    schedule = JSON.parse(r.schedule)
  } catch {
    return []
  }
  const w = maintenanceWindowSchema.safeParse({ id: r.id, name: r.name, profileId: r.profile_id, schedule, durationMinutes: r.duration_minutes, timeZone: r.time_zone })
  return w.success ? [w.data] : []
}

/** Named statements over silences, maintenance windows and the resolutions they held back (migration 19). */
export class SilenceStore {
  private readonly s
  constructor(db: Db) {
    this.s = {
      silences: db.prepare<[number], RawSilence>('SELECT * FROM alert_silences WHERE ends_at > ? ORDER BY starts_at, id'),
      silence: db.prepare<[string], RawSilence>('SELECT * FROM alert_silences WHERE id = ?'),
      putSilence: db.prepare<[string, string | null, string | null, string | null, number, number, string, string, number]>(
        'INSERT INTO alert_silences (id, profile_id, rule, subject, starts_at, ends_at, reason, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'
      ),
      endSilence: db.prepare<[number, string, number]>('UPDATE alert_silences SET ends_at = ? WHERE id = ? AND ends_at > ?'),
      windows: db.prepare<[], RawWindow>('SELECT * FROM maintenance_windows ORDER BY name, id'),
      window: db.prepare<[string], RawWindow>('SELECT * FROM maintenance_windows WHERE id = ?'),
      putWindow: db.prepare<[string, string, string | null, string, number, string, number]>(
        `INSERT INTO maintenance_windows (id, name, profile_id, schedule, duration_minutes, time_zone, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET name = excluded.name, profile_id = excluded.profile_id, schedule = excluded.schedule,
           duration_minutes = excluded.duration_minutes, time_zone = excluded.time_zone`
      ),
      removeWindow: db.prepare<[string]>('DELETE FROM maintenance_windows WHERE id = ?'),
      hold: db.prepare<[string, string, number]>('INSERT OR IGNORE INTO alert_held_resolutions (alert_id, profile_id, held_at) VALUES (?, ?, ?)'),
      heldOf: db.prepare<[string], { alert_id: string }>('SELECT alert_id FROM alert_held_resolutions WHERE profile_id = ? ORDER BY held_at, alert_id'),
      release: db.prepare<[string]>('DELETE FROM alert_held_resolutions WHERE alert_id = ?')
    }
  }

  /** Silences that have not ended at `now` (in force, or set to start later). */
  silences(now: number): Silence[] {
    return this.s.silences.all(now).flatMap(silenceFromRaw)
  }

  silence(id: string): Silence | undefined {
    const row = this.s.silence.get(id)
    return row ? silenceFromRaw(row)[0] : undefined
  }

  putSilence(s: Silence): void {
    this.s.putSilence.run(s.id, s.profileId, s.rule, s.subject, s.startsAt, s.endsAt, s.reason, s.createdBy, s.createdAt)
  }

  /** Ends a silence at `at` (one that has ended already keeps its end). */
  endSilence(id: string, at: number): void {
    this.s.endSilence.run(at, id, at)
  }

  windows(): MaintenanceWindow[] {
    return this.s.windows.all().flatMap(windowFromRaw)
  }

  window(id: string): MaintenanceWindow | undefined {
    const row = this.s.window.get(id)
    return row ? windowFromRaw(row)[0] : undefined
  }

  putWindow(w: MaintenanceWindow, createdAt: number): void {
    this.s.putWindow.run(w.id, w.name, w.profileId, JSON.stringify(w.schedule), w.durationMinutes, w.timeZone, createdAt)
  }

  removeWindow(id: string): boolean {
    return this.s.removeWindow.run(id).changes > 0
  }

  /** The resolution of an alert that was sent, held back by a silence: sent when the silence ends. */
  holdResolution(alertId: string, profileId: string, at: number): void {
    this.s.hold.run(alertId, profileId, at)
  }

  heldResolutions(profileId: string): string[] {
    return this.s.heldOf.all(profileId).map((r) => r.alert_id)
  }

  releaseResolution(alertId: string): void {
    this.s.release.run(alertId)
  }
}
