/**
 * The sim node's validator control (POST/GET/DELETE /__sim/validators and Sim.validators) and its
 * answer shapes (validatorShape in /__sim/config: "real", a current node, by default; "spec"), seen through plain JSON-RPC
 * platform.getCurrentValidators calls: disconnect / connect, setUptime, advanceTime (the P-Chain clock:
 * validators and delegators whose endTime passed leave the set, uptimes follow the clock), the 400
 * answers, the data set's well-known NodeIDs, the real shape against every getCurrentValidators case of
 * shared/reference/node-rpc, and the app's own client parsing both shapes.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startSim } from '../../sim/index'
import type { Sim } from '../../sim/index'
import { platform } from '../../../src/main/clients/node/index'
import { nodeApis } from '../../../src/main/clients/node/endpoints'
import { nodeReferenceDir } from '../../support/shared'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(async () => {
  await sim?.stop()
})
afterEach(async () => {
  await fetch(`${sim.nodeUrl}/__sim/validators`, { method: 'DELETE' })
  sim.setConfig({ validatorShape: 'real' })
})

const UINT = /^\d+$/
const FLOAT4 = /^\d+\.\d{4}$/

async function rpcResult(path: string, method: string, params: unknown = {}): Promise<any> {
  const res = await fetch(`${sim.nodeUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(body.error, JSON.stringify(body.error)).toBeUndefined()
  return body.result
}

const currentValidators = (params: { nodeIDs?: string[]; subnetID?: string } = {}): Promise<any> => rpcResult('/ext/bc/P', 'platform.getCurrentValidators', params)
const validatorsOf = async (params: { nodeIDs?: string[]; subnetID?: string } = {}): Promise<any[]> => (await currentValidators(params)).validators
const one = async (nodeID: string, subnetID?: string): Promise<any> => {
  const list = await validatorsOf({ nodeIDs: [nodeID], ...(subnetID ? { subnetID } : {}) })
  expect(list).toHaveLength(1)
  return list[0]
}

async function control(body: unknown, method = 'POST'): Promise<{ status: number; json: any }> {
  const res = await fetch(`${sim.nodeUrl}/__sim/validators`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {})
  })
  return { status: res.status, json: await res.json() }
}
const overrides = async (): Promise<any> => (await control(undefined, 'GET')).json

async function config(body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${sim.nodeUrl}/__sim/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: await res.json() }
}

const nodes = () => sim.dataset.nodes
/** the permissioned (PoA) subnet the sim's own node validates */
const selfSubnet = () => sim.dataset.subnets.find((s) => !s.isL1 && s.subnetValidators.some((v) => v.nodeID === nodes().self))!
/** the L1 the well-known "l1" NodeID validates */
const l1Subnet = () => sim.dataset.subnets.find((s) => s.isL1 && sim.dataset.l1Validators.some((v) => v.subnetId === s.subnetId && v.nodeID === nodes().l1))!

describe('the data set behind getCurrentValidators', () => {
  it('about 2,000 current Primary Network validators, hundreds with delegators; delegators listed only for exactly one nodeID', async () => {
    const all = await validatorsOf()
    expect(all.length).toBe(sim.dataset.validators.length)
    expect(all.length).toBeGreaterThanOrEqual(1900)
    expect(all.length).toBeLessThanOrEqual(2100)
    expect(new Set(all.map((v) => v.nodeID)).size).toBe(all.length)
    expect(all.every((v) => v.delegators === undefined)).toBe(true)
    const delegated = all.filter((v) => Number(v.delegatorCount) > 0)
    expect(delegated.length).toBeGreaterThan(100)
    const some = delegated.slice(0, 5)
    for (const v of some) {
      const single = await one(v.nodeID)
      expect(single.delegators).toHaveLength(Number(v.delegatorCount))
      expect(single.delegators.reduce((s: bigint, d: any) => s + BigInt(d.weight), 0n).toString()).toBe(v.delegatorWeight)
      expect(single.delegators.every((d: any) => d.nodeID === v.nodeID && d.rewardOwner && UINT.test(d.potentialReward))).toBe(true)
    }
    // two nodeIDs: no delegators list, the counts stay
    const two = await validatorsOf({ nodeIDs: [some[0].nodeID, some[1].nodeID] })
    expect(two).toHaveLength(2)
    expect(two.every((v) => v.delegators === undefined && UINT.test(v.delegatorCount))).toBe(true)
  })

  it('well-known NodeIDs: the node itself and "disconnected" validate; "notValidator" and "l1" are left out of the Primary Network answer', async () => {
    const { self, disconnected, notValidator, l1 } = nodes()
    expect((await rpcResult('/ext/info', 'info.getNodeID')).nodeID).toBe(self)
    const mine = await one(self)
    expect(mine.connected).toBe(true)
    expect(Number(mine.uptime)).toBeGreaterThan(90)
    expect(Number(mine.delegatorCount)).toBeGreaterThan(0)
    expect(mine.delegators.length).toBe(Number(mine.delegatorCount))
    expect(Number(mine.endTime)).toBeGreaterThan(sim.dataset.now)
    const off = await one(disconnected)
    expect(off.connected).toBe(false)
    expect(Number(off.uptime)).toBeLessThan(80)
    // a NodeID that is not a current validator is left out, not an error
    expect(await validatorsOf({ nodeIDs: [notValidator] })).toEqual([])
    expect((await validatorsOf({ nodeIDs: [self, notValidator, l1] })).map((v) => v.nodeID)).toEqual([self])
    // "l1" validates its L1 only; "notValidator" validates nothing anywhere
    expect((await validatorsOf({ subnetID: l1Subnet().subnetId, nodeIDs: [l1] })).map((v) => v.nodeID)).toEqual([l1])
    for (const s of sim.dataset.subnets) expect(await validatorsOf({ subnetID: s.subnetId, nodeIDs: [notValidator] })).toEqual([])
  })
})

describe('POST /__sim/validators', () => {
  it('starts with no overrides at the data set clock', async () => {
    expect(await overrides()).toEqual({ now: sim.dataset.now, advancedSeconds: 0, validatorShape: 'real', connected: {}, uptime: {}, ended: [] })
  })

  it('disconnect: connected false on the Primary Network and on its subnet, gone from info.peers; connect brings it back', async () => {
    const peers = (await rpcResult('/ext/info', 'info.peers')).peers as { nodeID: string }[]
    const peer = peers[0]!.nodeID
    const health0 = await rpcResult('/ext/health', 'health.health')
    expect((await one(peer)).connected).toBe(true)

    const r = await control({ action: 'disconnect', nodeID: peer })
    expect(r.status).toBe(200)
    expect(r.json.connected).toEqual({ [peer]: false })
    expect((await one(peer)).connected).toBe(false)
    const after = await rpcResult('/ext/info', 'info.peers')
    expect(after.peers.map((p: any) => p.nodeID)).not.toContain(peer)
    expect(Number(after.numPeers)).toBe(peers.length - 1)
    const health1 = await rpcResult('/ext/health', 'health.health')
    expect(health1.checks.network.message.connectedPeers).toBe(health0.checks.network.message.connectedPeers - 1)
    expect(health1.checks.P.message.networking.percentConnected).toBeLessThan(health0.checks.P.message.networking.percentConnected)

    expect((await control({ action: 'connect', nodeID: peer })).json.connected).toEqual({ [peer]: true })
    expect((await one(peer)).connected).toBe(true)
    expect((await rpcResult('/ext/info', 'info.peers')).peers.map((p: any) => p.nodeID)).toContain(peer)

    // the node's own validator on the PoA subnet it validates follows its connection (only the spec
    // shape carries it there: a real node sends a permissioned subnet's validator as a bare staker)
    const subnet = selfSubnet()
    sim.setConfig({ validatorShape: 'spec' })
    expect((await one(nodes().self, subnet.subnetId)).connected).toBe(true)
    await control({ action: 'disconnect', nodeID: nodes().self })
    expect((await one(nodes().self)).connected).toBe(false)
    expect((await one(nodes().self, subnet.subnetId)).connected).toBe(false)
    sim.setConfig({ validatorShape: 'real' })
    expect(await one(nodes().self, subnet.subnetId)).not.toHaveProperty('connected')
    // a validator the data set has disconnected can be connected
    await control({ action: 'connect', nodeID: nodes().disconnected })
    expect((await one(nodes().disconnected)).connected).toBe(true)
    expect((await overrides()).connected).toEqual({ [peer]: true, [nodes().self]: false, [nodes().disconnected]: true })
  })

  it('setUptime: the validator answers that uptime (percent, 4 decimals); a number or a decimal string', async () => {
    const { self } = nodes()
    const r = await control({ action: 'setUptime', nodeID: self, uptime: '73.5000' })
    expect(r.status).toBe(200)
    expect(r.json.uptime).toEqual({ [self]: '73.5000' })
    expect((await one(self)).uptime).toBe('73.5000')
    await control({ action: 'setUptime', nodeID: self, uptime: 12.25 })
    expect((await one(self)).uptime).toBe('12.2500')
    for (const u of [0, '100', 100, '79.9999']) {
      expect((await control({ action: 'setUptime', nodeID: self, uptime: u })).status).toBe(200)
      expect((await one(self)).uptime).toBe(Number(u).toFixed(4))
    }
    // others are untouched
    expect((await one(nodes().disconnected)).uptime).toBe(sim.dataset.validators.find((v) => v.nodeID === nodes().disconnected)!.uptime)
  })

  it('advanceTime: the clock moves, validators and delegators whose endTime passed leave the set, uptimes follow connection', async () => {
    const before = await validatorsOf()
    const now0 = sim.dataset.now
    const soonest = [...before].sort((a, b) => Number(a.endTime) - Number(b.endTime))[0]
    const seconds = Number(soonest.endTime) - now0 + 1
    const newNow = now0 + seconds
    const mine0 = await one(nodes().self)
    const off0 = await one(nodes().disconnected)
    expect(Number(mine0.endTime)).toBeGreaterThan(newNow)
    expect(Number(off0.endTime)).toBeGreaterThan(newNow)
    await control({ action: 'setUptime', nodeID: nodes().self, uptime: '50.0000' })

    const r = await control({ action: 'advanceTime', seconds })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ now: newNow, advancedSeconds: seconds })
    expect(r.json.ended).toContain(soonest.nodeID)

    const after = await validatorsOf()
    const gone = before.filter((v) => Number(v.endTime) <= newNow).map((v) => v.nodeID)
    expect(gone).toContain(soonest.nodeID)
    expect(after.length).toBe(before.length - gone.length)
    expect(after.map((v) => v.nodeID)).not.toContain(soonest.nodeID)
    expect(after.every((v) => Number(v.endTime) > newNow)).toBe(true)
    expect(await validatorsOf({ nodeIDs: [soonest.nodeID] })).toEqual([])
    expect([...r.json.ended].sort()).toEqual([...gone].sort())

    // start/end times stay, so the time left (endTime − clock) is shorter by exactly `seconds`
    const mine = await one(nodes().self)
    expect(mine.startTime).toBe(mine0.startTime)
    expect(mine.endTime).toBe(mine0.endTime)
    expect(Number(mine.endTime) - newNow).toBe(Number(mine0.endTime) - now0 - seconds)
    // delegators that ended are gone from the list and from the counts
    const liveDelegators = mine0.delegators.filter((d: any) => Number(d.endTime) > newNow)
    expect(mine.delegators.map((d: any) => d.txID)).toEqual(liveDelegators.map((d: any) => d.txID))
    expect(mine.delegatorCount).toBe(String(liveDelegators.length))
    expect(mine.delegatorWeight).toBe(liveDelegators.reduce((s: bigint, d: any) => s + BigInt(d.weight), 0n).toString())

    // uptime = share of the time since startTime the node was connected
    const start = Number(mine0.startTime)
    expect(Number(mine.uptime)).toBeCloseTo((50 * (now0 - start) + 100 * seconds) / (newNow - start), 3)
    expect(Number(mine.uptime)).toBeGreaterThan(50)
    const off = await one(nodes().disconnected)
    const offStart = Number(off0.startTime)
    expect(Number(off.uptime)).toBeCloseTo((Number(off0.uptime) * (now0 - offStart)) / (newNow - offStart), 3)
    expect(Number(off.uptime)).toBeLessThan(Number(off0.uptime))
    expect((await overrides()).uptime[nodes().self]).toBe(mine.uptime)

    // the node's other clocks moved too: health timestamps, info.peers times
    const health = await rpcResult('/ext/health', 'health.health')
    const ts = Date.parse(health.checks.network.timestamp)
    expect(ts).toBeGreaterThan((newNow - 60) * 1000)
    expect(ts).toBeLessThanOrEqual(newNow * 1000)
    const peer = (await rpcResult('/ext/info', 'info.peers')).peers[0]
    expect(Date.parse(peer.lastSent)).toBeGreaterThan((newNow - 60) * 1000)

    // a validator that left cannot be changed any more
    const late = await control({ action: 'disconnect', nodeID: soonest.nodeID })
    expect(late.status).toBe(400)
    expect(late.json.message).toMatch(/no longer a current validator/)

    // past the end of the node's first delegation: that delegator leaves, the validator stays
    const firstEnd = Math.min(...mine.delegators.map((d: any) => Number(d.endTime)))
    expect(firstEnd).toBeLessThan(Number(mine.endTime))
    await control({ action: 'advanceTime', seconds: firstEnd - newNow })
    const fewer = await one(nodes().self)
    const stillDelegating = mine.delegators.filter((d: any) => Number(d.endTime) > firstEnd)
    expect(stillDelegating.length).toBeLessThan(mine.delegators.length)
    expect(fewer.delegators.map((d: any) => d.txID)).toEqual(stillDelegating.map((d: any) => d.txID))
    expect(fewer.delegatorCount).toBe(String(stillDelegating.length))
    expect(fewer.delegatorWeight).toBe(stillDelegating.reduce((s: bigint, d: any) => s + BigInt(d.weight), 0n).toString())

    // advancing past the node's own end leaves it out as well; reset brings everything back
    await control({ action: 'advanceTime', seconds: Number(mine.endTime) - firstEnd })
    expect(await validatorsOf({ nodeIDs: [nodes().self] })).toEqual([])
    expect(await validatorsOf({ subnetID: selfSubnet().subnetId, nodeIDs: [nodes().self] })).toEqual([])
    const reset = await control(undefined, 'DELETE')
    expect(reset.json).toMatchObject({ now: now0, advancedSeconds: 0, ended: [], connected: {}, uptime: {} })
    expect((await validatorsOf()).length).toBe(before.length)
    expect((await one(nodes().self)).uptime).toBe(mine0.uptime)
  })

  it('bad bodies answer 400 with a clear JSON message and change nothing', async () => {
    const { self, notValidator, l1 } = nodes()
    const before = await overrides()
    const cases: [unknown, RegExp][] = [
      ['not json', /not valid JSON/],
      ['[1]', /JSON object with an "action"/],
      ['null', /JSON object with an "action"/],
      [{}, /"action" is required \(one of disconnect, connect, setUptime, advanceTime\)/],
      [{ action: 'explode', nodeID: self }, /unknown action "explode"/],
      [{ action: 7 }, /unknown action 7/],
      [{ action: 'disconnect' }, /nodeID must be a NodeID string/],
      [{ action: 'disconnect', nodeID: 'abc' }, /nodeID "abc" is not a well-formed NodeID/],
      [{ action: 'disconnect', nodeID: 'NodeID-111' }, /not a well-formed NodeID/],
      [{ action: 'disconnect', nodeID: notValidator }, new RegExp(`unknown nodeID "${notValidator}"`)],
      [{ action: 'connect', nodeID: l1 }, new RegExp(`unknown nodeID "${l1}"`)],
      [{ action: 'disconnect', nodeID: self, uptime: '50' }, /unknown key "uptime" for action "disconnect" \(allowed: action, nodeID\)/],
      [{ action: 'advanceTime', seconds: 10, nodeID: self }, /unknown key "nodeID" for action "advanceTime"/],
      [{ action: 'setUptime', nodeID: self }, /needs "uptime"/],
      [{ action: 'setUptime', nodeID: self, uptime: 100.01 }, /uptime must be a percent from 0 to 100/],
      [{ action: 'setUptime', nodeID: self, uptime: -1 }, /uptime must be a percent from 0 to 100/],
      [{ action: 'setUptime', nodeID: self, uptime: '101' }, /uptime must be a percent from 0 to 100/],
      [{ action: 'setUptime', nodeID: self, uptime: 'high' }, /uptime must be a percent/],
      [{ action: 'setUptime', nodeID: self, uptime: '' }, /uptime must be a percent/],
      [{ action: 'setUptime', nodeID: self, uptime: null }, /uptime must be a percent/],
      [{ action: 'setUptime', nodeID: self, uptime: true }, /uptime must be a percent/],
      [{ action: 'advanceTime' }, /seconds must be a whole number of seconds/],
      [{ action: 'advanceTime', seconds: 0 }, /seconds must be a whole number/],
      [{ action: 'advanceTime', seconds: -60 }, /only moves forward/],
      [{ action: 'advanceTime', seconds: 1.5 }, /whole number/],
      [{ action: 'advanceTime', seconds: '60' }, /whole number/],
      [{ action: 'advanceTime', seconds: 1e12 }, /from 1 to \d+/]
    ]
    for (const [body, message] of cases) {
      const r = await control(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.json.message, JSON.stringify(body)).toMatch(message)
      expect(r.json.message).toMatch(/^validators: /)
    }
    expect(await overrides()).toEqual(before)
    const put = await fetch(`${sim.nodeUrl}/__sim/validators`, { method: 'PUT' })
    expect(put.status).toBe(405)
    // the config switch refuses a shape it does not know
    const badShape = await config({ validatorShape: 'fake' })
    expect(badShape.status).toBe(400)
    expect(badShape.json.message).toMatch(/validatorShape must be one of "spec", "real"/)
  })

  it('Sim.validators does the same and throws the same messages', async () => {
    const { self, notValidator } = nodes()
    expect(sim.validators.disconnect(self).connected).toEqual({ [self]: false })
    expect((await one(self)).connected).toBe(false)
    expect(sim.validators.connect(self).connected[self]).toBe(true)
    expect(sim.validators.setUptime(self, '61.2500').uptime).toEqual({ [self]: '61.2500' })
    expect((await one(self)).uptime).toBe('61.2500')
    expect(sim.validators.advanceTime(3600)).toMatchObject({ now: sim.dataset.now + 3600, advancedSeconds: 3600 })
    expect(sim.validators.state()).toEqual(await overrides())
    expect(sim.validators.apply({ action: 'advanceTime', seconds: 1 }).advancedSeconds).toBe(3601)
    expect(() => sim.validators.setUptime(self, 150)).toThrow(/uptime must be a percent from 0 to 100/)
    expect(() => sim.validators.disconnect(notValidator)).toThrow(/unknown nodeID/)
    expect(() => sim.validators.advanceTime(-1)).toThrow(/only moves forward/)
    expect(sim.validators.reset()).toEqual({ now: sim.dataset.now, advancedSeconds: 0, validatorShape: 'real', connected: {}, uptime: {}, ended: [] })
  })
})

// ---- answer shapes ---------------------------------------------------------------------------------

describe('validatorShape "real" (default) | "spec"', () => {
  it('is "real" by default, switched by /__sim/config and Sim.setConfig; the config lists it only while "spec"', async () => {
    expect(sim.setConfig({})).toEqual({ debugApi: true, infoApi: true, healthApi: true, unhealthy: null })
    expect((await config({ validatorShape: 'spec' })).json).toEqual({ debugApi: true, infoApi: true, healthApi: true, unhealthy: null, validatorShape: 'spec' })
    expect((await overrides()).validatorShape).toBe('spec')
    expect(sim.setConfig({}).validatorShape).toBe('spec')
    expect(sim.setConfig({ validatorShape: 'real' })).toEqual({ debugApi: true, infoApi: true, healthApi: true, unhealthy: null })
    expect((await overrides()).validatorShape).toBe('real')
    expect(() => sim.setConfig({ validatorShape: 'nope' as never })).toThrow(/validatorShape must be one of/)
  })

  it('"spec": both signer spellings, no exactDelegationFee, connected on PoA subnet validators', async () => {
    sim.setConfig({ validatorShape: 'spec' })
    const v = await one(nodes().self)
    expect(Object.keys(v.signer).sort()).toEqual(['proofOfPosession', 'proofOfPossession', 'publicKey'])
    expect(v.signer.proofOfPosession).toBe(v.signer.proofOfPossession)
    expect(v).not.toHaveProperty('exactDelegationFee')
    const sv = await one(nodes().self, selfSubnet().subnetId)
    expect(Object.keys(sv)).toEqual(['txID', 'startTime', 'endTime', 'weight', 'nodeID', 'connected'])
  })

  it('"real": signer.proofOfPossession only, exactDelegationFee in parts per million, PoA subnet validators as bare stakers; the rest unchanged', async () => {
    sim.setConfig({ validatorShape: 'spec' })
    const spec = await one(nodes().self)
    const specAll = await validatorsOf()
    const specSubnet = await validatorsOf({ subnetID: selfSubnet().subnetId })
    const specL1 = await validatorsOf({ subnetID: l1Subnet().subnetId })
    sim.setConfig({ validatorShape: 'real' })
    const real = await one(nodes().self)
    expect(real.signer).toEqual({ publicKey: spec.signer.publicKey, proofOfPossession: spec.signer.proofOfPossession })
    expect(real.exactDelegationFee).toMatch(UINT)
    expect((Number(real.exactDelegationFee) / 10_000).toFixed(4)).toBe(real.delegationFee)
    const { signer: _s, exactDelegationFee: _e, ...restReal } = real
    const { signer: _s2, ...restSpec } = spec
    expect(restReal).toEqual(restSpec)
    // Primary Network: uptime and connected are always there (a real node omits them outside it)
    const all = await validatorsOf()
    expect(all.length).toBe(specAll.length)
    for (const v of all) {
      expect(v.uptime).toMatch(FLOAT4)
      expect(typeof v.connected).toBe('boolean')
      expect(v.signer).not.toHaveProperty('proofOfPosession')
      expect((Number(v.exactDelegationFee) / 10_000).toFixed(4)).toBe(v.delegationFee)
    }
    // a permissioned subnet's validators: txID, startTime, endTime, weight, nodeID
    const subnet = await validatorsOf({ subnetID: selfSubnet().subnetId })
    expect(subnet.map((v) => Object.keys(v))).toEqual(specSubnet.map(() => ['txID', 'startTime', 'endTime', 'weight', 'nodeID']))
    expect(subnet).toEqual(specSubnet.map(({ connected: _c, ...v }) => v))
    // L1 validators are the same in both shapes
    expect(await validatorsOf({ subnetID: l1Subnet().subnetId })).toEqual(specL1)
    // the control still applies in the real shape
    sim.validators.disconnect(nodes().self)
    sim.validators.setUptime(nodes().self, 42)
    expect(await one(nodes().self)).toMatchObject({ connected: false, uptime: '42.0000' })
  })

  it("the app's client parses both shapes: one node with delegators, the whole set, a PoA subnet, an L1", async () => {
    const node = nodeApis(sim.nodeUrl)
    for (const shape of ['spec', 'real'] as const) {
      sim.setConfig({ validatorShape: shape })
      const mine = await platform.getCurrentValidators(node, { nodeIDs: [nodes().self] })
      expect(mine.validators).toHaveLength(1)
      const v = mine.validators[0]!
      expect(v.signer?.proofOfPossession).toMatch(/^0x[0-9a-f]{192}$/)
      expect(v.signer).not.toHaveProperty('proofOfPosession')
      expect(v.delegators?.length).toBe(Number(v.delegatorCount))
      expect(v.exactDelegationFee).toBe(shape === 'real' ? String(Number(v.delegationFee) * 10_000) : undefined)
      const all = await platform.getCurrentValidators(node, {})
      expect(all.validators.length).toBe(sim.dataset.validators.length)
      const missing = await platform.getCurrentValidators(node, { nodeIDs: [nodes().notValidator] })
      expect(missing.validators).toEqual([])
      const poa = await platform.getCurrentValidators(node, { subnetID: selfSubnet().subnetId })
      expect(poa.validators.length).toBeGreaterThan(0)
      expect(poa.validators.every((x) => (shape === 'real' ? x.connected === undefined : typeof x.connected === 'boolean'))).toBe(true)
      const l1 = await platform.getCurrentValidators(node, { subnetID: l1Subnet().subnetId })
      expect(l1.validators.every((x) => x.validationID !== undefined && x.balance !== undefined)).toBe(true)
    }
  })

  it('SimOptions.validatorShape starts a sim in the spec shape; a sim started without it answers in the real shape', async () => {
    const mine = await one(nodes().self)
    expect(mine.exactDelegationFee).toMatch(UINT)
    expect(Object.keys(mine.signer)).toEqual(['publicKey', 'proofOfPossession'])
    expect(Object.keys(await one(nodes().self, selfSubnet().subnetId))).not.toContain('connected')
    const other = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, validatorShape: 'spec' })
    try {
      expect(other.setConfig({}).validatorShape).toBe('spec')
      const res = await fetch(`${other.nodeUrl}/ext/bc/P`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getCurrentValidators', params: { nodeIDs: [other.dataset.nodes.self] } })
      })
      const v = (await res.json()).result.validators[0]
      expect(v).not.toHaveProperty('exactDelegationFee')
      expect(v.signer.proofOfPosession).toBe(v.signer.proofOfPossession)
    } finally {
      await other.stop()
    }
  })
})

// ---- the real shape against the reference ----------------------------------------------------------

const REFERENCE = pathToFileURL(nodeReferenceDir() + '/')
const referenceCases = readdirSync(REFERENCE)
  .filter((f) => /^platform\.getCurrentValidators\.\d+\.json$/.test(f))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(new URL(file, REFERENCE), 'utf8')) as { request: { params: any }; response: { result: any } }) }))

/** what a value is, for comparing payloads: JSON type, and for strings the kind of text they carry */
function kind(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  if (typeof v !== 'string') return typeof v
  if (UINT.test(v)) return 'uint string'
  if (FLOAT4.test(v)) return 'float4 string'
  if (/^NodeID-[1-9A-HJ-NP-Za-km-z]+$/.test(v)) return 'NodeID string'
  if (/^P-[a-z]+1[02-9ac-hj-np-z]+$/.test(v)) return 'P-address string'
  if (/^0x[0-9a-f]+$/.test(v)) return 'hex string'
  if (/^[1-9A-HJ-NP-Za-km-z]+$/.test(v)) return 'cb58 string'
  return 'string'
}

/** differences of field names and kinds: "-path" only in the reference, "+path" only in the sim, "path: a ≠ b" */
function diff(ref: unknown, got: unknown, path = '$', out: string[] = []): string[] {
  const a = kind(ref)
  const b = kind(got)
  if (a !== b) {
    out.push(`${path}: ${a} ≠ ${b}`)
    return out
  }
  if (a === 'object') {
    const r = ref as Record<string, unknown>
    const g = got as Record<string, unknown>
    for (const k of Object.keys(r)) {
      if (k in g) diff(r[k], g[k], `${path}.${k}`, out)
      else out.push(`-${path}.${k}`)
    }
    for (const k of Object.keys(g)) if (!(k in r)) out.push(`+${path}.${k}`)
  } else if (a === 'array') {
    const r = ref as unknown[]
    const g = got as unknown[]
    if (r.length > 0 && g.length > 0) diff(r[0], g[0], `${path}[0]`, out)
  }
  return out
}

describe('the "real" shape against every getCurrentValidators case of shared/reference/node-rpc', () => {
  const v0 = '$.validators[0]'
  /** fields current avalanchego emits that no documented example shows (reference README, "Shapes that drifted") */
  const codeOnly = [`+${v0}.accruedDelegateeReward`, `+${v0}.exactDelegationFee`, `+${v0}.signer`]
  /** the sim's answer for a case: the same request, on the L1 for the L1 cases */
  const simAnswer = async (ref: any, params: any): Promise<any> => {
    const isL1 = ref.validators[0].validationID !== undefined
    if (!isL1) return currentValidators(params.nodeIDs ? { nodeIDs: [nodes().self] } : {})
    const l1 = l1Subnet().subnetId
    const wanted = ref.validators.length === 1 ? [nodes().l1] : undefined
    return currentValidators({ subnetID: l1, ...(wanted ? { nodeIDs: wanted } : {}) })
  }
  /** 2020-12 docs, all validators: one rewardOwner, stakeAmount, delegators listed for every validator, no counts */
  const docs202012 = [
    ...codeOnly,
    `-${v0}.stakeAmount`,
    `+${v0}.weight`,
    `-${v0}.rewardOwner`,
    `+${v0}.validationRewardOwner`,
    `+${v0}.delegationRewardOwner`,
    `-${v0}.delegators`,
    `+${v0}.delegatorCount`,
    `+${v0}.delegatorWeight`
  ]
  /** expected differences per case; anything else fails */
  const expected: Record<string, string[]> = {
    // current documented Primary Network validator (2026 docs): only the code-emitted fields are extra
    'platform.getCurrentValidators.1.json': codeOnly,
    // L1 validators: field for field
    'platform.getCurrentValidators.2.json': [],
    'platform.getCurrentValidators.3.json': [],
    // 2023-2025 docs: stakeAmount, renamed weight in 2025
    'platform.getCurrentValidators.4.json': [...codeOnly, `-${v0}.stakeAmount`, `+${v0}.weight`, `-${v0}.delegators[0].stakeAmount`, `+${v0}.delegators[0].weight`],
    'platform.getCurrentValidators.5.json': docs202012,
    // 2020-11 docs: as .5, without txID, and the delegators again at the top level
    'platform.getCurrentValidators.6.json': [...docs202012, `+${v0}.txID`, '-$.delegators']
  }

  it('covers every case file', () => {
    expect(referenceCases.map((c) => c.file)).toEqual(Object.keys(expected).sort())
  })

  it.each(referenceCases.map((c) => [c.file, c] as const))('%s (the default shape)', async (file, c) => {
    expect(sim.setConfig({}).validatorShape).toBeUndefined()
    const got = await simAnswer(c.response.result, c.request.params)
    expect(got.validators.length).toBeGreaterThan(0)
    expect(diff(c.response.result, got).sort()).toEqual([...expected[file]!].sort())
    // the signer, where the sim sends it, is as avalanchego's ProofOfPossession JSON
    for (const v of got.validators) if (v.signer) expect(Object.keys(v.signer)).toEqual(['publicKey', 'proofOfPossession'])
  })
})
