/**
 * The node's HTTP server: routes the JSON-RPC endpoints (P-Chain, core, admin, C-Chain RPC, info,
 * health and health's plain GET reports, /ext/metrics), applies 'node' faults (match = JSON-RPC method or path),
 * serves the control endpoints /__sim/faults, /__sim/config, /__sim/validators, /__sim/profiles and /__sim/core (loopback only) and
 * relays websockets. With /__sim/config `unresponsive` set, every path but /__sim/* hangs or has its
 * connection closed (so a test can still bring the node back).
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Dataset } from '../dataset'
import type { FaultRule, Faults } from '../faults'
import { applyHttpFault, validateFaultRule } from '../faults'
import { ADMIN_CONFIG_KEYS, ADMIN_DEFAULTS, Profiler, adminConfigView, adminMethods, handleAdmin, nodeAdminMethods, parseAdminConfig, vmConfig } from './admin'
import type { AdminConfig, AdminNames, LockProfileFormat, ProfileListing } from './admin'
import type { AnvilHandle } from './anvil'
import { CoreState, coreMethods } from './core'
import type { CoreView } from './core'
import { evmCaller, handleEvm } from './evm'
import type { EvmDeps, ProofWindow } from './evm'
import { handleGorilla } from './gorilla'
import { HEALTH_GET_PATHS, NodeHealth } from './health'
import type { HealthKind } from './health'
import { NODE_VERSION, infoMethods, nodePeers } from './info'
import type { SimPeer } from './info'
import { gorillaError } from './jsonrpc'
import { SimLog } from './log'
import { platformMethods } from './platform'
import { exposition, legacyNames, nodeMetricFamilies } from './promMetrics'
import { DEFAULT_VALIDATOR_SHAPE, VALIDATOR_SHAPES, ValidatorState, parseValidatorAction } from './validators'
import type { ValidatorAction, ValidatorOverrides, ValidatorShape } from './validators'
import { WATCH_CONFIG_KEYS, WatchKnobs, parseWatchConfig } from './watchKnobs'
import { SimDisk } from './disk'
import type { WatchConfig, WatchConfigContext } from './watchKnobs'
import { WsRelay } from './wsRelay'

export interface NodeServerOptions {
  port: number
  ds: Dataset
  faults: Faults
  anvil: AnvilHandle
  anvilMinesItself: boolean
  profileDir: string
  quiet: boolean
  /** debug_ methods on /ext/bc/C/rpc (off on the public API node); default on */
  debugApi?: boolean
  /** eth_getProof window (default: archival, 43200 blocks) */
  proof?: ProofWindow
  /** /ext/info answers (default on; off = 404 as a node started with --api-info-enabled=false) */
  infoApi?: boolean
  /** /ext/health answers (default on; off = 404 as with --api-health-enabled=false) */
  healthApi?: boolean
  /** /ext/metrics answers (default on; off = 404 as with --api-metrics-enabled=false) */
  metricsApi?: boolean
  /** the node's clock in ms for info/health timestamps; default the data set's clock (ds.now); advanceTime adds to it */
  now?: () => number
  /** getCurrentValidators as avalanchego sends it ("real", default) or as the spec writes it ("spec") */
  validatorShape?: ValidatorShape
  /** admin method spellings routed: 'dot' (default, as a real node), 'spec' (admin_x only) or 'both' */
  adminNames?: AdminNames
  /** /ext/bc/C/admin answers (default on; off = 404 as a node without admin-api-enabled) */
  adminApi?: boolean
  /** lock.profile as gzipped pprof ('pprof', default) or as the text avalanchego writes ('text') */
  lockProfileFormat?: LockProfileFormat
  /** other EVM instances the node runs, each served at /ext/bc/{blockchainId}/rpc and /ws by its own anvil */
  evmInstances?: EvmInstance[]
}

/** Another EVM blockchain of the node (a Subnet-EVM chain), backed by its own anvil. */
export interface EvmInstance {
  blockchainId: string
  anvil: AnvilHandle
  evmChainId: number
  /** what eth_getChainConfig answers (its genesis config) */
  chainConfig?: Record<string, unknown>
}

/** What POST /__sim/config (and NodeServer.setConfig) switches at run time; the watch's keys (./watchKnobs) are listed only while set. */
export interface NodeConfig extends WatchConfig {
  debugApi: boolean
  infoApi: boolean
  healthApi: boolean
  /** the health check made to fail (e.g. "network"); null = every check passes */
  unhealthy: string | null
  /**
   * How platform.getCurrentValidators answers: "real" (default, as avalanchego: signer.proofOfPossession
   * only, exactDelegationFee, no connected on permissioned subnet validators) or "spec" (the spec's
   * fields, signer with both spellings). Listed in the config only while it is "spec".
   */
  validatorShape?: ValidatorShape
  /** admin method spellings routed ('dot' | 'spec' | 'both'); listed only while it is not 'dot' */
  adminNames?: AdminNames
  /** false = /ext/bc/C/admin answers 404 (admin API not enabled); listed only while false */
  adminApi?: boolean
  /** lock.profile as 'pprof' or 'text'; listed only while it is 'text' */
  lockProfileFormat?: LockProfileFormat
  /** false = /ext/admin (the node's own admin API, admin.getLoggerLevel) answers 404; listed only while false */
  nodeAdminApi?: boolean
}

const CONFIG_FLAGS = ['debugApi', 'infoApi', 'healthApi'] as const
const CONFIG_KEYS: readonly string[] = [...CONFIG_FLAGS, 'unhealthy', 'validatorShape', ...ADMIN_CONFIG_KEYS, ...WATCH_CONFIG_KEYS]

/** Validates a config patch (a JSON object of NodeConfig keys) against the node's checks and validators; throws with the 400 message. */
export function parseNodeConfig(value: unknown, ctx: WatchConfigContext): Partial<NodeConfig> {
  const { checkNames } = ctx
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('config: body must be a JSON object')
  const v = value as Record<string, unknown>
  const unknown = Object.keys(v).find((k) => !CONFIG_KEYS.includes(k))
  if (unknown !== undefined) throw new Error(`config: unknown key "${unknown}" (allowed: ${CONFIG_KEYS.join(', ')})`)
  const out: Partial<NodeConfig> = {}
  for (const key of CONFIG_FLAGS) {
    const flag = v[key]
    if (flag === undefined) continue
    if (typeof flag !== 'boolean') throw new Error(`config: ${key} must be a boolean`)
    out[key] = flag
  }
  if (v.unhealthy !== undefined) {
    const u = v.unhealthy
    if (u !== null && typeof u !== 'string') throw new Error('config: unhealthy must be a health check name or null')
    if (u !== null && !checkNames.includes(u)) throw new Error(`config: unknown health check "${u}" (one of ${checkNames.join(', ')})`)
    out.unhealthy = u
  }
  if (v.validatorShape !== undefined) {
    const shape = v.validatorShape
    if (typeof shape !== 'string' || !(VALIDATOR_SHAPES as readonly string[]).includes(shape)) {
      throw new Error(`config: validatorShape must be one of ${VALIDATOR_SHAPES.map((x) => `"${x}"`).join(', ')}`)
    }
    out.validatorShape = shape as ValidatorShape
  }
  Object.assign(out, parseAdminConfig(v), parseWatchConfig(v, ctx))
  return out
}

/** Run-time validator control, as POST/GET/DELETE /__sim/validators. Methods throw on bad input. */
export interface ValidatorControl {
  /** validates and applies one action (the body of POST /__sim/validators) */
  apply(action: ValidatorAction): ValidatorOverrides
  /** connected false for this current Primary Network validator (and its subnet validations); leaves info.peers */
  disconnect(nodeID: string): ValidatorOverrides
  /** connected true again (or for the first time) */
  connect(nodeID: string): ValidatorOverrides
  /** uptime in percent 0–100 (a number or a decimal string such as "73.5000") */
  setUptime(nodeID: string, uptime: number | string): ValidatorOverrides
  /** moves the P-Chain clock forward by whole seconds */
  advanceTime(seconds: number): ValidatorOverrides
  /** the overrides as GET /__sim/validators shows them */
  state(): ValidatorOverrides
  /** drops every override and puts the clock back (DELETE /__sim/validators) */
  reset(): ValidatorOverrides
}

export interface NodeServer {
  url: string
  log: SimLog
  setDebugApi(on: boolean): void
  /** applies a patch (validated as /__sim/config does; throws on a bad one) and returns the config */
  setConfig(patch: Partial<NodeConfig>): NodeConfig
  /** run-time validator state (connections, uptimes, the P-Chain clock) */
  validators: ValidatorControl
  /** where the admin API writes its profiles */
  profileDir: string
  /** the profile files written, as GET /__sim/profiles lists them */
  profiles(): Promise<ProfileListing>
  /** core.issueTx submissions per txID and the core switches, as GET/POST /__sim/core */
  core: { view(): CoreView; configure(patch: unknown): CoreView }
  close(): Promise<void>
}

const MAX_BODY = 16 * 1024 * 1024

function isLoopback(req: IncomingMessage): boolean {
  const a = req.socket.remoteAddress ?? ''
  return a === '127.0.0.1' || a === '::1' || a === '::ffff:127.0.0.1'
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const c of req) {
    size += (c as Buffer).length
    if (size > MAX_BODY) throw new Error('request body too large')
    chunks.push(c as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function rewriteIds(body: unknown): unknown {
  const wrong = (r: Record<string, unknown>) => ({ ...r, id: typeof r.id === 'number' ? r.id + 1000 : `${String(r.id)}-wrong` })
  if (Array.isArray(body)) return body.map((r) => (r && typeof r === 'object' ? wrong(r as Record<string, unknown>) : r))
  return body && typeof body === 'object' ? wrong(body as Record<string, unknown>) : body
}

export async function startNodeServer(o: NodeServerOptions): Promise<NodeServer> {
  const log = new SimLog(o.quiet)
  const flags = { debugApi: o.debugApi ?? true, infoApi: o.infoApi ?? true, healthApi: o.healthApi ?? true }
  if (o.validatorShape !== undefined && !VALIDATOR_SHAPES.includes(o.validatorShape)) throw new Error(`validatorShape must be one of ${VALIDATOR_SHAPES.join(', ')}`)
  let validatorShape: ValidatorShape = o.validatorShape ?? DEFAULT_VALIDATOR_SHAPE
  const vState = new ValidatorState(o.ds, () => validatorShape)
  const baseNow = o.now ?? (() => o.ds.now * 1000)
  const now = () => baseNow() + vState.advancedSeconds * 1000
  const evm = evmCaller(o.anvil.url)
  const core = new CoreState({ ds: o.ds, evm, anvilMinesItself: o.anvilMinesItself })
  await core.init()
  core.start()
  const adminCfg: AdminConfig = { ...ADMIN_DEFAULTS, ...parseAdminConfig({ adminNames: o.adminNames, adminApi: o.adminApi, lockProfileFormat: o.lockProfileFormat }) }
  const profiler = new Profiler(o.profileDir, { seed: o.ds.seed, lockFormat: () => adminCfg.lockProfileFormat })
  const cChainId = o.ds.params.cChainId
  const platform = platformMethods(o.ds, { state: vState, shape: () => validatorShape })
  const coreApi = coreMethods({ ds: o.ds, evm, anvilMinesItself: o.anvilMinesItself }, core)
  const admin = adminMethods(profiler, log, () => vmConfig({ debugApi: flags.debugApi, logLevel: log.level, profileDir: o.profileDir }))
  const nodeAdmin = nodeAdminMethods(log)
  const self = o.ds.validators.find((v) => v.nodeID === o.ds.nodes.self)
  // the peers the node has now: info.peers lists them, the network check counts them, /ext/metrics reports them
  const peers = (): SimPeer[] =>
    nodePeers(o.ds, {
      connected: () => health.networkUp(),
      peerConnected: (id) => vState.connected(id, true),
      numPeers: () => knobs.numPeers,
      versions: () => knobs.peerVersions,
      uptimeShift: () => (self && vState.isCurrentValidator(self) ? Math.round(Number(vState.uptime(self))) - Math.round(Number(self.uptime)) : 0),
    })
  const disk = new SimDisk(() => vState.advancedSeconds, now)
  const health = new NodeHealth(o.ds, { now, evm, validators: vState, peers, disk })
  const knobs = new WatchKnobs(health, vState, disk)
  if (o.metricsApi === false) knobs.metricsApi = false
  const healthApi = health.methods()
  const info = infoMethods(o.ds, {
    now,
    isBootstrapped: (id) => health.isBootstrapped(id),
    connected: () => health.networkUp(),
    peerConnected: (id) => vState.connected(id, true),
    peers,
    version: () => knobs.nodeVersion ?? NODE_VERSION.version,
  })
  const configContext = (): WatchConfigContext => ({ checkNames: health.checkNames(), validators: vState })
  // validatorShape (and each watch key) is listed only while it differs from the default, so the config reads as before
  const currentConfig = (): NodeConfig => ({
    ...flags,
    unhealthy: health.unhealthy,
    ...(validatorShape === DEFAULT_VALIDATOR_SHAPE ? {} : { validatorShape }),
    ...adminConfigView(adminCfg),
    ...knobs.view(),
  })
  const applyConfig = (patch: Partial<NodeConfig>): NodeConfig => {
    for (const key of CONFIG_FLAGS) if (patch[key] !== undefined) flags[key] = patch[key]
    if (patch.unhealthy !== undefined) health.setUnhealthy(patch.unhealthy)
    if (patch.validatorShape !== undefined) validatorShape = patch.validatorShape
    for (const key of ADMIN_CONFIG_KEYS) if (patch[key] !== undefined) Object.assign(adminCfg, { [key]: patch[key] })
    const wasRefusing = knobs.unresponsive === 'refuse'
    knobs.apply(patch)
    // a node that goes down loses its websockets; one that hangs keeps them open and silent (WsRelay)
    if (knobs.unresponsive === 'refuse' && !wasRefusing) for (const { relay } of new Set(evmChains.values())) relay.dropClients()
    return currentConfig()
  }
  const applyValidators = (value: unknown): ValidatorOverrides => vState.apply(parseValidatorAction(value))
  const validators: ValidatorControl = {
    apply: applyValidators,
    disconnect: (nodeID) => applyValidators({ action: 'disconnect', nodeID }),
    connect: (nodeID) => applyValidators({ action: 'connect', nodeID }),
    setUptime: (nodeID, uptime) => applyValidators({ action: 'setUptime', nodeID, uptime }),
    advanceTime: (seconds) => applyValidators({ action: 'advanceTime', seconds }),
    state: () => vState.overrides(),
    reset: () => vState.reset(),
  }
  const evmDeps: EvmDeps = { anvilUrl: o.anvil.url, debugApi: () => flags.debugApi, evmChainId: o.ds.params.evmChainId, ...(o.proof ? { proof: o.proof } : {}) }
  // The EVM endpoints by the blockchain part of /ext/bc/{chain}/rpc|ws: the C-Chain by alias and id, then the other instances.
  const evmChains = new Map<string, { deps: EvmDeps; relay: WsRelay }>()
  const silent = () => knobs.unresponsive === 'hang'
  const cChain = { deps: evmDeps, relay: new WsRelay(o.anvil.wsUrl, o.faults, evmDeps, silent) }
  evmChains.set('C', cChain).set(cChainId, cChain)
  for (const inst of o.evmInstances ?? []) {
    const deps: EvmDeps = {
      anvilUrl: inst.anvil.url,
      debugApi: () => flags.debugApi,
      evmChainId: inst.evmChainId,
      ...(inst.chainConfig ? { chainConfig: inst.chainConfig } : {}),
      ...(o.proof ? { proof: o.proof } : {}),
    }
    evmChains.set(inst.blockchainId, { deps, relay: new WsRelay(inst.anvil.wsUrl, o.faults, deps, silent) })
  }

  const route = (path: string): ((body: unknown) => Promise<unknown>) | undefined => {
    if (path === '/ext/bc/P' || path === '/ext/P') return (b) => handleGorilla(b, 'platform', platform)
    if (path === '/ext/bc/C/core') return (b) => handleGorilla(b, 'core', coreApi)
    if (path === '/ext/bc/C/admin') return adminCfg.adminApi ? (b) => handleAdmin(b, admin, adminCfg.adminNames) : undefined
    if (path === '/ext/admin') return adminCfg.nodeAdminApi ? (b) => handleGorilla(b, 'admin', nodeAdmin) : undefined
    if (path === '/ext/info') return flags.infoApi ? (b) => handleGorilla(b, 'info', info) : undefined
    if (path === '/ext/health') return flags.healthApi ? (b) => handleGorilla(b, 'health', healthApi) : undefined
    const m = /^\/ext\/bc\/([^/]+)\/rpc$/.exec(path)
    const evm = m ? evmChains.get(m[1]!) : undefined
    if (evm) return (b) => handleEvm(b, evm.deps)
    return undefined
  }

  const control = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (!isLoopback(req)) return send(res, 403, { message: 'forbidden' })
    if (path === '/__sim/faults') {
      if (req.method === 'GET') return send(res, 200, { faults: o.faults.list() })
      if (req.method === 'DELETE') {
        o.faults.clear()
        return send(res, 200, { faults: [] })
      }
      if (req.method === 'POST') {
        let rule: FaultRule
        try {
          rule = validateFaultRule(JSON.parse(await readBody(req)))
        } catch (e) {
          return send(res, 400, { message: (e as Error).message })
        }
        return send(res, 200, { id: o.faults.add(rule) })
      }
    }
    const del = /^\/__sim\/faults\/([^/]+)$/.exec(path)
    if (del && req.method === 'DELETE') {
      o.faults.remove(del[1]!)
      return send(res, 200, { faults: o.faults.list() })
    }
    if (path === '/__sim/config' && req.method === 'GET') return send(res, 200, currentConfig())
    if (path === '/__sim/config' && req.method === 'POST') {
      let patch: Partial<NodeConfig>
      try {
        const text = await readBody(req)
        let body: unknown
        try {
          body = JSON.parse(text)
        } catch {
          throw new Error('config: body is not valid JSON')
        }
        patch = parseNodeConfig(body, configContext())
      } catch (e) {
        return send(res, 400, { message: (e as Error).message })
      }
      return send(res, 200, applyConfig(patch))
    }
    if (path === '/__sim/profiles') {
      if (req.method === 'GET') return send(res, 200, await profiler.list())
      if (req.method === 'DELETE') return send(res, 200, await profiler.clear())
      return send(res, 405, { message: 'profiles: use GET or DELETE' })
    }
    if (path === '/__sim/core') {
      if (req.method === 'GET') return send(res, 200, core.view())
      if (req.method !== 'POST') return send(res, 405, { message: 'core: use GET or POST' })
      try {
        return send(res, 200, core.configure(JSON.parse(await readBody(req))))
      } catch (e) {
        return send(res, 400, { message: e instanceof SyntaxError ? 'core: body is not valid JSON' : (e as Error).message })
      }
    }
    if (path === '/__sim/validators') {
      if (req.method === 'GET') return send(res, 200, validators.state())
      if (req.method === 'DELETE') return send(res, 200, validators.reset())
      if (req.method === 'POST') {
        let state: ValidatorOverrides
        try {
          const text = await readBody(req)
          let body: unknown
          try {
            body = JSON.parse(text)
          } catch {
            throw new Error('validators: body is not valid JSON')
          }
          state = applyValidators(body)
        } catch (e) {
          return send(res, 400, { message: (e as Error).message })
        }
        return send(res, 200, state)
      }
      return send(res, 405, { message: 'validators: use GET, POST or DELETE' })
    }
    return send(res, 404, { message: 'not found' })
  }

  /** avalanchego answers GET /ext/health and any request to /ext/health/{health,readiness,liveness} plainly */
  const healthReport = async (req: IncomingMessage, res: ServerResponse, path: string, kind: HealthKind) => {
    const rules = o.faults.take('node', `${path} ${req.method ?? 'GET'}`)
    if (await applyHttpFault(rules, req, res, { service: 'node', faults: o.faults })) return
    const tags = new URL(req.url ?? '/', 'http://sim').searchParams.getAll('tag')
    const reply = await health.report(kind, tags)
    send(res, reply.healthy ? 200 : 503, `${JSON.stringify(reply)}\n`)
  }

  // blocks accepted since the node started: the C-Chain's are anvil's blocks since then; P and X stand still in the sim
  const cHeight = async () => Number(BigInt((await evm('eth_blockNumber', [])) as string))
  const cStart = await cHeight().catch(() => 0)
  /** GET /ext/metrics: Prometheus text as avalanchego's metrics API (./promMetrics) */
  const metricsReport = async (req: IncomingMessage, res: ServerResponse) => {
    const rules = o.faults.take('node', `/ext/metrics ${req.method ?? 'GET'}`)
    if (await applyHttpFault(rules, req, res, { service: 'node', faults: o.faults })) return
    const failing = health.failingNow()
    const families = nodeMetricFamilies({
      ds: o.ds,
      state: vState,
      peers: peers(),
      process: knobs.process,
      accepted: { C: Math.max(0, (await cHeight().catch(() => cStart)) - cStart), P: 0, X: 0 },
      failing: { health: failing.length, readiness: failing.includes('bootstrapped') ? 1 : 0, liveness: 0 },
      polls: knobs.polls(),
      rejected: knobs.rejectedBlocks(),
      disk: { availableBytes: disk.availableBytes(), availablePercent: disk.availablePercent() },
    })
    send(res, 200, exposition(knobs.metricsNames === 'legacy' ? legacyNames(families) : families), 'text/plain; version=0.0.4; charset=utf-8')
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!
      if (path.startsWith('/__sim/')) return control(req, res, path)
      // a node that stopped answering: the request hangs, or its connection is closed at once (the fault kinds 'hang' and 'drop')
      if (knobs.unresponsive) return void (await applyHttpFault([{ service: 'node', kind: knobs.unresponsive === 'hang' ? 'hang' : 'drop' }], req, res, { service: 'node', faults: o.faults }))
      if (path === '/ext/metrics' && knobs.metricsApi) return metricsReport(req, res)
      const healthKind = Object.hasOwn(HEALTH_GET_PATHS, path) ? HEALTH_GET_PATHS[path] : undefined
      if (healthKind && flags.healthApi && (req.method === 'GET' || path !== '/ext/health')) return healthReport(req, res, path, healthKind)
      const handler = route(path)
      // avalanchego's router answers unknown routes with Go's plain-text 404
      if (!handler) return send(res, 404, '404 page not found\n', 'text/plain; charset=utf-8')
      if (req.method !== 'POST') return send(res, 405, 'method not allowed\n', 'text/plain; charset=utf-8')
      const text = await readBody(req)
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        const evmPath = path.endsWith('/rpc')
        return send(res, 200, evmPath ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } } : gorillaError(null, 'invalid character in request body', -32700))
      }
      const methods = (Array.isArray(body) ? body : [body]).map((r) => (r && typeof r === 'object' && typeof (r as { method?: unknown }).method === 'string' ? (r as { method: string }).method : ''))
      const rules = methods.flatMap((m) => o.faults.take('node', `${path} ${m}`))
      if (await applyHttpFault(rules, req, res, { service: 'node', faults: o.faults })) return
      let answer = await handler(body)
      // a notification (or a batch of only notifications) gets an empty body, as geth and gorilla send
      if (answer === undefined) {
        res.writeHead(200, { 'content-length': 0 })
        return void res.end()
      }
      // POST /__sim/core {dropIssueReplies}: the node took the tx, and the connection is lost before the reply
      if (path === '/ext/bc/C/core' && methods.includes('core.issueTx') && !('error' in (answer as object)) && core.takeDrop()) return void res.destroy()
      if (rules.some((r) => r.kind === 'wrongId')) answer = rewriteIds(answer)
      send(res, 200, answer)
    })().catch((e: unknown) => {
      log.warn(`request failed: ${(e as Error).message}`)
      if (!res.headersSent) send(res, 500, { message: (e as Error).message })
      else res.destroy()
    })
  })
  // avalanchego's --http-idle-timeout (120 s): an idle keep-alive connection stays open that long. Node's
  // default (5 s) raced clients that reuse a socket right after the event loop was busy for a few seconds
  // (ECONNRESET on the next request).
  server.keepAliveTimeout = 120_000
  /** websocket upgrades taken while the node hangs (never answered; destroyed by close()) */
  const hung = new Set<Duplex>()
  server.on('upgrade', (req, socket, head) => {
    if (knobs.unresponsive === 'hang') {
      hung.add(socket)
      socket.on('error', () => undefined)
      socket.on('close', () => hung.delete(socket))
      return
    }
    if (knobs.unresponsive === 'refuse') return void socket.destroy()
    const path = (req.url ?? '/').split('?')[0]!
    const m = /^\/ext\/bc\/([^/]+)\/ws$/.exec(path)
    const evm = m ? evmChains.get(m[1]!) : undefined
    if (!evm) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n')
      return
    }
    evm.relay.upgrade(req, socket, head, path)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(o.port, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    setDebugApi: (on) => {
      flags.debugApi = on
    },
    setConfig: (patch) => applyConfig(parseNodeConfig(patch, configContext())),
    validators,
    profileDir: o.profileDir,
    profiles: () => profiler.list(),
    core: { view: () => core.view(), configure: (patch) => core.configure(patch) },
    async close() {
      core.stop()
      for (const { relay } of new Set(evmChains.values())) relay.close()
      await profiler.stop()
      for (const socket of hung) socket.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
