import type { Db } from './database'

export interface SampleRow {
  nodeId: string
  at: number
  validating: boolean
  uptime: string | null
  connected: boolean | null
}

export interface AlertRow {
  id: string
  nodeId: string
  kind: string
  firedAt: number
  clearedAt: number | null
  message: string
}

interface RawAlert {
  id: string
  node_id: string
  kind: string
  fired_at: number
  cleared_at: number | null
  message: string
}

const alertFromRaw = (r: RawAlert): AlertRow => ({
  id: r.id,
  nodeId: r.node_id,
  kind: r.kind,
  firedAt: r.fired_at,
  clearedAt: r.cleared_at,
  message: r.message
})

/**
 * Named statements over the validator history and alerts, per scope (the node URL they came from),
 * and the validators area's settings.
 */
export class ValidatorsStore {
  private readonly s
  constructor(private readonly db: Db) {
    this.s = {
      putSample: db.prepare<[string, string, number, number, string | null, number | null]>(
        'INSERT OR REPLACE INTO validator_samples (scope, node_id, at, validating, uptime, connected) VALUES (?, ?, ?, ?, ?, ?)'
      ),
      samples: db.prepare<[string, number], { node_id: string; at: number; validating: number; uptime: string | null; connected: number | null }>(
        'SELECT node_id, at, validating, uptime, connected FROM validator_samples WHERE scope = ? AND at >= ? ORDER BY at'
      ),
      samplesOf: db.prepare<[string, string, number], { node_id: string; at: number; validating: number; uptime: string | null; connected: number | null }>(
        'SELECT node_id, at, validating, uptime, connected FROM validator_samples WHERE scope = ? AND node_id = ? AND at >= ? ORDER BY at'
      ),
      openAlert: db.prepare<[string, string, string], RawAlert>(
        'SELECT * FROM validator_alerts WHERE scope = ? AND node_id = ? AND kind = ? AND cleared_at IS NULL'
      ),
      insertAlert: db.prepare<[string, string, string, string, number, string]>(
        'INSERT INTO validator_alerts (id, scope, node_id, kind, fired_at, message) VALUES (?, ?, ?, ?, ?, ?)'
      ),
      clearAlert: db.prepare<[number, string]>('UPDATE validator_alerts SET cleared_at = ? WHERE id = ?'),
      recentAlerts: db.prepare<[string, number], RawAlert>('SELECT * FROM validator_alerts WHERE scope = ? ORDER BY fired_at DESC, id LIMIT ?'),
      getSetting: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
      putSetting: db.prepare<[string, string]>('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
    }
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)()
  }

  putSample(scope: string, s: SampleRow): void {
    this.s.putSample.run(scope, s.nodeId, s.at, s.validating ? 1 : 0, s.uptime, s.connected === null ? null : s.connected ? 1 : 0)
  }

  samples(scope: string, since: number, nodeId?: string): SampleRow[] {
    const rows = nodeId ? this.s.samplesOf.all(scope, nodeId, since) : this.s.samples.all(scope, since)
    return rows.map((r) => ({
      nodeId: r.node_id,
      at: r.at,
      validating: r.validating === 1,
      uptime: r.uptime,
      connected: r.connected === null ? null : r.connected === 1
    }))
  }

  openAlert(scope: string, nodeId: string, kind: string): AlertRow | undefined {
    const r = this.s.openAlert.get(scope, nodeId, kind)
    return r ? alertFromRaw(r) : undefined
  }

  insertAlert(scope: string, a: Omit<AlertRow, 'clearedAt'>): void {
    this.s.insertAlert.run(a.id, scope, a.nodeId, a.kind, a.firedAt, a.message)
  }

  clearAlert(id: string, at: number): void {
    this.s.clearAlert.run(at, id)
  }

  recentAlerts(scope: string, limit: number): AlertRow[] {
    return this.s.recentAlerts.all(scope, limit).map(alertFromRaw)
  }

  setting(key: string): string | undefined {
    return this.s.getSetting.get(key)?.value
  }

  putSetting(key: string, value: string): void {
    this.s.putSetting.run(key, value)
  }
}
