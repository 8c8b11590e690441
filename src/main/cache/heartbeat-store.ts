/** The watch's heartbeat URL at rest, in the settings table: sealed like a channel's secret, beside its host. */
import type { Statement } from 'better-sqlite3'
import type { SecretStorage } from '../../shared/contract'
import type { Db } from './database'

/** The settings key; a restore keeps this machine's value (services/cache/backup.ts). */
export const HEARTBEAT_KEY = 'watch.heartbeat'

export interface HeartbeatRow {
  /** host[:port]: all that may be shown */
  target: string
  storage: SecretStorage
  /** the sealed URL */
  sealed: Buffer
  setAt: number
}

interface Stored {
  target: string
  storage: SecretStorage
  sealed: string
  setAt: number
}

export class HeartbeatStore {
  private readonly s: { get: Statement<[string], { value: string }>; put: Statement<[string, string]>; drop: Statement<[string]> }

  constructor(db: Db) {
    this.s = {
      get: db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?'),
      put: db.prepare<[string, string]>('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
      drop: db.prepare<[string]>('DELETE FROM settings WHERE key = ?')
    }
  }

  /** Read at each use: another process on the same data folder (the CLI) may have set it meanwhile. */
  get(): HeartbeatRow | undefined {
    const raw = this.s.get.get(HEARTBEAT_KEY)?.value
    if (raw === undefined) return undefined
    try {
      const v = JSON.parse(raw) as Stored
      return { target: v.target, storage: v.storage, sealed: Buffer.from(v.sealed, 'base64'), setAt: v.setAt }
    } catch {
      return undefined
    }
  }

  put(row: HeartbeatRow): void {
    const stored: Stored = { target: row.target, storage: row.storage, sealed: row.sealed.toString('base64'), setAt: row.setAt }
    this.s.put.run(HEARTBEAT_KEY, JSON.stringify(stored))
  }

  clear(): void {
    this.s.drop.run(HEARTBEAT_KEY)
  }
}
