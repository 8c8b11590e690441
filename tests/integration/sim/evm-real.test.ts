/**
 * The sim's EVM endpoints behave as a real node's: only the public method families are served (over
 * HTTP and the websocket; anvil's own test methods are refused with geth's -32601 and never reach
 * anvil), a notification gets an empty body, a second EVM instance is served at
 * /ext/bc/{blockchainID}/rpc and /ws and listed by platform.getBlockchains, and the wsDrop fault drops
 * the websocket twice, across a reconnection.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { startTestSim, post, rpc } from './node-helpers'
import type { Sim } from './node-helpers'

let sim: Sim

beforeAll(async () => {
  sim = await startTestSim()
})
afterAll(async () => {
  await sim?.stop()
})

/** A websocket client that collects every message, and a call helper by id. */
async function openWs(url: string) {
  const ws = new WebSocket(url)
  const messages: any[] = []
  const waiters: (() => void)[] = []
  ws.on('message', (d) => {
    messages.push(JSON.parse(String(d)))
    for (const w of waiters.splice(0)) w()
  })
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const next = (pred: (m: any) => boolean): Promise<any> =>
    new Promise((resolve) => {
      const check = () => {
        const m = messages.find(pred)
        if (m) return resolve(m)
        waiters.push(check)
      }
      check()
    })
  const call = (id: number, method: string, params: unknown[] = []) => {
    ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return next((m) => m.id === id)
  }
  return { ws, messages, next, call, closed }
}

const anvilBlock = async (anvilUrl: string): Promise<bigint> => BigInt((await post(anvilUrl, { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })).json().result)

describe('the sim EVM endpoints as a real node', () => {
  it('refuses anvil_, hardhat_ and evm_ methods over HTTP with the node error, and anvil does not mine', async () => {
    const before = await anvilBlock(sim.anvilUrl)
    for (const method of ['anvil_mine', 'hardhat_setBalance', 'evm_mine', 'evm_increaseTime', 'ots_getApiLevel']) {
      const r = await rpc(sim, '/ext/bc/C/rpc', method, [])
      expect(r).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: `the method ${method} does not exist/is not available` } })
    }
    expect(await anvilBlock(sim.anvilUrl)).toBe(before)
    // the node's own methods are served
    expect((await rpc(sim, '/ext/bc/C/rpc', 'eth_baseFee', [])).result).toMatch(/^0x[0-9a-f]+$/)
    expect((await rpc(sim, '/ext/bc/C/rpc', 'eth_maxPriorityFeePerGas', [])).result).toMatch(/^0x[0-9a-f]+$/)
    expect((await rpc(sim, '/ext/bc/C/rpc', 'eth_getChainConfig', [])).result.chainId).toBe(43114)
    expect((await rpc(sim, '/ext/bc/C/rpc', 'net_version', [])).result).toMatch(/^\d+$/)
    expect((await rpc(sim, '/ext/bc/C/rpc', 'web3_clientVersion', [])).result).toEqual(expect.any(String))
  })

  it('refuses them over the websocket too, and serves eth_ methods and subscriptions there', async () => {
    const before = await anvilBlock(sim.anvilUrl)
    const c = await openWs(`${sim.nodeUrl.replace('http', 'ws')}/ext/bc/C/ws`)
    try {
      const refused = await c.call(1, 'anvil_mine', ['0x5'])
      expect(refused).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'the method anvil_mine does not exist/is not available' } })
      expect((await c.call(2, 'hardhat_mine', [])).error.code).toBe(-32601)
      expect((await c.call(3, 'evm_mine', [])).error.code).toBe(-32601)
      expect(await anvilBlock(sim.anvilUrl)).toBe(before)
      expect((await c.call(4, 'eth_chainId')).result).toBe('0xa86a')
      expect((await c.call(5, 'eth_baseFee')).result).toMatch(/^0x[0-9a-f]+$/)
      const sub = await c.call(6, 'eth_subscribe', ['newHeads'])
      expect(sub.result).toMatch(/^0x/)
      // a block mined on anvil itself arrives as a head
      await post(sim.anvilUrl, { jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] })
      const head = await c.next((m) => m.method === 'eth_subscription')
      expect(BigInt(head.params.result.number)).toBe(before + 1n)
    } finally {
      c.ws.close()
    }
  })

  it('answers a notification (no id) with an empty body, alone or in a batch, and still carries it out', async () => {
    const res = await post(`${sim.nodeUrl}/ext/bc/C/rpc`, { jsonrpc: '2.0', method: 'eth_chainId', params: [] })
    expect(res.status).toBe(200)
    expect(res.text).toBe('')
    const onlyNotes = await post(`${sim.nodeUrl}/ext/bc/C/rpc`, [{ jsonrpc: '2.0', method: 'eth_chainId' }, { jsonrpc: '2.0', method: 'eth_blockNumber' }])
    expect(onlyNotes.status).toBe(200)
    expect(onlyNotes.text).toBe('')
    const mixed = await post(`${sim.nodeUrl}/ext/bc/C/rpc`, [{ jsonrpc: '2.0', method: 'eth_chainId' }, { jsonrpc: '2.0', id: 'b', method: 'eth_chainId' }, { jsonrpc: '2.0', id: 7, method: 'anvil_mine' }])
    expect(mixed.json()).toEqual([
      { jsonrpc: '2.0', id: 'b', result: '0xa86a' },
      { jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'the method anvil_mine does not exist/is not available' } }
    ])
    // carried out: a notification that sends a transaction still mines a block on anvil (anvil mines on each tx)
    const before = await anvilBlock(sim.anvilUrl)
    const accounts = (await rpc(sim, '/ext/bc/C/rpc', 'eth_accounts', [])).result as string[]
    const note = await post(`${sim.nodeUrl}/ext/bc/C/rpc`, { jsonrpc: '2.0', method: 'eth_sendTransaction', params: [{ from: accounts[0], to: accounts[1], value: '0x1' }] })
    expect(note.text).toBe('')
    // The empty answer may come before anvil has mined the block: wait for it (never more than one).
    await vi.waitFor(async () => expect(await anvilBlock(sim.anvilUrl)).toBe(before + 1n), { timeout: 10_000, interval: 50 })
  })

  it('serves a second EVM instance at /ext/bc/{blockchainID}/rpc and /ws, listed by platform.getBlockchains', async () => {
    expect(sim.evmInstances).toHaveLength(1)
    const inst = sim.evmInstances[0]!
    const chains = (await rpc(sim, '/ext/bc/P', 'platform.getBlockchains', {})).result.blockchains as { id: string; name: string }[]
    expect(chains.find((c) => c.id === inst.blockchainId)?.name).toBe(inst.name)
    expect((await rpc(sim, '/ext/bc/P', 'platform.getBlockchainStatus', { blockchainID: inst.blockchainId })).result.status).toBe('Validating')
    const path = `/ext/bc/${inst.blockchainId}/rpc`
    expect(BigInt((await rpc(sim, path, 'eth_chainId', [])).result)).toBe(BigInt(inst.evmChainId))
    expect((await rpc(sim, path, 'eth_getChainConfig', [])).result.chainId).toBe(inst.evmChainId)
    expect((await rpc(sim, path, 'anvil_mine', [])).error.code).toBe(-32601)
    // its blocks are its own anvil's, not the C-Chain's
    await post(inst.anvilUrl, { jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x3'] })
    expect(BigInt((await rpc(sim, path, 'eth_blockNumber', [])).result)).toBe(await anvilBlock(inst.anvilUrl))
    const c = await openWs(`${sim.nodeUrl.replace('http', 'ws')}/ext/bc/${inst.blockchainId}/ws`)
    try {
      expect(BigInt((await c.call(1, 'eth_chainId')).result)).toBe(BigInt(inst.evmChainId))
    } finally {
      c.ws.close()
    }
    // an id the node does not run has no endpoint
    const unknown = await fetch(`${sim.nodeUrl}/ext/bc/${sim.dataset.unknownBlockchainId}/rpc`, { method: 'POST', body: '{}' })
    expect(unknown.status).toBe(404)
  })

  it('the wsDrop fault drops the websocket at the next head, twice across a reconnection', async () => {
    sim.faults.add({ service: 'node', kind: 'wsDrop', match: '/ext/bc/C/ws eth_subscription', count: 2 })
    for (let drop = 1; drop <= 2; drop++) {
      const c = await openWs(`${sim.nodeUrl.replace('http', 'ws')}/ext/bc/C/ws`)
      expect((await c.call(1, 'eth_subscribe', ['newHeads'])).result).toMatch(/^0x/)
      await post(sim.anvilUrl, { jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] })
      await c.closed
      expect(c.messages.some((m) => m.method === 'eth_subscription')).toBe(false)
    }
    expect(sim.faults.list()).toEqual([])
    // the third connection gets its heads
    const c = await openWs(`${sim.nodeUrl.replace('http', 'ws')}/ext/bc/C/ws`)
    try {
      await c.call(1, 'eth_subscribe', ['newHeads'])
      await post(sim.anvilUrl, { jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] })
      expect((await c.next((m) => m.method === 'eth_subscription')).params.result.number).toMatch(/^0x/)
    } finally {
      c.ws.close()
    }
  })
})
