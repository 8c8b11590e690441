import { chmodSync, closeSync, existsSync, linkSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { MIGRATIONS } from './migrations'

export type Db = Database.Database

export interface OpenedDatabase {
  db: Db
  /** Set when the previous file failed its integrity check and was moved aside. */
  quarantined?: string
}

export const DB_FILE = 'companion.sqlite'

/**
 * Opens the app's database: one writer, WAL, migrations by user_version, quick_check at start.
 * A corrupt file is moved aside (not deleted: its owner may want it) and a fresh one is built.
 * The file is created with mode 0600 because, outside the desktop app, it may hold an API key.
 */
export function openDatabase(dataDir: string, nativeBinding?: string): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  tightenFolder(dataDir)
  const file = join(dataDir, DB_FILE)
  let quarantined: string | undefined
  // Closing a connection that failed its check deletes the -wal and -shm it found (after checkpointing what it
  // could read): a second name for each, taken before opening, keeps them as they were for the file moved aside.
  const atStart = keepJournals(file)
  let db = tryOpen(file, nativeBinding)
  if (!db) {
    quarantined = `${file}.corrupt-${Date.now()}`
    renameSync(file, quarantined)
    for (const suffix of ['-wal', '-shm']) {
      if (atStart.has(suffix)) renameSync(`${file}${suffix}${KEPT}`, quarantined + suffix)
      else if (existsSync(file + suffix)) renameSync(file + suffix, quarantined + suffix)
    }
    db = tryOpen(file, nativeBinding)
    if (!db) throw new Error(`Cannot create a database at ${file}`)
  }
  for (const suffix of atStart) rmSync(`${file}${suffix}${KEPT}`, { force: true })
  try {
    migrate(db)
  } catch (err) {
    db.close()
    throw err
  }
  return quarantined ? { db, quarantined } : { db }
}

const KEPT = '.at-start'

/** Hard links to the -wal and -shm there are (a second name, no copy); which suffixes have one. */
function keepJournals(file: string): Set<string> {
  const kept = new Set<string>()
  for (const suffix of ['-wal', '-shm']) {
    rmSync(`${file}${suffix}${KEPT}`, { force: true })
    if (!existsSync(file + suffix)) continue
    try {
      linkSync(file + suffix, `${file}${suffix}${KEPT}`)
      kept.add(suffix)
    } catch {
      // A file system without hard links: the journal is moved aside as the failed open left it.
    }
  }
  return kept
}

/**
 * mkdir's mode applies only to a folder it creates: an existing one is tightened to 0700 too. Not a
 * shared folder someone pointed --data-dir at by mistake (sticky like /tmp, or another user's): that
 * one is left as it is, and the database file itself stays 0600.
 */
function tightenFolder(dir: string): void {
  const st = statSync(dir)
  const mine = typeof process.getuid !== 'function' || st.uid === process.getuid()
  if (!mine || (st.mode & 0o1000) !== 0) return
  if ((st.mode & 0o777) !== 0o700) chmodSync(dir, 0o700)
}

function tryOpen(file: string, nativeBinding?: string): Db | undefined {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600))
  chmodSync(file, 0o600)
  let db: Db | undefined
  try {
    db = new Database(file, nativeBinding ? { nativeBinding } : {})
    // A new file gives the pages the size limit frees back to the file system (incremental_vacuum, see
    // services/cache/size-bound.ts); it can only be chosen before the first table exists.
    if (statSync(file).size === 0) db.pragma('auto_vacuum = INCREMENTAL')
    db.pragma('journal_mode = WAL')
    // Checkpoint every ~32 MB of WAL rather than SQLite's 4 MB: a page of 100 transactions dirties a few hundred
    // index pages with random keys (~1.4 MB of WAL), and the next pages write the same ones again; copied back
    // less often, each is copied once for many commits. Ingest of 20,000 rows in pages of 100, as a share of the
    // same rows in one transaction, on this machine: 0.59x at 1,000 pages, 0.66x at 4,000, 0.80-1.03x at 8,000
    // to 32,000. Each checkpoint copies at most this much, so a commit that runs one waits no longer than that.
    db.pragma('wal_autocheckpoint = 8000')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 2000')
    const check = db.pragma('quick_check', { simple: true })
    if (check !== 'ok') throw new Error(String(check))
    return db
  } catch {
    db?.close()
    return undefined
  }
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > MIGRATIONS.length)
    throw new Error(`The database was written by a newer version of the app (schema ${current}); update the app`)
  for (let v = current; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!)
      db.pragma(`user_version = ${v + 1}`)
    })()
  }
}
