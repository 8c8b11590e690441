/**
 * `GET /metrics` (the watch's Prometheus exporter, services/watch/exporter.ts) over HTTP, behind a bearer
 * token: on browser mode's port with its per-launch token, and on its own port for `companion watch
 * --metrics-port`, with the token kept in `<data-dir>/metrics-token`.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { isIP } from 'node:net'
import { join } from 'node:path'
import { log } from '../log'
import type { Scrape } from '../services/watch/exporter'
import { parseRequestTarget } from './request-target'
import { keptToken, type KeptToken } from './token-file'

export const METRICS_PATH = '/metrics'
export const METRICS_TOKEN_FILE = 'metrics-token'

/** Whether two secrets are equal, in time that depends on neither (their hashes are compared). */
export function sameSecret(given: string, want: string): boolean {
  const h = (s: string): Buffer => createHash('sha256').update(s).digest()
  return timingSafeEqual(h(given), h(want)) && want.length > 0
}

/** Whether the request carries `Authorization: Bearer <token>`. */
export function hasBearer(req: IncomingMessage, token: string): boolean {
  const m = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')
  return sameSecret(m?.[1] ?? '', token)
}

export function isMetricsRequest(req: IncomingMessage): boolean {
  return parseRequestTarget(req.url)?.path === METRICS_PATH
}

/** Answers a request for /metrics: 401 without the token, 405 for anything but GET or HEAD. */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse, token: string, scrape: () => Promise<Scrape>): Promise<void> {
  const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
  if (!hasBearer(req, token)) {
    res.writeHead(401, { ...plain, 'www-authenticate': 'Bearer realm="companion metrics"' }).end('Unauthorized: send Authorization: Bearer <token>\n')
    return
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...plain, allow: 'GET, HEAD' }).end('Method not allowed\n')
    return
  }
  const { contentType, body } = await scrape()
  if (res.destroyed) return
  res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) })
  res.end(req.method === 'HEAD' ? undefined : body)
}

export interface MetricsServer {
  /** http://host:port/metrics */
  url: string
  port: number
  close(): Promise<void>
}

/** `companion watch --metrics-port`: only /metrics, only with the bearer token. */
export async function startMetricsServer(opts: { host: string; port: number; token: string; scrape: () => Promise<Scrape> }): Promise<MetricsServer> {
  const http = createServer((req, res) => {
    const answer = isMetricsRequest(req)
      ? answerMetrics(req, res, opts.token, opts.scrape)
      : Promise.resolve(void res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n'))
    answer.catch((err: unknown) => {
      log.warn('metrics: a scrape failed', err)
      if (res.headersSent || res.destroyed) res.destroy()
      else res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Internal error\n')
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(opts.port, opts.host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  http.on('error', (err) => log.warn('metrics: server error', err))
  const port = (http.address() as { port: number }).port
  return {
    url: `http://${isIP(opts.host) === 6 ? `[${opts.host}]` : opts.host}:${port}${METRICS_PATH}`,
    port,
    close: async () => {
      http.closeAllConnections()
      await new Promise<void>((r) => http.close(() => r()))
    }
  }
}

/**
 * The token of `companion watch`'s metrics, from `<dataDir>/metrics-token`: made (random, mode 0600) on
 * first use, the same afterwards so that Prometheus keeps scraping across restarts.
 */
export function metricsToken(dataDir: string): KeptToken {
  return keptToken(join(dataDir, METRICS_TOKEN_FILE))
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '')
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'))
}

/**
 * `--metrics-port` and `--metrics-host` of `companion watch`, checked: a port from 1 to 65535, a host that is
 * an IP address or a host name. A message that says what to fix otherwise.
 */
export function parseMetricsOptions(port: string | undefined, host: string | undefined): { port: number; host: string } | undefined | string {
  if (port === undefined) return host === undefined ? undefined : '--metrics-host needs --metrics-port N as well (the port /metrics is served on)'
  if (!/^\d{1,5}$/.test(port.trim()) || Number(port) < 1 || Number(port) > 65535)
    return `--metrics-port must be a port number from 1 to 65535, got "${port}"`
  const h = (host ?? '127.0.0.1').trim()
  if (!isIP(h) && !HOSTNAME.test(h))
    return `--metrics-host must be an IP address (such as 127.0.0.1 or ::1) or a host name (such as localhost), got "${host ?? ''}"`
  return { port: Number(port), host: h }
}

/** What `companion watch` says on stderr when /metrics is reachable from other machines. */
export function networkWarning(host: string): string | undefined {
  return isLoopback(host)
    ? undefined
    : `warning: --metrics-host ${host} is not a loopback address: /metrics is reachable from the network, and requires the bearer token`
}

/**
 * `companion watch --metrics-port`: the token (made on first use), a warning when the host is not loopback,
 * and the server. Says in the log where the token is, never the token itself.
 */
export async function serveWatchMetrics(opts: {
  dataDir: string
  host: string
  port: number
  scrape: () => Promise<Scrape>
}): Promise<MetricsServer> {
  const { token, path, created, warning } = metricsToken(opts.dataDir)
  if (warning) log.warn(`companion: warning: ${warning}`)
  const network = networkWarning(opts.host)
  if (network) log.warn(`companion: ${network}`)
  let server: MetricsServer
  try {
    server = await startMetricsServer({ host: opts.host, port: opts.port, token, scrape: opts.scrape })
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    const fix =
      code === 'EADDRINUSE'
        ? 'the port is in use: choose another --metrics-port'
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? '--metrics-host must be an address of this machine'
          : code === 'EACCES'
            ? 'not allowed to listen there: choose a --metrics-port above 1023'
            : (e as Error).message
    throw new Error(`cannot serve /metrics on ${opts.host}:${opts.port}: ${fix}`)
  }
  log.info(
    `companion: Prometheus metrics at ${server.url}, with Authorization: Bearer <token>; the token is in ${path}` +
      `${created ? ' (made now)' : ''} (Prometheus: authorization: { credentials_file: ${path} })`
  )
  return server
}
