import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentSecurityPolicy } from '../csp'
import { rendererFiles, type RendererFiles } from './renderer-files'

/** The page may reach the contract only over our own loopback websocket. */
export function browserCsp(port: number): string {
  return contentSecurityPolicy(`'self' ws://127.0.0.1:${port} ws://localhost:${port}`)
}

/** The built renderer for browser mode: gzip/brotli and long caching for hashed assets, no-store for the page. */
export function staticFiles(root: string, port: number): RendererFiles {
  return rendererFiles(root, { csp: browserCsp(port), compress: true })
}

/** Answers one request from the renderer files; the caller guards against anything it throws. */
export async function serveStatic(files: RendererFiles, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const accept = req.headers['accept-encoding']
  const answer = await files({ method: req.method, target: req.url, acceptEncoding: Array.isArray(accept) ? accept.join(',') : accept })
  if (res.destroyed) return
  res.writeHead(answer.status, answer.headers)
  res.end(answer.body)
}
