/**
 * Node control through the contract against the sim's admin API: each node-changing call is
 * journaled before it is sent and marked with its outcome; a CPU profile's state lives in main; a
 * timed profile stops itself; a log-level revert is journaled before the change and carried out at
 * the next start when it fell due while the app was closed; browser mode refuses node changes unless
 * allowed; the CLI asks for --yes; and a call whose connection drops is not sent again.
 */
import { createServer, type Server } from 'node:http'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { mkdirSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { runCli } from '../../../src/main/cli'
import { KeptProfiles } from '../../../src/main/services/control/kept-profiles'
import { OffsetClock } from '../../../src/main/clock'
import { startSim } from '../../sim/index'
import { activateSim, appsPerTest, failure, simPerFile, tempDir } from './helpers'
import { until } from '../../support/until'

const sim = simPerFile()

const { open } = appsPerTest()

describe('profiles of the node', () => {
  it('start, refuse a second start, stop; a timed profile stops itself; memory and lock; all journaled', async () => {
    const clock = new OffsetClock()
    const { client } = open({ clock })
    await activateSim(client, sim)
    const started = await client.call('control.startCpuProfile', {})
    expect(started.entry).toMatchObject({ action: 'startCPUProfiler', outcome: 'ok', origin: 'operator' })
    expect((await client.call('control.state', {})).cpu).toMatchObject({ journalId: started.entry.id })
    const twice = await failure(client.call('control.startCpuProfile', {}))
    expect(twice.code).toBe('CONFLICT')
    expect((await client.call('control.stopCpuProfile', {})).state.cpu).toBeNull()

    const timed = await client.call('control.startCpuProfile', { durationSec: 60 })
    expect(timed.state.cpu?.stopsAt).toBe(timed.state.cpu!.startedAt + 60_000)
    // A minute later on main's clock (not in real time), the timer stops it.
    clock.advance(59_000)
    expect((await client.call('control.state', {})).cpu).not.toBeNull()
    clock.advance(1_000)
    for (let i = 0; i < 100 && (await client.call('control.state', {})).cpu !== null; i++) await new Promise((r) => setTimeout(r, 10))
    expect((await client.call('control.state', {})).cpu).toBeNull()

    await client.call('control.memoryProfile', {})
    await client.call('control.lockProfile', {})
    const { entries } = await client.call('control.journal', {})
    expect(entries.map((e) => `${e.action}:${e.origin}:${e.outcome}`)).toEqual([
      'lockProfile:operator:ok',
      'memoryProfile:operator:ok',
      'stopCPUProfiler:timer:ok',
      'startCPUProfiler:operator:ok',
      'stopCPUProfiler:operator:ok',
      'startCPUProfiler:operator:ok'
    ])
    // A stop with nothing running: the node says so, the app says it plainly, the journal keeps it.
    const none = await failure(client.call('control.stopCpuProfile', {}))
    expect(none.code).toBe('CONFLICT')
    expect((await client.call('control.journal', { limit: 1 })).entries[0]).toMatchObject({ outcome: 'failed', error: { code: 'RPC' } })
  })

  for (const names of ['dot', 'spec'] as const) {
    it(`a node serving only the ${names === 'dot' ? 'dot (admin.startCPUProfiler, a real node)' : "spec's (admin_startCPUProfiler)"} names: every profiler call answers`, async () => {
      const set = (adminNames: string) =>
        fetch(`${sim.nodeUrl}/__sim/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ adminNames }) })
      expect((await set(names)).status).toBe(200)
      try {
        const { client } = open()
        await activateSim(client, sim)
        await client.call('control.startCpuProfile', {})
        await client.call('control.stopCpuProfile', {})
        await client.call('control.memoryProfile', {})
        await client.call('control.lockProfile', {})
        const { entries } = await client.call('control.journal', {})
        expect(entries.map((e) => `${e.action}:${e.outcome}`)).toEqual(['lockProfile:ok', 'memoryProfile:ok', 'stopCPUProfiler:ok', 'startCPUProfiler:ok'])
      } finally {
        await set('dot')
      }
    })
  }

  it('the VM configuration keeps a snapshot only when it changed', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const a = await client.call('control.vmConfig', {})
    const b = await client.call('control.vmConfig', {})
    expect(b.data.snapshotId).toBe(a.data.snapshotId)
    await client.call('control.setLogLevel', { level: a.data.config['log-level'] === 'debug' ? 'info' : 'debug' })
    const c = await client.call('control.vmConfig', {})
    expect(c.data.snapshotId).toBeGreaterThan(a.data.snapshotId)
    const { snapshots } = await client.call('control.vmConfigSnapshots', {})
    expect(snapshots.map((s) => s.id)).toEqual([c.data.snapshotId, a.data.snapshotId])
  })
})

describe('profile files', () => {
  it("no folder on the profile: listed from the node's <admin-api-dir>_coreth_performance_C, read live, then from the kept VM configuration when the node is gone", async () => {
    const own = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    try {
      const { client } = open()
      await activateSim(client, own)
      await client.call('control.startCpuProfile', {})
      await client.call('control.stopCpuProfile', {})
      const listed = await client.call('control.profileFiles', {})
      expect(listed).toMatchObject({ dir: own.profileDir, source: 'node', adminApiDir: join(own.profileDir, '..', 'admin'), exists: true, vmConfig: { read: 'live' } })
      expect(listed.files.map((f) => f.name)).toContain('cpu.profile')
      expect((await client.call('control.openProfile', { name: 'cpu.profile' })).samples).toBeGreaterThan(0)

      // The node stops (and its folder goes with the sim): the folder is still worked out, from the kept configuration.
      await own.stop()
      const offline = await client.call('control.profileFiles', {})
      expect(offline).toMatchObject({ dir: own.profileDir, source: 'node', exists: false, files: [], vmConfig: { read: 'cache' } })
    } finally {
      await own.stop().catch(() => undefined)
    }
  })

  it("no folder and a node never read: avalanchego's default, with the reason", async () => {
    const { client } = open()
    // Nothing listens there: no VM configuration, live or kept.
    await activateSim(client, sim, { nodeUrl: 'http://127.0.0.1:9' })
    const listed = await client.call('control.profileFiles', {})
    expect(listed).toMatchObject({ dir: join(homedir(), '.avalanchego', 'profiles'), source: 'default', note: "the node's VM configuration could not be read" })
    expect(listed.vmConfig).toBeUndefined()
  })

  it("lists the files the node wrote in the profile's folder and opens each; a name outside it is refused", async () => {
    const { client } = open()
    const p = await client.call('profiles.create', {
      profile: { name: 'local', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] }
    })
    // The folder must exist when it is chosen; the sim's node makes it only at its first profile.
    mkdirSync(sim.profileDir, { recursive: true })
    await client.call('profiles.setProfileDir', { id: p.id, profileDir: sim.profileDir })
    await client.call('profiles.activate', { id: p.id })
    await client.call('control.startCpuProfile', {})
    await client.call('control.stopCpuProfile', {})
    await client.call('control.memoryProfile', {})
    const listed = await client.call('control.profileFiles', {})
    expect(listed).toMatchObject({ dir: sim.profileDir, source: 'profile', exists: true })
    // The profile's folder wins: the node is not asked where it writes.
    expect(listed.vmConfig).toBeUndefined()
    const names = listed.files.map((f) => f.name)
    expect(names).toEqual(expect.arrayContaining(['cpu.profile', 'mem.profile']))
    expect(listed.files.find((f) => f.name === 'cpu.profile')?.kind).toBe('cpu')

    const cpu = await client.call('control.openProfile', { name: 'cpu.profile' })
    expect(cpu.samples).toBeGreaterThan(0)
    expect(BigInt(cpu.total)).toBeGreaterThan(0n)
    expect(cpu.top.length).toBeGreaterThan(0)
    expect(cpu.flame[0]).toMatchObject({ parent: -1, depth: 0 })
    const mem = await client.call('control.openProfile', { name: 'mem.profile', valueIndex: 3 })
    expect(mem.sampleTypes.map((s) => s.type)).toEqual(['alloc_objects', 'alloc_space', 'inuse_objects', 'inuse_space'])
    expect(mem.valueIndex).toBe(3)

    expect((await failure(client.call('control.openProfile', { name: '../secrets' }))).code).toBe('BAD_INPUT')
    expect((await failure(client.call('control.openProfile', { name: 'nothing.profile' }))).code).toBe('NOT_FOUND')
  })
})

describe('kept profile copies', () => {
  it('each profile opened is kept once by time, listed, read and downloaded with the node gone', async () => {
    const own = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    try {
      const { client, dataDir } = open()
      await activateSim(client, own)
      await client.call('control.startCpuProfile', {})
      await client.call('control.stopCpuProfile', {})
      const first = await client.call('control.openProfile', { name: 'cpu.profile' })
      expect(first.kept).toMatchObject({ name: 'cpu.profile', kind: 'cpu', node: own.nodeUrl })
      // The same bytes opened again: no second copy.
      expect((await client.call('control.openProfile', { name: 'cpu.profile' })).kept?.id).toBe(first.kept!.id)
      await client.call('control.memoryProfile', {})
      const mem = await client.call('control.openProfile', { name: 'mem.profile' })
      const kept = await client.call('control.keptProfiles', {})
      expect(kept.max).toBe(50)
      expect(kept.profiles.map((k) => k.id)).toEqual([mem.kept!.id, first.kept!.id])
      expect(kept.dir.startsWith(join(dataDir, 'profiles'))).toBe(true)
      const onDisk = await readFile(join(own.profileDir, 'cpu.profile'))

      // The node and its folder go: the copies still read, and download byte for byte.
      await own.stop()
      const offline = await client.call('control.openKeptProfile', { id: first.kept!.id })
      expect(offline).toMatchObject({ name: 'cpu.profile', total: first.total, samples: first.samples })
      const part = await client.call('control.keptProfileBytes', { id: first.kept!.id })
      expect(part.done).toBe(true)
      expect(Buffer.from(part.base64, 'base64').equals(onDisk)).toBe(true)
      expect((await failure(client.call('control.openKeptProfile', { id: '20260101T000000.000Z-none.profile' }))).code).toBe('NOT_FOUND')
      expect((await failure(client.call('control.openKeptProfile', { id: '../x' }))).code).toBe('BAD_INPUT')

      // The profile deleted (another one active): its kept copies go with it.
      const firstId = (await client.call('profiles.list', {})).activeId!
      expect((await stat(join(dataDir, 'profiles', firstId))).isDirectory()).toBe(true)
      const other = await client.call('profiles.create', { profile: { name: 'other', nodeUrl: 'http://127.0.0.1:9', dataUrl: 'http://127.0.0.1:9', metricsUrl: 'http://127.0.0.1:9', network: 'mainnet', nodeIds: [] } })
      await client.call('profiles.activate', { id: other.id })
      await client.call('profiles.delete', { id: firstId })
      const stillThere = await until(
        () => stat(join(dataDir, 'profiles', firstId)).then(() => true, () => false),
        (exists) => !exists,
        5_000
      )
      expect(stillThere).toBe(false)
    } finally {
      await own.stop().catch(() => undefined)
    }
  })

  it('at most the newest N copies are kept per profile: the oldest are dropped', async () => {
    const { dataDir } = open()
    let t = Date.UTC(2026, 10, 24, 3, 0, 0)
    const kept = new KeptProfiles(join(dataDir, 'profiles'), () => (t += 1_000), 3)
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await kept.keep('p1', 'http://node', 'mem.profile', t, Buffer.from(`bytes ${i}`))).id)
    await kept.keep('p2', 'http://node', 'mem.profile', t, Buffer.from('other profile'))
    const list = await kept.list('p1')
    expect(list.map((k) => k.id)).toEqual([ids[4], ids[3], ids[2]])
    expect(list[0]).toMatchObject({ id: '20261124T030005.000Z-mem.profile', keptAt: Date.UTC(2026, 10, 24, 3, 0, 5), size: 7 })
    expect(await kept.list('p2')).toHaveLength(1)
  })
})

describe('the current log level', () => {
  it("read from the node's admin.getLoggerLevel, follows a set; without /ext/admin: the app's last set, else the VM configuration", async () => {
    const own = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    try {
      const { client } = open()
      await activateSim(client, own)
      expect(await client.call('control.logLevel', {})).toMatchObject({ level: 'info', source: 'node', read: 'live', configured: 'info' })
      // A typed level in capitals is the same level.
      await client.call('control.setLogLevel', { level: 'DEBUG' })
      expect(await client.call('control.logLevel', {})).toMatchObject({ level: 'debug', source: 'node' })

      own.setConfig({ nodeAdminApi: false })
      expect(await client.call('control.logLevel', {})).toMatchObject({ level: 'debug', source: 'app' })
      const fresh = open()
      await activateSim(fresh.client, own)
      expect(await fresh.client.call('control.logLevel', {})).toMatchObject({ level: 'debug', source: 'vmConfig', read: 'live' })
      await own.stop()
      expect(await fresh.client.call('control.logLevel', {})).toMatchObject({ level: 'debug', source: 'vmConfig', read: 'cache' })
    } finally {
      await own.stop().catch(() => undefined)
    }
  })
})

describe('log levels', () => {
  it('an unknown level is refused before anything is sent; a revert can be cancelled', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const bad = await failure(client.call('control.setLogLevel', { level: 'two words' }))
    expect(bad.code).toBe('BAD_INPUT')
    expect((await client.call('control.journal', {})).entries).toEqual([])
    const set = await client.call('control.setLogLevel', { level: 'debug', revertAfterSec: 300, previous: 'info' })
    expect(set.state.reverts).toHaveLength(1)
    expect(set.state.reverts[0]).toMatchObject({ level: 'info', from: 'debug', state: 'scheduled' })
    const after = await client.call('control.cancelRevert', { id: set.state.reverts[0]!.id })
    expect(after.reverts).toEqual([])
    // The node refuses a level it does not know: the journal says failed, nothing is left scheduled.
    const refused = await failure(client.call('control.setLogLevel', { level: 'loud', revertAfterSec: 60 }))
    expect(refused.code).toBe('RPC')
    expect((await client.call('control.state', {})).reverts).toEqual([])
  })

  it('a revert due while the app was closed is carried out at the next start, and reported', async () => {
    const first = open()
    await activateSim(first.client, sim)
    await first.client.call('control.setLogLevel', { level: 'trace', revertAfterSec: 60, previous: 'info' })
    first.app.close()
    const later = open({ dataDir: first.dataDir, now: () => Date.now() + 2 * 60_000 })
    // The start carries it out in the background: asked until it has.
    let state = await later.client.call('control.state', {})
    for (let i = 0; i < 200 && state.lateReverts.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10))
      state = await later.client.call('control.state', {})
    }
    expect(state.reverts).toEqual([])
    expect(state.lateReverts).toEqual([expect.objectContaining({ level: 'info', from: 'trace', state: 'done', late: true })])
    const { entries } = await later.client.call('control.journal', { limit: 1 })
    expect(entries[0]).toMatchObject({ action: 'setLogLevel', origin: 'startup', outcome: 'ok', params: { level: 'info' } })
    expect((await later.client.call('control.vmConfig', {})).data.config['log-level']).toBe('info')

    // Read and dismissed: no longer reported, to any window; an unknown id is named as such.
    const dismissed = await later.client.call('control.dismissLateRevert', { id: state.lateReverts[0]!.id })
    expect(dismissed.lateReverts).toEqual([])
    expect((await later.client.call('control.state', {})).lateReverts).toEqual([])
    expect((await failure(later.client.call('control.dismissLateRevert', { id: state.lateReverts[0]!.id }))).code).toBe('NOT_FOUND')
  })
})

describe('safety', () => {
  it('browser mode refuses node changes unless allowed', async () => {
    const off = open({ transport: 'ws' })
    await activateSim(off.client, sim)
    expect((await off.client.call('app.info', {})).nodeChanges).toBe(false)
    const refused = await failure(off.client.call('control.memoryProfile', {}))
    expect(refused.code).toBe('FORBIDDEN')
    expect(refused.message).toMatch(/--allow-node-changes/)
    expect((await off.client.call('control.journal', {})).entries).toEqual([])
    off.app.close()
    const on = open({ dataDir: off.dataDir, transport: 'ws', allowNodeChanges: true })
    expect((await on.client.call('app.info', {})).nodeChanges).toBe(true)
    await expect(on.client.call('control.memoryProfile', {})).resolves.toBeDefined()
  })

  it("the desktop app's setting lets browser mode change the node; a browser page cannot set it itself", async () => {
    const desktop = open()
    const browser = open({ dataDir: desktop.dataDir, transport: 'ws' })
    await activateSim(desktop.client, sim)
    const forged = await failure(browser.client.call('app.setBrowserNodeChanges', { allowed: true }))
    expect(forged.code).toBe('FORBIDDEN')
    expect((await browser.client.call('app.info', {})).nodeChanges).toBe(false)
    expect((await failure(browser.client.call('control.memoryProfile', {}))).code).toBe('FORBIDDEN')

    expect((await desktop.client.call('app.setBrowserNodeChanges', { allowed: true })).browserNodeChanges).toBe(true)
    // Read at each call: the running browser session (another process on the same folder) follows it.
    expect((await browser.client.call('app.info', {})).nodeChanges).toBe(true)
    await expect(browser.client.call('control.memoryProfile', {})).resolves.toBeDefined()

    await desktop.client.call('app.setBrowserNodeChanges', { allowed: false })
    expect((await failure(browser.client.call('control.memoryProfile', {}))).code).toBe('FORBIDDEN')
  })

  it('the CLI asks for --yes and sends nothing without it', async () => {
    const t = tempDir()
    const out: string[] = []
    const err: string[] = []
    const cli = (args: string[]) => runCli([...args, '--data-dir', t.dir], (s) => out.push(s), (s) => err.push(s))
    try {
      const profile = { name: 'n', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] }
      expect(await cli(['call', 'profiles.create', JSON.stringify({ profile })])).toBe(0)
      expect(await cli(['call', 'control.memoryProfile', '{}', '--profile', 'n'])).toBe(2)
      expect(err.join('\n')).toMatch(/changes the node: nothing was sent\. Run it again with --yes/)
      out.length = 0
      expect(await cli(['call', 'control.journal', '{}', '--profile', 'n'])).toBe(0)
      expect(JSON.parse(out.join(''))).toEqual({ entries: [] })
      expect(await cli(['call', 'control.memoryProfile', '{}', '--profile', 'n', '--yes'])).toBe(0)
      out.length = 0
      await cli(['call', 'control.journal', '{}', '--profile', 'n'])
      expect(JSON.parse(out.join('')).entries).toHaveLength(1)
    } finally {
      t.remove()
    }
  })

  it('a call whose connection drops is sent once and journaled with an unknown outcome', async () => {
    let hits = 0
    const dropper: Server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += String(c)))
      req.on('end', () => {
        if (body.includes('memoryProfile')) {
          hits++
          res.socket?.destroy()
          return
        }
        res.writeHead(404).end()
      })
    })
    await new Promise<void>((r) => dropper.listen(0, '127.0.0.1', r))
    const { client } = open()
    try {
      await activateSim(client, sim, { nodeUrl: `http://127.0.0.1:${(dropper.address() as AddressInfo).port}` })
      const e = await failure(client.call('control.memoryProfile', {}))
      expect(e.message).toMatch(/no answer came.*not send it again/)
      expect(hits).toBe(1)
      const { entries } = await client.call('control.journal', {})
      expect(entries).toHaveLength(1)
      expect(entries[0]).toMatchObject({ action: 'memoryProfile', outcome: 'unknown' })
    } finally {
      dropper.close()
    }
  })
})
