/** The app's own settings in the settings table (named statements; one key each). */
import type { Statement } from 'better-sqlite3'
import type { Db } from './database'

/** The settings key; a restore keeps this machine's value (services/cache/backup.ts). */
export const BROWSER_NODE_CHANGES = 'app.browserNodeChanges'
/** The node's log folder on this machine (logs.setFolder); a restore keeps this machine's too: a file never chooses what the app reads. */
export const LOG_DIR = 'logs.dir'

export class AppSettingsStore {
  private readonly get: Statement<[string], { value: string }>
  private readonly put: Statement<[string, string]>

  constructor(db: Db) {
    this.get = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?')
    this.put = db.prepare<[string, string]>('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
  }

  /** Whether browser mode sessions on this data folder may change the node (the desktop app's switch). */
  browserNodeChanges(): boolean {
    return this.get.get(BROWSER_NODE_CHANGES)?.value === 'true'
  }

  setBrowserNodeChanges(allowed: boolean): void {
    this.put.run(BROWSER_NODE_CHANGES, allowed ? 'true' : 'false')
  }

  /** The log folder chosen on this machine, or null for the node's default. */
  logDir(): string | null {
    const value = this.get.get(LOG_DIR)?.value
    return value === undefined || value === '' ? null : value
  }

  setLogDir(dir: string | null): void {
    this.put.run(LOG_DIR, dir ?? '')
  }
}
