import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { contract } from '../../../src/shared/contract'
import { tempDir } from './helpers'

const run = promisify(execFile)
let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, (s) => out.push(s), (s) => err.push(s))
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const profile = { name: 'local', nodeUrl: 'http://127.0.0.1:9650', dataUrl: 'http://127.0.0.1:1', metricsUrl: 'http://127.0.0.1:1', network: 'fuji', nodeIds: [] }

describe('command line', () => {
  it('"methods" lists every contract method with its input schema', async () => {
    const r = await cli(['methods'])
    expect(r.code).toBe(0)
    type Schema = { type?: string; oneOf?: Schema[] }
    const listed = JSON.parse(r.out) as Array<{ method: string; input: Schema }>
    expect(listed.map((m) => m.method).sort()).toEqual(Object.keys(contract.methods).sort())
    // Each input is an object, or one of several objects told apart by a field (data.loadAll's endpoint).
    const isObject = (s: Schema): boolean => s.type === 'object' || (s.oneOf !== undefined && s.oneOf.length > 0 && s.oneOf.every(isObject))
    expect(listed.filter((m) => !isObject(m.input)).map((m) => m.method)).toEqual([])
  })

  it('"call" with a bad input prints the validation error and exits non-zero; nothing is saved', async () => {
    const t = tempDir()
    cleanup = t.remove
    const bad = await cli(['call', 'profiles.create', JSON.stringify({ profile: { ...profile, nodeUrl: 'localhost:9650' } }), '--data-dir', t.dir])
    expect(bad.code).toBe(1)
    expect(JSON.parse(bad.err)).toMatchObject({ error: { code: 'BAD_INPUT', message: expect.stringMatching(/profile\.nodeUrl/) } })
    const list = await cli(['call', 'profiles.list', '{}', '--data-dir', t.dir])
    expect(JSON.parse(list.out)).toEqual({ profiles: [], activeId: null })
  })

  it('says what is wrong with the command line itself', async () => {
    expect((await cli(['call', 'profiles.list', '{nope', '--data-dir', '/tmp'])).code).toBe(2)
    expect((await cli(['call', 'app.info', '{}', '--node-url', 'ftp://x'])).err).toMatch(/nodeUrl: must start with http/)
    expect((await cli(['frobnicate'])).code).toBe(2)
    // A data folder of its own: a fixed one under /tmp was shared with every other run on the machine (another
    // checkout's newer schema there made this one refuse it).
    const t = tempDir()
    try {
      expect((await cli(['call', 'app.info', '{}', '--profile', 'missing', '--data-dir', t.dir])).err).toMatch(/No profile named "missing"/)
    } finally {
      t.remove()
    }
  })

  it('stores a profile, and selects it by name for one run', async () => {
    const t = tempDir()
    cleanup = t.remove
    const created = await cli(['call', 'profiles.create', JSON.stringify({ profile }), '--data-dir', t.dir])
    expect(created.code).toBe(0)
    // The first profile becomes the active one, and its output says so.
    const first = JSON.parse(created.out) as { id: string; active: boolean }
    expect(first.active).toBe(true)
    await cli(['call', 'profiles.create', JSON.stringify({ profile: { ...profile, name: 'other' } }), '--data-dir', t.dir])
    const probed = await cli(['call', 'connection.probe', '{}', '--profile', 'other', '--data-dir', t.dir])
    expect(probed.code).toBe(0)
    expect(JSON.parse(probed.out)).toMatchObject({ profileName: 'other', network: 'fuji' })
    const list = JSON.parse((await cli(['call', 'profiles.list', '{}', '--data-dir', t.dir])).out) as { activeId: string | null }
    expect(list.activeId).toBe(first.id)
  })

  // One process: each tsx start compiles the CLI's sources again, several CPU-seconds. What "methods" prints is
  // the first test's (the same runCli); what reaches a real process's stdout, the built CLI's tests
  // (security-pprof-limits.test.ts, log-secrets.test.ts). This one shows the source runs under tsx, opens a data
  // folder, and exits non-zero with the error on stderr.
  it('"silence add|list|expire": an upgrade script silences a profile by name, lists it and ends it', async () => {
    const t = tempDir()
    cleanup = t.remove
    const dir = ['--data-dir', t.dir]
    expect((await cli(['call', 'profiles.create', JSON.stringify({ profile }), ...dir])).code).toBe(0)
    const added = await cli(['silence', 'add', '--profile', 'local', '--rule', '*', '--for', '2h', '--reason', 'upgrade', '--by', 'deploy', ...dir])
    expect(added.code).toBe(0)
    const silence = JSON.parse(added.out) as { id: string; profileId: string; rule: null; startsAt: number; endsAt: number; reason: string; createdBy: string }
    expect(silence).toMatchObject({ rule: null, subject: null, reason: 'upgrade', createdBy: 'deploy' })
    expect(silence.endsAt - silence.startsAt).toBe(2 * 3_600_000)
    const listed = JSON.parse((await cli(['silence', 'list', ...dir])).out) as { silences: Array<{ id: string }> }
    expect(listed.silences.map((s) => s.id)).toEqual([silence.id])
    const expired = await cli(['silence', 'expire', silence.id, ...dir])
    expect(expired.code).toBe(0)
    expect(JSON.parse((await cli(['silence', 'list', '--profile', 'local', ...dir])).out)).toEqual({ silences: [], windows: [] })

    // What is wrong is said, with what to write instead.
    const noReason = await cli(['silence', 'add', '--profile', '*', '--rule', 'unreachable', '--for', '30m', ...dir])
    expect([noReason.code, noReason.err]).toEqual([2, expect.stringMatching(/^silence add needs --reason/)])
    expect((await cli(['silence', 'add', '--profile', '*', '--rule', '*', '--for', 'soon', '--reason', 'x', ...dir])).err).toMatch(/--for takes a length such as 30m, 2h or 1d/)
    const unknown = await cli(['silence', 'add', '--profile', 'nope', '--rule', '*', '--for', '5m', '--reason', 'x', ...dir])
    expect(JSON.parse(unknown.err)).toEqual({ error: { code: 'NOT_FOUND', message: `No profile named "nope": one of local, or '*' for all` } })
    const bad = await cli(['silence', 'add', '--profile', '*', '--rule', 'diskFull?', '--for', '8d', '--reason', 'x', ...dir])
    expect([bad.code, bad.err]).toEqual([1, expect.stringMatching(/unknown rule[\s\S]*minutes must be at most 10080/)])
    expect((await cli(['silence', 'expire', ...dir])).code).toBe(2)
    expect((await cli(['call', 'app.info', '{}', '--reason', 'x', ...dir])).err).toMatch(/--reason is an option of "silence add"/)
  })

  it('runs as "npm run cli" in a real process', async () => {
    const t = tempDir()
    try {
      const failed = await run('node_modules/.bin/tsx', ['src/main/cli.ts', 'call', 'jobs.cancel', '{"id":""}', '--data-dir', t.dir]).catch((e: { code: number; stderr: string }) => e)
      expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('BAD_INPUT') })
    } finally {
      t.remove()
    }
  })
})
