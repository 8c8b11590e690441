/**
 * Every node function once, through the real transport (nodeApis → JsonRpcHttpEndpoint) against the sim
 * (anvil behind the C-Chain; admin by a real node's dot names, and by the spec's with the sim switched).
 * Then the admin name fallback against a tiny local server that answers as a real node does (underscore
 * names: -32000 "ill-formed"), and viem's error unwrapping.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { admin, core, evm, health, info, platform } from '../../../src/main/clients/node/index'
import type { NodeApis } from '../../../src/main/clients/node/index'
import { nodeApis } from '../../../src/main/clients/node/endpoints'
import { JsonRpcHttpEndpoint } from '../../../src/main/clients/transport/jsonrpc'
import type { JsonRpcEndpoint } from '../../../src/main/clients/transport/types'
import { AppError } from '../../../src/shared/rpc/errors'
import { encodeHexChecksum } from '../../sim/lib/hexChecksum'
import { buildSignedImport, signerUtxos, startSim } from '../../sim/index'
import type { Sim } from '../../sim/index'
import { localServers } from '../../support/local-server'
import { rejection } from '../../support/rejection'

let sim: Sim
let node: NodeApis
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  node = nodeApis(sim.nodeUrl)
})
afterAll(async () => {
  await sim?.stop()
})

describe('platform', () => {
  it('getBalance', async () => {
    const ds = sim.dataset
    const r = await platform.getBalance(node, { addresses: [ds.wellKnown.operator.pChain] })
    expect(r.unlocked).toMatch(/^\d+$/)
    expect(Object.keys(r.balances ?? {})).toEqual([ds.avax.assetId])
  })

  it('getBlock (hex and json) and getBlockByHeight', async () => {
    const b = sim.dataset.pBlocks[10]!
    const hex = await platform.getBlock(node, { blockID: b.blockId })
    expect(hex.encoding).toBe('hex')
    expect(hex.block).toMatch(/^0x[0-9a-f]+$/)
    const json = await platform.getBlock(node, { blockID: b.blockId, encoding: 'json' })
    expect(json.encoding === 'json' && json.block.parentID).toBe(b.parentId)
    const byHeight = await platform.getBlockByHeight(node, { height: b.height, encoding: 'json' })
    expect(byHeight.encoding === 'json' && byHeight.block.height).toBe(Number(b.height))
    const byHeightHex = await platform.getBlockByHeight(node, { height: Number(b.height) })
    expect(byHeightHex.block).toBe(hex.block)
  })

  it('getBlockchains and getBlockchainStatus', async () => {
    const { blockchains } = await platform.getBlockchains(node, {})
    expect(blockchains).toHaveLength(sim.dataset.blockchains.length)
    expect((await platform.getBlockchainStatus(node, { blockchainID: sim.dataset.preferredBlockchainId })).status).toBe('Preferred')
    expect((await platform.getBlockchainStatus(node, { blockchainID: sim.dataset.unknownBlockchainId })).status).toBe('Unknown')
  })

  it('getCurrentSupply', async () => {
    const r = await platform.getCurrentSupply(node, {})
    expect(r.supply).toBe(sim.dataset.supply.toString())
    expect(r.height).toMatch(/^\d+$/)
  })

  it('getCurrentValidators: Primary Network (signer normalised), one node with delegators, an L1', async () => {
    const ds = sim.dataset
    const { validators } = await platform.getCurrentValidators(node, { nodeIDs: [ds.nodes.self] })
    expect(validators).toHaveLength(1)
    const v = validators[0]!
    expect(v.signer?.proofOfPossession).toMatch(/^0x[0-9a-f]+$/)
    expect(v.signer).not.toHaveProperty('proofOfPosession')
    expect(v.delegators?.length).toBe(Number(v.delegatorCount))
    expect(v.weight).toMatch(/^\d+$/)
    const all = await platform.getCurrentValidators(node, {})
    expect(all.validators.length).toBe(ds.validators.length)
    const l1 = ds.subnets.find((s) => s.isL1)!
    const l1v = await platform.getCurrentValidators(node, { subnetID: l1.subnetId })
    expect(l1v.validators[0]?.validationID).toBeTruthy()
    expect(l1v.validators[0]?.balance).toMatch(/^\d+$/)
  })

  it('an RPC error of the node arrives as AppError RPC', async () => {
    const e = await rejection(platform.getBlockByHeight(node, { height: 10n ** 15n }))
    expect(e.code).toBe('RPC')
    const details = e.details as { rpcCode: number; upstreamMessage: string }
    expect(details.rpcCode).toBe(-32000)
    expect(details.upstreamMessage).toMatch(/couldn't get block/)
  })

  it('bad params are refused before anything is sent', async () => {
    const e = await rejection(platform.getBlock(node, { blockID: 'not-an-id' }))
    expect(e.code).toBe('BAD_INPUT')
  })
})

describe('core', () => {
  it('getUTXOs, issueTx, getAtomicTxStatus, getAtomicTx, version', async () => {
    const ds = sim.dataset
    const rich = ds.richAddress
    const page = await core.getUTXOs(node, { addresses: [rich.cChain], sourceChain: 'X', limit: 10 })
    expect(page.numFetched).toBe('10')
    expect(page.utxos).toHaveLength(10)
    const next = await core.getUTXOs(node, { addresses: [rich.cChain], sourceChain: 'X', limit: 10, startIndex: page.endIndex })
    // real nodes repeat the startIndex UTXO first on the next page
    expect(next.utxos[0]).toBe(page.utxos[9])

    const { bytes } = buildSignedImport(ds, { utxos: signerUtxos(ds).slice(6, 7) })
    const { txID } = await core.issueTx(node, { tx: encodeHexChecksum(bytes) })
    expect((await core.getAtomicTxStatus(node, { txID })).status).toMatch(/^(Processing|Accepted)$/)
    const tx = await core.getAtomicTx(node, { txID })
    expect(tx.tx).toBe(encodeHexChecksum(bytes))

    const accepted = ds.transactions.find((t) => t.chain === 'C')!
    expect(await core.getAtomicTxStatus(node, { txID: accepted.txHash })).toEqual({ status: 'Accepted', blockHeight: accepted.blockNumber.toString() })
    expect((await core.getAtomicTx(node, { txID: accepted.txHash })).blockHeight).toBe(accepted.blockNumber.toString())
    // removed in avalanchego v1.14.1: current nodes answer gorilla's "can't find method"
    const gone = await rejection(core.version(node, {}))
    expect(gone.code).toBe('RPC')
    expect(gone.message + JSON.stringify(gone.details)).toMatch(/can't find method/)
  })
})

describe('admin against the sim: dot names as a real node (default), the spec names when switched', () => {
  beforeEach(() => admin.forgetAdminNaming())

  /** every method once; a real method error is passed on without a fallback, and the naming stays */
  const everyMethod = async (naming: 'dot' | 'spec') => {
    expect(await admin.startCPUProfiler(node, {})).toEqual({})
    expect(admin.adminNamingOf(node.admin)).toBe(naming)
    const again = await rejection(admin.startCPUProfiler(node, {}))
    expect(again.code).toBe('RPC')
    expect(again.message + JSON.stringify(again.details)).toMatch(/already running/)
    expect(admin.adminNamingOf(node.admin)).toBe(naming)
    expect(await admin.stopCPUProfiler(node, {})).toEqual({})
    expect(await admin.memoryProfile(node, {})).toEqual({})
    expect(await admin.lockProfile(node, {})).toEqual({})
    expect(await admin.setLogLevel(node, { level: 'debug' })).toEqual({})
    const { config } = await admin.getVMConfig(node, {})
    expect(config['log-level']).toBe('debug')
    await admin.setLogLevel(node, { level: 'info' })
  }

  it('every method against the sim as started, which routes only the dot names (the fallback finds them)', () => everyMethod('dot'))

  it('every method with the spec names, the sim switched to them (/__sim/config adminNames "spec")', async () => {
    sim.setConfig({ adminNames: 'spec' })
    try {
      await everyMethod('spec')
    } finally {
      sim.setConfig({ adminNames: 'dot' })
    }
  })
})

describe('info and health', () => {
  it('info: getNodeID, getNodeVersion, isBootstrapped, peers', async () => {
    const ds = sim.dataset
    const id = await info.getNodeID(node, {})
    expect(id.nodeID).toBe(ds.nodes.self)
    expect(id.nodePOP?.publicKey).toMatch(/^0x/)
    const v = await info.getNodeVersion(node, {})
    expect(v.version).toMatch(/^avalanchego\//)
    expect(v.rpcProtocolVersion).toMatch(/^\d+$/)
    expect(await info.isBootstrapped(node, { chain: 'C' })).toEqual({ isBootstrapped: true })
    const all = await info.peers(node, {})
    expect(all.numPeers).toBe(String(all.peers.length))
    expect(all.peers.length).toBeGreaterThan(0)
    const one = await info.peers(node, { nodeIDs: [all.peers[0]!.nodeID] })
    expect(one.peers.map((p) => p.nodeID)).toEqual([all.peers[0]!.nodeID])
  })

  it('health: health, readiness, liveness', async () => {
    const h = await health.health(node, {})
    expect(h.healthy).toBe(true)
    expect(Object.keys(h.checks)).toContain('network')
    expect(h.checks.network!.error).toBeUndefined()
    const r = await health.readiness(node, { tags: [] })
    expect(Object.keys(r.checks)).toEqual(['bootstrapped'])
    expect(await health.liveness(node, {})).toEqual({ checks: {}, healthy: true })
  })

  it('health: a failing check gives its error as text', async () => {
    sim.setConfig({ unhealthy: 'network' })
    try {
      const h = await health.health(node, {})
      expect(h.healthy).toBe(false)
      expect(h.checks.network!.error).toMatch(/network layer is unhealthy/)
      expect(h.checks.network!.contiguousFailures).toBeGreaterThanOrEqual(1)
    } finally {
      sim.setConfig({ unhealthy: null })
    }
  })
})

describe('evm (viem over our transport)', () => {
  it('chainId, netVersion, blockNumber, getBlock, baseFee, maxPriorityFeePerGas, getChainConfig', async () => {
    expect(await evm.chainId(node)).toBe(43114)
    expect(await evm.netVersion(node)).toBe('43114')
    const height = await evm.blockNumber(node)
    expect(typeof height).toBe('bigint')
    const latest = await evm.getBlock(node)
    expect(latest.number).toBe(height)
    expect(latest.transactions.every((t) => typeof t === 'string')).toBe(true)
    const genesis = await evm.getBlock(node, { blockNumber: 0n })
    expect(genesis.number).toBe(0n)
    expect(typeof (await evm.baseFee(node))).toBe('bigint')
    expect(typeof (await evm.maxPriorityFeePerGas(node))).toBe('bigint')
    expect((await evm.getChainConfig(node)).chainId).toBe(43114)
  })

  it('another EVM instance by its endpoint (/ext/bc/{blockchainID}/rpc)', async () => {
    const other = new JsonRpcHttpEndpoint({ url: `${sim.nodeUrl}/ext/bc/${sim.dataset.params.cChainId}/rpc`, service: 'EVM RPC' })
    expect(await evm.chainId(other)).toBe(43114)
  })

  it('a block that does not exist is NOT_FOUND', async () => {
    const e = await rejection(evm.getBlock(node, { blockNumber: 10n ** 12n }))
    expect(e.code).toBe('NOT_FOUND')
  })

  it("the transport's AppError comes out of viem's wrappers as it went in", async () => {
    const thrown = new AppError('RPC', 'The C-Chain RPC answered with an error', { rpcCode: -32000, method: 'eth_chainId', upstreamMessage: 'boom' })
    const failing: JsonRpcEndpoint = { service: 'C-Chain RPC', endpoint: 'http://x/ext/bc/C/rpc', request: () => Promise.reject(thrown) }
    expect(await rejection(evm.chainId(failing))).toBe(thrown)
    expect(await rejection(evm.getBlock(failing))).toBe(thrown)
    // through the real transport: a chain the node does not serve (plain-text 404) is still an AppError
    const missing = new JsonRpcHttpEndpoint({ url: `${sim.nodeUrl}/ext/bc/2NbS4dwGaf2p1MaXb65PrkZdXRwmSX4ZzGnUu7jm3aykgThuZE/rpc`, service: 'EVM RPC' })
    const e = await rejection(evm.chainId(missing))
    expect(e.message).not.toMatch(/viem|Version: /)
  })

  it('an answer viem cannot use is UPSTREAM_INVALID, never a viem error', async () => {
    const garbage: JsonRpcEndpoint = { service: 'C-Chain RPC', endpoint: 'http://x/ext/bc/C/rpc', request: async () => 'not hex' }
    expect((await rejection(evm.blockNumber(garbage))).code).toBe('UPSTREAM_INVALID')
    expect((await rejection(evm.baseFee(garbage))).code).toBe('UPSTREAM_INVALID')
    expect((await rejection(evm.netVersion(garbage))).code).toBe('UPSTREAM_INVALID')
  })
})

// ---- the admin fallback against a node that routes only the dot names --------------------------------

interface AdminCall {
  method: string
  params: unknown
}

/** the fake nodes of this file, closed after each test */
const serve = localServers()

/**
 * A tiny gorilla-style admin endpoint: `routes` says which spelling it knows. Unknown spellings get what a
 * real node sends (-32000, data null, HTTP 200). startCPUProfiler twice is a real method error.
 */
async function fakeAdminNode(routes: 'dot' | 'spec', opts: { successReply?: boolean } = {}): Promise<{ url: string; seen: AdminCall[] }> {
  const seen: AdminCall[] = []
  let profiling = false
  const methods: Record<string, () => unknown> = {
    startCPUProfiler: () => {
      if (profiling) throw new Error('CPU profiler already running')
      profiling = true
      return {}
    },
    stopCPUProfiler: () => {
      if (!profiling) throw new Error("cpu profiler doesn't exist")
      profiling = false
      return {}
    },
    memoryProfile: () => ({}),
    lockProfile: () => ({}),
    setLogLevel: () => ({}),
    getVMConfig: () => ({ config: { 'log-level': 'info' } })
  }
  const server = await serve((_req, res, request) => {
    const body = JSON.parse(request.body)
    const reply = (x: unknown) => {
      const text = JSON.stringify(x)
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
      res.end(text)
    }
    if (Array.isArray(body)) return reply({ jsonrpc: '2.0', error: { code: -32700, message: 'json: cannot unmarshal array into Go value of type json2.serverRequest', data: null }, id: null })
    const { id, method, params } = body as { id: unknown; method: string; params: unknown }
    seen.push({ method, params })
    const error = (message: string) => reply({ jsonrpc: '2.0', error: { code: -32000, message, data: null }, id })
    let name: string | undefined
    if (routes === 'dot') {
      if (!method.includes('.')) return error(`rpc: service/method request ill-formed: "${method}"`)
      name = method.slice('admin.'.length)
    } else {
      if (method.includes('.')) return error(`rpc: can't find method "${method}"`)
      name = method.slice('admin_'.length)
    }
    const fn = methods[name]
    if (!fn) return error(`rpc: can't find method "admin.${name}"`)
    try {
      const result = fn()
      reply({ jsonrpc: '2.0', result: opts.successReply && name !== 'getVMConfig' ? { success: true } : result, id })
    } catch (e) {
      error((e as Error).message)
    }
  })
  return { url: server.origin, seen }
}

describe('admin name fallback (a node that routes only admin.x, as avalanchego does)', () => {
  beforeEach(() => admin.forgetAdminNaming())

  it('switches to the dot name once, remembers it, and sends the params as the node wants them', async () => {
    const fake = await fakeAdminNode('dot')
    const apis = nodeApis(fake.url)
    expect(await admin.startCPUProfiler(apis, {})).toEqual({})
    expect(fake.seen).toEqual([
      { method: 'admin_startCPUProfiler', params: [] },
      { method: 'admin.startCPUProfiler', params: {} }
    ])
    expect(admin.adminNamingOf(apis.admin)).toBe('dot')

    fake.seen.length = 0
    expect(await admin.stopCPUProfiler(apis, {})).toEqual({})
    expect(await admin.setLogLevel(apis, { level: 'debug' })).toEqual({})
    expect((await admin.getVMConfig(apis, {})).config['log-level']).toBe('info')
    expect(fake.seen).toEqual([
      { method: 'admin.stopCPUProfiler', params: {} },
      { method: 'admin.setLogLevel', params: { level: 'debug' } },
      { method: 'admin.getVMConfig', params: {} }
    ])

    // remembered per endpoint: a fresh NodeApis for the same node goes straight to the dot name
    fake.seen.length = 0
    await admin.memoryProfile(nodeApis(fake.url), {})
    expect(fake.seen.map((s) => s.method)).toEqual(['admin.memoryProfile'])
  })

  it('a genuine error of the method does not trigger the fallback', async () => {
    const fake = await fakeAdminNode('dot')
    const apis = nodeApis(fake.url)
    await admin.startCPUProfiler(apis, {})
    fake.seen.length = 0
    const e = await rejection(admin.startCPUProfiler(apis, {}))
    expect(e.code).toBe('RPC')
    expect((e.details as { upstreamMessage: string }).upstreamMessage).toBe('CPU profiler already running')
    expect(fake.seen.map((s) => s.method)).toEqual(['admin.startCPUProfiler'])
    await admin.stopCPUProfiler(apis, {})
  })

  it('on a node that routes the spec names, a method error is final at once (one request)', async () => {
    const fake = await fakeAdminNode('spec')
    const apis = nodeApis(fake.url)
    const e = await rejection(admin.stopCPUProfiler(apis, {}))
    expect((e.details as { upstreamMessage: string }).upstreamMessage).toBe("cpu profiler doesn't exist")
    expect(fake.seen).toEqual([{ method: 'admin_stopCPUProfiler', params: [] }])
    expect(admin.adminNamingOf(apis.admin)).toBe('spec')
    expect(await admin.setLogLevel(apis, { level: 'warn' })).toEqual({})
    expect(fake.seen.at(-1)).toEqual({ method: 'admin_setLogLevel', params: [{ level: 'warn' }] })
  })

  it('an old node answering {"success": true} is read as {}', async () => {
    const fake = await fakeAdminNode('dot', { successReply: true })
    const apis = nodeApis(fake.url)
    expect(await admin.lockProfile(apis, {})).toEqual({})
    expect(await admin.setLogLevel(apis, { level: 'info' })).toEqual({})
  })

  it('a method neither spelling knows ends with the node’s own "can\'t find method" error', async () => {
    const fake = await fakeAdminNode('dot')
    const apis = nodeApis(fake.url)
    const bogus = admin.defineAdminMethod({ name: 'noSuchThing', effect: 'node', params: admin.lockProfile.decl.params, result: admin.lockProfile.decl.result })
    const e = await rejection(bogus(apis, {}))
    expect(e.code).toBe('RPC')
    expect((e.details as { upstreamMessage: string }).upstreamMessage).toMatch(/can't find method "admin.noSuchThing"/)
    expect(fake.seen.map((s) => s.method)).toEqual(['admin_noSuchThing', 'admin.noSuchThing'])
  })
})
