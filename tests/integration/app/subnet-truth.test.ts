/**
 * Permissioned subnets and L1s are real (issue 19, item 5). avalanchego keeps no supply for them and says
 * so with "fetching current supply failed: not found", the same words it has for an ID it does not know;
 * and a subnet may have no current validator at all. Against the sim's permissioned subnet with a
 * blockchain and no validators: its validator set is empty (not "unknown subnet"), its supply is "not
 * kept" with the node's words, through the contract and the CLI; an L1 likewise; an unknown ID is still
 * named unknown, with the node's words. Against an older node without platform.getSubnet (a relay in
 * front of the sim that answers that method as such a node does), the subnet's blockchains decide.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Contract } from '../../../src/shared/contract'
import { encodeCb58 } from '../../../src/shared/domain/encoding'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { runCli } from '../../../src/main/cli'
import { QUIET_SUBNET_LABEL } from '../../sim/dataset/genSubnets'
import { startSim, type Sim } from '../../sim/index'
import { connect, failure, tempDir, testApp } from './helpers'

const NODE_SAID = 'fetching current supply failed: not found'

let sim: Sim
let ctx: ReturnType<typeof testApp>
let client: RpcClient<Contract>
let quiet: string
let l1: string
const unknown = encodeCb58(new Uint8Array(32).fill(7))

beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  quiet = sim.dataset.subnets.find((s) => s.label === QUIET_SUBNET_LABEL)!.subnetId
  l1 = sim.dataset.subnets.find((s) => s.isL1)!.subnetId
  ctx = testApp('cli')
  client = connect(ctx.app)
  const p = await client.call('profiles.create', {
    profile: { name: 'sim', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [sim.dataset.nodes.self] }
  })
  await client.call('profiles.activate', { id: p.id })
})
afterAll(async () => {
  await sim?.stop()
  ctx?.done()
})

/** One contract call through the CLI against a node URL: its exit code and what it printed as JSON. */
async function cli(nodeUrl: string, method: string, input: unknown): Promise<{ code: number; out: any; err: any }> {
  const out: string[] = []
  const err: string[] = []
  const t = tempDir()
  try {
    const code = await runCli(['call', method, JSON.stringify(input), '--node-url', nodeUrl, '--data-dir', t.dir], (s) => out.push(s), (s) => err.push(s))
    return { code, out: out.length ? JSON.parse(out.join('')) : null, err: err.length ? JSON.parse(err.join('')) : null }
  } finally {
    t.remove()
  }
}

describe('a permissioned subnet with a blockchain and no current validators', () => {
  it('the sim answers as avalanchego: no supply, no validators, and getSubnet says what it is', async () => {
    const post = async (method: string, params: unknown) =>
      (await fetch(`${sim.nodeUrl}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json() as Promise<any>
    expect((await post('platform.getCurrentSupply', { subnetID: quiet })).error).toEqual({ code: -32000, message: NODE_SAID, data: null })
    expect((await post('platform.getCurrentSupply', { subnetID: l1 })).error.message).toBe(NODE_SAID)
    expect((await post('platform.getCurrentValidators', { subnetID: quiet })).result).toEqual({ validators: [] })
    expect((await post('platform.getBlockchains', {})).result.blockchains.some((b: any) => b.subnetID === quiet)).toBe(true)
    expect((await post('platform.getSubnet', { subnetID: quiet })).result).toMatchObject({ isPermissioned: true, conversionID: '11111111111111111111111111111111LpoYY' })
    expect((await post('platform.getSubnet', { subnetID: l1 })).result).toMatchObject({ isPermissioned: false, conversionID: expect.not.stringMatching(/^1+LpoYY$/) })
    expect((await post('platform.getSubnet', { subnetID: unknown })).error).toEqual({ code: -32000, message: 'not found', data: null })
  })

  it('its validator views show an empty set, not an unknown subnet', async () => {
    const list = await client.call('validators.list', { subnetID: quiet })
    expect(list.data).toMatchObject({ subnetID: quiet, validators: [], totals: { count: 0, totalWeight: '0', ownWeight: '0' } })
    const mine = await client.call('validators.mine', { subnetID: quiet })
    expect(mine.data).toMatchObject({ validators: [], notValidating: [sim.dataset.nodes.self] })
    const one = await failure(client.call('validators.get', { nodeID: sim.dataset.nodes.self, subnetID: quiet }))
    expect(one.code).toBe('NOT_FOUND')
    expect(one.message).toBe(`${sim.dataset.nodes.self} is not a current validator of subnet ${quiet}`)
    // The Primary Network's ID typed as a subnet's is known too (getSubnet would call it no subnet).
    const primary = '11111111111111111111111111111111LpoYY'
    const notThere = await failure(client.call('validators.get', { nodeID: sim.dataset.nodes.notValidator, subnetID: primary }))
    expect(notThere.message).toBe(`${sim.dataset.nodes.notValidator} is not a current validator of subnet ${primary}`)
  })

  it("its supply view says no supply is kept, with the node's words; an L1's too", async () => {
    const e = await failure(client.call('pchain.getCurrentSupply', { subnetID: quiet }))
    expect(e.toData()).toEqual({
      code: 'NOT_FOUND',
      message: `No supply is kept for permissioned subnets and L1s, and subnet ${quiet} is a permissioned subnet`,
      details: { upstreamMessage: NODE_SAID }
    })
    const ofL1 = await failure(client.call('pchain.getCurrentSupply', { subnetID: l1 }))
    expect(ofL1.message).toBe(`No supply is kept for permissioned subnets and L1s, and subnet ${l1} is an L1`)
    expect(ofL1.details).toEqual({ upstreamMessage: NODE_SAID })
  })

  it("an unknown ID is still unknown, in the supply and the validator views, with the node's words", async () => {
    const supply = await failure(client.call('pchain.getCurrentSupply', { subnetID: unknown }))
    expect(supply.toData()).toEqual({ code: 'NOT_FOUND', message: `The node knows no subnet ${unknown}: check the subnet ID`, details: { upstreamMessage: NODE_SAID } })
    const list = await failure(client.call('validators.list', { subnetID: unknown }))
    // platform.getSubnet's words: the validator views do not ask for a supply.
    expect(list.toData()).toEqual({ code: 'NOT_FOUND', message: `The node knows no subnet ${unknown}: check the subnet ID`, details: { upstreamMessage: 'not found' } })
  })

  it("the CLI prints the same, the node's words included", async () => {
    const r = await cli(sim.nodeUrl, 'pchain.getCurrentSupply', { subnetID: quiet })
    expect(r.code).toBe(1)
    expect(r.err.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('No supply is kept for permissioned subnets and L1s'), details: { upstreamMessage: NODE_SAID } })
    const set = await cli(sim.nodeUrl, 'validators.list', { subnetID: quiet })
    expect(set.code).toBe(0)
    expect(set.out.data.validators).toEqual([])
  })
})

describe('a node older than platform.getSubnet', () => {
  let relay: Server
  let relayUrl: string
  /** How the relay's node says it has no platform.getSubnet: gorilla's words, or a JSON-RPC -32601. */
  let unserved = { code: -32000, message: 'rpc: can\'t find method "platform.GetSubnet"' }
  beforeAll(async () => {
    // Everything goes to the sim, but platform.getSubnet gets gorilla's answer for a method it does not have.
    relay = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        let call: { id?: unknown; method?: unknown } = {}
        try {
          call = JSON.parse(body) as typeof call
        } catch {
          // not JSON: passed on as it is
        }
        if (call.method === 'platform.getSubnet') {
          res.writeHead(200, { 'content-type': 'application/json' })
          return void res.end(JSON.stringify({ jsonrpc: '2.0', error: { ...unserved, data: null }, id: call.id }))
        }
        void fetch(`${sim.nodeUrl}${req.url}`, { method: req.method!, headers: { 'content-type': 'application/json' }, ...(req.method === 'POST' ? { body } : {}) }).then(
          async (r) => {
            res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' })
            res.end(Buffer.from(await r.arrayBuffer()))
          },
          () => res.destroy()
        )
      })
    })
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
    relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => relay.close(() => resolve())))

  it("decides from the subnet's blockchains: empty set and no supply for the quiet subnet, unknown for an ID without a chain", async () => {
    const set = await cli(relayUrl, 'validators.list', { subnetID: quiet })
    expect(set.code).toBe(0)
    expect(set.out.data.validators).toEqual([])
    const supply = await cli(relayUrl, 'pchain.getCurrentSupply', { subnetID: quiet })
    expect(supply.err.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringMatching(/^No supply is kept for permissioned subnets and L1s, and subnet \w+ is one/), details: { upstreamMessage: NODE_SAID } })
    // Without getSubnet the node cannot say that a subnet does not exist: the error says what it could not ask.
    const cannotSay = `The node cannot say whether subnet ${unknown} exists: it does not serve platform.getSubnet`
    const none = await cli(relayUrl, 'validators.list', { subnetID: unknown })
    expect(none.err.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining(cannotSay) })
    const noSupply = await cli(relayUrl, 'pchain.getCurrentSupply', { subnetID: unknown })
    expect(noSupply.err.error).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining(cannotSay), details: { upstreamMessage: NODE_SAID } })
  })

  it('"method not found" (JSON-RPC -32601) is the node lacking getSubnet, not the subnet being unknown (issue 33 point 6)', async () => {
    unserved = { code: -32601, message: 'Method not found' }
    const set = await cli(relayUrl, 'validators.list', { subnetID: quiet })
    expect(set.code).toBe(0)
    expect(set.out.data.validators).toEqual([])
    const none = await cli(relayUrl, 'validators.list', { subnetID: unknown })
    expect(none.err.error.message).toContain('it does not serve platform.getSubnet')
    expect(none.err.error.message).not.toContain('knows no subnet')
  })
})
