/**
 * A restore brings data, not authority (issue 31, item 4). A crafted backup (a real backup, edited as an
 * attacker would with better-sqlite3) turns on "browser mode may change the node", sets a profile folder to
 * /etc and holds a channel whose real URL alerts.addChannel refuses while its shown target names another
 * host. Restored through the contract, the switch stays as this machine had it, the folder is cleared and
 * the channel disabled, and the report names each; the good channel beside it is untouched.
 */
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { appsPerTest, failure, tempDir } from './helpers'

const apps = appsPerTest()
const folders: (() => void)[] = []
afterEach(() => folders.splice(0).forEach((remove) => remove()))
function folder(): string {
  const t = tempDir('companion-restore-')
  folders.push(t.remove)
  return t.dir
}
const profile = (name: string) => ({ name, nodeUrl: 'http://127.0.0.1:9', dataUrl: 'http://127.0.0.1:9', metricsUrl: 'http://127.0.0.1:9', network: 'mainnet' as const, nodeIds: [] })

describe('cache.restore of a crafted backup', () => {
  it('keeps the switch off, clears the /etc folder, disables the refused channel, and says so', async () => {
    // The attacker's machine: a real backup of a real app, then edited.
    const theirs = apps.open()
    const p = await theirs.client.call('profiles.create', { profile: profile('validator') })
    const kept = folder()
    await theirs.client.call('profiles.setProfileDir', { id: p.id, profileDir: kept })
    await theirs.client.call('alerts.addChannel', { kind: 'webhook', name: 'looks fine', url: 'https://hooks.example.com/services/abc123' })
    await theirs.client.call('alerts.addChannel', { kind: 'slack', name: 'ops slack', webhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX' })
    const file = join(folder(), 'crafted.sqlite')
    await theirs.client.call('cache.backup', { path: file })
    const db = new Database(file)
    db.prepare("INSERT INTO settings (key, value) VALUES ('app.browserNodeChanges', 'true') ON CONFLICT(key) DO UPDATE SET value = 'true'").run()
    db.prepare('UPDATE profiles SET profile_dir = ?').run('/etc')
    // The node's log folder is this machine's too: a file that names one is not taken.
    db.prepare("INSERT INTO settings (key, value) VALUES ('logs.dir', '/root') ON CONFLICT(key) DO UPDATE SET value = '/root'").run()
    // Sends in clear to a host on the internet while the list shows hooks.example.com (the unencrypted store seals as UTF-8).
    db.prepare("UPDATE alert_channels SET secret = ? WHERE name = 'looks fine'").run(Buffer.from(JSON.stringify({ url: 'http://203.0.113.9/collect' })))
    db.close()

    // This machine: the switch off, as it always was.
    const ours = apps.open()
    expect((await ours.client.call('app.info', {})).browserNodeChanges).toBe(false)
    const report = await ours.client.call('cache.restore', { path: file })

    expect(report.kept).toEqual([
      { setting: 'browser mode may change the node', differed: true },
      { setting: "the watch's heartbeat URL", differed: false },
      { setting: "the node's log folder", differed: true }
    ])
    expect((await ours.client.call('app.info', {})).browserNodeChanges).toBe(false)
    expect((await ours.client.call('logs.folder', {})).source).toBe('default')

    expect(report.profileFoldersCleared).toEqual([{ profileId: p.id, profileName: 'validator', folder: '/etc', reason: expect.stringContaining('is a system folder') }])
    expect((await ours.client.call('profiles.list', {})).profiles.map((x) => [x.name, x.profileDir])).toEqual([['validator', null]])

    expect(report.channelsDisabled).toEqual([{ channelId: expect.any(String), channelName: 'looks fine', kind: 'webhook', reason: expect.stringContaining('url must use https') }])
    // The reason never shows the secret URL.
    expect(JSON.stringify(report)).not.toContain('203.0.113.9/collect')
    const channels = (await ours.client.call('alerts.channels', {})).channels
    expect(channels.map((c) => [c.name, c.disabled ?? null])).toEqual([
      ['looks fine', expect.stringContaining('alerts.addChannel refuses it: url must use https')],
      ['ops slack', null]
    ])
    // A disabled channel is sent nothing: a test through it is refused before any connection, with why.
    const tried = await ours.client.call('alerts.testChannel', { id: channels[0]!.id })
    expect(tried).toMatchObject({ delivered: false, outcome: 'refused', status: null })
    expect(tried.reply).toContain('is disabled')
  })

  it('a shown target that is not where the channel sends disables it too; a good backup restores with nothing named', async () => {
    const theirs = apps.open()
    await theirs.client.call('alerts.addChannel', { kind: 'webhook', name: 'hook', url: 'https://hooks.example.com/abc123' })
    const good = join(folder(), 'good.sqlite')
    await theirs.client.call('cache.backup', { path: good })
    const ours = apps.open()
    const clean = await ours.client.call('cache.restore', { path: good })
    expect([clean.profileFoldersCleared, clean.channelsDisabled]).toEqual([[], []])

    const lying = join(folder(), 'lying.sqlite')
    await theirs.client.call('cache.backup', { path: lying })
    const db = new Database(lying)
    db.prepare("UPDATE alert_channels SET secret = ? WHERE name = 'hook'").run(Buffer.from(JSON.stringify({ url: 'https://elsewhere.example.net/abc123' })))
    db.close()
    const report = await ours.client.call('cache.restore', { path: lying })
    expect(report.channelsDisabled).toEqual([
      { channelId: expect.any(String), channelName: 'hook', kind: 'webhook', reason: 'the target it shows (hooks.example.com) is not where it sends (elsewhere.example.net)' }
    ])
  })

  it('profiles.setProfileDir refuses a system folder, as the restore does', async () => {
    const { client } = apps.open()
    const p = await client.call('profiles.create', { profile: profile('node') })
    for (const dir of ['/etc', '/proc/self', '/usr/lib']) {
      const e = await failure(client.call('profiles.setProfileDir', { id: p.id, profileDir: dir }))
      expect(e.code).toBe('BAD_INPUT')
      expect(e.message).toMatch(/system folder/)
    }
  })
})
