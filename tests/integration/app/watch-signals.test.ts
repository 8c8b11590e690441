/**
 * The rules of issue 34 against a real (simulated) node, on the app's clock: the sim's knobs set the polls
 * counters (a restart included), rejected blocks and the database volume check by check; `watch.check` checks
 * at once and the rules read the samples the watch kept (the disk's runway from hours of them). Nothing here
 * waits for time to pass: the clock is moved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App } from '../../../src/main/app'
import { OffsetClock } from '../../../src/main/clock'
import { plainSecretStore } from '../../../src/main/secrets'
import type { Alert, Contract } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { startSim, type Sim } from '../../sim/index'
import { tempDir } from '../../support/temp'
import { connect } from './helpers'

const MIN = 60_000
const HOUR = 60 * MIN
const GB = 1_000_000_000
let sim: Sim
let app: App
let folder: { dir: string; remove: () => void }
let client: RpcClient<Contract>
let profileId: string
const clock = new OffsetClock()

beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  folder = tempDir()
  app = createApp({ dataDir: folder.dir, mode: 'browser', secrets: plainSecretStore, clock })
  client = connect(app)
  const profile = { name: 'signals', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet' as const, nodeIds: [sim.dataset.nodes.self] }
  profileId = (await client.call('profiles.create', { profile })).id
  // Checked by hand (watch.check) in this file: the scheduler's own checks are off.
  await client.call('watch.setSettings', { profileId, enabled: false })
})
afterAll(async () => {
  app?.close()
  folder?.remove()
  await sim?.stop()
})

const open = async (rule: Alert['rule']): Promise<Alert[]> => (await client.call('alerts.list', { profileId })).open.filter((a) => a.rule === rule)
const subjects = async (rule: Alert['rule']) => (await open(rule)).map((a) => `${a.subject} ${a.severity}`).sort()
/** One check, `after` ms of the app's clock after the one before. */
async function checkAfter(after: number): Promise<void> {
  clock.advance(after)
  await client.call('watch.check', { profileId })
}

describe('issue 34 rules against the sim', () => {
  it("disk: the share free from the node's diskspace check, and a runway computed from the samples kept over hours", async () => {
    // A 1 TB volume losing 20 GB an hour, checked hourly: told once two hours of samples show the trend.
    for (const h of [0, 1, 2]) {
      sim.setConfig({ disk: { totalBytes: 1_000 * GB, availableBytes: (220 - 20 * h) * GB } })
      await checkAfter(h === 0 ? MIN : HOUR)
      if (h < 2) expect(await open('diskRunway')).toEqual([])
    }
    const { samples } = await client.call('watch.samples', { profileId, limit: 1 })
    expect(samples[0]!.disk).toEqual({ availableBytes: 180 * GB, availablePercent: 18 })
    expect(await subjects('diskSpace')).toEqual(['disk:20 warning'])
    expect(await subjects('diskRunway')).toEqual(['disk:1d critical', 'disk:7d warning'])
    // 180 GB free, the node stops at 3 % (30 GB): 150 GB at 20 GB an hour, 7 h 30 min. (The checks themselves take
    // a moment of the clock, which the trend sees: a few seconds an hour at most.)
    const runway = (await open('diskRunway')).find((a) => a.subject === 'disk:1d')!
    expect(runway.message).toMatch(
      /^signals \(http:\/\/127\.0\.0\.1:\d+\): the node's database volume loses about 44[67]\.\d GiB a day \(trend of the last 2 h 00 min\); 167\.6 GiB free: about 7 h (29|30) min until 3 % free, where the node shuts down · under 1 day: critical$/
    )
    // Under 10 %: the node says it is unhealthy too, and the share is critical.
    sim.setConfig({ disk: { availableBytes: 90 * GB } })
    await checkAfter(MIN)
    expect(await subjects('diskSpace')).toEqual(['disk:10 critical', 'disk:20 warning'])
    sim.setConfig({ disk: null })
  })

  it('query success: a restart (counters back near zero) fires nothing; polls failing fire warning and critical per chain, with the numbers', async () => {
    // Past the ten minutes of the checks before, whose counters were the sim's defaults.
    sim.setConfig({ polls: { C: { successful: 100_000, failed: 1_000 } } })
    await checkAfter(11 * MIN)
    sim.setConfig({ polls: { C: { successful: 101_000, failed: 1_010 } } })
    await checkAfter(MIN)
    // The node restarts: its counters start again, 99 % successful since.
    sim.setConfig({ polls: { C: { successful: 495, failed: 5 } } })
    await checkAfter(MIN)
    expect(await open('querySuccess')).toEqual([])
    // Then consensus suffers: 205 of 600 polls since succeed; over the ten minutes, 1700 of 2110.
    sim.setConfig({ polls: { C: { successful: 700, failed: 400 } } })
    await checkAfter(MIN)
    expect(await subjects('querySuccess')).toEqual(['C:90 critical', 'C:95 warning'])
    const critical = (await open('querySuccess')).find((a) => a.subject === 'C:90')!
    expect(critical.message).toBe(`signals (${sim.nodeUrl}): the C-Chain's query success rate over the last 10 min is 80.56 % (1700 of 2110 polls successful), under 90 %: critical`)
    // Healthy polling again: once the bad stretch is out of the window, both resolve.
    sim.setConfig({ polls: { C: { successful: 100_700, failed: 400 } } })
    await checkAfter(11 * MIN)
    await checkAfter(MIN)
    expect(await open('querySuccess')).toEqual([])
  })

  it('bad blocks: the C-Chain rejecting blocks past the threshold in an hour', async () => {
    // The sim's node has rejected 4 C-Chain blocks since it started: 3 more are under the threshold, 5 are not.
    sim.setConfig({ rejectedBlocks: { C: 7 } })
    await checkAfter(MIN)
    expect(await subjects('badBlocks')).toEqual([])
    sim.setConfig({ rejectedBlocks: { C: 9 } })
    await checkAfter(MIN)
    expect((await open('badBlocks')).map((a) => a.message)).toEqual([
      `signals (${sim.nodeUrl}): the C-Chain rejected 5 blocks in the last hour (threshold 5): its VM refuses blocks others propose`
    ])
  })

  it('lifecycle notices are off until turned on, then say in severity info that the node finished bootstrapping', async () => {
    sim.setConfig({ failingHealthChecks: ['bootstrapped'] })
    await checkAfter(MIN)
    sim.setConfig({ failingHealthChecks: [] })
    await checkAfter(MIN)
    expect(await open('lifecycle')).toEqual([])
    await client.call('alerts.setRules', { profileId, rules: [{ rule: 'lifecycle', enabled: true }] })
    sim.setConfig({ failingHealthChecks: ['bootstrapped'] })
    await checkAfter(MIN)
    sim.setConfig({ failingHealthChecks: [] })
    await checkAfter(MIN)
    expect((await open('lifecycle')).map((a) => [a.subject, a.severity, a.message])).toEqual([['bootstrapped', 'info', `signals (${sim.nodeUrl}): the node has finished bootstrapping`]])
  })
})
