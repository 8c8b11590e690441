import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { Contract } from '../../shared/contract'
import { MAX_FRAME_BYTES } from '../../shared/rpc/frames'
import type { RpcServer } from '../../shared/rpc/server'
import { Listeners, type Connection } from '../../shared/rpc/transport'
import type { Frame } from '../../shared/rpc/frames'
import { log } from '../log'
import { serveStatic } from './static-files'

export interface BrowserServerOptions {
  server: RpcServer<Contract>
  staticDir: string
  port?: number
}

export interface BrowserServer {
  url: string
  port: number
  close(): Promise<void>
}

/**
 * Browser mode: the built renderer and the contract over a websocket, on 127.0.0.1 only.
 * A connection needs the per-launch token, our own Origin and a loopback Host (DNS rebinding);
 * frames above 1 MiB close the connection.
 */
export async function startBrowserServer(opts: BrowserServerOptions): Promise<BrowserServer> {
  const token = randomBytes(32).toString('base64url')
  let port = 0
  const hostAllowed = (host: string | undefined): boolean => host === `127.0.0.1:${port}` || host === `localhost:${port}`
  const originAllowed = (origin: string | undefined): boolean => origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`

  const http = createServer((req, res) => {
    if (!hostAllowed(req.headers.host)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden host')
      return
    }
    serveStatic(opts.staticDir, port, req, res)
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refusal = refuse(req)
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => opts.server.attach(wsConnection(ws), 'ws'))
  })

  const refuse = (req: IncomingMessage): string | undefined => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname !== '/rpc') return '404 Not Found'
    if (!hostAllowed(req.headers.host)) return '403 Forbidden'
    if (!originAllowed(req.headers.origin)) return '403 Forbidden'
    const given = Buffer.from(url.searchParams.get('token') ?? '')
    const want = Buffer.from(token)
    if (given.length !== want.length || !timingSafeEqual(given, want)) return '401 Unauthorized'
    return undefined
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  port = (http.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    close: async () => {
      for (const ws of wss.clients) ws.terminate()
      await new Promise<void>((r) => wss.close(() => r()))
      await new Promise<void>((r) => http.close(() => r()))
    }
  }
}

/** Adapts one websocket to the Connection interface; anything that is not a JSON text frame is dropped. */
function wsConnection(ws: WebSocket): Connection {
  const frames = new Listeners<[Frame]>()
  const closed = new Listeners<[]>()
  ws.on('message', (data, isBinary) => {
    if (isBinary) return
    let parsed: unknown
    try {
      parsed = JSON.parse(String(data))
    } catch {
      return
    }
    // The server re-validates every frame; this cast only hands it over.
    frames.emit(parsed as Frame)
  })
  ws.on('close', () => closed.emit())
  ws.on('error', (err) => log.warn('browser-mode websocket error', err))
  return {
    send: (f) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(f))
    },
    onFrame: (l) => frames.add(l),
    onClose: (l) => closed.add(l)
  }
}
