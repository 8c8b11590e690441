import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DB_FILE, openDatabase } from '../../src/main/cache/database'
import { MIGRATIONS } from '../../src/main/cache/migrations'
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
