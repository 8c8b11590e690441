/**
 * The sim knobs the watch's alert rules are tested with (issue 17 item 7), each set through POST
 * /__sim/config (or Sim.setConfig) and seen through the node's own APIs as a client sees them: a node
 * that hangs or closes connections while /__sim/* keeps answering, failing health checks with
 * avalanchego's error shape, a lagging version and few peers, stakes that end near the clock, validators
 * out of the set, L1 balances with the continuous fee (platform.getValidatorFeeState), and /ext/metrics
 * in Prometheus text (parsed with the parser the app uses) whose numbers follow the other knobs.
 */
import { createRequire } from 'node:module'
import { WebSocket } from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { post, rpc, startTestSim } from './node-helpers'
import type { Sim } from './node-helpers'
import type { NodeConfig } from '../../sim/index'
import { rfc3339 } from '../../sim/node/info'

/** what the parser returns (prom2json's shape), as far as these tests read it */
interface PromFamily {
  name: string
  help: string
  type: string
  metrics: { value: string; labels?: Record<string, string> }[]
}
const parsePrometheusTextFormat = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => PromFamily[]

let sim: Sim
beforeAll(async () => {
  sim = await startTestSim()
})
afterAll(async () => {
  await sim?.stop()
})

const DEFAULT_CONFIG = { debugApi: true, infoApi: true, healthApi: true, unhealthy: null }
const RESET: Partial<NodeConfig> = {
  unresponsive: null,
  unhealthy: null,
  failingHealthChecks: [],
  nodeVersion: null,
  peerVersions: null,
  numPeers: null,
  stakeEndsIn: null,
  removedValidators: [],
  l1Balances: null,
  validatorFeePrice: null,
  metricsApi: true,
  metricsNames: 'current',
  processCpu: null,
  processMemoryBytes: null,
  polls: null,
  rejectedBlocks: null,
  disk: null,
}
afterEach(async () => {
  sim.faults.clear()
  sim.validators.reset()
  expect(sim.setConfig(RESET)).toEqual(DEFAULT_CONFIG)
})

const nodes = () => sim.dataset.nodes

async function config(body: unknown): Promise<{ status: number; json: any }> {
  const r = await post(`${sim.nodeUrl}/__sim/config`, body)
  return { status: r.status, json: r.json() }
}

async function result(path: string, method: string, params: unknown = {}): Promise<any> {
  const body = await rpc(sim, path, method, params)
  expect(body.error, JSON.stringify(body.error)).toBeUndefined()
  return body.result
}

const peers = async (): Promise<any> => result('/ext/info', 'info.peers')
const validatorsOf = async (params: { nodeIDs?: string[]; subnetID?: string } = {}): Promise<any[]> => (await result('/ext/bc/P', 'platform.getCurrentValidators', params)).validators
const clock = () => sim.validators.state().now

async function health(): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sim.nodeUrl}/ext/health`)
  return { status: res.status, body: await res.json() }
}

/** GET /ext/metrics, parsed; values by family name (one sample) or by a label's value */
async function metrics(): Promise<{ families: Map<string, PromFamily>; value: (name: string, label?: [string, string]) => number }> {
  const res = await fetch(`${sim.nodeUrl}/ext/metrics`)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
  const families = new Map(parsePrometheusTextFormat(await res.text()).map((f) => [f.name, f]))
  const value = (name: string, label?: [string, string]) => {
    const f = families.get(name)
    expect(f, name).toBeDefined()
    const sample = label ? f!.metrics.find((m) => m.labels?.[label[0]] === label[1]) : f!.metrics[0]
    expect(sample, `${name} ${label?.join('=') ?? ''}`).toBeDefined()
    return Number(sample!.value)
  }
  return { families, value }
}

/** a request the node should not answer: aborted after `ms` */
const timesOut = (url: string, init: RequestInit = {}, ms = 400) => expect(fetch(url, { ...init, signal: AbortSignal.timeout(ms) })).rejects.toMatchObject({ name: 'TimeoutError' })
const rpcInit = (method: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }) })

function openWs(): Promise<WebSocket> {
  const ws = new WebSocket(`${sim.nodeUrl.replace('http', 'ws')}/ext/bc/C/ws`)
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

/** the next message on the socket, or 'none' after ms */
function nextMessage(ws: WebSocket, ms: number): Promise<any> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      ws.off('message', on)
      resolve('none')
    }, ms)
    const on = (data: Buffer) => {
      clearTimeout(timer)
      resolve(JSON.parse(data.toString()))
    }
    ws.once('message', on)
  })
}

describe('unresponsive: the node stops answering, /__sim/* does not', () => {
  it('"hang": requests are taken and never answered (JSON-RPC, health, metrics, websockets) until it is cleared', async () => {
    const ws = await openWs()
    try {
      expect((await config({ unresponsive: 'hang' })).json).toEqual({ ...DEFAULT_CONFIG, unresponsive: 'hang' })
      await timesOut(`${sim.nodeUrl}/ext/info`, rpcInit('info.getNodeID'))
      await timesOut(`${sim.nodeUrl}/ext/bc/P`, rpcInit('platform.getHeight'))
      await timesOut(`${sim.nodeUrl}/ext/health`)
      await timesOut(`${sim.nodeUrl}/ext/metrics`)
      // an open websocket stays open and says nothing; a new one never completes its handshake
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }))
      expect(await nextMessage(ws, 400)).toBe('none')
      expect(ws.readyState).toBe(WebSocket.OPEN)
      const pending = new WebSocket(`${sim.nodeUrl.replace('http', 'ws')}/ext/bc/C/ws`)
      const opened = await new Promise((resolve) => {
        pending.once('open', () => resolve(true))
        pending.once('error', () => resolve(false))
        setTimeout(() => resolve(false), 400)
      })
      expect(opened).toBe(false)
      pending.terminate()
      // the control endpoint answers all along
      expect(await (await fetch(`${sim.nodeUrl}/__sim/config`)).json()).toMatchObject({ unresponsive: 'hang' })
      expect((await config({ unresponsive: null })).json).toEqual(DEFAULT_CONFIG)
      expect((await result('/ext/info', 'info.getNodeID')).nodeID).toBe(nodes().self)
      expect((await health()).status).toBe(200)
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'eth_chainId', params: [] }))
      expect(await nextMessage(ws, 5_000)).toMatchObject({ id: 8, result: '0xa86a' })
    } finally {
      ws.terminate()
    }
  })

  it('"refuse": every connection is closed at once, open websockets too; Sim.setConfig brings it back', async () => {
    const ws = await openWs()
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()))
    sim.setConfig({ unresponsive: 'refuse' })
    await closed
    for (const [path, init] of [['/ext/info', rpcInit('info.getNodeID')], ['/ext/health', {}], ['/ext/metrics', {}], ['/ext/bc/C/rpc', rpcInit('eth_chainId')]] as const) {
      // Refused, not hung: a hang would end in the signal's TimeoutError (a DOMException), a closed connection is
      // fetch's TypeError, whatever the machine's speed (a bound in milliseconds only measured how busy it was).
      const err = await fetch(`${sim.nodeUrl}${path}`, { ...init, signal: AbortSignal.timeout(5_000) }).then(
        () => undefined,
        (e: unknown) => e as Error,
      )
      expect(err, path).toBeInstanceOf(TypeError)
    }
    await expect(openWs()).rejects.toBeDefined()
    expect(sim.setConfig({})).toEqual({ ...DEFAULT_CONFIG, unresponsive: 'refuse' })
    expect(sim.setConfig({ unresponsive: null })).toEqual(DEFAULT_CONFIG)
    expect((await result('/ext/info', 'info.getNodeID')).nodeID).toBe(nodes().self)
    ;(await openWs()).terminate()
  })

  it('refuses a mode it does not know', async () => {
    for (const body of [{ unresponsive: 'down' }, { unresponsive: true }]) {
      const r = await config(body)
      expect(r.status).toBe(400)
      expect(r.json.message).toMatch(/^config: unresponsive must be "hang" or "refuse", or null/)
    }
  })
})

describe('failingHealthChecks: checks fail with the error avalanchego writes for each', () => {
  it('health.health and GET /ext/health report them unhealthy beside unhealthy; [] leaves that one', async () => {
    expect((await config({ failingHealthChecks: ['network', 'C', 'database'] })).json).toEqual({ ...DEFAULT_CONFIG, failingHealthChecks: ['network', 'C', 'database'] })
    sim.setConfig({ unhealthy: 'diskspace' })
    const { status, body } = await health()
    expect(status).toBe(503)
    expect(body.healthy).toBe(false)
    const failing = Object.entries(body.checks).filter(([, c]: [string, any]) => c.error !== undefined).map(([n]) => n)
    expect(failing.sort()).toEqual(['C', 'database', 'diskspace', 'network'])
    expect(body.checks.network.error).toMatch(/^network layer is unhealthy reason: not connected to a minimum of 1 peer\(s\)/)
    expect(body.checks.C.error).toMatch(/^not connected to enough stake: connected to [\d.]+%; required at least 80\.000000%$/)
    expect(body.checks.database.error).toBe('closed')
    expect(body.checks.diskspace.error).toMatch(/^remaining available disk space \(\d+\) is below the warning threshold/)
    for (const name of failing) {
      expect(body.checks[name].contiguousFailures).toBe(1)
      expect(body.checks[name].timeOfFirstFailure).toBe(rfc3339(clock() * 1000))
    }
    expect(await result('/ext/health', 'health.health')).toEqual(body)
    // the network check failing: no peers
    expect((await peers()).numPeers).toBe('0')
    sim.setConfig({ failingHealthChecks: [] })
    const after = (await health()).body
    expect(Object.keys(after.checks).filter((n) => after.checks[n].error !== undefined)).toEqual(['diskspace'])
  })

  it('"bootstrapped" leaves the C-Chain bootstrapping; a name that is not a check is refused', async () => {
    sim.setConfig({ failingHealthChecks: ['bootstrapped'] })
    expect((await fetch(`${sim.nodeUrl}/ext/health/readiness`)).status).toBe(503)
    expect(await result('/ext/info', 'info.isBootstrapped', { chain: 'C' })).toEqual({ isBootstrapped: false })
    for (const [body, message] of [
      [{ failingHealthChecks: ['nope'] }, /^config: failingHealthChecks: unknown health check "nope" \(one of /],
      [{ failingHealthChecks: 'network' }, /^config: failingHealthChecks must be an array of health check names/],
      [{ failingHealthChecks: [1] }, /must be an array/],
    ] as const) {
      const r = await config(body)
      expect(r.status).toBe(400)
      expect(r.json.message).toMatch(message)
    }
    expect(sim.setConfig({}).failingHealthChecks).toEqual(['bootstrapped'])
  })
})

describe('nodeVersion, peerVersions and numPeers', () => {
  it('a node behind the version most of its peers run, with a few peers', async () => {
    const versions = ['avalanchego/1.14.0', 'avalanchego/1.14.0', 'avalanchego/1.13.5']
    expect((await config({ nodeVersion: 'avalanchego/1.11.0', peerVersions: versions, numPeers: 5 })).json).toEqual({
      ...DEFAULT_CONFIG,
      nodeVersion: 'avalanchego/1.11.0',
      peerVersions: versions,
      numPeers: 5,
    })
    const v = await result('/ext/info', 'info.getNodeVersion')
    expect(v.version).toBe('avalanchego/1.11.0')
    expect(v.vmVersions).toMatchObject({ avm: 'v1.11.0', platform: 'v1.11.0' })
    const p = await peers()
    expect(p.numPeers).toBe('5')
    expect(p.peers.map((x: any) => x.version)).toEqual(['avalanchego/1.14.0', 'avalanchego/1.14.0', 'avalanchego/1.13.5', 'avalanchego/1.14.0', 'avalanchego/1.14.0'])
    // the network check counts the same peers
    expect((await health()).body.checks.network.message.connectedPeers).toBe(5)
    sim.setConfig({ nodeVersion: null, peerVersions: null, numPeers: null })
    expect((await result('/ext/info', 'info.getNodeVersion')).version).toBe('avalanchego/1.13.5')
    expect((await peers()).numPeers).toBe('25')
  })

  it('numPeers 0 leaves the node without peers; bad values are refused', async () => {
    sim.setConfig({ numPeers: 0 })
    expect(await peers()).toEqual({ numPeers: '0', peers: [] })
    for (const [body, message] of [
      [{ numPeers: 26 }, /^config: numPeers must be a whole number of peers from 0 to 25, got 26$/],
      [{ numPeers: -1 }, /numPeers must be a whole number/],
      [{ numPeers: '3' }, /numPeers must be a whole number/],
      [{ nodeVersion: '1.11.0' }, /^config: nodeVersion must be a version as avalanchego writes it, "avalanchego\/1\.13\.5", got "1\.11\.0"$/],
      [{ peerVersions: [] }, /^config: peerVersions must be a non-empty array/],
      [{ peerVersions: ['avalanchego/1.14'] }, /peerVersions must be a version/],
    ] as const) {
      const r = await config(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.json.message).toMatch(message)
    }
    expect(sim.setConfig({}).numPeers).toBe(0)
  })
})

describe('validators: stake ending near the clock, out of the set, connected and uptime', () => {
  it('stakeEndsIn moves the endTime; the validator leaves the set when advanceTime passes it, delegators with it', async () => {
    const self = nodes().self
    expect((await config({ stakeEndsIn: { [self]: 3600 } })).json).toEqual({ ...DEFAULT_CONFIG, stakeEndsIn: { [self]: 3600 } })
    const [mine] = await validatorsOf({ nodeIDs: [self] })
    expect(mine.endTime).toBe(String(clock() + 3600))
    expect(mine.delegators.length).toBeGreaterThan(0)
    for (const d of mine.delegators) expect(Number(d.endTime)).toBeLessThanOrEqual(clock() + 3600)
    sim.validators.advanceTime(3599)
    expect(sim.setConfig({}).stakeEndsIn).toEqual({ [self]: 1 })
    expect(await validatorsOf({ nodeIDs: [self] })).toHaveLength(1)
    expect(sim.validators.advanceTime(1).ended).toContain(self)
    expect(await validatorsOf({ nodeIDs: [self] })).toEqual([])
    // null puts the data set's endTime back
    sim.setConfig({ stakeEndsIn: { [self]: null } })
    expect((await validatorsOf({ nodeIDs: [self] }))[0].endTime).toBe(String(sim.dataset.validators.find((v) => v.nodeID === self)!.endTime))
  })

  it('removedValidators takes validators out of the Primary Network and their subnet validations; [] brings them back', async () => {
    const { self, disconnected } = nodes()
    const poa = sim.dataset.subnets.find((s) => !s.isL1 && s.subnetValidators.some((v) => v.nodeID === self))!
    const before = (await validatorsOf()).length
    expect((await config({ removedValidators: [self, disconnected] })).json).toEqual({ ...DEFAULT_CONFIG, removedValidators: [self, disconnected] })
    expect((await validatorsOf()).length).toBe(before - 2)
    expect(await validatorsOf({ nodeIDs: [self, disconnected] })).toEqual([])
    expect(await validatorsOf({ subnetID: poa.subnetId, nodeIDs: [self] })).toEqual([])
    // out of the set: /__sim/validators no longer changes it
    const r = await post(`${sim.nodeUrl}/__sim/validators`, { action: 'setUptime', nodeID: self, uptime: 50 })
    expect(r.status).toBe(400)
    expect(r.json().message).toBe(`validators: nodeID "${self}" is no longer a current validator: removedValidators took it out of the set`)
    sim.setConfig({ removedValidators: [] })
    expect((await validatorsOf()).length).toBe(before)
    expect(await validatorsOf({ subnetID: poa.subnetId, nodeIDs: [self] })).toHaveLength(1)
  })

  it('connected and uptime stay with /__sim/validators (disconnect, setUptime) and show beside the new knobs', async () => {
    const self = nodes().self
    sim.setConfig({ stakeEndsIn: { [self]: 86_400 } })
    sim.validators.disconnect(self)
    sim.validators.setUptime(self, 72.5)
    const [mine] = await validatorsOf({ nodeIDs: [self] })
    expect(mine).toMatchObject({ connected: false, uptime: '72.5000', endTime: String(clock() + 86_400) })
  })

  it('refuses stakeEndsIn and removedValidators for what is not a current Primary Network validator', async () => {
    const { self, l1, notValidator } = nodes()
    for (const [body, message] of [
      [{ stakeEndsIn: { [notValidator]: 60 } }, new RegExp(`^config: stakeEndsIn: unknown nodeID "${notValidator}": not a Primary Network validator`)],
      [{ stakeEndsIn: { [l1]: 60 } }, /not a Primary Network validator/],
      [{ stakeEndsIn: { [self]: 0 } }, /^config: stakeEndsIn\["NodeID-\w+"\] must be a whole number of seconds from 1 to \d+, got 0$/],
      [{ stakeEndsIn: { 'NodeID-nope': 60 } }, /^config: stakeEndsIn: "NodeID-nope" is not a well-formed NodeID/],
      [{ stakeEndsIn: [self] }, /^config: stakeEndsIn must be an object of NodeID → seconds/],
      [{ removedValidators: [notValidator] }, /^config: removedValidators: unknown nodeID/],
      [{ removedValidators: self }, /^config: removedValidators must be an array of NodeIDs/],
    ] as const) {
      const r = await config(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.json.message).toMatch(message)
    }
    expect(sim.setConfig({})).toEqual(DEFAULT_CONFIG)
  })
})

describe('L1 validators: balances and the continuous fee', () => {
  const l1 = () => sim.dataset.l1Validators.find((v) => v.active && v.nodeID === nodes().l1)!
  const balanceOf = async () => (await validatorsOf({ subnetID: l1().subnetId, nodeIDs: [l1().nodeID] }))[0].balance as string

  it('platform.getValidatorFeeConfig and getValidatorFeeState answer as avalanchego (JSON numbers, the P-Chain time)', async () => {
    expect(await result('/ext/bc/P', 'platform.getValidatorFeeConfig')).toEqual({ capacity: 20_000, target: 10_000, minPrice: 512, excessConversionConstant: 1_246_488_515 })
    expect(await result('/ext/bc/P', 'platform.getValidatorFeeState')).toEqual({ excess: 0, price: 512, timestamp: rfc3339(clock() * 1000) })
  })

  it('l1Balances and validatorFeePrice give the runway (balance / price); the balance drains as the clock moves', async () => {
    const v = l1()
    expect(await balanceOf()).toBe(v.balance.toString())
    const balance = 1024 * 86_400 * 3 // three days at 1024 nAVAX per second
    expect((await config({ l1Balances: { [v.validationId]: balance }, validatorFeePrice: 1024 })).json).toEqual({
      ...DEFAULT_CONFIG,
      l1Balances: { [v.validationId]: String(balance) },
      validatorFeePrice: 1024,
    })
    const [listed] = await validatorsOf({ subnetID: v.subnetId, nodeIDs: [v.nodeID] })
    expect(listed).toMatchObject({ validationID: v.validationId, balance: String(balance) })
    const fee = await result('/ext/bc/P', 'platform.getValidatorFeeState')
    expect(fee.price).toBe(1024)
    // price = minPrice · e^(excess / K)
    expect(512 * Math.exp(fee.excess / 1_246_488_515)).toBeCloseTo(1024, 3)
    expect(Number(listed.balance) / fee.price / 86_400).toBe(3)
    sim.validators.advanceTime(3600)
    expect(await balanceOf()).toBe(String(balance - 1024 * 3600))
    expect(sim.setConfig({}).l1Balances).toEqual({ [v.validationId]: String(balance - 1024 * 3600) })
    // spent: the balance reads 0
    sim.validators.advanceTime(3 * 86_400)
    expect(await balanceOf()).toBe('0')
    // a string balance, and null for the data set's (drained at 1024 nAVAX/s all along)
    sim.setConfig({ l1Balances: { [v.validationId]: '86400000000' } })
    expect(await balanceOf()).toBe('86400000000')
    sim.setConfig({ l1Balances: { [v.validationId]: null } })
    const spent = 1024n * BigInt(3600 + 3 * 86_400)
    expect(await balanceOf()).toBe((v.balance > spent ? v.balance - spent : 0n).toString())
  })

  it('refuses an unknown validation ID, a balance that is not nAVAX and a price under the minimum', async () => {
    const v = l1()
    for (const [body, message] of [
      [{ l1Balances: { nope: 5 } }, /^config: l1Balances: unknown validation ID "nope": not an active L1 validator/],
      [{ l1Balances: { [v.validationId]: -1 } }, /^config: l1Balances\["\w+"\] must be nAVAX, a whole number from 0 or a decimal string/],
      [{ l1Balances: { [v.validationId]: '1.5' } }, /must be nAVAX/],
      [{ l1Balances: 5 }, /^config: l1Balances must be an object of validation ID → nAVAX/],
      [{ validatorFeePrice: 100 }, /^config: validatorFeePrice must be a whole number of nAVAX per second \(the minimum price is 512\) from 512 to/],
      [{ validatorFeePrice: 600.5 }, /validatorFeePrice must be a whole number/],
    ] as const) {
      const r = await config(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.json.message).toMatch(message)
    }
  })
})

describe('/ext/metrics: Prometheus text with avalanchego names, following the other knobs', () => {
  it('parses, every family has HELP and TYPE, and the numbers match info.peers and the health report', async () => {
    const { families, value } = await metrics()
    expect([...families.keys()].sort()).toEqual([
      'avalanche_health_checks_failing',
      'avalanche_network_node_uptime_rewarding_stake',
      'avalanche_network_node_uptime_weighted_average',
      'avalanche_network_peers',
      'avalanche_process_process_cpu_seconds_total',
      'avalanche_process_process_resident_memory_bytes',
      'avalanche_resource_tracker_disk_available_percentage',
      'avalanche_resource_tracker_disk_available_space',
      'avalanche_snowman_blks_accepted_count',
      'avalanche_snowman_blks_accepted_sum',
      'avalanche_snowman_blks_rejected_count',
      'avalanche_snowman_blks_rejected_sum',
      'avalanche_snowman_polls_failed',
      'avalanche_snowman_polls_successful',
    ])
    for (const f of families.values()) {
      expect(f.help.length, f.name).toBeGreaterThan(5)
      expect(['COUNTER', 'GAUGE']).toContain(f.type)
    }
    expect(families.get('avalanche_process_process_cpu_seconds_total')!.type).toBe('COUNTER')
    expect(value('avalanche_network_peers')).toBe(Number((await peers()).numPeers))
    expect(value('avalanche_network_node_uptime_rewarding_stake')).toBe(100)
    expect(value('avalanche_network_node_uptime_weighted_average')).toBeGreaterThan(95)
    expect(value('avalanche_network_node_uptime_weighted_average')).toBeLessThanOrEqual(100)
    expect(value('avalanche_process_process_resident_memory_bytes')).toBe(3_338_670_080)
    for (const chain of ['P', 'X', 'C']) expect(value('avalanche_snowman_blks_accepted_count', ['chain', chain])).toBe(0)
    expect(value('avalanche_health_checks_failing', ['check', 'health'])).toBe(0)
  })

  it('peers follow numPeers and disconnections; the uptime numbers follow setUptime of the node itself', async () => {
    sim.setConfig({ numPeers: 3 })
    const listed = (await peers()).peers
    sim.validators.disconnect(listed[0].nodeID)
    expect((await metrics()).value('avalanche_network_peers')).toBe(2)
    expect((await peers()).numPeers).toBe('2')
    sim.setConfig({ numPeers: null })
    sim.validators.setUptime(nodes().self, 50)
    const observed = (await peers()).peers.map((p: any) => Number(p.observedUptime))
    expect(Math.max(...observed)).toBeLessThanOrEqual(50)
    const m = await metrics()
    expect(m.value('avalanche_network_node_uptime_weighted_average')).toBeLessThan(60)
    // only the node itself (always 100 % to itself) still sees it at 80 % or more
    expect(m.value('avalanche_network_node_uptime_rewarding_stake')).toBeLessThan(20)
  })

  it('failing checks, process CPU and memory, and C-Chain blocks accepted since the node started', async () => {
    sim.setConfig({ failingHealthChecks: ['bootstrapped', 'router'], processCpu: 2, processMemoryBytes: 1_500_000_000 })
    const first = await metrics()
    expect(first.value('avalanche_health_checks_failing', ['check', 'health'])).toBe(2)
    expect(first.value('avalanche_health_checks_failing', ['check', 'readiness'])).toBe(1)
    expect(first.value('avalanche_health_checks_failing', ['check', 'liveness'])).toBe(0)
    expect(first.value('avalanche_process_process_resident_memory_bytes')).toBe(1_500_000_000)
    const c0 = first.value('avalanche_snowman_blks_accepted_count', ['chain', 'C'])
    const cpu0 = first.value('avalanche_process_process_cpu_seconds_total')
    const t0 = performance.now()
    await post(sim.anvilUrl, { jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x3'] })
    await new Promise((r) => setTimeout(r, 500))
    const second = await metrics()
    const seconds = (performance.now() - t0) / 1000
    expect(second.value('avalanche_snowman_blks_accepted_count', ['chain', 'C'])).toBe(c0 + 3)
    expect(second.value('avalanche_snowman_blks_accepted_sum', ['chain', 'C'])).toBeGreaterThan(first.value('avalanche_snowman_blks_accepted_sum', ['chain', 'C']))
    const rate = (second.value('avalanche_process_process_cpu_seconds_total') - cpu0) / seconds
    expect(rate).toBeGreaterThan(1.5)
    expect(rate).toBeLessThan(2.5)
  })

  it('metricsApi false answers 404 as a node without the metrics API; metricsNames "legacy" uses the older names', async () => {
    expect((await config({ metricsApi: false })).json).toEqual({ ...DEFAULT_CONFIG, metricsApi: false })
    const res = await fetch(`${sim.nodeUrl}/ext/metrics`)
    expect(res.status).toBe(404)
    expect(await res.text()).toBe('404 page not found\n')
    sim.setConfig({ metricsApi: true, metricsNames: 'legacy' })
    const { families, value } = await metrics()
    for (const name of ['avalanche_P_blks_accepted_count', 'avalanche_X_blks_accepted_count', 'avalanche_C_blks_accepted_count', 'avalanche_process_cpu_seconds_total', 'avalanche_process_resident_memory_bytes', 'avalanche_readiness_checks_failing']) {
      expect(families.has(name), name).toBe(true)
    }
    expect(families.has('avalanche_snowman_blks_accepted_count')).toBe(false)
    expect(value('avalanche_network_peers')).toBe(25)
    expect(value('avalanche_health_checks_failing')).toBe(0)
    expect((await config({ metricsNames: 'old' })).json.message).toBe('config: metricsNames must be "current" or "legacy"')
  })

  it('polls, rejectedBlocks and disk: the counters per chain and the volume, under both layouts, with the diskspace check following the volume', async () => {
    expect((await config({ polls: { C: { successful: 1_000, failed: 50 } }, rejectedBlocks: { C: 9 }, disk: { totalBytes: 1_000_000_000_000, availableBytes: 95_000_000_000, fillBytesPerSec: 1_000_000 } })).json).toEqual({
      ...DEFAULT_CONFIG,
      polls: { C: { successful: 1_000, failed: 50 } },
      rejectedBlocks: { C: 9 },
      disk: { totalBytes: 1_000_000_000_000, availableBytes: 95_000_000_000, fillBytesPerSec: 1_000_000 }
    })
    let m = await metrics()
    expect(m.value('avalanche_snowman_polls_successful', ['chain', 'C'])).toBe(1_000)
    expect(m.value('avalanche_snowman_polls_failed', ['chain', 'C'])).toBe(50)
    expect(m.value('avalanche_snowman_polls_successful', ['chain', 'P'])).toBeGreaterThan(0)
    expect(m.value('avalanche_snowman_blks_rejected_count', ['chain', 'C'])).toBe(9)
    expect(m.value('avalanche_resource_tracker_disk_available_space')).toBe(95_000_000_000)
    expect(m.value('avalanche_resource_tracker_disk_available_percentage')).toBe(9)
    // Under 10 % free the node reports itself unhealthy, with avalanchego's words and details.
    let h = await health()
    expect(h.body.checks.diskspace).toMatchObject({
      message: { availableDiskBytes: 95_000_000_000, availableDiskPercentage: 9 },
      error: 'remaining available disk space percentage (9%) is below warning threshold available space percentage (10%)'
    })
    // The volume fills with the node's clock: a day at 1 MB/s is 86.4 GB.
    sim.validators.advanceTime(86_400)
    m = await metrics()
    expect(m.value('avalanche_resource_tracker_disk_available_space')).toBe(8_600_000_000)
    h = await health()
    expect(h.body.checks.diskspace.error).toBe('remaining available disk space percentage (0%) is below minimum required available space percentage (3%)')
    // Older nodes: the chain in the names, bytes only, bytes thresholds.
    sim.setConfig({ metricsNames: 'legacy', disk: { availableBytes: 600 * 1024 ** 2, fillBytesPerSec: 0 } })
    m = await metrics()
    expect(m.value('avalanche_C_polls_successful')).toBe(1_000)
    expect(m.value('avalanche_C_blks_rejected_count')).toBe(9)
    expect(m.families.has('avalanche_resource_tracker_disk_available_percentage')).toBe(false)
    h = await health()
    expect(h.body.checks.diskspace).toMatchObject({ message: { availableDiskBytes: 629_145_600 }, error: 'remaining available disk space (629145600) is below the warning threshold of disk space (1073741824)' })
    expect((await config({ polls: { C: { successful: -1, failed: 0 } } })).json.message).toMatch(/^config: polls\["C"\].successful must be a whole number of polls from 0/)
    expect((await config({ disk: { free: 1 } })).json.message).toBe('config: disk: unknown key "free" (totalBytes, availableBytes, fillBytesPerSec)')
  })

  it("node faults apply to it (match '/ext/metrics')", async () => {
    sim.faults.add({ service: 'node', kind: 'status503', match: '/ext/metrics', count: 1 })
    expect((await fetch(`${sim.nodeUrl}/ext/metrics`)).status).toBe(503)
    expect((await fetch(`${sim.nodeUrl}/ext/metrics`)).status).toBe(200)
  })
})

describe('the knobs together', () => {
  it('the config lists every knob while set and reads as before once they are cleared', async () => {
    const { self } = nodes()
    const v = sim.dataset.l1Validators.find((x) => x.active)!
    const all = {
      unresponsive: 'hang',
      failingHealthChecks: ['network'],
      nodeVersion: 'avalanchego/1.12.0',
      peerVersions: ['avalanchego/1.13.5'],
      numPeers: 2,
      stakeEndsIn: { [self]: 60 },
      removedValidators: [nodes().disconnected],
      l1Balances: { [v.validationId]: '5' },
      validatorFeePrice: 600,
      metricsApi: false,
      metricsNames: 'legacy',
      processCpu: 0.5,
      processMemoryBytes: 1024,
      polls: { X: { successful: 10, failed: 1 } },
      rejectedBlocks: { P: 1 },
      disk: { totalBytes: 100, availableBytes: 50, fillBytesPerSec: 0 },
    }
    expect((await config(all)).json).toEqual({ ...DEFAULT_CONFIG, ...all })
    expect((await config({ bogus: 1 })).json.message).toMatch(/^config: unknown key "bogus" \(allowed: .*unresponsive, failingHealthChecks, nodeVersion, peerVersions, numPeers, stakeEndsIn, removedValidators, l1Balances, validatorFeePrice, metricsApi, metricsNames, processCpu, processMemoryBytes, polls, rejectedBlocks, disk\)$/)
    // a bad key refuses the whole patch
    expect((await config({ numPeers: 1, nodeVersion: 'x' })).status).toBe(400)
    expect(sim.setConfig({}).numPeers).toBe(2)
    // DELETE /__sim/validators puts the validator knobs back with the clock
    await fetch(`${sim.nodeUrl}/__sim/validators`, { method: 'DELETE' })
    const { stakeEndsIn: _s, removedValidators: _r, l1Balances: _l, validatorFeePrice: _f, ...rest } = all
    expect(sim.setConfig({})).toEqual({ ...DEFAULT_CONFIG, ...rest })
  })
})
