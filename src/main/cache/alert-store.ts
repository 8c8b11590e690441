import { ALERT_RULE_INFO, ALERT_RULES, alertRuleSchema, forChecksOf, type Alert, type AlertRule, type RuleSetting } from '../../shared/contract'
import type { Db } from './database'

interface RawAlert {
  id: string
  profile_id: string
  profile_name: string
  node_url: string
  rule: string
  subject: string | null
  severity: string
  message: string
  fired_at: number
  cleared_at: number | null
  acknowledged_at: number | null
}

/** Rows whose rule this version no longer knows are left out, not guessed at. */
const alertFromRaw = (r: RawAlert): Alert[] => {
  const rule = alertRuleSchema.safeParse(r.rule)
  if (!rule.success) return []
  return [
    {
      id: r.id,
      profileId: r.profile_id,
      profileName: r.profile_name,
      nodeUrl: r.node_url,
      rule: rule.data,
      subject: r.subject,
      severity: r.severity === 'critical' || r.severity === 'info' ? r.severity : 'warning',
      message: r.message,
      firedAt: r.fired_at,
      clearedAt: r.cleared_at,
      acknowledgedAt: r.acknowledged_at
    }
  ]
}

/** The key of "the same alert": one open at a time per profile, rule and subject. */
export const alertKey = (rule: AlertRule, subject: string | null): string => `${rule}|${subject ?? ''}`

/** Named statements over the alerts and each rule's settings per profile (migrations 9, 10 and 18; silences: silence-store.ts). */
export class AlertStore {
  private readonly s
  constructor(db: Db) {
    this.s = {
      insert: db.prepare<[string, string, string, string, string, string | null, string, string, number]>(
        `INSERT OR IGNORE INTO watch_alerts (id, profile_id, profile_name, node_url, rule, subject, severity, message, fired_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
      ),
      clear: db.prepare<[number, string]>('UPDATE watch_alerts SET cleared_at = ? WHERE id = ? AND cleared_at IS NULL'),
      acknowledge: db.prepare<[number, string]>('UPDATE watch_alerts SET acknowledged_at = COALESCE(acknowledged_at, ?) WHERE id = ?'),
      byId: db.prepare<[string], RawAlert>('SELECT * FROM watch_alerts WHERE id = ?'),
      openOf: db.prepare<[string], RawAlert>('SELECT * FROM watch_alerts WHERE profile_id = ? AND cleared_at IS NULL ORDER BY fired_at, id'),
      allOpen: db.prepare<[], RawAlert>('SELECT * FROM watch_alerts WHERE cleared_at IS NULL ORDER BY fired_at DESC, id'),
      past: db.prepare<[number], RawAlert>('SELECT * FROM watch_alerts WHERE cleared_at IS NOT NULL ORDER BY fired_at DESC, id LIMIT ?'),
      pastOf: db.prepare<[string, number], RawAlert>(
        'SELECT * FROM watch_alerts WHERE profile_id = ? AND cleared_at IS NOT NULL ORDER BY fired_at DESC, id LIMIT ?'
      ),
      lastFired: db.prepare<[string], { rule: string; subject: string | null; at: number }>(
        'SELECT rule, subject, MAX(fired_at) AS at FROM watch_alerts WHERE profile_id = ? GROUP BY rule, subject'
      ),
      rules: db.prepare<[string], { rule: string; enabled: number; threshold: string | null; for_checks: number | null }>(
        'SELECT rule, enabled, threshold, for_checks FROM alert_rules WHERE profile_id = ?'
      ),
      putRule: db.prepare<[string, string, number, string | null, number | null]>(
        `INSERT INTO alert_rules (profile_id, rule, enabled, threshold, for_checks) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(profile_id, rule) DO UPDATE SET enabled = excluded.enabled, threshold = excluded.threshold, for_checks = excluded.for_checks`
      ),
      notified: db.prepare<[string], { id: string; at: number | null }>('SELECT id, notified_at AS at FROM watch_alerts WHERE profile_id = ? AND cleared_at IS NULL'),
      notifiedOne: db.prepare<[string], { at: number | null }>('SELECT notified_at AS at FROM watch_alerts WHERE id = ?'),
      markNotified: db.prepare<[number, string]>('UPDATE watch_alerts SET notified_at = ? WHERE id = ?')
    }
  }

  insert(a: Alert): void {
    this.s.insert.run(a.id, a.profileId, a.profileName, a.nodeUrl, a.rule, a.subject, a.severity, a.message, a.firedAt)
  }

  clear(id: string, at: number): void {
    this.s.clear.run(at, id)
  }

  /** Marks an alert seen; undefined when there is no such alert. */
  acknowledge(id: string, at: number): Alert | undefined {
    this.s.acknowledge.run(at, id)
    const row = this.s.byId.get(id)
    return row ? alertFromRaw(row)[0] : undefined
  }

  /** One alert, open or past. */
  get(id: string): Alert | undefined {
    const row = this.s.byId.get(id)
    return row ? alertFromRaw(row)[0] : undefined
  }

  open(profileId?: string): Alert[] {
    return (profileId ? this.s.openOf.all(profileId) : this.s.allOpen.all()).flatMap(alertFromRaw)
  }

  past(limit: number, profileId?: string): Alert[] {
    return (profileId ? this.s.pastOf.all(profileId, limit) : this.s.past.all(limit)).flatMap(alertFromRaw)
  }

  /** When each rule and subject last fired for a profile (for the cooldown), by alertKey. */
  lastFired(profileId: string): Map<string, number> {
    return new Map(this.s.lastFired.all(profileId).flatMap((r) => (alertRuleSchema.safeParse(r.rule).success ? [[alertKey(r.rule as AlertRule, r.subject), r.at]] : [])))
  }

  /** Every rule of a profile, stored or its default. */
  rules(profileId: string): RuleSetting[] {
    const stored = new Map(this.s.rules.all(profileId).map((r) => [r.rule, r]))
    return ALERT_RULES.map((rule) => {
      const row = stored.get(rule)
      const def = ALERT_RULE_INFO[rule].threshold?.default ?? null
      if (!row) return { rule, enabled: ALERT_RULE_INFO[rule].offByDefault !== true, threshold: def, forChecks: forChecksOf(rule) }
      const threshold: unknown = row.threshold === null ? null : JSON.parse(row.threshold)
      return {
        rule,
        enabled: row.enabled === 1,
        threshold: typeof threshold === 'number' || typeof threshold === 'string' ? threshold : def,
        forChecks: forChecksOf(rule, row.for_checks)
      }
    })
  }

  /** A rule's settings; `forChecks` null (or its default) is stored as null, so a changed default applies to it. */
  putRule(profileId: string, r: Omit<RuleSetting, 'forChecks'> & { forChecks: number | null }): void {
    const forChecks = r.forChecks === null || r.forChecks === forChecksOf(r.rule) ? null : r.forChecks
    this.s.putRule.run(profileId, r.rule, r.enabled ? 1 : 0, r.threshold === null ? null : JSON.stringify(r.threshold), forChecks)
  }

  /** When each open alert of a profile was last sent to the channels (null: never yet), by alert id. */
  notifiedAt(profileId: string): Map<string, number | null> {
    return new Map(this.s.notified.all(profileId).map((r) => [r.id, r.at]))
  }

  /** Whether an alert was ever sent to the channels (its resolution is sent only then). */
  wasNotified(id: string): boolean {
    return (this.s.notifiedOne.get(id)?.at ?? null) !== null
  }

  /** The alerts were sent to the channels at `at` (fired, sent once held back, or repeated). */
  markNotified(ids: Iterable<string>, at: number): void {
    for (const id of ids) this.s.markNotified.run(at, id)
  }
}
