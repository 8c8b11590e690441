/**
 * Backing up the whole database and restoring it (issue 21): SQLite's online backup to a file the operator
 * chose, refused where it would do harm (an existing file, a folder that is not there, the app's own
 * database) with what to fix; a restore checks the file first, then replaces the data in the running app,
 * which tells the page (profiles.changed, cache.changed). Desktop app and CLI only: browser mode is refused.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { DB_FILE } from '../../../src/main/cache/database'
import { MIGRATIONS } from '../../../src/main/cache/migrations'
import { entityKeys, putEntities } from '../../support/cache-rows'
import { appsPerTest, failure, tempDir } from './helpers'

const apps = appsPerTest()
// Port 9 (discard, nothing listens): a sim another run left on the default ports would otherwise answer the
// watch and the probe, whose reads then add entities the round trip does not expect.
const profile = (name: string) => ({ name, nodeUrl: 'http://127.0.0.1:9', dataUrl: 'http://127.0.0.1:9', metricsUrl: 'http://127.0.0.1:9', network: 'mainnet' as const, nodeIds: [] })

const folders: (() => void)[] = []
afterEach(() => folders.splice(0).forEach((remove) => remove()))
/** A folder outside the app's data folder, where the operator keeps backups; removed after the test. */
function folder(): string {
  const t = tempDir('companion-backup-')
  folders.push(t.remove)
  return t.dir
}

/** The entities' contract stamps (entities.checked), after setting them to `to` when given. */
function stampEntities(dataDir: string, to?: number): number[] {
  const db = new Database(join(dataDir, DB_FILE))
  try {
    if (to !== undefined) db.prepare('UPDATE entities SET checked = ?').run(to)
    return db.prepare<[], { checked: number }>('SELECT DISTINCT checked FROM entities').all().map((r) => r.checked)
  } finally {
    db.close()
  }
}

describe('cache.backup and cache.restore', () => {
  it('round trip: what was backed up comes back in the running app, and the page is told', async () => {
    const { client, dataDir } = apps.open()
    const kept = await client.call('profiles.create', { profile: profile('kept') })
    await client.call('profiles.activate', { id: kept.id })
    putEntities(dataDir, [{ kind: 'validator', key: 'NodeID-kept', fetchedAt: Date.now(), profileId: kept.id }])
    // As if stamped by a contract that checked it (migration 16): a restored file's stamps are not trusted.
    stampEntities(dataDir, 42)
    const file = join(folder(), 'companion-backup.sqlite')

    const done = await client.call('cache.backup', { path: file })
    expect(done.path).toBe(file)
    expect(done.bytes).toBe(statSync(file).size)
    // It holds the profiles and their sealed keys: only its owner may read it.
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // One self-contained file, a database of this app's schema.
    const copy = new Database(file, { readonly: true })
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
    expect(copy.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length)
    copy.close()

    // Then things change: the profile goes, another comes, the cache is emptied.
    const later = await client.call('profiles.create', { profile: profile('later') })
    await client.call('profiles.activate', { id: later.id })
    await client.call('profiles.delete', { id: kept.id })
    await client.call('cache.clear', { includePinned: true })
    expect(entityKeys(dataDir).keys).toEqual([])

    const events: string[] = []
    client.on('profiles.changed', (p) => events.push(`profiles ${p.activeId}`))
    client.on('cache.changed', (p) => events.push(`cache ${p.methods.join(',')}`))
    const restored = await client.call('cache.restore', { path: file })
    expect(restored).toMatchObject({ restoredFrom: file, schemaVersion: MIGRATIONS.length, profileFoldersCleared: [], channelsDisabled: [] })
    const { profiles, activeId } = await client.call('profiles.list', {})
    expect(profiles.map((p) => p.name)).toEqual(['kept'])
    expect(activeId).toBe(kept.id)
    expect(entityKeys(dataDir).keys).toEqual(['NodeID-kept'])
    expect(stampEntities(dataDir)).toEqual([0])
    await new Promise((r) => setTimeout(r, 0))
    expect(events).toContain(`profiles ${kept.id}`)
    expect(events).toContain('cache *')
    // The app goes on writing to the same database.
    await client.call('profiles.create', { profile: profile('after') })
    expect((await client.call('profiles.list', {})).profiles).toHaveLength(2)
  })

  it('refuses a file that is there (unless told to replace it), a folder that is not, and its own database', async () => {
    const { client, dataDir } = apps.open()
    const dir = folder()
    const there = join(dir, 'there.sqlite')
    writeFileSync(there, 'old')
    const exists = await failure(client.call('cache.backup', { path: there }))
    expect(exists.code).toBe('BAD_INPUT')
    expect(exists.message).toBe(`${there} already exists: choose another name, or replace it (overwrite: true)`)
    expect(readFileSync(there, 'utf8')).toBe('old')
    await client.call('cache.backup', { path: there, overwrite: true })
    expect(readFileSync(there).subarray(0, 15).toString()).toBe('SQLite format 3')

    const missing = join(dir, 'no-such-folder', 'b.sqlite')
    expect((await failure(client.call('cache.backup', { path: missing }))).message).toBe(
      `${missing} cannot be written: the folder ${join(dir, 'no-such-folder')} does not exist (create it first, or choose another)`
    )
    mkdirSync(join(dir, 'a-folder'))
    expect((await failure(client.call('cache.backup', { path: join(dir, 'a-folder'), overwrite: true }))).message).toContain('is a folder: give the name of a file in it')
    const own = await failure(client.call('cache.backup', { path: join(dataDir, DB_FILE), overwrite: true }))
    expect(own.message).toContain("is the app's own database")
    const relative = await failure(client.call('cache.backup', { path: 'backup.sqlite' }))
    expect(relative.code).toBe('BAD_INPUT')
    expect(relative.message).toContain('must be an absolute path on the machine the app runs on')
  })

  it('restore checks the file first: there, a database, intact, of this app, no newer than it', async () => {
    const { client } = apps.open()
    const dir = folder()
    const refusal = async (path: string): Promise<string> => {
      const e = await failure(client.call('cache.restore', { path }))
      expect(e.code).toBe('BAD_INPUT')
      return e.message
    }
    expect(await refusal(join(dir, 'nothing.sqlite'))).toBe(`${join(dir, 'nothing.sqlite')} does not exist: give the path of a backup file`)
    writeFileSync(join(dir, 'notes.txt'), 'not a database at all, just some text that is long enough to be read as a header'.repeat(20))
    expect(await refusal(join(dir, 'notes.txt'))).toContain('is not a database of this app')

    const other = new Database(join(dir, 'other.sqlite'))
    other.exec('CREATE TABLE t (x)')
    other.close()
    expect(await refusal(join(dir, 'other.sqlite'))).toBe(`${join(dir, 'other.sqlite')} is not a database of this app: choose a file made by cache.backup`)

    const newer = join(dir, 'newer.sqlite')
    await client.call('cache.backup', { path: newer })
    const n = new Database(newer)
    n.pragma(`user_version = ${MIGRATIONS.length + 1}`)
    n.close()
    expect(await refusal(newer)).toBe(
      `${newer} was written by a newer version of the app (schema ${MIGRATIONS.length + 1}, this app knows ${MIGRATIONS.length}): update the app to restore it`
    )

    const broken = join(dir, 'broken.sqlite')
    await client.call('cache.backup', { path: broken })
    corruptIndexPages(broken)
    expect(await refusal(broken)).toMatch(/failed its integrity check|is not a database of this app|cannot be opened/)
    // Nothing was touched: the app answers as before.
    expect((await client.call('profiles.list', {})).profiles).toEqual([])
  })

  it('is refused over browser mode, and the file dialog exists only in the desktop app', async () => {
    const browser = apps.open({ transport: 'ws' })
    for (const call of [
      browser.client.call('cache.backup', { path: '/tmp/x.sqlite' }),
      browser.client.call('cache.restore', { path: '/tmp/x.sqlite' }),
      browser.client.call('cache.chooseFile', { purpose: 'backup' })
    ]) {
      const e = await failure(call)
      expect(e.code).toBe('FORBIDDEN')
      expect(e.message).toContain('not from browser mode')
    }
    // Where the app has no window to show a dialog in, it says how to give the path instead.
    const cli = apps.open({ mode: 'cli' })
    const none = await failure(cli.client.call('cache.chooseFile', { purpose: 'restore' }))
    expect(none.code).toBe('UNAVAILABLE')
    expect(none.message).toContain(`companion call cache.restore '{"path":"/absolute/file.sqlite"}'`)
    // The desktop app passes its dialog (index.ts); what the person chose, or null when they cancelled.
    const asked: string[] = []
    const desktop = apps.open({ chooseFile: (purpose) => (asked.push(purpose), Promise.resolve(purpose === 'backup' ? '/home/op/b.sqlite' : null)) })
    expect(await desktop.client.call('cache.chooseFile', { purpose: 'backup' })).toEqual({ path: '/home/op/b.sqlite' })
    expect(await desktop.client.call('cache.chooseFile', { purpose: 'restore' })).toEqual({ path: null })
    expect(asked).toEqual(['backup', 'restore'])
  })

  it('works from the command line, as the Cache panel tells a browser-mode user to run it', async () => {
    const { dataDir, app } = apps.open({ mode: 'cli' })
    app.close()
    const file = join(folder(), 'cli-backup.sqlite')
    const out: string[] = []
    const err: string[] = []
    const cli = (args: string[]) => runCli([...args, '--data-dir', dataDir], (s) => out.push(s), (s) => err.push(s))
    expect(await cli(['call', 'cache.backup', JSON.stringify({ path: file })])).toBe(0)
    expect(statSync(file).size).toBeGreaterThan(0)
    expect(await cli(['call', 'cache.restore', JSON.stringify({ path: file })])).toBe(0)
    expect(out.join('\n')).toContain(`"restoredFrom": "${file}"`)
    expect(await cli(['call', 'cache.backup', JSON.stringify({ path: file })])).not.toBe(0)
    expect(err.join('\n')).toContain('already exists: choose another name')
  })
})

/** Overwrites every page after the first two with garbage: the schema still reads, its tables and indexes do not. */
function corruptIndexPages(file: string): void {
  const bytes = readFileSync(file)
  const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16)
  for (let i = pageSize * 2; i < bytes.length; i++) bytes[i] = (i * 7) & 0xff
  writeFileSync(file, bytes)
}
