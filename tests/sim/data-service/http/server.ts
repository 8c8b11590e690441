/**
 * The request pipeline shared by the data and metrics services: fault injection first (every request,
 * keyed by its path), then an optional gate (rate limit), routing, the JSON body, the handler, and
 * errors turned into the service's NestJS-style error body.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { applyHttpFault } from '../../faults'
import type { Faults, SimService } from '../../faults'
import { HttpError, errorBody } from './errors'
import type { ErrorStyle } from './errors'
import { Router, splitPath } from './router'
import type { RequestContext } from './router'

/** Bodies above this are refused with 413, as body-parser's default limit would. */
const MAX_BODY_BYTES = 1024 * 1024

export interface GateResult {
  /** headers added to the answer, whatever it is (e.g. rate-limit state) */
  headers?: Record<string, string>
}

export interface JsonServerOptions {
  service: SimService
  faults: Faults
  router: Router
  errorStyle: ErrorStyle
  /** runs after faults and before routing; throw an HttpError to refuse the request */
  gate?: (req: IncomingMessage) => GateResult
}

export interface RunningServer {
  url: string
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  })
  res.end(text)
}

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buf = chunk as Buffer
    size += buf.length
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request entity too large')
    chunks.push(buf)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (e) {
    // body-parser's message for a syntax error, with status 400
    throw new HttpError(400, `Unexpected token in JSON: ${(e as Error).message}`)
  }
}

async function handle(opts: JsonServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sim.local')
  const faultRules = opts.faults.take(opts.service, url.pathname)
  if (faultRules.length > 0 && (await applyHttpFault(faultRules, req, res, { service: opts.service, faults: opts.faults }))) return

  let extraHeaders: Record<string, string> = {}
  try {
    const gate = opts.gate?.(req)
    extraHeaders = { ...(gate?.headers ?? {}) }
    const segments = splitPath(url.pathname)
    const method = req.method ?? 'GET'
    const match = opts.router.match(method, segments)
    // NestJS's default for an unknown route (any method): 404 "Cannot GET /path".
    if (!match) throw new HttpError(404, `Cannot ${method} ${url.pathname}`)
    const body = method === 'POST' ? await readJsonBody(req) : undefined
    const ctx: RequestContext = {
      method,
      path: '/' + segments.join('/'),
      params: match.params,
      query: url.searchParams,
      headers: req.headers,
      body,
    }
    const result = await match.route.handler(ctx)
    send(res, result.status ?? 200, result.body, { ...extraHeaders, ...(result.headers ?? {}) })
  } catch (e) {
    if (e instanceof HttpError) {
      send(res, e.status, errorBody(e.status, e.message, opts.errorStyle), { ...extraHeaders, ...e.headers })
      return
    }
    // A bug in the sim: answer as an uncaught NestJS exception would, and keep the detail in the log.
    console.error(`[sim:${opts.service}] ${req.method} ${req.url}:`, e)
    send(res, 500, errorBody(500, 'Internal server error', opts.errorStyle), extraHeaders)
  }
}

export async function startJsonServer(opts: JsonServerOptions, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  const server: Server = createServer((req, res) => {
    handle(opts, req, res).catch((e: unknown) => {
      console.error(`[sim:${opts.service}] unhandled:`, e)
      if (!res.headersSent) send(res, 500, errorBody(500, 'Internal server error', opts.errorStyle), {})
      else res.destroy()
    })
  })
  // As the node's server (tests/sim/node/server.ts): an idle keep-alive connection stays open for long, so a
  // client reusing its socket after a busy few seconds is never met by a close racing its request
  // (ECONNRESET). Node's default of 5 s raced a test's client on a loaded machine.
  server.keepAliveTimeout = 120_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const addr = server.address() as AddressInfo
  const hostForUrl = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address
  return {
    url: `http://${hostForUrl}:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Hung requests (the 'hang' fault) and keep-alive sockets would keep close() waiting forever.
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
