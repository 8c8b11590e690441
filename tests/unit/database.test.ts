import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { AlertStore } from '../../src/main/cache/alert-store'
import { DB_FILE, openDatabase } from '../../src/main/cache/database'
import { MIGRATIONS } from '../../src/main/cache/migrations'
import { WatchStore } from '../../src/main/cache/watch-store'
import { tempDir } from '../support/temp'

let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

describe('the database file', () => {
  it('is created with mode 0600, in WAL mode, migrated to the latest schema', () => {
    const t = tempDir()
    cleanup = t.remove
    const { db, quarantined } = openDatabase(t.dir)
    expect(quarantined).toBeUndefined()
    expect(statSync(join(t.dir, DB_FILE)).mode & 0o777).toBe(0o600)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    db.close()
  })

  it('keeps its folder private (0700): a new one, and an existing one that was open to others', () => {
    const t = tempDir()
    cleanup = t.remove
    const fresh = join(t.dir, 'new', 'data')
    openDatabase(fresh).db.close()
    expect(statSync(fresh).mode & 0o777).toBe(0o700)
    const existing = join(t.dir, 'existing')
    mkdirSync(existing)
    chmodSync(existing, 0o755)
    openDatabase(existing).db.close()
    expect(statSync(existing).mode & 0o777).toBe(0o700)
  })

  it('leaves a shared folder it was pointed at as it is (sticky like /tmp, or not ours)', () => {
    const t = tempDir()
    cleanup = t.remove
    const sticky = join(t.dir, 'sticky')
    mkdirSync(sticky)
    chmodSync(sticky, 0o1777)
    openDatabase(sticky).db.close()
    expect(statSync(sticky).mode & 0o7777).toBe(0o1777)
    expect(statSync(join(sticky, DB_FILE)).mode & 0o777).toBe(0o600)
    if (process.getuid?.() === 0) {
      const theirs = join(t.dir, 'theirs')
      mkdirSync(theirs)
      chmodSync(theirs, 0o777)
      chownSync(theirs, 4242, 4242)
      openDatabase(theirs).db.close()
      expect(statSync(theirs).mode & 0o777).toBe(0o777)
    }
  })

  it('moves a corrupt file aside and builds a fresh one', () => {
    const t = tempDir()
    cleanup = t.remove
    writeFileSync(join(t.dir, DB_FILE), Buffer.alloc(8192, 0x5a))
    const { db, quarantined } = openDatabase(t.dir)
    expect(quarantined).toMatch(/\.corrupt-\d+$/)
    expect(existsSync(quarantined!)).toBe(true)
    expect(db.prepare('SELECT count(*) AS n FROM profiles').get()).toEqual({ n: 0 })
    db.close()
    expect(readdirSync(t.dir).some((f) => f.includes('.corrupt-'))).toBe(true)
  })

  it('refuses a file written by a newer version of the app, and keeps it', () => {
    const t = tempDir()
    cleanup = t.remove
    const first = openDatabase(t.dir)
    first.db.pragma(`user_version = ${MIGRATIONS.length + 1}`)
    first.db.close()
    expect(() => openDatabase(t.dir)).toThrow(/newer version of the app/)
    expect(existsSync(join(t.dir, DB_FILE))).toBe(true)
  })
})

describe('migration 10: the alerts area', () => {
  it("moves a profile's unreachable threshold from the watch settings into its rules, and keeps its alerts", () => {
    const t = tempDir()
    cleanup = t.remove
    // A database as the version with nine migrations left it, with one profile watched more strictly than the default.
    const old = new Database(join(t.dir, DB_FILE))
    for (const sql of MIGRATIONS.slice(0, 9)) old.exec(sql)
    old.pragma('user_version = 9')
    old.prepare("INSERT INTO profiles (id, name, node_url, data_url, metrics_url, network, created_at, updated_at) VALUES ('p1', 'v1', 'http://n', 'http://d', 'http://m', 'fuji', 1, 1)").run()
    old.prepare("INSERT INTO watch_settings (profile_id, enabled, interval_sec, unreachable_after) VALUES ('p1', 1, 30, 5)").run()
    old.prepare("INSERT INTO watch_alerts (id, profile_id, profile_name, node_url, rule, severity, message, fired_at) VALUES ('a1', 'p1', 'v1', 'http://n', 'unreachable', 'critical', 'gone', 7)").run()
    old.close()

    const { db } = openDatabase(t.dir)
    const alerts = new AlertStore(db)
    expect(alerts.rules('p1').find((r) => r.rule === 'unreachable')).toEqual({ rule: 'unreachable', enabled: true, threshold: 5, forChecks: 1 })
    expect(alerts.open('p1')).toMatchObject([{ id: 'a1', rule: 'unreachable', subject: null, acknowledgedAt: null, clearedAt: null }])
    // Migration 18: an alert open at the upgrade was sent already (it repeats from its firing, never sent again as new).
    expect(alerts.notifiedAt('p1')).toEqual(new Map([['a1', 7]]))
    expect(new WatchStore(db).settings('p1')).toEqual({ profileId: 'p1', enabled: true, intervalSec: 30, subnetIds: [] })
    db.close()
  })
})
