/**
 * A throwaway HTTP server on 127.0.0.1 for client tests that need an answer no real service gives (a
 * wrong id, a half-sent body, a 429): it records every request, hands it to the test's handler, and is
 * closed after each test of the file that calls it.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

export interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

export interface LocalServer {
  /** http://127.0.0.1:PORT */
  origin: string
  /** Every request received, in order. */
  seen: Seen[]
  close(): Promise<void>
}

export type LocalHandler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void | Promise<void>

/** Returns a `serve(handler)` whose servers are closed after each test of the calling file. */
export function localServers(): (handle: LocalHandler) => Promise<LocalServer> {
  const open: LocalServer[] = []
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()))
  })
  return async (handle) => {
    const s = await startLocalServer(handle)
    open.push(s)
    return s
  }
}

export async function startLocalServer(handle: LocalHandler): Promise<LocalServer> {
  const seen: Seen[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const s: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      seen.push(s)
      void handle(req, res, s)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
