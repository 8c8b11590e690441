/**
 * The validators area through the contract against the sim: my validators (and one that is not
 * validating), the whole set with totals, a validator's detail with delegators, "check now" (the watch's
 * check of the active profile) with the alert it fires once and clears (the alerts area's) and the
 * history that gains a point per check, bad input refused before anything is sent, an unknown subnet
 * named as such, and everything answered from the cache once the sim is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Contract, Payload } from '../../../src/shared/contract'
import { type RpcClient } from '../../../src/shared/rpc/client'
import { encodeCb58 } from '../../../src/shared/domain/encoding'
import { runCli } from '../../../src/main/cli'
import { startSim, type Sim } from '../../sim/index'
import { connect, failure, tempDir, testApp } from './helpers'

let sim: Sim | undefined
let ctx: ReturnType<typeof testApp>
let client: RpcClient<Contract>
let self: string
let notValidator: string
let profileId: string
const pushed: Payload<'alerts.changed'>[] = []
/** The rules about the profile's validators, as the Validators panel lists their alerts. */
const VALIDATOR_RULES = new Set(['validatorNotConnected', 'uptimeLow', 'validatorLeftSet', 'stakeEnding', 'l1BalanceRunway'])

beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  self = sim.dataset.nodes.self
  notValidator = sim.dataset.nodes.notValidator
  ctx = testApp('cli')
  client = connect(ctx.app)
  client.on('alerts.changed', (p) => void pushed.push(p))
  const p = await client.call('profiles.create', {
    profile: { name: 'sim', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [self, notValidator] }
  })
  profileId = p.id
  await client.call('profiles.activate', { id: p.id })
})
afterAll(async () => {
  await sim?.stop()
  ctx.done()
})

describe('validators', () => {
  it("my validators: the profile's NodeIDs, with the one that is not validating named", async () => {
    const mine = await client.call('validators.mine', {})
    expect(mine.source).toBe('live')
    expect(mine.data.nodeIDs).toEqual([self, notValidator])
    expect(mine.data.validators.map((v) => v.nodeID)).toEqual([self])
    expect(mine.data.notValidating).toEqual([notValidator])
    const v = mine.data.validators[0]!
    expect(v).toMatchObject({ kind: 'primary', connected: true, uptime: expect.stringMatching(/^\d+\.\d+$/), weight: expect.stringMatching(/^\d+$/) })
    expect(BigInt(v.endTime!)).toBeGreaterThan(BigInt(v.startTime))
  })

  it('the whole set with exact totals, and one validator with its delegators', async () => {
    const all = await client.call('validators.list', {})
    expect(all.data.totals.count).toBe(2_000)
    expect(all.data.validators).toHaveLength(2_000)
    const own = all.data.validators.reduce((s, v) => s + BigInt(v.weight), 0n)
    const delegated = all.data.validators.reduce((s, v) => s + BigInt(v.delegatorWeight ?? '0'), 0n)
    expect(delegated).toBeGreaterThan(0n)
    expect(all.data.totals).toMatchObject({ ownWeight: own.toString(), delegatedWeight: delegated.toString(), totalWeight: (own + delegated).toString() })
    expect(all.data.totals.connectedCount).toBeLessThan(2_000)
    const detail = await client.call('validators.get', { nodeID: self })
    expect(detail.data.delegators?.length).toBeGreaterThan(0)
    expect(detail.data.validator.signer?.proofOfPossession).toMatch(/^0x/)
    expect(detail.data.validator.validationRewardOwner?.addresses.length).toBeGreaterThan(0)
    expect((await failure(client.call('validators.get', { nodeID: notValidator }))).code).toBe('NOT_FOUND')
  })

  it('the subnets to choose from: those of the node\'s blockchains, without the Primary Network; each one answers', async () => {
    const { data } = await client.call('validators.subnets', {})
    expect(data.subnets.length).toBeGreaterThan(0)
    expect(data.subnets.map((s) => s.subnetID)).not.toContain('11111111111111111111111111111111LpoYY')
    const known = new Set(sim!.dataset.subnets.map((s) => s.subnetId))
    for (const s of data.subnets) {
      expect(known.has(s.subnetID)).toBe(true)
      expect(s.chains.length).toBeGreaterThan(0)
    }
    const some = await client.call('validators.list', { subnetID: data.subnets[0]!.subnetID })
    expect(some.data.subnetID).toBe(data.subnets[0]!.subnetID)
  })

  it("answers the spec's shape the same way as a real node's (the sim's default)", async () => {
    const real = await client.call('validators.get', { nodeID: self })
    expect(real.data.validator.exactDelegationFee).toMatch(/^\d+$/)
    sim!.setConfig({ validatorShape: 'spec' })
    try {
      const spec = await client.call('validators.get', { nodeID: self })
      expect(spec.data.validator.signer).toEqual(real.data.validator.signer)
      expect(spec.data.validator.signer?.proofOfPossession).toMatch(/^0x/)
      expect(spec.data.validator.exactDelegationFee).toBeUndefined()
      expect(spec.data.validator.delegationFee).toBe(real.data.validator.delegationFee)
    } finally {
      sim!.setConfig({ validatorShape: 'real' })
    }
  })

  it("check now is the watch's check: a disconnected validator fires one alert of the alerts area, not again, and it clears when it reconnects", async () => {
    pushed.length = 0
    const before = (await client.call('validators.history', { range: 'all', nodeID: self })).points.length
    const first = await client.call('validators.refresh', {})
    expect(first.sample).toMatchObject({ profileId, reachable: true, nodeId: self })
    expect(first.sample.validators).toContainEqual(expect.objectContaining({ nodeID: self, subnetID: null, validating: true, connected: true }))
    expect(first.sample.validators).toContainEqual(expect.objectContaining({ nodeID: notValidator, subnetID: null, validating: false }))
    expect(first.fired).toEqual([])
    // The same sample as the watch keeps, and as watch.check of this profile would have answered.
    expect((await client.call('watch.samples', { profileId, limit: 1, validators: true })).samples).toEqual([first.sample])

    sim!.validators.disconnect(self)
    // Not connected fires after 2 checks in a row ("for N checks"): the first one that sees it fires nothing.
    const seen = await client.call('validators.refresh', {})
    expect(seen.fired).toEqual([])
    const down = await client.call('validators.refresh', {})
    expect(down.fired.map((a) => `${a.rule} ${a.subject}`)).toEqual([`validatorNotConnected ${self}`])
    const fired = down.fired[0]!
    expect(fired).toMatchObject({ profileId, profileName: 'sim', nodeUrl: sim!.nodeUrl, severity: 'critical', firedAt: down.sample.at, clearedAt: null })
    expect(fired.message).toContain(`validator ${self} is not connected`)
    expect((await client.call('alerts.list', { profileId })).open.filter((a) => VALIDATOR_RULES.has(a.rule))).toEqual([fired])

    const again = await client.call('validators.refresh', {})
    expect(again.fired).toEqual([])
    expect(again.cleared).toEqual([])

    sim!.validators.connect(self)
    const back = await client.call('validators.refresh', {})
    expect(back.fired).toEqual([])
    expect(back.cleared).toEqual([{ ...fired, clearedAt: back.sample.at }])
    await new Promise((r) => setImmediate(r))
    expect(pushed.map((p) => `${p.state} ${p.alert.rule} ${p.alert.subject}`)).toEqual([`firing validatorNotConnected ${self}`, `resolved validatorNotConnected ${self}`])
    const list = await client.call('alerts.list', { profileId })
    expect(list.open.filter((a) => VALIDATOR_RULES.has(a.rule))).toEqual([])
    expect(list.past[0]).toMatchObject({ id: fired.id, clearedAt: back.sample.at })

    // The history gains a point per check, at the time of its sample.
    const history = await client.call('validators.history', { range: 'all', nodeID: self })
    const mine = history.points.slice(before)
    expect(mine.map((p) => p.connected)).toEqual([true, false, false, false, true])
    expect(mine.map((p) => p.at)).toEqual([first, seen, down, again, back].map((r) => r.sample.at))
    expect(mine.every((p) => p.validating && /^\d+(\.\d+)?$/.test(p.uptime ?? ''))).toBe(true)
    // Without nodeID: both NodeIDs of the profile, the one that is not validating marked so.
    const both = (await client.call('validators.history', { range: 'day' })).points.filter((p) => p.at === back.sample.at)
    expect(both).toEqual([expect.objectContaining({ nodeID: self, validating: true, connected: true }), { nodeID: notValidator, at: back.sample.at, validating: false }])
  })

  it("the uptime threshold is the alerts area's uptimeLow rule of the profile", async () => {
    const threshold = async () => (await client.call('alerts.rules', { profileId })).rules.find((r) => r.rule === 'uptimeLow')!.threshold
    // Not set: the network's requirement for each validator (80 %, 90 % after ACP-267's activation).
    expect(await threshold()).toBeNull()
    await client.call('alerts.setRules', { profileId, rules: [{ rule: 'uptimeLow', threshold: 100 }] })
    expect(await threshold()).toBe(100)
    const low = await client.call('validators.refresh', {})
    expect(low.fired.map((a) => `${a.rule} ${a.subject}`)).toEqual([`uptimeLow ${self}`])
    expect(low.fired[0]!.message).toMatch(/under 100\.00 %/)
    await client.call('alerts.setRules', { profileId, rules: [{ rule: 'uptimeLow', threshold: null }] })
    const back = await client.call('validators.refresh', {})
    expect(back.cleared.map((a) => a.id)).toEqual([low.fired[0]!.id])
  })

  it('bad input is refused before anything is sent; an unknown subnet is named', async () => {
    const bad = await failure(client.call('validators.mine', { nodeIDs: ['NodeID-nope'] }))
    expect(bad.code).toBe('BAD_INPUT')
    expect(bad.message).toMatch(/nodeIDs\.0/)
    const badSubnet = await failure(client.call('validators.list', { subnetID: 'not-an-id' }))
    expect(badSubnet.code).toBe('BAD_INPUT')
    const unknown = await failure(client.call('validators.list', { subnetID: encodeCb58(new Uint8Array(32).fill(7)) }))
    expect(unknown.code).toBe('NOT_FOUND')
    expect(unknown.message).toMatch(/knows no subnet/)
    const out: string[] = []
    const err: string[] = []
    const t = tempDir()
    try {
      const code = await runCli(['call', 'validators.mine', JSON.stringify({ nodeIDs: ['NodeID-nope'] }), '--node-url', sim!.nodeUrl, '--data-dir', t.dir], (s) => out.push(s), (s) => err.push(s))
      expect(code).toBe(1)
      expect(JSON.parse(err.join(''))).toMatchObject({ error: { code: 'BAD_INPUT', message: bad.message } })
      // The watch checks stored profiles: a node URL given on the command line alone is not one.
      err.length = 0
      const refresh = await runCli(['call', 'validators.refresh', '{}', '--node-url', sim!.nodeUrl, '--data-dir', t.dir], (s) => out.push(s), (s) => err.push(s))
      expect(refresh).toBe(1)
      expect(JSON.parse(err.join(''))).toMatchObject({ error: { code: 'CONFLICT', message: expect.stringContaining('--profile') } })
    } finally {
      t.remove()
    }
  })

  it('with the sim gone, my validators and the whole set answer from the cache', async () => {
    // The answers the cache will give: read live here, so that this test stands alone.
    expect((await client.call('validators.mine', {})).source).toBe('live')
    expect((await client.call('validators.list', {})).source).toBe('live')
    await sim!.stop()
    sim = undefined
    const mine = await client.call('validators.mine', {})
    expect(mine).toMatchObject({ source: 'cache', offline: { code: 'NETWORK' } })
    expect(mine.data.validators.map((v) => v.nodeID)).toEqual([self])
    const all = await client.call('validators.list', {})
    expect(all.source).toBe('cache')
    expect(all.data.totals.count).toBe(2_000)
    // A check of a node that does not answer is kept as such (the unreachable rule counts them); it adds
    // no point to the history.
    const before = (await client.call('validators.history', { range: 'all' })).points.length
    const refresh = await client.call('validators.refresh', {})
    expect(refresh.sample).toMatchObject({ profileId, reachable: false, error: expect.any(String) })
    expect(refresh.sample.validators).toBeUndefined()
    expect((await client.call('validators.history', { range: 'all' })).points).toHaveLength(before)
  })
})
