import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Contract } from '../../shared/contract'
import { MAX_FRAME_BYTES } from '../../shared/rpc/frames'
import { frameText } from '../../shared/rpc/json-texts'
import type { RpcServer } from '../../shared/rpc/server'
import { Listeners, type Connection } from '../../shared/rpc/transport'
import type { Frame } from '../../shared/rpc/frames'
import { hideInLogs, log } from '../log'
import type { Scrape } from '../services/watch/exporter'
import { answerMetrics, isMetricsRequest, sameSecret } from './metrics'
import { parseRequestTarget } from './request-target'
import { serveStatic, staticFiles } from './static-files'
import { answerTestClock, isTestClockRequest } from './test-clock'
import type { OffsetClock } from '../clock'

export interface BrowserServerOptions {
  server: RpcServer<Contract>
  staticDir: string
  port?: number
  /** The access token (serve --token-file keeps one across restarts); default: a random one for this launch. */
  token?: string
  /** GET /metrics (Prometheus) with `Authorization: Bearer <the per-launch token>`; none: 404. */
  metrics?: () => Promise<Scrape>
  /** Tests only (serve with COMPANION_TEST_CLOCK=1): main's clock, moved forward through POST /__test/clock. */
  testClock?: OffsetClock
  /** Output flow control per websocket; the defaults suit a browser (tests lower them). */
  backpressure?: Partial<Backpressure>
}

export interface Backpressure {
  /** Past this many bytes waiting to go out to a client, stop reading its frames until they drain. */
  pauseAt: number
  /** Past this many, the client is not reading its answers at all: drop it. */
  terminateAt: number
}

export const DEFAULT_BACKPRESSURE: Backpressure = { pauseAt: 4 * 1024 * 1024, terminateAt: 32 * 1024 * 1024 }

export interface BrowserServerStats {
  /** Open websocket connections. */
  clients: number
  /** Bytes queued for all of them and not yet handed to the OS. */
  bufferedBytes: number
  /** The largest queue of one connection. */
  maxBufferedBytes: number
  /** Connections whose reading is paused until their output drains. */
  paused: number
}

export interface BrowserServer {
  url: string
  port: number
  /** What the websocket side holds right now (tests and diagnostics). */
  stats(): BrowserServerStats
  close(): Promise<void>
}

/**
 * Browser mode: the built renderer and the contract over a websocket, on 127.0.0.1 only.
 * A connection needs the per-launch token, our own Origin and a loopback Host (DNS rebinding);
 * frames above 1 MiB close the connection. Nothing a request sends may end the process: every
 * handler is guarded, and a failure answers 500 (or closes that one socket). GET /metrics (Prometheus)
 * takes the same token, as `Authorization: Bearer <token>`.
 */
export async function startBrowserServer(opts: BrowserServerOptions): Promise<BrowserServer> {
  const token = opts.token ?? randomBytes(32).toString('base64url')
  hideInLogs(token)
  const flow: Backpressure = { ...DEFAULT_BACKPRESSURE, ...opts.backpressure }
  let port = 0
  const hostAllowed = (host: string | undefined): boolean => host === `127.0.0.1:${port}` || host === `localhost:${port}`
  const originAllowed = (origin: string | undefined): boolean => origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`
  let files: ReturnType<typeof staticFiles> | undefined

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req.headers.host)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden host')
      return
    }
    if (opts.metrics && isMetricsRequest(req)) return answerMetrics(req, res, token, opts.metrics)
    if (opts.testClock && isTestClockRequest(req)) return answerTestClock(req, res, { clock: opts.testClock, token, originAllowed })
    files ??= staticFiles(opts.staticDir, port)
    await serveStatic(files, req, res)
  }
  const http = createServer((req, res) => {
    // Anything thrown while answering ends this request only.
    onRequest(req, res).catch((err: unknown) => {
      log.warn('browser mode: a request failed', err)
      if (res.headersSent || res.destroyed) res.destroy()
      else res.writeHead(500, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('Internal error')
    })
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const connections = new Set<WsConnection>()

  const refuse = (req: IncomingMessage): string | undefined => {
    const target = parseRequestTarget(req.url)
    if (!target) return '400 Bad Request'
    if (target.path !== '/rpc') return '404 Not Found'
    if (!hostAllowed(req.headers.host)) return '403 Forbidden'
    if (!originAllowed(req.headers.origin)) return '403 Forbidden'
    if (!sameSecret(target.query.get('token') ?? '', token)) return '401 Unauthorized'
    return undefined
  }
  const answerAndClose = (socket: Duplex, status: string): void => {
    if (socket.destroyed) return
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy())
  }

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // After an upgrade the http server no longer watches the socket: a reset must not become an uncaught error.
    socket.on('error', () => socket.destroy())
    try {
      const refusal = refuse(req)
      if (refusal) {
        answerAndClose(socket, refusal)
        return
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        try {
          const conn = wsConnection(ws, flow)
          connections.add(conn)
          ws.once('close', () => connections.delete(conn))
          opts.server.attach(conn, 'ws')
        } catch (err) {
          log.warn('browser mode: could not attach a websocket', err)
          ws.terminate()
        }
      })
    } catch (err) {
      log.warn('browser mode: an upgrade failed', err)
      answerAndClose(socket, '500 Internal Server Error')
    }
  })

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  port = (http.address() as { port: number }).port
  http.on('error', (err) => log.warn('browser mode: server error', err))
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    stats: () => {
      let bufferedBytes = 0
      let maxBufferedBytes = 0
      let paused = 0
      for (const c of connections) {
        const b = c.bufferedAmount()
        bufferedBytes += b
        maxBufferedBytes = Math.max(maxBufferedBytes, b)
        if (c.isPaused()) paused++
      }
      return { clients: connections.size, bufferedBytes, maxBufferedBytes, paused }
    },
    close: async () => {
      for (const ws of wss.clients) ws.terminate()
      await new Promise<void>((r) => wss.close(() => r()))
      http.closeAllConnections()
      await new Promise<void>((r) => http.close(() => r()))
    }
  }
}

interface WsConnection extends Connection {
  bufferedAmount(): number
  isPaused(): boolean
}

/**
 * Adapts one websocket to the Connection interface; anything that is not a JSON text frame is dropped.
 * Flow control: a client that does not read its answers stops being read (its frames wait in its own
 * buffers, not in ours) once `pauseAt` bytes are queued for it, is read again when they have gone
 * out, and is dropped past `terminateAt`.
 */
function wsConnection(ws: WebSocket, flow: Backpressure): WsConnection {
  const frames = new Listeners<[Frame]>()
  const closed = new Listeners<[]>()
  let paused = false
  const resumeIfDrained = (): void => {
    if (paused && ws.readyState === ws.OPEN && ws.bufferedAmount <= flow.pauseAt / 2) {
      paused = false
      ws.resume()
    }
  }
  ws.on('message', (data, isBinary) => {
    if (isBinary) return
    let parsed: unknown
    try {
      parsed = JSON.parse(String(data))
    } catch {
      return
    }
    try {
      // The server re-validates every frame; this cast only hands it over.
      frames.emit(parsed as Frame)
    } catch (err) {
      log.warn('browser mode: a frame failed', err)
    }
  })
  ws.on('close', () => {
    try {
      closed.emit()
    } catch (err) {
      log.warn('browser mode: closing a connection failed', err)
    }
  })
  ws.on('error', (err) => log.warn('browser-mode websocket error', err))
  return {
    jsonText: true,
    send: (f) => {
      if (ws.readyState !== ws.OPEN) return
      try {
        // The callback runs once this frame has been handed to the OS: the queue has shrunk.
        ws.send(frameText(f), resumeIfDrained)
      } catch (err) {
        log.warn('browser mode: could not send a frame', err)
        return
      }
      const queued = ws.bufferedAmount
      if (queued > flow.terminateAt) {
        log.warn(`browser mode: dropped a client that does not read its answers (${queued} bytes queued)`)
        ws.terminate()
      } else if (queued > flow.pauseAt && !paused) {
        paused = true
        ws.pause()
      }
    },
    onFrame: (l) => frames.add(l),
    onClose: (l) => closed.add(l),
    bufferedAmount: () => ws.bufferedAmount,
    isPaused: () => paused
  }
}
