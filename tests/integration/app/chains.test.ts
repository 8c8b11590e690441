/**
 * The chains areas through the contract against the sim (anvil mining a block a second): P-Chain blocks
 * by height and ID in both encodings with previous/next walking the chain, blockchains with their
 * status meanings, the exact supply and balances; the C-Chain's ids, fees, config and blocks; the live
 * list kept whole while the sim drops the websocket twice (checked against anvil's own blocks), the
 * second EVM instance followed the same way; bad input refused identically by contract and CLI; and
 * everything seen before answered from the cache once the sim is gone.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Contract, Head, Payload } from '../../../src/shared/contract'
import { BLOCKCHAIN_STATUS_MEANINGS } from '../../../src/shared/contract'
import { type RpcClient } from '../../../src/shared/rpc/client'
import { runCli } from '../../../src/main/cli'
import { startSim, type Sim } from '../../sim/index'
import { connect, failure, tempDir, testApp } from './helpers'

let sim: Sim
let ctx: ReturnType<typeof testApp>
let client: RpcClient<Contract>
const events: Payload<'cchain.heads'>[] = []
let offHeads: () => void

beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, blockTime: 1 })
  ctx = testApp('browser')
  client = connect(ctx.app)
  offHeads = client.on('cchain.heads', (p) => events.push(p))
  const p = await client.call('profiles.create', { profile: { name: 'sim', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] } })
  await client.call('profiles.activate', { id: p.id })
})
afterAll(async () => {
  await sim?.stop()
  ctx?.done()
})

async function anvil(url: string, method: string, params: unknown[] = []): Promise<any> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await r.json()) as { result: unknown }).result
}

/** Every head the events carried for a chain, in arrival order. */
const headsOf = (chain: string): Head[] => events.filter((e) => e.chain === chain).flatMap((e) => e.heads)

describe('P-Chain', () => {
  it('a block by height in hex and json, the same by ID, and previous/next walk the chain', async () => {
    const mid = sim.dataset.pBlocks[Math.floor(sim.dataset.pBlocks.length / 2)]!
    const hex = await client.call('pchain.getBlockByHeight', { height: mid.height.toString() })
    expect(hex.source).toBe('live')
    expect(hex.data).toMatchObject({ blockID: mid.blockId, parentID: mid.parentId, height: mid.height.toString(), encoding: 'hex', time: String(mid.timestamp) })
    expect(hex.data.hex).toMatch(/^0x[0-9a-f]+$/)
    expect(hex.data.json).toBeUndefined()
    const json = await client.call('pchain.getBlockByHeight', { height: Number(mid.height), encoding: 'json' })
    expect(json.data.blockID).toBe(mid.blockId)
    expect(json.data.json).toMatchObject({ parentID: mid.parentId, height: Number(mid.height), txs: expect.any(Array) })
    const byId = await client.call('pchain.getBlock', { blockID: mid.blockId, encoding: 'json' })
    expect(byId.data).toEqual(json.data)
    // next, then previous, brings us back; the parent of next is this block
    const next = await client.call('pchain.getBlockByHeight', { height: json.data.nextHeight! })
    expect(next.data.parentID).toBe(mid.blockId)
    const back = await client.call('pchain.getBlockByHeight', { height: next.data.previousHeight! })
    expect(back.data.blockID).toBe(mid.blockId)
    const last = sim.dataset.pBlocks.at(-1)!
    expect((await client.call('pchain.getBlock', { blockID: last.blockId })).data.nextHeight).toBeNull()
  })

  it('blockchains with each status and its meaning, marked deprecated; one status alone', async () => {
    const r = await client.call('pchain.getBlockchains', {})
    expect(r.data.deprecated).toMatch(/deprecated .*v1\.9\.12/)
    expect(r.data.blockchains.length).toBe(sim.dataset.blockchains.length)
    for (const b of r.data.blockchains) expect(b.meaning).toBe(BLOCKCHAIN_STATUS_MEANINGS[b.status])
    expect(new Set(r.data.blockchains.map((b) => b.status))).toEqual(new Set(['Validating', 'Syncing', 'Created']))
    const inst = r.data.blockchains.find((b) => b.id === sim.evmInstances[0]!.blockchainId)!
    expect(inst).toMatchObject({ status: 'Validating', evm: true })
    const unknown = await client.call('pchain.getBlockchainStatus', { blockchainID: sim.dataset.unknownBlockchainId })
    expect(unknown.data).toMatchObject({ status: 'Unknown', meaning: BLOCKCHAIN_STATUS_MEANINGS.Unknown })
    expect((await client.call('pchain.getBlockchainStatus', { blockchainID: sim.dataset.preferredBlockchainId })).data.status).toBe('Preferred')
  })

  it("the Primary Network's supply, exact (a subnet's: see subnet-truth.test.ts), and balances with every field", async () => {
    expect((await client.call('pchain.getCurrentSupply', {})).data).toMatchObject({ subnetID: null, supply: sim.dataset.supply.toString(), height: expect.stringMatching(/^\d+$/) })
    expect((await failure(client.call('pchain.getCurrentSupply', { subnetID: sim.dataset.unknownBlockchainId }))).code).toBe('NOT_FOUND')
    const owner = sim.dataset.validators[0]!.validationRewardOwner.addresses[0]!
    const bal = await client.call('pchain.getBalance', { addresses: [`P-${owner}`] })
    expect(bal.data.deprecated).toMatch(/deprecated/)
    for (const k of ['balance', 'unlocked', 'lockedStakeable', 'lockedNotStakeable'] as const) expect(bal.data[k]).toMatch(/^\d+$/)
    expect(BigInt(bal.data.balance!)).toBe(BigInt(bal.data.unlocked!) + BigInt(bal.data.lockedStakeable!) + BigInt(bal.data.lockedNotStakeable!))
    expect(bal.data).toHaveProperty('balances')
    expect(bal.data).toHaveProperty('lockedNotStakeables')
    expect(Array.isArray(bal.data.utxoIDs)).toBe(true)
  })

  it('bad input gets a clear refusal, the same from the CLI', async () => {
    const negative = await failure(client.call('pchain.getBlockByHeight', { height: -1 }))
    expect(negative.code).toBe('BAD_INPUT')
    expect(negative.message).toMatch(/height: must be a block height: a whole number 0 or more/)
    expect((await failure(client.call('pchain.getBlockByHeight', { height: 'ten' }))).message).toMatch(/height: must be a block height/)
    const unknown = await failure(client.call('pchain.getBlock', { blockID: sim.dataset.unknownBlockchainId }))
    expect(unknown.code).toBe('NOT_FOUND')
    expect(unknown.message).toMatch(/no P-Chain block with ID/)
    const malformed = await failure(client.call('cchain.ids', { chain: 'not-a-chain' }))
    expect(malformed.message).toMatch(/chain: must be C or a blockchain ID/)
    expect((await failure(client.call('pchain.getBlockchainStatus', { blockchainID: 'xyz' }))).code).toBe('BAD_INPUT')
    const t = tempDir()
    try {
      for (const [method, input, bad] of [
        ['pchain.getBlockByHeight', { height: -1 }, negative],
        ['cchain.ids', { chain: 'not-a-chain' }, malformed]
      ] as const) {
        const out: string[] = []
        const err: string[] = []
        const code = await runCli(['call', method, JSON.stringify(input), '--node-url', sim.nodeUrl, '--data-dir', t.dir], (s) => out.push(s), (s) => err.push(s))
        expect(code).toBe(1)
        expect(JSON.parse(err.join(''))).toMatchObject({ error: { code: 'BAD_INPUT', message: bad.message } })
      }
    } finally {
      t.remove()
    }
  })
})

describe('C-Chain and other EVM instances', () => {
  it('instances, ids, fees, chain config and a block with its transactions', async () => {
    const inst = sim.evmInstances[0]!
    const list = await client.call('cchain.instances', {})
    // the C-Chain first, then each Subnet-EVM chain the node validates or syncs (the sim serves the first one)
    expect(list.data.instances[0]).toMatchObject({ chain: 'C', name: 'C-Chain' })
    expect(list.data.instances.map((i) => i.chain)).toContain(inst.blockchainId)
    for (const i of list.data.instances.slice(1)) expect(['Validating', 'Syncing']).toContain(i.status)
    expect((await client.call('cchain.ids', {})).data).toMatchObject({ chain: 'C', chainId: '43114', networkId: expect.stringMatching(/^\d+$/) })
    expect((await client.call('cchain.ids', { chain: inst.blockchainId })).data.chainId).toBe(String(inst.evmChainId))
    const fees = await client.call('cchain.fees', { chain: 'C' })
    expect(fees.data.baseFee).toMatch(/^\d+$/)
    expect(fees.data.maxPriorityFeePerGas).toMatch(/^\d+$/)
    expect((await client.call('cchain.getChainConfig', { chain: 'C' })).data.config.chainId).toBe(43114)
    expect((await client.call('cchain.getChainConfig', { chain: inst.blockchainId })).data.config.chainId).toBe(inst.evmChainId)
    const [from, to] = (await anvil(sim.anvilUrl, 'eth_accounts')) as string[]
    const txHash = (await anvil(sim.anvilUrl, 'eth_sendTransaction', [{ from, to, value: '0x2a' }])) as string
    const receipt = await vi.waitFor(async () => {
      const r = await anvil(sim.anvilUrl, 'eth_getTransactionReceipt', [txHash])
      if (!r) throw new Error('not mined yet')
      return r as { blockNumber: string; blockHash: string }
    }, { timeout: 30_000, interval: 200 })
    const byNumber = await client.call('cchain.getBlock', { number: BigInt(receipt.blockNumber).toString() })
    expect(byNumber.data.head.hash).toBe(receipt.blockHash)
    expect(byNumber.data.transactions.find((t) => t.hash === txHash)).toMatchObject({ from: from!.toLowerCase(), to: to!.toLowerCase(), value: '42' })
    const byHash = await client.call('cchain.getBlock', { chain: 'C', hash: receipt.blockHash })
    expect(byHash.data).toEqual(byNumber.data)
    expect((await failure(client.call('cchain.getBlock', { number: '99999999' }))).code).toBe('NOT_FOUND')
    expect((await failure(client.call('cchain.getBlock', { number: 1, hash: receipt.blockHash }))).message).toMatch(/exactly one of number or hash/)
  })

  it('the live list keeps advancing through two websocket drops with no missing and no repeated height', async () => {
    sim.faults.add({ service: 'node', kind: 'wsDrop', match: '/ext/bc/C/ws eth_subscription', count: 2 })
    const first = await client.call('cchain.watch', { chain: 'C' })
    expect(first.chain).toBe('C')
    // both drops happen, it reconnects each time, and heads keep coming after the second
    const dropsDoneAt = await vi.waitFor(() => {
      const last = events.filter((e) => e.chain === 'C').at(-1)
      if (sim.faults.list().length > 0 || !last || last.status.reconnects < 2 || last.status.state !== 'live') throw new Error('drops not done yet')
      return BigInt(headsOf('C').at(-1)!.number)
    }, { timeout: 60_000, interval: 200 })
    await vi.waitFor(() => {
      if (BigInt(headsOf('C').at(-1)!.number) < dropsDoneAt + 3n) throw new Error('not advanced yet')
    }, { timeout: 30_000, interval: 200 })
    const heads = headsOf('C')
    const numbers = heads.map((h) => BigInt(h.number))
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[i - 1]! + 1n)
    for (const h of heads) expect(h.hash).toBe(((await anvil(sim.anvilUrl, 'eth_getBlockByNumber', [`0x${BigInt(h.number).toString(16)}`, false])) as { hash: string }).hash)
    const last = events.filter((e) => e.chain === 'C').at(-1)!
    expect(last.status.filled).toBeGreaterThan(0)
    // the window in memory is bounded, the cache keeps what was seen
    const again = await client.call('cchain.watch', { chain: 'C' })
    expect(again.heads.length).toBeLessThanOrEqual(100)
    expect(again.heads.at(-1)!.number >= heads.at(-1)!.number).toBe(true)
    const kept = await client.call('cchain.recentHeads', { chain: 'C', limit: 1000 })
    expect(kept.heads.map((h) => h.number)).toEqual(expect.arrayContaining(heads.map((h) => h.number)))
    const fees = await client.call('cchain.feeSamples', { chain: 'C' })
    expect(fees.samples.length).toBeGreaterThan(2)
    expect(fees.samples[0]!.baseFee).toMatch(/^\d+$/)
    // Each head seen is also kept as a block the Cache panel's search finds, by hash and by height.
    const seen = heads.at(-1)!
    for (const query of [seen.hash.toUpperCase().replace('0X', '0x'), seen.number]) {
      const found = await client.call('cache.search', { query, kinds: ['block'] })
      const hit = found.groups.find((g) => g.kind === 'block')?.hits.find((h) => h.key === seen.hash.toLowerCase())
      expect(hit, `search ${query}`).toMatchObject({ chain: 'C', source: 'cchain.heads' })
    }
  })

  it("the second instance's live list follows its own anvil", async () => {
    const inst = sim.evmInstances[0]!
    await client.call('cchain.watch', { chain: inst.blockchainId })
    await vi.waitFor(() => {
      if (headsOf(inst.blockchainId).length < 3) throw new Error('no heads yet')
    }, { timeout: 30_000, interval: 200 })
    const h = headsOf(inst.blockchainId).at(-1)!
    expect(h.hash).toBe(((await anvil(inst.anvilUrl, 'eth_getBlockByNumber', [`0x${BigInt(h.number).toString(16)}`, false])) as { hash: string }).hash)
  })

  it('an instance the node serves no websocket for stops with the reason instead of retrying forever', async () => {
    const list = await client.call('cchain.instances', {})
    const unserved = list.data.instances.find((i) => i.chain !== 'C' && i.chain !== sim.evmInstances[0]!.blockchainId)!
    await client.call('cchain.watch', { chain: unserved.chain })
    const stopped = await vi.waitFor(() => {
      const e = events.filter((x) => x.chain === unserved.chain).at(-1)
      if (!e || e.status.state !== 'stopped') throw new Error('not stopped yet')
      return e
    }, { timeout: 20_000, interval: 100 })
    expect(stopped.status.lastError).toMatch(/no websocket is served at .*HTTP 404/)
    expect((await failure(client.call('cchain.ids', { chain: unserved.chain }))).code).toBe('NOT_FOUND')
  })

  it('with the sim stopped, blocks seen before open from the cache with their age', async () => {
    const height = sim.dataset.pBlocks[Math.floor(sim.dataset.pBlocks.length / 2)]!.height.toString()
    // What the cache will answer with, read live here so that this test stands alone: the P-Chain block and
    // list, and at least five heads of the live C-Chain list (one a second on this sim).
    expect((await client.call('pchain.getBlockByHeight', { height, encoding: 'json' })).source).toBe('live')
    expect((await client.call('pchain.getBlockchains', {})).source).toBe('live')
    await client.call('cchain.watch', { chain: 'C' })
    await vi.waitFor(() => {
      if (headsOf('C').length < 5) throw new Error('fewer than five heads yet')
    }, { timeout: 30_000, interval: 200 })
    const seen = headsOf('C')[2]!
    await client.call('cchain.getBlock', { number: seen.number })
    await sim.stop()
    const p = await client.call('pchain.getBlockByHeight', { height, encoding: 'json' })
    expect(p.source).toBe('cache')
    expect(p.offline?.code).toMatch(/NETWORK|TIMEOUT/)
    expect(p.fetchedAt).toBeLessThanOrEqual(Date.now())
    const c = await client.call('cchain.getBlock', { number: seen.number })
    expect(c.source).toBe('cache')
    expect(c.data.head.hash).toBe(seen.hash)
    expect((await client.call('pchain.getBlockchains', {})).source).toBe('cache')
    expect((await client.call('cchain.recentHeads', { chain: 'C', limit: 5 })).heads).toHaveLength(5)
    expect((await failure(client.call('pchain.getBlockByHeight', { height: '1' }))).code).toBe('OFFLINE')
  })

  it('with the sim stopped, the live list followed afresh (a window reloaded) starts with the heads kept, with the time the newest was read', async () => {
    // The last listener gone (a page reloaded) stops every follower; the next watch starts a new one.
    offHeads()
    offHeads = client.on('cchain.heads', (p) => events.push(p))
    const kept = (await client.call('cchain.recentHeads', { chain: 'C', limit: 100 })).heads
    expect(kept.length).toBeGreaterThanOrEqual(5)
    const w = await client.call('cchain.watch', { chain: 'C' })
    expect(w.heads.map((h) => h.number)).toEqual(kept.map((h) => h.number).reverse())
    expect(w.heads.at(-1)!.hash).toBe(kept[0]!.hash)
    expect(w.heads[0]).not.toHaveProperty('seenAt')
    expect(w.status.state).not.toBe('live')
    expect(w.status.newestReadAt).toBe(kept[0]!.seenAt)
    // the node still gone: the follower says so, and keeps the list
    const down = await vi.waitFor(() => {
      const e = events.filter((x) => x.chain === 'C' && x.status.state === 'reconnecting').at(-1)
      if (!e) throw new Error('not reconnecting yet')
      return e
    }, { timeout: 20_000, interval: 100 })
    expect(down.status.lastError).toMatch(/connection refused/)
    expect((await client.call('cchain.watch', { chain: 'C' })).heads).toHaveLength(w.heads.length)
  })
})
