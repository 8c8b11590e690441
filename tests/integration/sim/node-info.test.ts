/**
 * Conformance of the sim node's info API (/ext/info) and health API (/ext/health): result shapes as
 * avalanchego sends them (avajson integers as decimal strings, gorilla -32000 errors with data null),
 * peers filtering and determinism, the plain GET health reports (200/503) and the /__sim/config
 * switches (infoApi, healthApi, unhealthy) with their 400 answers.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { post, rpc, startTestSim } from './node-helpers'
import type { Sim } from './node-helpers'
import { startSim } from '../../sim/index'
import { Dataset, PRIMARY_NETWORK_ID } from '../../sim/dataset'
import { generateCached } from '../../sim/dataset/disk-cache'
import { infoMethods } from '../../sim/node/info'

let sim: Sim
beforeAll(async () => {
  sim = await startTestSim()
})
afterAll(async () => {
  await sim?.stop()
})

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/
const UINT = /^\d+$/
const INVALID_ARGUMENT = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls"
const gorillaError = (message: string) => ({ code: -32000, message, data: null })
const clockMs = () => sim.dataset.now * 1000

async function config(body: string | object): Promise<{ status: number; json: any }> {
  const res = await fetch(`${sim.nodeUrl}/__sim/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })
  return { status: res.status, json: await res.json() }
}

async function get(path: string): Promise<{ status: number; type: string | null; text: string; json: () => any }> {
  const res = await fetch(`${sim.nodeUrl}${path}`)
  const text = await res.text()
  return { status: res.status, type: res.headers.get('content-type'), text, json: () => JSON.parse(text) }
}

/** the chains of the subnets the node tracks (status Validating/Syncing outside the Primary Network) */
const trackedChains = () => sim.dataset.blockchains.filter((b) => b.subnetId !== PRIMARY_NETWORK_ID && (b.status === 'Validating' || b.status === 'Syncing'))

function expectCheckShape(check: any, failing = false) {
  expect(check.timestamp).toMatch(RFC3339)
  expect(Number.isInteger(check.duration) && check.duration > 0).toBe(true)
  if (failing) {
    expect(typeof check.error).toBe('string')
    expect(check.contiguousFailures).toBeGreaterThanOrEqual(1)
    expect(check.timeOfFirstFailure).toMatch(RFC3339)
  } else {
    expect(check).not.toHaveProperty('error')
    expect(check).not.toHaveProperty('contiguousFailures')
    expect(check).not.toHaveProperty('timeOfFirstFailure')
  }
}

describe('info API', () => {
  it("'info.getNodeID' is the data set's own validator with its BLS key and proof of possession", async () => {
    const r = (await rpc(sim, '/ext/info', 'info.getNodeID')).result
    expect(Object.keys(r)).toEqual(['nodeID', 'nodePOP'])
    expect(r.nodeID).toBe(sim.dataset.nodes.self)
    expect(r.nodePOP.publicKey).toMatch(/^0x[0-9a-f]{96}$/)
    expect(r.nodePOP.proofOfPossession).toMatch(/^0x[0-9a-f]{192}$/)
    const v = (await rpc(sim, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [r.nodeID] })).result.validators[0]
    expect(v.signer.publicKey).toBe(r.nodePOP.publicKey)
    expect(v.signer.proofOfPossession).toBe(r.nodePOP.proofOfPossession)
    // gorilla params: none, {}, or a one-element array
    expect((await post(`${sim.nodeUrl}/ext/info`, { jsonrpc: '2.0', id: 7, method: 'info.getNodeID' })).json().result.nodeID).toBe(r.nodeID)
    expect((await rpc(sim, '/ext/info', 'info.getNodeID', [{}])).result.nodeID).toBe(r.nodeID)
  })

  it("'info.getNodeVersion' has avalanchego's field set, rpcProtocolVersion as a decimal string", async () => {
    const r = (await rpc(sim, '/ext/info', 'info.getNodeVersion')).result
    expect(Object.keys(r)).toEqual(['version', 'databaseVersion', 'rpcProtocolVersion', 'gitCommit', 'vmVersions'])
    expect(r.version).toMatch(/^avalanchego\/1\.13\.\d+$/)
    expect(r.databaseVersion).toBe('v1.4.5')
    expect(typeof r.rpcProtocolVersion).toBe('string')
    expect(r.rpcProtocolVersion).toMatch(UINT)
    expect(r.gitCommit).toMatch(/^[0-9a-f]{40}$/)
    expect(r.vmVersions.avm).toMatch(/^v1\.13\.\d+$/)
    expect(r.vmVersions.platform).toMatch(/^v1\.13\.\d+$/)
    expect(r.vmVersions.evm).toMatch(/^v0\.15\.\d+$/)
  })

  it("'info.isBootstrapped' takes aliases and chain IDs; unknown or missing chain is a -32000 error", async () => {
    const p = sim.dataset.params
    const tracked = trackedChains()
    expect(tracked.length).toBeGreaterThan(0)
    for (const chain of ['P', 'X', 'C', 'platform', 'avm', 'evm', p.pChainId, p.xChainId, p.cChainId, tracked[0]!.blockchainId]) {
      expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', { chain })).result, chain).toEqual({ isBootstrapped: true })
    }
    expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', [{ chain: 'X' }])).result).toEqual({ isBootstrapped: true })
    const unknown = await rpc(sim, '/ext/info', 'info.isBootstrapped', { chain: 'Q' })
    expect(unknown).toEqual({ jsonrpc: '2.0', error: gorillaError("there is no chain with alias/ID 'Q'"), id: 1 })
    // a chain that exists on the P-Chain but that this node does not run
    const untracked = sim.dataset.blockchains.find((b) => b.status === 'Created')!.blockchainId
    expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', { chain: untracked })).error).toEqual(gorillaError(`there is no chain with alias/ID '${untracked}'`))
    expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', {})).error).toEqual(gorillaError("argument 'chain' not given"))
    expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', { chain: '' })).error).toEqual(gorillaError("argument 'chain' not given"))
    expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', { chain: 5 })).error).toEqual(gorillaError(INVALID_ARGUMENT))
  })

  it("'info.peers' lists ~25 connected validators with string integers and RFC3339 times", async () => {
    const r = (await rpc(sim, '/ext/info', 'info.peers')).result
    expect(Object.keys(r)).toEqual(['numPeers', 'peers'])
    expect(r.numPeers).toMatch(UINT)
    expect(Number(r.numPeers)).toBe(r.peers.length)
    expect(r.peers.length).toBeGreaterThanOrEqual(20)
    expect(r.peers.length).toBeLessThanOrEqual(30)
    const connected = new Set(sim.dataset.validators.filter((v) => v.connected).map((v) => v.nodeID))
    const ids = r.peers.map((x: any) => x.nodeID)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).not.toContain(sim.dataset.nodes.self)
    const chainIds = new Set([sim.dataset.params.pChainId, sim.dataset.params.xChainId, sim.dataset.params.cChainId, ...sim.dataset.blockchains.map((b) => b.blockchainId)])
    for (const x of r.peers) {
      expect(Object.keys(x).sort()).toEqual(
        ['benched', 'ip', 'lastReceived', 'lastSent', 'nodeID', 'objectedACPs', 'observedSubnetUptimes', 'observedUptime', 'publicIP', 'supportedACPs', 'trackedSubnets', 'version'],
      )
      expect(connected.has(x.nodeID)).toBe(true)
      expect(x.ip).toMatch(/^\d{1,3}(\.\d{1,3}){3}:\d+$/)
      expect(x.publicIP).toMatch(/^\d{1,3}(\.\d{1,3}){3}:\d+$/)
      expect(x.version).toMatch(/^avalanchego\/1\.\d+\.\d+$/)
      expect(x.lastSent).toMatch(RFC3339)
      expect(x.lastReceived).toMatch(RFC3339)
      expect(Date.parse(x.lastReceived)).toBeLessThanOrEqual(clockMs())
      expect(x.observedUptime).toMatch(UINT)
      expect(Number(x.observedUptime)).toBeLessThanOrEqual(100)
      for (const u of Object.values(x.observedSubnetUptimes)) expect(u).toMatch(UINT)
      for (const s of x.trackedSubnets) expect(sim.dataset.subnetById(s)).toBeDefined()
      for (const a of [...x.supportedACPs, ...x.objectedACPs]) expect(Number.isInteger(a)).toBe(true)
      for (const b of x.benched) expect(chainIds.has(b)).toBe(true)
    }
    const recent = r.peers.filter((x: any) => clockMs() - Date.parse(x.lastReceived) < 5_000)
    expect(recent.length).toBeGreaterThan(r.peers.length / 2)
    expect(r.peers.filter((x: any) => clockMs() - Date.parse(x.lastReceived) > 60_000).length).toBeGreaterThanOrEqual(1)
    expect(r.peers.filter((x: any) => x.benched.length > 0).length).toBeGreaterThanOrEqual(2)
    expect(r.peers.some((x: any) => x.trackedSubnets.length > 0)).toBe(true)
  })

  it("'info.peers' filters by nodeIDs; an unknown node is omitted, a malformed one is an invalid argument", async () => {
    const all = (await rpc(sim, '/ext/info', 'info.peers', { nodeIDs: [] })).result.peers
    expect(all.length).toBeGreaterThan(2)
    const wanted = [all[2].nodeID, all[0].nodeID]
    const r = (await rpc(sim, '/ext/info', 'info.peers', { nodeIDs: [...wanted, sim.dataset.nodes.notValidator] })).result
    expect(r.numPeers).toBe('2')
    expect(r.peers.map((x: any) => x.nodeID).sort()).toEqual([...wanted].sort())
    expect(r.peers.find((x: any) => x.nodeID === all[0].nodeID)).toEqual(all[0])
    const none = (await rpc(sim, '/ext/info', 'info.peers', { nodeIDs: [sim.dataset.nodes.notValidator] })).result
    expect(none).toEqual({ numPeers: '0', peers: [] })
    expect((await rpc(sim, '/ext/info', 'info.peers', { nodeIDs: ['NodeID-nope'] })).error).toEqual(gorillaError(INVALID_ARGUMENT))
    expect((await rpc(sim, '/ext/info', 'info.peers', { nodeIDs: 'x' })).error).toEqual(gorillaError(INVALID_ARGUMENT))
  })

  it("'info.peers' is deterministic: same seed, same peers; another seed, other peers", async () => {
    const first = (await rpc(sim, '/ext/info', 'info.peers')).result
    expect((await rpc(sim, '/ext/info', 'info.peers')).result).toEqual(first)
    const deps = (ds: Dataset) => ({ now: () => ds.now * 1000, isBootstrapped: () => true, connected: () => true })
    // Data sets of their own, over one more copy of the sim's generated data (read from the disk cache; that two
    // generations of a seed are equal is node-determinism.test.ts's): the peers are a function of the seed and
    // the data, nothing else; and with the very same validators, another seed picks other peers.
    const generated = generateCached(sim.dataset.seed, 'mainnet')
    const fresh = new Dataset(sim.dataset.seed, 'mainnet', generated)
    expect(await infoMethods(fresh, deps(fresh)).peers!({})).toEqual(first)
    const other = new Dataset(sim.dataset.seed + 1, 'mainnet', generated)
    const otherPeers = ((await infoMethods(other, deps(other)).peers!({})) as { peers: { nodeID: string }[] }).peers
    expect(otherPeers.map((x) => x.nodeID)).not.toEqual(first.peers.map((x: any) => x.nodeID))
  })

  it('unknown info methods answer gorilla\'s "can\'t find method"', async () => {
    expect((await rpc(sim, '/ext/info', 'info.noSuchThing')).error).toEqual(gorillaError('rpc: can\'t find method "info.NoSuchThing"'))
  })
})

describe('health API', () => {
  it("'health.health' reports every check, healthy, in avalanchego's result shape", async () => {
    const r = (await rpc(sim, '/ext/health', 'health.health')).result
    expect(Object.keys(r)).toEqual(['checks', 'healthy'])
    expect(r.healthy).toBe(true)
    const names = Object.keys(r.checks)
    expect(names).toEqual(expect.arrayContaining(['C', 'P', 'X', 'bootstrapped', 'network', 'database', 'diskspace', 'router']))
    expect(names).toEqual(expect.arrayContaining(trackedChains().map((b) => b.blockchainId)))
    expect(names).toEqual([...names].sort())
    for (const name of names) expectCheckShape(r.checks[name])
    const pTip = sim.dataset.pBlocks.at(-1)!
    expect(r.checks.P.message.engine.consensus).toEqual({ lastAcceptedHeight: Number(pTip.height), lastAcceptedID: pTip.blockId, longestProcessingBlock: '0s', processingBlocks: 0 })
    expect(r.checks.P.message.networking.percentConnected).toBeGreaterThan(0.8)
    expect(Number.isInteger(r.checks.C.message.engine.consensus.lastAcceptedHeight)).toBe(true)
    expect(r.checks.bootstrapped.message).toEqual([])
    expect(r.checks.database).not.toHaveProperty('message')
    expect(Number.isInteger(r.checks.diskspace.message.availableDiskBytes)).toBe(true)
    expect(r.checks.network.message.connectedPeers).toBe(Number((await rpc(sim, '/ext/info', 'info.peers')).result.numPeers))
    expect(r.checks.router.message).toHaveProperty('outstandingRequests')
  })

  it("'health.health' tags select chain checks by subnet ID; application checks always come", async () => {
    const app = ['bootstrapped', 'database', 'diskspace', 'network', 'router']
    const byTags = async (tags: string[]) => Object.keys((await rpc(sim, '/ext/health', 'health.health', { tags })).result.checks)
    expect(await byTags(['unrelated'])).toEqual(app)
    expect(await byTags([PRIMARY_NETWORK_ID])).toEqual(['C', 'P', 'X', ...app])
    const subnet = trackedChains()[0]!.subnetId
    const chains = trackedChains().filter((b) => b.subnetId === subnet).map((b) => b.blockchainId)
    expect(await byTags([subnet])).toEqual([...chains, ...app].sort())
    expect((await rpc(sim, '/ext/health', 'health.health', { tags: 'x' })).error).toEqual(gorillaError(INVALID_ARGUMENT))
  })

  it("'health.readiness' is the bootstrapped check; 'health.liveness' has none", async () => {
    const ready = (await rpc(sim, '/ext/health', 'health.readiness')).result
    expect(Object.keys(ready.checks)).toEqual(['bootstrapped'])
    expect(ready.healthy).toBe(true)
    expectCheckShape(ready.checks.bootstrapped)
    expect((await rpc(sim, '/ext/health', 'health.liveness')).result).toEqual({ checks: {}, healthy: true })
    expect((await rpc(sim, '/ext/health', 'health.getLiveness')).error).toEqual(gorillaError('rpc: can\'t find method "health.GetLiveness"'))
  })

  it('GET /ext/health and its sub-paths answer the reply itself (no JSON-RPC envelope) with 200', async () => {
    const full = await get('/ext/health')
    expect(full.status).toBe(200)
    expect(full.type).toMatch(/^application\/json/)
    expect(full.text.endsWith('\n')).toBe(true)
    expect(full.json()).toEqual((await rpc(sim, '/ext/health', 'health.health')).result)
    expect((await get('/ext/health/health')).json()).toEqual(full.json())
    const ready = await get('/ext/health/readiness')
    expect(ready.status).toBe(200)
    expect(Object.keys(ready.json().checks)).toEqual(['bootstrapped'])
    expect((await get('/ext/health/liveness')).json()).toEqual({ checks: {}, healthy: true })
    expect(Object.keys((await get('/ext/health?tag=unrelated')).json().checks)).toEqual(['bootstrapped', 'database', 'diskspace', 'network', 'router'])
  })
})

describe('/__sim/config switches', () => {
  it('unhealthy "network" fails that check: GET 503, healthy false, error string, failure counters, no peers', async () => {
    expect(await config({ unhealthy: 'network' })).toEqual({ status: 200, json: { debugApi: true, infoApi: true, healthApi: true, unhealthy: 'network' } })
    try {
      const g = await get('/ext/health')
      expect(g.status).toBe(503)
      const body = g.json()
      expect(body.healthy).toBe(false)
      expectCheckShape(body.checks.network, true)
      expect(body.checks.network.error).toMatch(/^network layer is unhealthy reason: /)
      expect(body.checks.network.contiguousFailures).toBe(1)
      for (const name of Object.keys(body.checks).filter((n) => n !== 'network')) expectCheckShape(body.checks[name])
      // JSON-RPC still answers 200 with the same report
      const viaRpc = await post(`${sim.nodeUrl}/ext/health`, { jsonrpc: '2.0', id: 1, method: 'health.health' })
      expect(viaRpc.status).toBe(200)
      expect(viaRpc.json().result).toEqual(body)
      // readiness does not include the network check
      expect((await get('/ext/health/readiness')).status).toBe(200)
      expect((await rpc(sim, '/ext/info', 'info.peers')).result).toEqual({ numPeers: '0', peers: [] })
    } finally {
      expect((await config({ unhealthy: null })).json.unhealthy).toBeNull()
    }
    expect((await get('/ext/health')).status).toBe(200)
    expect(Number((await rpc(sim, '/ext/info', 'info.peers')).result.numPeers)).toBeGreaterThan(0)
  })

  it('unhealthy "bootstrapped" leaves the C-Chain bootstrapping: readiness 503, isBootstrapped C false', async () => {
    await config({ unhealthy: 'bootstrapped' })
    try {
      const ready = await get('/ext/health/readiness')
      expect(ready.status).toBe(503)
      expect(ready.json().checks.bootstrapped.error).toBe('subnets not bootstrapped')
      expect(ready.json().checks.bootstrapped.message).toEqual([PRIMARY_NETWORK_ID])
      expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', { chain: 'C' })).result).toEqual({ isBootstrapped: false })
      expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', { chain: 'P' })).result).toEqual({ isBootstrapped: true })
    } finally {
      await config({ unhealthy: null })
    }
    expect((await rpc(sim, '/ext/info', 'info.isBootstrapped', { chain: 'C' })).result).toEqual({ isBootstrapped: true })
  })

  it('a chain check can fail too', async () => {
    await config({ unhealthy: 'C' })
    try {
      const r = (await rpc(sim, '/ext/health', 'health.health', { tags: [PRIMARY_NETWORK_ID] })).result
      expect(r.healthy).toBe(false)
      expectCheckShape(r.checks.C, true)
      expect(r.checks.C.error).toMatch(/^not connected to enough stake/)
      expect((await rpc(sim, '/ext/health', 'health.health', { tags: ['unrelated'] })).result.healthy).toBe(true)
    } finally {
      await config({ unhealthy: null })
    }
  })

  it('infoApi / healthApi false: the paths answer 404 like an unknown route, and come back', async () => {
    const notFound = (r: { status: number; type: string | null; text: string }) => {
      expect(r.status).toBe(404)
      expect(r.type).toMatch(/^text\/plain/)
      expect(r.text).toBe('404 page not found\n')
    }
    expect((await config({ infoApi: false, healthApi: false })).json).toMatchObject({ infoApi: false, healthApi: false })
    try {
      const info = await fetch(`${sim.nodeUrl}/ext/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getNodeID' }) })
      notFound({ status: info.status, type: info.headers.get('content-type'), text: await info.text() })
      const health = await fetch(`${sim.nodeUrl}/ext/health`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'health.health' }) })
      notFound({ status: health.status, type: health.headers.get('content-type'), text: await health.text() })
      for (const path of ['/ext/health', '/ext/health/health', '/ext/health/readiness', '/ext/health/liveness']) notFound(await get(path))
      // other APIs are untouched
      expect((await rpc(sim, '/ext/bc/P', 'platform.getCurrentSupply')).result.supply).toMatch(UINT)
    } finally {
      await config({ infoApi: true, healthApi: true })
    }
    expect((await rpc(sim, '/ext/info', 'info.getNodeID')).result.nodeID).toBe(sim.dataset.nodes.self)
    expect((await get('/ext/health')).status).toBe(200)
  })

  it('answers 400 with a JSON message on a body that is not JSON or has wrong types, and changes nothing', async () => {
    const before = await (await fetch(`${sim.nodeUrl}/__sim/config`)).json()
    expect(before).toEqual({ debugApi: true, infoApi: true, healthApi: true, unhealthy: null })
    for (const body of ['not json', '[1]', 'null', '"x"', { infoApi: 'no' }, { healthApi: 1 }, { debugApi: null }, { unhealthy: 5 }, { unhealthy: 'nope' }, { infoApi: false, unhealthy: 'nope' }, { bogus: true }]) {
      const r = await config(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(typeof r.json.message).toBe('string')
    }
    expect(await (await fetch(`${sim.nodeUrl}/__sim/config`)).json()).toEqual(before)
  })

  it('Sim.setConfig switches the same things; setDebugApi keeps working', async () => {
    expect(sim.setConfig({ unhealthy: 'diskspace' })).toMatchObject({ unhealthy: 'diskspace' })
    expect((await get('/ext/health')).status).toBe(503)
    expect(sim.setConfig({ unhealthy: null }).unhealthy).toBeNull()
    expect(() => sim.setConfig({ unhealthy: 'nope' })).toThrow(/unknown health check/)
    sim.setDebugApi(false)
    expect(sim.setConfig({}).debugApi).toBe(false)
    sim.setDebugApi(true)
    expect(sim.setConfig({}).debugApi).toBe(true)
  })

  it('node faults apply to the new paths', async () => {
    sim.faults.add({ service: 'node', kind: 'status503', match: 'info.getNodeVersion', count: 1 })
    expect((await post(`${sim.nodeUrl}/ext/info`, { jsonrpc: '2.0', id: 1, method: 'info.getNodeVersion' })).status).toBe(503)
    expect((await rpc(sim, '/ext/info', 'info.getNodeVersion')).result.version).toMatch(/^avalanchego\//)
    sim.faults.add({ service: 'node', kind: 'status503', match: '/ext/health/liveness', count: 1 })
    expect((await get('/ext/health/liveness')).status).toBe(503)
    expect((await get('/ext/health/liveness')).status).toBe(200)
  })
})

describe('SimOptions infoApi / healthApi', () => {
  it('a sim started with both off answers 404 on /ext/info and /ext/health', async () => {
    const off = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, infoApi: false, healthApi: false })
    try {
      expect((await fetch(`${off.nodeUrl}/ext/health`)).status).toBe(404)
      const info = await post(`${off.nodeUrl}/ext/info`, { jsonrpc: '2.0', id: 1, method: 'info.getNodeID' })
      expect(info.status).toBe(404)
      expect(info.text).toBe('404 page not found\n')
      expect(off.setConfig({})).toEqual({ debugApi: true, infoApi: false, healthApi: false, unhealthy: null })
    } finally {
      await off.stop()
    }
  })
})
