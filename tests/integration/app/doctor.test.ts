/**
 * `companion doctor` against the sim: a good profile passes every check; a stopped node, the admin API
 * switched off (the sim's adminApi knob), a profile folder and a data folder the user cannot read are each
 * named with their fix, and the exit code is 1. Permissions mean nothing to root, so when this test runs as
 * root the unreadable cases run the doctor as root without the capabilities that override file permissions
 * (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH): then a folder of another user is out of its reach, as for anyone.
 * Not as the user "nobody": a checkout in a folder only root may enter (mktemp -d) would hide the CLI from it.
 */
import { spawn } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { startSim, type Sim } from '../../sim/index'
import { closedPort } from '../../support/ports'
import { tempDir } from './helpers'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  mkdirSync(sim.profileDir, { recursive: true })
})
afterAll(async () => sim?.stop())

const NOBODY = 65534
const isRoot = process.getuid?.() === 0

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = []
  const code = await runCli(args, (s) => out.push(s), (s) => out.push(s))
  return { code, out: out.join('\n') }
}

/** A data folder with one profile (a mainnet profile at `nodeUrl`, its profile folder `profileDir`). */
async function dataWith(nodeUrl: string, profileDir: string): Promise<{ dir: string; remove: () => void }> {
  const t = tempDir()
  const profile = { name: 'host', nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] }
  const made = await cli(['call', 'profiles.create', JSON.stringify({ profile }), '--data-dir', t.dir])
  expect(made.code).toBe(0)
  const { id } = JSON.parse(made.out) as { id: string }
  expect((await cli(['call', 'profiles.setProfileDir', JSON.stringify({ id, profileDir }), '--data-dir', t.dir])).code).toBe(0)
  return t
}

/** The doctor as its own process; as root, without the capabilities that let root read any folder. */
async function doctorAsOtherUser(args: string[]): Promise<{ code: number | null; out: string }> {
  // The built CLI (integration runs after the build): tsx as another user has no transform cache, seconds a run.
  const command = [process.execPath, 'out/main/cli.js', 'doctor', ...args]
  const [file, ...rest] = isRoot ? ['setpriv', '--bounding-set', '-dac_override,-dac_read_search', '--', ...command] : command
  const child = spawn(file!, rest, { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout.on('data', (c: Buffer) => (out += c.toString()))
  child.stderr.on('data', (c: Buffer) => (out += c.toString()))
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)))
  return { code, out }
}

describe('companion doctor', () => {
  it('a good profile against the sim passes: data folder, node, admin API, profile folder', async () => {
    const t = await dataWith(sim.nodeUrl, sim.profileDir)
    try {
      const r = await cli(['doctor', '--data-dir', t.dir])
      expect(r.out).toMatch(new RegExp(`^ok {4}data folder ${t.dir}: readable and writable`, 'm'))
      expect(r.out).toMatch(/^ok {4}profile "host": node http:\/\/127\.0\.0\.1:\d+: reachable$/m)
      expect(r.out).toMatch(/^ok {4}profile "host": admin API: enabled/m)
      expect(r.out).toContain(`ok    profile "host": profile folder: ${sim.profileDir} (the profile's profileDir) is readable`)
      expect(r.out).toMatch(/every check passed$/)
      expect(r.code).toBe(0)
    } finally {
      t.remove()
    }
  })

  it('a stopped node and a node without its admin API are each named with their fix', async () => {
    const stopped = await dataWith(`http://127.0.0.1:${await closedPort()}`, sim.profileDir)
    const noAdmin = await dataWith(sim.nodeUrl, sim.profileDir)
    try {
      const down = await cli(['doctor', '--data-dir', stopped.dir])
      expect(down.code).toBe(1)
      expect(down.out).toMatch(/^FAIL {2}profile "host": node http:\/\/127\.0\.0\.1:\d+: not reachable: .*\n {6}fix: Check the node URL .*is avalanchego running, and does --http-host\/--http-port match the URL\?/m)
      expect(down.out).toMatch(/1 check\(s\) failed: see the fixes above$/)

      sim.setConfig({ adminApi: false })
      const admin = await cli(['doctor', '--data-dir', noAdmin.dir])
      expect(admin.code).toBe(1)
      expect(admin.out).toMatch(/^ok {4}profile "host": node .*: reachable$/m)
      expect(admin.out).toMatch(/^FAIL {2}profile "host": admin API: not available at .*\n {6}fix: .*"admin-api-enabled": true in the C-Chain config/m)
    } finally {
      sim.setConfig({ adminApi: true })
      stopped.remove()
      noAdmin.remove()
    }
  })

  it('--config checks the file and its profiles as the file declares them, and leaves the data folder as it was', async () => {
    const t = tempDir()
    try {
      const file = join(t.dir, 'companion.json')
      const profile = { name: 'from-file', nodeUrl: sim.nodeUrl, network: 'mainnet', profileDir: sim.profileDir }
      writeFileSync(file, JSON.stringify({ profiles: [profile] }))
      const data = join(t.dir, 'data')
      const r = await cli(['doctor', '--data-dir', data, '--config', file])
      expect(r.out).toContain(`ok    config file ${file}: valid: 1 profile(s), 0 channel(s)`)
      expect(r.out).toMatch(/^ok {4}profile "from-file": admin API: enabled/m)
      expect(r.code).toBe(0)
      expect(existsSync(data)).toBe(false)

      writeFileSync(file, JSON.stringify({ profiles: [{ ...profile, nodeUrl: `${sim.nodeUrl}/ext/info` }] }))
      const bad = await cli(['doctor', '--data-dir', data, '--config', file])
      expect(bad.out).toMatch(new RegExp(`^FAIL {2}config file ${file}: profiles\\[0\\]\\.nodeUrl \\(profile "from-file"\\): .*remove "/ext/info"`, 'm'))
      expect(bad.code).toBe(1)
    } finally {
      t.remove()
    }
  })

  it('a profile folder and a data folder this user cannot read are named, with how to let it read them', async () => {
    const locked = tempDir('companion-locked-')
    const t = await dataWith(sim.nodeUrl, locked.dir)
    try {
      chmodSync(locked.dir, 0o700) // the node's own folder, not open to others
      // The data folder belongs to the user the doctor runs as: only the profile folder is out of reach.
      if (isRoot) chownSync(locked.dir, NOBODY, NOBODY)
      else chmodSync(locked.dir, 0o000)
      const folder = await doctorAsOtherUser(['--data-dir', t.dir])
      expect(folder.out).toMatch(/^ok {4}data folder .*: readable and writable/m)
      expect(folder.out).toMatch(new RegExp(`^FAIL {2}profile "host": profile folder: The profile folder ${locked.dir} cannot be read \\(EACCES\\)\\n {6}fix: let this user \\(\\S+\\) read it: add it to the node's group`, 'm'))
      expect(folder.code).toBe(1)

      // The data folder of another user: the doctor says whose it is and how to hand it over.
      if (isRoot) for (const f of ['', ...readdirSync(t.dir)]) chownSync(join(t.dir, f), NOBODY, NOBODY)
      else chmodSync(t.dir, 0o000)
      const data = await doctorAsOtherUser(['--data-dir', t.dir])
      expect(data.out).toMatch(new RegExp(`^FAIL {2}data folder ${t.dir}: not readable and writable by this user .*\\n {6}fix: sudo chown -R \\S+ ${t.dir} && sudo chmod 700 ${t.dir}`, 'm'))
      expect(data.code).toBe(1)
    } finally {
      chmodSync(t.dir, 0o700)
      chmodSync(locked.dir, 0o700)
      t.remove()
      locked.remove()
    }
  })
})
