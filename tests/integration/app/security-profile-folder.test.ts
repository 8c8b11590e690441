/**
 * Security (issue 19, item 3): the folder whose files the app lists and reads is chosen on the machine
 * (the desktop app, the CLI), never by a browser page. A page over browser mode's real websocket (the
 * launch token, our own origin) cannot set it when creating a profile, when changing one, or with the
 * method that sets it; the desktop app and the CLI can, and a folder that does not exist or is a file is
 * refused with what to fix. A running browser session follows a folder the CLI chose meanwhile.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { startBrowserServer, type BrowserServer } from '../../../src/main/server/browser-server'
import type { Contract } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { pageClient } from '../../support/page-client'
import { connect, failure, fakeStaticDir, tempDir, testApp } from './helpers'

const fields = { name: 'node', nodeUrl: 'http://127.0.0.1:9', dataUrl: 'http://127.0.0.1:9', metricsUrl: 'http://127.0.0.1:9', network: 'mainnet' as const, nodeIds: [] }

let ctx: ReturnType<typeof testApp>
let statics: ReturnType<typeof fakeStaticDir>
let server: BrowserServer
let page: RpcClient<Contract> & { close(): void }
let desktop: RpcClient<Contract>
let folders: ReturnType<typeof tempDir>


beforeEach(async () => {
  ctx = testApp('browser')
  statics = fakeStaticDir()
  folders = tempDir('companion-profiles-')
  server = await startBrowserServer({ server: ctx.app.server, staticDir: statics.dir, port: 0 })
  page = await pageClient(server.url)
  // The desktop window of the same app (its IPC transport is trusted as the machine's own).
  desktop = connect(ctx.app, 'memory')
})
afterEach(async () => {
  page.close()
  await server.close()
  ctx.done()
  statics.remove()
  folders.remove()
})

describe('a browser page cannot choose the profile folder', () => {
  it('not when creating a profile: refused, with where it is chosen, and nothing is created', async () => {
    const e = await failure(page.call('profiles.create', { profile: { ...fields, profileDir: '/etc' } as never }))
    expect(e.code).toBe('BAD_INPUT')
    expect(e.message).toMatch(/profileDir.*chosen on the machine.*profiles\.setProfileDir/)
    expect((await page.call('profiles.list', {})).profiles).toEqual([])
  })

  it('not when changing a profile, and not with profiles.setProfileDir: the folder stays what the machine chose', async () => {
    const p = await desktop.call('profiles.create', { profile: fields })
    await desktop.call('profiles.setProfileDir', { id: p.id, profileDir: folders.dir })

    const update = await failure(page.call('profiles.update', { id: p.id, profile: { profileDir: '/etc' } as never }))
    expect(update.code).toBe('BAD_INPUT')
    const set = await failure(page.call('profiles.setProfileDir', { id: p.id, profileDir: '/etc' }))
    expect(set.code).toBe('FORBIDDEN')
    expect(set.message).toMatch(/desktop app or with the command line/)
    const cleared = await failure(page.call('profiles.setProfileDir', { id: p.id, profileDir: null }))
    expect(cleared.code).toBe('FORBIDDEN')

    expect((await page.call('profiles.list', {})).profiles[0]!.profileDir).toBe(folders.dir)
    expect((await page.call('control.profileFiles', {})).dir).toBe(folders.dir)
  })
})

describe('the machine chooses it: an existing folder the app can read', () => {
  it('refuses a folder that does not exist, or a file, naming it and saying what to fix', async () => {
    const p = await desktop.call('profiles.create', { profile: fields })
    const missing = join(folders.dir, 'nowhere')
    const none = await failure(desktop.call('profiles.setProfileDir', { id: p.id, profileDir: missing }))
    expect(none.code).toBe('BAD_INPUT')
    expect(none.message).toBe(`The profile folder ${missing} does not exist: give the folder the node writes its profiles to (avalanchego's profile dir, or coreth's admin-api-dir + _coreth_performance_C), or create it first`)
    expect(none.details).toMatchObject({ issues: [{ path: ['profileDir'] }] })
    const file = join(folders.dir, 'cpu.profile')
    writeFileSync(file, 'x')
    const notDir = await failure(desktop.call('profiles.setProfileDir', { id: p.id, profileDir: file }))
    expect(notDir.code).toBe('BAD_INPUT')
    expect(notDir.message).toMatch(new RegExp(`${file} is a file, not a folder`))
    const relative = await failure(desktop.call('profiles.setProfileDir', { id: p.id, profileDir: 'profiles' }))
    expect(relative.code).toBe('BAD_INPUT')
    expect((await desktop.call('profiles.list', {})).profiles[0]!.profileDir).toBeNull()
  })

  it('the CLI sets it on the data folder, and the running browser session lists that folder at once', async () => {
    const p = await desktop.call('profiles.create', { profile: fields })
    const chosen = join(folders.dir, 'node-profiles')
    mkdirSync(chosen)
    writeFileSync(join(chosen, 'cpu.profile'), 'x')
    const err: string[] = []
    const code = await runCli(['call', 'profiles.setProfileDir', JSON.stringify({ id: p.id, profileDir: chosen }), '--data-dir', ctx.dataDir], () => undefined, (s) => err.push(s))
    expect(err.join('\n')).toBe('')
    expect(code).toBe(0)
    const listed = await page.call('control.profileFiles', {})
    expect(listed).toMatchObject({ dir: chosen, source: 'profile', exists: true })
    expect(listed.files.map((f) => f.name)).toEqual(['cpu.profile'])
    // Cleared again (null): the node's own folder is worked out instead.
    expect((await desktop.call('profiles.setProfileDir', { id: p.id, profileDir: null })).profileDir).toBeNull()
  })
})
