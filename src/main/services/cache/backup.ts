import { chmodSync, closeSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { AppError } from '../../../shared/rpc/errors'
import { DB_FILE, migrate, type Db } from '../../cache/database'
import { MIGRATIONS } from '../../cache/migrations'

/**
 * Backing up the whole database to a file the operator chose, and restoring from one (issue 21). Both use
 * SQLite's online backup (better-sqlite3's db.backup), which copies a consistent snapshot page by page while
 * the app goes on reading and writing, where a file copy of a WAL database could catch it half-written.
 */

function refuse(path: string, what: string): never {
  throw new AppError('BAD_INPUT', `${path} ${what}`, { issues: [{ path: ['path'], message: `${path} ${what}`.slice(0, 300) }] })
}

/** The live database's own files: never a backup's target or source. */
function refuseOwnFiles(path: string, dataDir: string): void {
  const own = join(resolve(dataDir), DB_FILE)
  if ([own, `${own}-wal`, `${own}-shm`].includes(path)) refuse(path, "is the app's own database: choose a file outside it")
}

const partialName = (path: string): string => join(dirname(path), `.${basename(path)}.partial-${process.pid}-${Date.now()}`)

function removeWithJournals(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true })
}

/**
 * Writes a snapshot of the live database to `path`: into a partial file beside it first (mode 0600: it holds
 * the profiles and their sealed keys), switched to a rollback journal so the backup is one self-contained
 * file, then renamed over `path`, so a failed backup never leaves half a file under the chosen name.
 */
export async function backupTo(db: Db, dataDir: string, requested: string, overwrite: boolean): Promise<{ path: string; bytes: number }> {
  const path = resolve(requested)
  refuseOwnFiles(path, dataDir)
  const folder = dirname(path)
  if (!existsSync(folder)) refuse(path, `cannot be written: the folder ${folder} does not exist (create it first, or choose another)`)
  if (!statSync(folder).isDirectory()) refuse(path, `cannot be written: ${folder} is a file, not a folder`)
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) refuse(path, 'is a folder: give the name of a file in it, e.g. companion-backup.sqlite')
    if (!overwrite) refuse(path, 'already exists: choose another name, or replace it (overwrite: true)')
  }
  const partial = partialName(path)
  try {
    closeSync(openSync(partial, 'wx', 0o600))
  } catch (e) {
    refuse(path, `cannot be written: ${(e as NodeJS.ErrnoException).code === 'EACCES' ? `the app may not write in ${folder}` : (e as Error).message}`)
  }
  try {
    await db.backup(partial)
    const copy = new Database(partial)
    try {
      copy.pragma('journal_mode = DELETE')
    } finally {
      copy.close()
    }
    chmodSync(partial, 0o600)
    renameSync(partial, path)
  } catch (e) {
    removeWithJournals(partial)
    if (e instanceof AppError) throw e
    throw new AppError('UNAVAILABLE', `The backup to ${path} failed: ${(e as Error).message}`)
  }
  return { path, bytes: statSync(path).size }
}

/** Opens a chosen backup read-only and checks it can be restored; its schema version. */
function checkBackup(path: string): number {
  let file: Db
  try {
    file = new Database(path, { readonly: true, fileMustExist: true })
  } catch (e) {
    refuse(path, `cannot be opened: ${(e as Error).message}`)
  }
  try {
    let check: unknown
    try {
      check = file.pragma('quick_check', { simple: true })
    } catch (e) {
      refuse(path, `is not a database of this app (${(e as Error).message}): choose a file made by cache.backup`)
    }
    if (check !== 'ok') refuse(path, `failed its integrity check (${String(check).slice(0, 120)}): it cannot be restored`)
    const version = file.pragma('user_version', { simple: true }) as number
    const hasProfiles = file.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'profiles'").get() !== undefined
    if (version < 1 || !hasProfiles) refuse(path, 'is not a database of this app: choose a file made by cache.backup')
    if (version > MIGRATIONS.length)
      refuse(path, `was written by a newer version of the app (schema ${version}, this app knows ${MIGRATIONS.length}): update the app to restore it`)
    return version
  } finally {
    file.close()
  }
}

/**
 * Replaces the live database's content with a backup's. The backup is checked (read-only: quick_check, a
 * schema no newer than this app's), copied with the online backup into a working file in the data folder,
 * and migrated there; then every table of the live database is emptied and filled from it in ONE
 * transaction. So a failure at any step leaves the live database as it was, and the connection every store
 * holds its statements on stays open: nothing is reopened, the app goes on. (Virtual tables are left to their
 * own shadow tables, which are copied like any other.)
 */
/** What a restore does besides copying: this machine's settings it keeps, and checks run before the data is used. */
export interface RestorePolicy<V> {
  /** settings (by key) that are this machine's, never the file's: a security switch, the watch's heartbeat */
  keep: readonly { key: string; label: string }[]
  /** runs in the restore's transaction, after the copy: checks what the file brought (and undoes what fails) */
  vet: () => V
}

/** One kept setting, and whether the file said otherwise (its value is never answered: it may be a sealed secret). */
export interface KeptSetting {
  setting: string
  differed: boolean
}

export async function restoreFrom<V extends object>(
  db: Db,
  dataDir: string,
  requested: string,
  policy: RestorePolicy<V>
): Promise<{ restoredFrom: string; schemaVersion: number; kept: KeptSetting[] } & V> {
  const path = resolve(requested)
  refuseOwnFiles(path, dataDir)
  if (!existsSync(path)) refuse(path, 'does not exist: give the path of a backup file')
  if (statSync(path).isDirectory()) refuse(path, 'is a folder: give the path of a backup file')
  const schemaVersion = checkBackup(path)
  const work = join(resolve(dataDir), `restore-${process.pid}-${Date.now()}.sqlite`)
  try {
    const source = new Database(path, { readonly: true, fileMustExist: true })
    try {
      await source.backup(work)
    } finally {
      source.close()
    }
    chmodSync(work, 0o600)
    const copy = new Database(work)
    try {
      migrate(copy)
    } finally {
      copy.close()
    }
    const { kept, vetted } = replaceContent(db, work, policy)
    return { restoredFrom: path, schemaVersion, kept, ...vetted }
  } finally {
    removeWithJournals(work)
  }
}

interface TableRow {
  name: string
  sql: string | null
}

function replaceContent<V>(db: Db, work: string, policy: RestorePolicy<V>): { kept: KeptSetting[]; vetted: V } {
  db.prepare('ATTACH DATABASE ? AS restored').run(work)
  try {
    const setting = (schema: 'main' | 'restored', key: string): string | null =>
      db.prepare<[string], { value: string }>(`SELECT value FROM ${schema}.settings WHERE key = ?`).get(key)?.value ?? null
    const tables = db.prepare<[], TableRow>("SELECT name, sql FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all()
    const restored = new Set(db.prepare<[], { name: string }>("SELECT name FROM restored.sqlite_master WHERE type = 'table'").all().map((r) => r.name))
    const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`
    return db.transaction(() => {
      const own = policy.keep.map(({ key, label }) => ({ key, label, value: setting('main', key), fromFile: setting('restored', key) }))
      // Rows are put back in any order: the foreign keys are checked once, at commit.
      db.pragma('defer_foreign_keys = ON')
      for (const t of tables) {
        if (t.sql?.startsWith('CREATE VIRTUAL TABLE')) continue
        db.exec(`DELETE FROM main.${quote(t.name)}`)
        if (!restored.has(t.name)) continue
        const cols = db.pragma(`main.table_info(${quote(t.name)})`) as { name: string }[]
        const list = cols.map((c) => quote(c.name)).join(', ')
        // A backup is a file from outside: what its rows say of the contract that checked them is not taken on
        // trust (src/main/cache/entity-checks.ts). Restored entities are checked again when an answer uses them.
        const values = cols.map((c) => (t.name === 'entities' && c.name === 'checked' ? '0' : quote(c.name))).join(', ')
        db.exec(`INSERT INTO main.${quote(t.name)} (${list}) SELECT ${values} FROM restored.${quote(t.name)}`)
      }
      // AUTOINCREMENT counters go with their tables.
      if (restored.has('sqlite_sequence') && tables.length > 0) {
        const hasOwn = db.prepare("SELECT 1 FROM main.sqlite_master WHERE name = 'sqlite_sequence'").get() !== undefined
        if (hasOwn) db.exec('DELETE FROM main.sqlite_sequence; INSERT INTO main.sqlite_sequence SELECT * FROM restored.sqlite_sequence')
      }
      // This machine's settings, as they were before the restore: a file never grants what it says of them.
      for (const { key, value } of own) {
        db.prepare('DELETE FROM main.settings WHERE key = ?').run(key)
        if (value !== null) db.prepare('INSERT INTO main.settings (key, value) VALUES (?, ?)').run(key, value)
      }
      const kept = own.map(({ label, value, fromFile }) => ({ setting: label, differed: value !== fromFile }))
      return { kept, vetted: policy.vet() }
    })()
  } finally {
    db.exec('DETACH DATABASE restored')
  }
}
