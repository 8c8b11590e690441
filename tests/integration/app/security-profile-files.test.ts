/**
 * Issue 19, items 2 and 3 (the listing): only regular files are read, without blocking. A named pipe,
 * socket or device in the profile folder is refused at once (before, opening a pipe waited for a writer
 * for ever); the listing does not follow a link out of the folder nor show its target's size and time
 * (such a link is not listed, and opening it is refused); the listing shows only profile-like files.
 */
import { execFileSync } from 'node:child_process'
import { closeSync, constants, mkdirSync, openSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Contract } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { manyLines } from '../../support/hostile-profiles'
import { appsPerTest, failure, tempDir } from './helpers'

const { open } = appsPerTest()
let folder: ReturnType<typeof tempDir>
let elsewhere: ReturnType<typeof tempDir>
const pipes: string[] = []
let socket: Server | undefined

beforeEach(() => {
  folder = tempDir('companion-profiles-')
  elsewhere = tempDir('companion-elsewhere-')
})
afterEach(async () => {
  // Should an open still wait on a pipe (the code before the fix), a writer lets it go.
  for (const p of pipes.splice(0)) {
    try {
      closeSync(openSync(p, constants.O_WRONLY | constants.O_NONBLOCK))
    } catch {
      // no reader waits: nothing to release
    }
  }
  await new Promise<void>((r) => (socket ? socket.close(() => r()) : r()))
  socket = undefined
  folder.remove()
  elsewhere.remove()
})

async function client(): Promise<RpcClient<Contract>> {
  const { client } = open()
  const profile = { name: 'files', nodeUrl: 'http://127.0.0.1:9', dataUrl: 'http://127.0.0.1:9', metricsUrl: 'http://127.0.0.1:9', network: 'mainnet' as const, nodeIds: [] }
  const p = await client.call('profiles.create', { profile })
  await client.call('profiles.setProfileDir', { id: p.id, profileDir: folder.dir })
  await client.call('profiles.activate', { id: p.id })
  return client
}

function mkfifo(path: string): void {
  execFileSync('mkfifo', [path])
  pipes.push(path)
}

/** A profile file that decodes (the decoder refuses it by a limit, with its own message: it was read). */
const readable = manyLines(300, 1, 1)

describe('only regular files, without blocking', () => {
  it('a named pipe is refused without blocking, named directly or through a link, and not listed', async () => {
    const c = await client()
    mkfifo(join(folder.dir, 'cpu.profile'))
    symlinkSync('cpu.profile', join(folder.dir, 'latest.profile'))
    for (const name of ['cpu.profile', 'latest.profile']) {
      // Opening a pipe nobody writes to never returns: an answer at all (this message, before the test's time-out)
      // shows it was not opened. A bound in milliseconds here only measured how busy the machine was.
      const e = await failure(c.call('control.openProfile', { name }))
      expect(e).toMatchObject({ code: 'BAD_INPUT', message: `${name} is a named pipe, not a regular file: not read` })
    }
    expect((await c.call('control.profileFiles', {})).files).toEqual([])
  })

  it('a socket and a folder are refused and not listed', async () => {
    const c = await client()
    socket = createServer()
    await new Promise<void>((r) => socket!.listen(join(folder.dir, 'mem.profile'), r))
    mkdirSync(join(folder.dir, 'lock.profile'))
    expect((await failure(c.call('control.openProfile', { name: 'mem.profile' }))).message).toBe('mem.profile is a socket, not a regular file: not read')
    expect((await failure(c.call('control.openProfile', { name: 'lock.profile' }))).message).toBe('lock.profile is a folder, not a regular file: not read')
    expect((await c.call('control.profileFiles', {})).files).toEqual([])
  })

  // A device file needs the right to make one (root, as in CI's container); elsewhere this case cannot run.
  const canMknod = ((): boolean => {
    const t = tempDir()
    try {
      execFileSync('mknod', [join(t.dir, 'null'), 'c', '1', '3'], { stdio: 'ignore' })
      return true
    } catch {
      return false
    } finally {
      t.remove()
    }
  })()
  it.skipIf(!canMknod)('a device is refused and not listed', async () => {
    const c = await client()
    execFileSync('mknod', [join(folder.dir, 'heap.profile'), 'c', '1', '5']) // /dev/zero: reading it never ends
    expect((await failure(c.call('control.openProfile', { name: 'heap.profile' }))).message).toBe('heap.profile is a device, not a regular file: not read')
    expect((await c.call('control.profileFiles', {})).files).toEqual([])
  })

  it('a link out of the folder is not listed (no size or time of its target) and not opened; one inside is', async () => {
    const c = await client()
    writeFileSync(join(elsewhere.dir, 'secret.profile'), Buffer.alloc(12_345, 1))
    symlinkSync(join(elsewhere.dir, 'secret.profile'), join(folder.dir, 'leak.profile'))
    symlinkSync(elsewhere.dir, join(folder.dir, 'cpu.pprof'))
    writeFileSync(join(folder.dir, 'cpu.profile'), readable)
    symlinkSync('cpu.profile', join(folder.dir, 'cpu.profile.1'))
    const listed = await c.call('control.profileFiles', {})
    expect(listed.files.map((f) => [f.name, f.size]).sort()).toEqual([
      ['cpu.profile', readable.length],
      ['cpu.profile.1', readable.length]
    ])
    expect((await failure(c.call('control.openProfile', { name: 'leak.profile' }))).code).toBe('FORBIDDEN')
    // The link inside the folder is read (the decoder's own refusal shows it got the bytes).
    expect((await failure(c.call('control.openProfile', { name: 'cpu.profile.1' }))).message).toMatch(/^cpu\.profile\.1 has a location with more than 256 lines/)
  })
})

describe('the listing shows only profile-like files', () => {
  it("what avalanchego and Go's tools write, not the folder's other files", async () => {
    const c = await client()
    const profiles = ['cpu.profile', 'mem.profile', 'lock.profile', 'cpu.profile.1', 'mem.profile.12', 'heap.pprof', 'node-cpu.prof', 'allocs.pb.gz', 'goroutine', 'heap']
    const others = ['notes.txt', 'node.log', 'config.json', 'README', 'memo.md', '.hidden.profile', 'core']
    for (const name of [...profiles, ...others]) writeFileSync(join(folder.dir, name), readable)
    const listed = await c.call('control.profileFiles', {})
    expect(listed.files.map((f) => f.name).sort()).toEqual([...profiles].sort())
    expect(listed.files.find((f) => f.name === 'heap.pprof')?.kind).toBe('memory')
  })
})

describe('a folder of very many profiles', () => {
  it('lists the newest 1,000 and says how many there are, without a stat of every file', async () => {
    const c = await client()
    const old = new Date('2026-01-01T00:00:00Z')
    for (let i = 0; i < 1_500; i++) {
      const file = join(folder.dir, `cpu.profile.${i}`)
      writeFileSync(file, readable)
      // The newest are the highest numbers: file i is i seconds younger than the first.
      utimesSync(file, old, new Date(old.getTime() + i * 1_000))
    }
    const listed = await c.call('control.profileFiles', {})
    expect(listed.total).toBe(1_500)
    expect(listed.files).toHaveLength(1_000)
    expect(listed.files[0]?.name).toBe('cpu.profile.1499')
    expect(listed.files.at(-1)?.name).toBe('cpu.profile.500')
  })
})
