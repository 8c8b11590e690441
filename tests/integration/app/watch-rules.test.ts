/**
 * Every alert rule against a real (simulated) node, through the contract: the sim's knobs make the node
 * unhealthy, short of peers, behind its peers' version, its validator disconnected with a low uptime as
 * its peers see it, its stake ending within the hour, an L1 validator's balance about to run out and then
 * the validator out of the set; `watch.check` checks at once, the rules fire (pushed as alerts.changed),
 * each after its "for N checks", and everything resolves when the node is put right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Alert, Contract, Payload, WatchSample } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { startSim, type NodeConfig, type Sim } from '../../sim/index'
import { connect, testApp } from './helpers'

let sim: Sim
let ctx: ReturnType<typeof testApp>
let client: RpcClient<Contract>
let profileId: string
const pushed: Payload<'alerts.changed'>[] = []

const RESET: Partial<NodeConfig> = { failingHealthChecks: [], nodeVersion: null, peerVersions: null, numPeers: null, stakeEndsIn: null, removedValidators: [], l1Balances: null, validatorFeePrice: null }

beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  ctx = testApp('browser')
  client = connect(ctx.app)
  client.on('alerts.changed', (p) => void pushed.push(p))
  const { self, l1 } = sim.dataset.nodes
  const profile = { name: 'rules', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet' as const, nodeIds: [self, l1, other()] }
  profileId = (await client.call('profiles.create', { profile })).id
  const l1Subnet = sim.dataset.l1Validators.find((v) => v.active && v.nodeID === l1)!.subnetId
  // Checked by hand (watch.check) in this file: the scheduler's own checks are off.
  await client.call('watch.setSettings', { profileId, enabled: false, subnetIds: [l1Subnet] })
})
afterAll(async () => {
  await sim?.stop()
  ctx?.done()
})

/** Another of the operator's validators, watched through this node. */
const other = () => {
  const { self, l1, disconnected } = sim.dataset.nodes
  return sim.dataset.validators.find((v) => ![self, l1, disconnected].includes(v.nodeID) && v.connected !== false)!.nodeID
}
const open = async (): Promise<Alert[]> => (await client.call('alerts.list', { profileId })).open
const openRules = async () => (await open()).map((a) => `${a.rule} ${a.subject ?? ''}`.trim()).sort()

describe('the alert rules against the sim', () => {
  let first: WatchSample

  it('a check reads the node: its NodeID, peers and their majority version, validators on the Primary Network and the L1, the fee rate, /ext/metrics', async () => {
    first = await client.call('watch.check', { profileId })
    const { self, l1 } = sim.dataset.nodes
    const l1v = sim.dataset.l1Validators.find((v) => v.active && v.nodeID === l1)!
    expect(first).toMatchObject({ reachable: true, healthy: true, nodeId: self, version: 'avalanchego/1.13.5', l1FeeRate: '512' })
    expect(first.peers).toBeGreaterThan(5)
    expect(first.peersMajorityVersion).toMatch(/^avalanchego\/\d+\.\d+\.\d+$/)
    expect(first.validators).toContainEqual(expect.objectContaining({ nodeID: self, subnetID: null, validating: true, connected: true }))
    expect(first.validators).toContainEqual(expect.objectContaining({ nodeID: l1, subnetID: l1v.subnetId, validating: true, validationID: l1v.validationId, balance: expect.stringMatching(/^\d+$/) }))
    expect(first.metrics).toMatchObject({ cpuSecondsTotal: expect.any(Number), residentMemoryBytes: 3_338_670_080, peers: first.peers, uptimeWeightedAverage: expect.any(Number) })
    expect(Object.keys(first.metrics!.acceptedBlocks)).toEqual(expect.arrayContaining(['C']))
    expect(await openRules()).toEqual([])
  })

  it('the node and its validators going wrong fire one alert per rule and subject, each naming the profile, node and what is wrong', async () => {
    const { self, l1 } = sim.dataset.nodes
    const l1v = sim.dataset.l1Validators.find((v) => v.active && v.nodeID === l1)!
    // The P-Chain clock of the sim is its data set's; the rules measure from the wall clock.
    const untilNow = Math.ceil(Date.now() / 1_000) - sim.validators.state().now
    sim.setConfig({
      failingHealthChecks: ['C'],
      numPeers: 2,
      nodeVersion: 'avalanchego/1.12.0',
      peerVersions: ['avalanchego/1.13.5', 'avalanchego/1.13.5', 'avalanchego/1.12.0'],
      stakeEndsIn: { [self]: untilNow + 1_800 },
      // 512 nAVAX a second for 12 hours.
      l1Balances: { [l1v.validationId]: String(512 * 12 * 3_600) }
    })
    sim.validators.disconnect(other())
    sim.validators.setUptime(self, 61.5)
    await client.call('alerts.setRules', { profileId, rules: [{ rule: 'versionBelowMin', threshold: '1.13.0' }] })
    // Each rule waits for its "for N checks": the countdowns and the minimum version fire on the first check
    // that sees them; health, uptime, connection and versions on the second; few peers on the third.
    await client.call('watch.check', { profileId })
    const atOnce = [
      `l1BalanceRunway ${l1v.validationId}:1d`,
      `l1BalanceRunway ${l1v.validationId}:7d`,
      `stakeEnding ${self}:1d`,
      `stakeEnding ${self}:1h`,
      `stakeEnding ${self}:7d`,
      'versionBelowMin'
    ]
    expect(await openRules()).toEqual(atOnce)
    await client.call('watch.check', { profileId })
    const second = ['unhealthy', `uptimeLow ${self}`, `validatorNotConnected ${other()}`, 'versionBehind']
    expect(await openRules()).toEqual([...atOnce, ...second].sort())
    await client.call('watch.check', { profileId })
    expect(await openRules()).toEqual([...atOnce, ...second, 'lowPeers'].sort())
    const byRule = new Map((await open()).map((a) => [`${a.rule} ${a.subject ?? ''}`.trim(), a]))
    const say = (key: string) => byRule.get(key)!.message
    for (const a of byRule.values()) expect(a.message.startsWith(`rules (${sim.nodeUrl}): `)).toBe(true)
    expect(say('unhealthy')).toContain('failing health checks: C')
    expect(say('lowPeers')).toContain('the node has 2 peers, fewer than 5')
    expect(say('versionBehind')).toContain('runs avalanchego/1.12.0; most of its peers run avalanchego/1.13.5')
    expect(say(`uptimeLow ${self}`)).toMatch(/has [1-7]\d\.\d\d % uptime as its peers see it, under 80\.00 %/)
    expect(say(`stakeEnding ${self}:1h`)).toMatch(/ends in (29|30) min/)
    expect(byRule.get(`stakeEnding ${self}:1h`)!.severity).toBe('critical')
    expect(say(`l1BalanceRunway ${l1v.validationId}:1d`)).toMatch(/about 1[12] h \d+ min of fees/)
    expect(pushed.filter((p) => p.state === 'firing')).toHaveLength(11)

    // A second check with nothing changed fires nothing again.
    await client.call('watch.check', { profileId })
    expect(pushed.filter((p) => p.state === 'firing')).toHaveLength(11)

    // Out of the set: seen validating before, so it is an alert; its connection and stake alerts go with it.
    sim.setConfig({ removedValidators: [self] })
    await client.call('watch.check', { profileId })
    const left = await openRules()
    expect(left).toContain(`validatorLeftSet ${self}`)
    expect(left).not.toContain(`stakeEnding ${self}:1h`)
  })

  it('put right, every alert resolves (pushed as resolved), and the sample history keeps each check', async () => {
    sim.setConfig(RESET)
    sim.validators.reset()
    await client.call('alerts.setRules', { profileId, rules: [{ rule: 'versionBelowMin', threshold: null }] })
    await client.call('watch.check', { profileId })
    expect(await openRules()).toEqual([])
    const fired = pushed.filter((p) => p.state === 'firing').map((p) => p.alert.id)
    const resolved = pushed.filter((p) => p.state === 'resolved').map((p) => p.alert.id)
    expect(resolved.sort()).toEqual(fired.sort())
    const { samples } = await client.call('watch.samples', { profileId, since: first.at })
    expect(samples.length).toBe(7)
    expect(samples.map((s) => s.at)).toEqual([...samples.map((s) => s.at)].sort((a, b) => a - b))
    // The validators of each sample only when asked for (the charts do not need them).
    expect(samples.some((s) => 'validators' in s)).toBe(false)
    const full = await client.call('watch.samples', { profileId, since: first.at, validators: true })
    expect(full.samples.every((s) => (s.validators ?? []).length > 0)).toBe(true)
  })
})

describe('the checks and the cache of the panels', () => {
  it("what a check read is kept where that profile's panels read it offline", async () => {
    await client.call('watch.check', { profileId })
    sim.setConfig({ unresponsive: 'refuse' })
    try {
      await client.call('profiles.activate', { id: profileId })
      const version = await client.call('info.getNodeVersion', {})
      expect(version).toMatchObject({ source: 'cache', data: { version: 'avalanchego/1.13.5' } })
      const health = await client.call('health.health', {})
      expect(health).toMatchObject({ source: 'cache', data: { healthy: true } })
      const mine = await client.call('validators.mine', {})
      expect(mine.source).toBe('cache')
      expect(mine.data.nodeIDs).toEqual([sim.dataset.nodes.self, sim.dataset.nodes.l1, other()])
      expect(mine.data.validators.map((v) => v.nodeID)).toContain(sim.dataset.nodes.self)
      // And a check while the node does not answer keeps no cached answer as its own: unreachable.
      const down = await client.call('watch.check', { profileId })
      expect(down).toMatchObject({ reachable: false })
      expect(down).not.toHaveProperty('version')
    } finally {
      sim.setConfig({ unresponsive: null })
    }
  })
})

describe('bootstrapping', () => {
  it('a chain still bootstrapping fails the health check; the check then asks each chain and the alert names it', async () => {
    sim.setConfig({ failingHealthChecks: ['bootstrapped'] })
    try {
      const sample = await client.call('watch.check', { profileId })
      expect(sample.bootstrapped).toEqual({ P: true, X: true, C: false })
      // not bootstrapped waits for 2 checks in a row
      expect((await open()).some((a) => a.rule === 'notBootstrapped')).toBe(false)
      await client.call('watch.check', { profileId })
      const alert = (await open()).find((a) => a.rule === 'notBootstrapped')
      expect(alert?.message).toContain('the node has not finished bootstrapping: C-Chain')
    } finally {
      sim.setConfig({ failingHealthChecks: [] })
    }
    // Healthy again: all three bootstrapped from the passing health check, and the alert resolves.
    expect((await client.call('watch.check', { profileId })).bootstrapped).toEqual({ P: true, X: true, C: true })
    expect((await open()).some((a) => a.rule === 'notBootstrapped')).toBe(false)
  })
})
