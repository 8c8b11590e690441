/**
 * The node's HTTP server: routes the JSON-RPC endpoints, applies 'node' faults (match = JSON-RPC method
 * or path), serves the fault control endpoint /__sim/faults (loopback only) and relays websockets.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Dataset } from '../dataset'
import type { FaultRule, Faults } from '../faults'
import { applyHttpFault, validateFaultRule } from '../faults'
import { Profiler, adminMethods, vmConfig } from './admin'
import type { AnvilHandle } from './anvil'
import { CoreState, coreMethods } from './core'
import { evmCaller, handleEvm } from './evm'
import type { ProofWindow } from './evm'
import { handleGorilla } from './gorilla'
import { gorillaError } from './jsonrpc'
import { SimLog } from './log'
import { platformMethods } from './platform'
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
}

export interface NodeServer {
  url: string
  log: SimLog
  setDebugApi(on: boolean): void
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
  let debugApi = o.debugApi ?? true
  const evm = evmCaller(o.anvil.url)
  const core = new CoreState({ ds: o.ds, evm, anvilMinesItself: o.anvilMinesItself })
  core.start()
  const profiler = new Profiler(o.profileDir)
  const cChainId = o.ds.params.cChainId
  const platform = platformMethods(o.ds)
  const coreApi = coreMethods({ ds: o.ds, evm, anvilMinesItself: o.anvilMinesItself }, core)
  const admin = adminMethods(profiler, log, () => vmConfig({ debugApi, logLevel: log.level, profileDir: o.profileDir }))
  const relay = new WsRelay(o.anvil.wsUrl, o.faults)
  const evmDeps = { anvilUrl: o.anvil.url, debugApi: () => debugApi, evmChainId: o.ds.params.evmChainId, ...(o.proof ? { proof: o.proof } : {}) }

  const route = (path: string): ((body: unknown) => Promise<unknown>) | undefined => {
    if (path === '/ext/bc/P' || path === '/ext/P') return (b) => handleGorilla(b, 'platform', platform)
    if (path === '/ext/bc/C/core') return (b) => handleGorilla(b, 'core', coreApi)
    if (path === '/ext/bc/C/admin') return (b) => handleGorilla(b, 'admin', admin, true)
    const m = /^\/ext\/bc\/([^/]+)\/rpc$/.exec(path)
    if (m && (m[1] === 'C' || m[1] === cChainId)) return (b) => handleEvm(b, evmDeps)
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
    if (path === '/__sim/config' && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as { debugApi?: unknown }
      if (typeof body.debugApi === 'boolean') debugApi = body.debugApi
      return send(res, 200, { debugApi })
    }
    return send(res, 404, { message: 'not found' })
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!
      if (path.startsWith('/__sim/')) return control(req, res, path)
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
      if (await applyHttpFault(rules, req, res, { service: 'node' })) return
      let answer = await handler(body)
      if (rules.some((r) => r.kind === 'wrongId')) answer = rewriteIds(answer)
      send(res, 200, answer)
    })().catch((e: unknown) => {
      log.warn(`request failed: ${(e as Error).message}`)
      if (!res.headersSent) send(res, 500, { message: (e as Error).message })
      else res.destroy()
    })
  })
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '/').split('?')[0]!
    const m = /^\/ext\/bc\/([^/]+)\/ws$/.exec(path)
    if (!m || (m[1] !== 'C' && m[1] !== cChainId)) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n')
      return
    }
    relay.upgrade(req, socket, head, path)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(o.port, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    setDebugApi: (on) => (debugApi = on),
    async close() {
      core.stop()
      relay.close()
      await profiler.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
