import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
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
