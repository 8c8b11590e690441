/**
 * The validators area through the contract against the sim: my validators (and one that is not
 * validating), the whole set with totals, a validator's detail with delegators, the history of
 * refreshes, alerts that fire once and clear, bad input refused before anything is sent, an unknown
 * subnet named as such, and everything answered from the cache once the sim is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Contract } from '../../../src/shared/contract'
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
const alerts: string[] = []

beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  self = sim.dataset.nodes.self
  notValidator = sim.dataset.nodes.notValidator
  ctx = testApp('cli')
  client = connect(ctx.app)
  client.on('validators.alert', (p) => alerts.push(`${p.state} ${p.alert.kind}`))
  const p = await client.call('profiles.create', {
    profile: { name: 'sim', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [self, notValidator] }
  })
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
    expect(all.data.totals.weight).toBe(all.data.validators.reduce((s, v) => s + BigInt(v.weight), 0n).toString())
    expect(all.data.totals.connectedCount).toBeLessThan(2_000)
    const detail = await client.call('validators.get', { nodeID: self })
    expect(detail.data.delegators.length).toBeGreaterThan(0)
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

  it('answers a real-node shape the same way', async () => {
    sim!.setConfig({ validatorShape: 'real' })
    try {
      const detail = await client.call('validators.get', { nodeID: self })
      expect(detail.data.validator.signer?.proofOfPossession).toMatch(/^0x/)
      expect(detail.data.validator.exactDelegationFee).toMatch(/^\d+$/)
    } finally {
      sim!.setConfig({ validatorShape: 'spec' })
    }
  })

  it('an alert fires once when my validator disconnects, and clears when it reconnects', async () => {
    alerts.length = 0
    await client.call('validators.setSettings', { uptimeThreshold: 10, refreshIntervalSec: 0 })
    expect(await client.call('validators.settings', {})).toEqual({ uptimeThreshold: 10, refreshIntervalSec: 0 })
    await client.call('validators.refresh', {})
    sim!.validators.disconnect(self)
    const first = await client.call('validators.refresh', {})
    expect(first.fired.map((a) => a.kind)).toEqual(['disconnected'])
    const second = await client.call('validators.refresh', {})
    expect(second.fired).toEqual([])
    sim!.validators.connect(self)
    const back = await client.call('validators.refresh', {})
    expect(back.cleared.map((a) => a.kind)).toEqual(['disconnected'])
    await new Promise((r) => setImmediate(r))
    expect(alerts).toEqual(['fired disconnected', 'cleared disconnected'])
    const { alerts: kept } = await client.call('validators.alerts', {})
    expect(kept[0]).toMatchObject({ nodeID: self, kind: 'disconnected', clearedAt: expect.any(Number) })
    const history = await client.call('validators.history', { range: 'all', nodeID: self })
    expect(history.points.map((p) => p.connected)).toEqual([true, false, false, true])
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
    const refresh = await failure(client.call('validators.refresh', {}))
    expect(refresh.code).toBe('OFFLINE')
  })
})
