/**
 * The unattended watch through the contract: two sims, two profiles, checks every 5 s (the minimum) and
 * "unreachable" after one failed check; one sim stopped. And `companion watch` as a child process,
 * printing a JSON line when a node cannot be reached, ended by SIGTERM with code 0.
 */
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { nodeApis } from '../../../src/main/clients/node/endpoints'
import { checkNode } from '../../../src/main/services/watch/check'
import type { Contract, WatchProfileStatus } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { startSim, type Sim } from '../../sim/index'
import { connect, failure, tempDir, testApp } from './helpers'
import { closedPort } from '../../support/ports'
import { until } from '../../support/until'

let up: Sim
let down: Sim
let ctx: ReturnType<typeof testApp>
let client: RpcClient<Contract>

beforeAll(async () => {
  ;[up, down] = await Promise.all([
    startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }),
    startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  ])
  ctx = testApp('browser')
  client = connect(ctx.app)
})
afterAll(async () => {
  await Promise.all([up?.stop(), down?.stop()])
  ctx?.done()
})

const statusOf = async (id: string): Promise<WatchProfileStatus> => (await client.call('watch.status', {})).profiles.find((p) => p.profileId === id)!

describe('watch', () => {
  it('a stopped node shows unreachable with a firing alert naming it; the other is still checked and healthy', async () => {
    const create = (name: string, sim: Sim) =>
      client.call('profiles.create', { profile: { name, nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] } })
    const a = await create('stays-up', up)
    const b = await create('goes-down', down)

    // Settings: defaults, then small ones; a bad interval is refused with what to fix.
    const defaults = await client.call('watch.settings', {})
    expect(defaults.profiles).toEqual([
      { profileId: a.id, enabled: true, intervalSec: 60, subnetIds: [] },
      { profileId: b.id, enabled: true, intervalSec: 60, subnetIds: [] }
    ])
    const bad = await failure(client.call('watch.setSettings', { profileId: a.id, intervalSec: 1 }))
    expect(bad.code).toBe('BAD_INPUT')
    expect(bad.message).toMatch(/intervalSec must be at least 5 seconds/)
    expect((await failure(client.call('watch.setSettings', { profileId: 'nope', intervalSec: 5 }))).code).toBe('NOT_FOUND')
    for (const id of [a.id, b.id]) {
      await client.call('watch.setSettings', { profileId: id, intervalSec: 5 })
      await client.call('alerts.setRules', { profileId: id, rules: [{ rule: 'unreachable', threshold: 1 }] })
    }
    expect((await client.call('watch.settings', {})).profiles.map((p) => p.intervalSec)).toEqual([5, 5])
    expect((await client.call('alerts.rules', { profileId: a.id })).rules.find((r) => r.rule === 'unreachable')).toEqual({ rule: 'unreachable', enabled: true, threshold: 1, forChecks: 1 })

    // The first checks come within the start jitter (at most 5 s): both nodes answer.
    const first = await until(() => statusOf(b.id), (s) => s.last?.reachable === true, 12_000)
    expect(first.last).toMatchObject({ reachable: true, bootstrapped: { P: expect.any(Boolean), C: expect.any(Boolean) } })

    await down.stop()
    const stoppedAt = Date.now()
    const gone = await until(() => statusOf(b.id), (s) => s.openAlerts.some((x) => x.rule === 'unreachable'), 12_000)
    expect(gone.last).toMatchObject({ reachable: false, error: expect.any(String) })
    // What it said the last time it answered, and since when it has not.
    expect(gone.lastReachable).toMatchObject({ reachable: true, version: expect.any(String) })
    // Since the first check it did not answer (after the stop), not the last one it did.
    expect(gone.unreachableSince).toBeGreaterThan(gone.lastReachable!.at)
    expect(gone.unreachableSince).toBeGreaterThanOrEqual(stoppedAt)
    expect(gone.unreachableSince).toBeLessThanOrEqual(gone.last!.at)
    expect(gone.ageMs).toBeGreaterThanOrEqual(0)
    expect(gone.openAlerts.find((x) => x.rule === 'unreachable')).toMatchObject({
      profileName: 'goes-down',
      nodeUrl: down.nodeUrl,
      severity: 'critical',
      clearedAt: null,
      message: expect.stringContaining('goes-down')
    })
    const alerts = await client.call('alerts.list', {})
    expect(alerts.open.filter((x) => x.rule === 'unreachable').map((x) => x.profileId)).toEqual([b.id])
    expect((await client.call('alerts.list', { profileId: a.id })).open.filter((x) => x.rule === 'unreachable')).toEqual([])

    // The other profile was checked meanwhile (same interval), and its node still answers.
    const still = await until(() => statusOf(a.id), (s) => (s.last?.at ?? 0) > stoppedAt, 12_000)
    expect(still.last).toMatchObject({ reachable: true, healthy: true, failingChecks: [], peers: expect.any(Number) })
    expect(still.last!.version).toEqual(expect.any(String))
    expect(still.openAlerts.filter((x) => x.rule === 'unreachable')).toEqual([])
  }, 60_000)

  it('one check: failing health checks are named; an API the node does not serve is unknown, not a failure', async () => {
    const check = () => checkNode({ profileId: 'p', nodeUrl: up.nodeUrl, node: nodeApis(up.nodeUrl), nodeIds: [], subnetIds: [] }, { now: Date.now, deadlineMs: 3_000 })
    try {
      up.setConfig({ unhealthy: 'network' })
      expect(await check()).toMatchObject({ reachable: true, healthy: false, failingChecks: ['network'] })
      up.setConfig({ unhealthy: null, healthApi: false, infoApi: false })
      const blind = await check()
      expect(blind.reachable).toBe(true)
      expect(blind).not.toHaveProperty('healthy')
      expect(blind).not.toHaveProperty('version')
      expect(blind).not.toHaveProperty('error')
      expect(blind.bootstrapped).toEqual({ P: null, X: null, C: null })
    } finally {
      up.setConfig({ unhealthy: null, healthApi: true, infoApi: true })
    }
  })

  it('"companion watch" prints a firing line for a node that cannot be reached, and ends with 0 on SIGTERM', async () => {
    const t = tempDir()
    let child: ReturnType<typeof spawn> | undefined
    try {
      const port = await closedPort()
      const out: string[] = []
      const call = async (method: string, input: unknown) => {
        out.length = 0
        expect(await runCli(['call', method, JSON.stringify(input), '--data-dir', t.dir], (s) => out.push(s), () => undefined)).toBe(0)
        return JSON.parse(out.join('\n')) as { id: string }
      }
      const url = `http://127.0.0.1:${port}`
      const p = await call('profiles.create', { profile: { name: 'closed', nodeUrl: url, dataUrl: url, metricsUrl: url, network: 'fuji', nodeIds: [] } })
      await call('watch.setSettings', { profileId: p.id, intervalSec: 5 })
      await call('alerts.setRules', { profileId: p.id, rules: [{ rule: 'unreachable', threshold: 1 }] })

      const wrong: string[] = []
      expect(await runCli(['watch', '--profile', 'closed', '--data-dir', t.dir], () => undefined, (s) => wrong.push(s))).toBe(2)
      expect(wrong.join('\n')).toMatch(/"watch" takes only --data-dir \(not --profile\)/)

      // The built CLI, as an installed copy runs it (through tsx, its signal relay may kill the child before it stops cleanly).
      child = spawn(process.execPath, ['out/main/cli.js', 'watch', '--data-dir', t.dir], { stdio: ['ignore', 'pipe', 'pipe'] })
      const watcher = child
      const exited = new Promise<number | null>((r) => watcher.once('exit', (code) => r(code)))
      const line = await new Promise<Record<string, unknown>>((resolve, reject) => {
        let buf = ''
        const timer = setTimeout(() => reject(new Error(`no firing line; stdout so far: ${buf}`)), 45_000)
        watcher.stdout!.on('data', (chunk: Buffer) => {
          buf += chunk.toString()
          for (const l of buf.split('\n').slice(0, -1)) {
            const j = JSON.parse(l) as Record<string, unknown>
            if (j.state === 'firing') return (clearTimeout(timer), resolve(j))
          }
        })
      })
      expect(line).toMatchObject({ state: 'firing', rule: 'unreachable', profileName: 'closed', nodeUrl: url, profileId: p.id, clearedAt: null })
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      // A watcher left running by a failed assertion would go on checking (and loading the machine) after the run.
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      t.remove()
    }
  }, 90_000)
})
