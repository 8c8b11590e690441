import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { Profile } from 'pprof-format'
import { join } from 'node:path'
import WebSocket from 'ws'
import { post, rpc, startTestSim } from './node-helpers'
import type { Sim } from './node-helpers'
import { decodeHexChecksum } from '../../sim/lib/hexChecksum'
import { ByteReader } from '../../sim/lib/bytes'
import { cb58Decode, cb58Encode } from '../../sim/lib/cb58'
import { buildSignedImport, signerUtxos } from '../../sim/index'

let sim: Sim
beforeAll(async () => {
  sim = await startTestSim()
})
afterAll(async () => {
  await sim?.stop()
})

const rich = () => sim.dataset.richAddress

/**
 * Subscribes to newHeads and waits for anvil's answer (the subscription's id), so that a block mined next is one the
 * subscription sees, however slow the machine: a fixed wait missed it on a loaded one and the test then hung.
 */
async function subscribeNewHeads(ws: WebSocket): Promise<void> {
  const answered = new Promise<void>((resolve) => {
    const onMessage = (d: WebSocket.RawData): void => {
      const m = JSON.parse(d.toString()) as { id?: number; result?: unknown }
      if (m.id !== 99 || typeof m.result !== 'string') return
      ws.off('message', onMessage)
      resolve()
    }
    ws.on('message', onMessage)
  })
  ws.send(JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'eth_subscribe', params: ['newHeads'] }))
  await answered
}

describe('node rules', () => {
  it('refuses a batch of more than 40 items on /ext/bc/C/rpc, accepts 40', async () => {
    const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId', params: [] }))
    const ok = (await post(`${sim.nodeUrl}/ext/bc/C/rpc`, batch(40))).json()
    expect(ok).toHaveLength(40)
    const refused = (await post(`${sim.nodeUrl}/ext/bc/C/rpc`, batch(41))).json()
    expect(refused.error.code).toBe(-32600)
  })

  it('debug_ can be switched off', async () => {
    sim.setDebugApi(false)
    const r = await rpc(sim, '/ext/bc/C/rpc', 'debug_traceBlockByNumber', ['latest', {}])
    expect(r.error.code).toBe(-32601)
    sim.setDebugApi(true)
  })

  it('UTXOs: valid checksum, reference byte layout, paging through >= 5,000', async () => {
    const params = { addresses: [rich().cChain], sourceChain: 'X', limit: 1024, encoding: 'hex' }
    let r = (await rpc(sim, '/ext/bc/C/core', 'core.getUTXOs', params)).result
    expect(r.numFetched).toBe('1024')
    const bytes = decodeHexChecksum(r.utxos[0])
    const rd = new ByteReader(bytes)
    expect(rd.u16()).toBe(0)
    rd.bytes(32)
    rd.u32()
    expect(cb58Encode(rd.bytes(32))).toBe(sim.dataset.avax.assetId)
    expect(rd.u32()).toBe(7)
    rd.u64()
    rd.u64()
    expect(rd.u32()).toBe(1)
    expect(rd.u32()).toBe(1)
    expect(Buffer.from(rd.bytes(20)).toString('hex')).toBe(rich().shortIdHex)
    expect(rd.remaining).toBe(0)
    // as real nodes: each next page starts with the UTXO its startIndex names; a page holding only it ends the list
    let total = Number(r.numFetched)
    for (;;) {
      const last = r.utxos.at(-1)
      r = (await rpc(sim, '/ext/bc/C/core', 'core.getUTXOs', { ...params, startIndex: r.endIndex })).result
      expect(r.utxos[0]).toBe(last)
      if (r.numFetched === '1') break
      total += Number(r.numFetched) - 1
    }
    expect(total).toBeGreaterThanOrEqual(5000)
  })

  it('issueTx: txID from the bytes, duplicate refused, status Processing -> Accepted', async () => {
    const ds = sim.dataset
    const utxo = signerUtxos(ds)[3]!
    const tx = buildSignedImport(ds, { utxos: [utxo] }).hex
    const bad = await rpc(sim, '/ext/bc/C/core', 'core.issueTx', { tx: tx.slice(0, -2) + '00', encoding: 'hex' })
    expect(bad.error.message).toMatch(/checksum/)
    const { txID } = (await rpc(sim, '/ext/bc/C/core', 'core.issueTx', { tx, encoding: 'hex' })).result
    const dup = await rpc(sim, '/ext/bc/C/core', 'core.issueTx', { tx, encoding: 'hex' })
    expect(dup.error.code).toBe(-32000)
    const statuses: string[] = []
    for (let i = 0; i < 60; i++) {
      const s = (await rpc(sim, '/ext/bc/C/core', 'core.getAtomicTxStatus', { txID })).result.status
      statuses.push(s)
      if (s === 'Accepted') break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(statuses[0]).toBe('Processing')
    expect(statuses.at(-1)).toBe('Accepted')
    const left = (await rpc(sim, '/ext/bc/C/core', 'core.getUTXOs', { addresses: [ds.signer.cChain], sourceChain: 'X', limit: 1024 })).result.utxos as string[]
    expect(left.some((h) => h.includes(Buffer.from(cb58Decode(utxo.txHash)).toString('hex')) && h.slice(70, 78) === utxo.outputIndex.toString(16).padStart(8, '0'))).toBe(false)
  })

  it('CPU profiler writes cpu.profile (gzipped pprof); stopping a stopped profiler is an error; memory profile writes mem.profile', async () => {
    expect((await rpc(sim, '/ext/bc/C/admin', 'admin.startCPUProfiler', [])).result).toEqual({})
    expect((await rpc(sim, '/ext/bc/C/admin', 'admin.startCPUProfiler', [])).error).toEqual({ code: -32000, message: 'cpu profiler already running', data: null })
    expect((await rpc(sim, '/ext/bc/C/admin', 'admin.stopCPUProfiler', [])).result).toEqual({})
    const file = join(sim.profileDir, 'cpu.profile')
    expect(existsSync(file)).toBe(true)
    const cpu = Profile.decode(gunzipSync(readFileSync(file)))
    expect(cpu.sample.length).toBeGreaterThan(0)
    const again = await rpc(sim, '/ext/bc/C/admin', 'admin.stopCPUProfiler', [])
    expect(again.error).toEqual({ code: -32000, message: "cpu profiler doesn't exist", data: null })
    expect((await rpc(sim, '/ext/bc/C/admin', 'admin.memoryProfile', [])).result).toEqual({})
    const mem = Profile.decode(gunzipSync(readFileSync(join(sim.profileDir, 'mem.profile'))))
    expect(mem.sampleType.length).toBe(4)
    expect(statSync(join(sim.profileDir, 'mem.profile')).size).toBeGreaterThan(100)
  })

  it('setLogLevel rejects an unknown level', async () => {
    const r = await rpc(sim, '/ext/bc/C/admin', 'admin.setLogLevel', { level: 'loud' })
    expect(r.error.code).toBe(-32000)
  })

  it('websocket newHeads delivers real anvil blocks', async () => {
    const ws = new WebSocket(`${sim.nodeUrl.replace('http', 'ws')}/ext/bc/C/ws`)
    await new Promise((r) => ws.once('open', r))
    const heads: any[] = []
    const got = new Promise<void>((resolve) => ws.on('message', (d) => {
      const m = JSON.parse(d.toString())
      if (m.method === 'eth_subscription') {
        heads.push(m.params.result)
        resolve()
      }
    }))
    await subscribeNewHeads(ws)
    await post(sim.anvilUrl, { jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] })
    await got
    const n = heads[0].number
    const block = (await rpc(sim, '/ext/bc/C/rpc', 'eth_getBlockByNumber', [n, false])).result
    expect(block.hash).toBe(heads[0].hash)
    ws.close()
  })
})

describe('node faults', () => {
  const chainId = () => post(`${sim.nodeUrl}/ext/bc/C/rpc`, { jsonrpc: '2.0', id: 5, method: 'eth_chainId', params: [] })
  it('malformed, wrongId, 429, 503, drop, hang, latency', async () => {
    sim.faults.add({ service: 'node', kind: 'malformed', match: 'eth_chainId', count: 1 })
    expect((await chainId()).text).toBe('{"bad json')
    sim.faults.add({ service: 'node', kind: 'wrongId', match: 'eth_chainId', count: 1 })
    expect((await chainId()).json().id).not.toBe(5)
    sim.faults.add({ service: 'node', kind: 'status429', ms: 3, count: 1 })
    expect((await chainId()).status).toBe(429)
    sim.faults.add({ service: 'node', kind: 'status503', count: 1 })
    expect((await chainId()).status).toBe(503)
    sim.faults.add({ service: 'node', kind: 'drop', count: 1 })
    await expect(chainId()).rejects.toThrow()
    sim.faults.add({ service: 'node', kind: 'hang', count: 1 })
    const hung = await Promise.race([chainId().then(() => 'answered'), new Promise((r) => setTimeout(() => r('hung'), 1500))])
    expect(hung).toBe('hung')
    sim.faults.add({ service: 'node', kind: 'latency', ms: 300, count: 1 })
    expect((await chainId()).json().result).toBe('0xa86a')
    expect(sim.faults.list()).toEqual([])
    expect((await chainId()).json().result).toBe('0xa86a')
  })

  it('control endpoint adds, lists and clears faults', async () => {
    const add = await post(`${sim.nodeUrl}/__sim/faults`, { service: 'node', kind: 'status503', match: 'platform.getCurrentSupply' })
    expect(add.json().id).toBeTruthy()
    expect((await rpc(sim, '/ext/bc/P', 'platform.getBlockchains', {})).result).toBeTruthy()
    const r = await post(`${sim.nodeUrl}/ext/bc/P`, { jsonrpc: '2.0', id: 1, method: 'platform.getCurrentSupply', params: {} })
    expect(r.status).toBe(503)
    await fetch(`${sim.nodeUrl}/__sim/faults`, { method: 'DELETE' })
    expect(((await (await fetch(`${sim.nodeUrl}/__sim/faults`)).json()) as { faults: unknown[] }).faults).toEqual([])
  })

  it('wsDrop closes the relayed websocket mid-stream', async () => {
    const ws = new WebSocket(`${sim.nodeUrl.replace('http', 'ws')}/ext/bc/C/ws`)
    await new Promise((r) => ws.once('open', r))
    sim.faults.add({ service: 'node', kind: 'wsDrop', match: 'eth_subscription', count: 1 })
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)))
    await subscribeNewHeads(ws)
    await post(sim.anvilUrl, { jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] })
    expect(await closed).toBe(1006)
  })
})
