/**
 * The REST caller (src/main/clients/rest/client.ts) against a real local HTTP server started here, with
 * the real endpoint tables of the data and metrics services: where the API key goes (and where it never
 * goes), how error statuses come back, scrubbing of a key the server echoes, retries and paging.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { dataEndpoints } from '../../../src/main/clients/data/endpoints'
import { metricsEndpoints } from '../../../src/main/clients/metrics/endpoints'
import { RestClient, callEndpoint, pages } from '../../../src/main/clients/rest/client'
import type { EndpointDef } from '../../../src/main/clients/rest/define'
import { AppError } from '../../../src/shared/rpc/errors'
import type { ErrorCode } from '../../../src/shared/rpc/errors'
import { localServers, type LocalServer, type Seen } from '../../support/local-server'
import { rejection } from '../../support/rejection'

const KEY = 'test-api-key-5f2c9b7e01d34a6c'

type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => void

type TestServer = LocalServer & { url: string }

const openServer = localServers()
async function serve(handle: Handler): Promise<TestServer> {
  const s = await openServer((req, res, seen) => handle(req, res, seen))
  return { ...s, url: s.origin }
}

function send(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers })
  res.end(text)
}

/** Answers by path: the two real endpoints these tests call, and `{}` for anything else. */
const okByPath: Handler = (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (path === '/v1/networks/mainnet/subnets') return send(res, 200, { subnets: [] })
  if (path === '/v1/avg_tps/43114') return send(res, 200, { results: [{ timestamp: 1_700_000_000, value: 1.5 }], status: 200 })
  send(res, 200, {})
}

function client(url: string, opts: { apiKey?: () => string | undefined; retries?: number; service?: string } = {}): RestClient {
  return new RestClient({ baseUrl: url, service: opts.service ?? 'data service', apiKey: opts.apiKey ?? (() => KEY), ...(opts.retries !== undefined ? { retries: opts.retries } : {}) })
}

/** The key appears nowhere in what was sent, except as the value of x-data-api-key. */
function keyOnlyInItsHeader(s: Seen): void {
  expect(s.url).not.toContain(KEY)
  expect(s.body).not.toContain(KEY)
  for (const [name, value] of Object.entries(s.headers)) if (name !== 'x-data-api-key') expect(String(value)).not.toContain(KEY)
}

const allDefs: [string, EndpointDef][] = [
  ...Object.entries(dataEndpoints).map(([k, d]) => [`data.${k}`, d as EndpointDef] as [string, EndpointDef]),
  ...Object.entries(metricsEndpoints).map(([k, d]) => [`metrics.${k}`, d as EndpointDef] as [string, EndpointDef])
]

describe('the API key', () => {
  it('the endpoint tables: every data-service endpoint takes the key, no metrics-service endpoint does', () => {
    expect(Object.keys(dataEndpoints).length).toBeGreaterThan(5)
    expect(Object.keys(metricsEndpoints).length).toBeGreaterThan(0)
    for (const d of Object.values(dataEndpoints)) expect(d.sendsApiKey).toBe(true)
    for (const d of Object.values(metricsEndpoints)) expect(d.sendsApiKey).toBe(false)
  })

  it('is sent in x-data-api-key for a data-service endpoint, never in the URL (real call: listSubnets)', async () => {
    const s = await serve(okByPath)
    const r = await callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' }, query: { pageSize: 10 } })
    expect(r.subnets).toEqual([])
    expect(s.seen).toHaveLength(1)
    expect(s.seen[0]!.url).toBe('/v1/networks/mainnet/subnets?pageSize=10')
    expect(s.seen[0]!.headers['x-data-api-key']).toBe(KEY)
    keyOnlyInItsHeader(s.seen[0]!)
  })

  it('is not sent to a metrics-service endpoint, even by a client that has one (real call: getAvgTps)', async () => {
    const s = await serve(okByPath)
    const r = await callEndpoint(client(s.url, { service: 'metrics service' }), metricsEndpoints.getAvgTps, { path: { chainId: '43114' } })
    expect(r.results).toEqual([{ timestamp: 1_700_000_000, value: 1.5 }])
    expect(s.seen[0]!.headers['x-data-api-key']).toBeUndefined()
    keyOnlyInItsHeader(s.seen[0]!)
  })

  it('follows sendsApiKey for every endpoint of both tables', async () => {
    const s = await serve(okByPath)
    const c = client(s.url)
    for (const [name, def] of allDefs) {
      await c.send(def.method, `/probe/${name}`, def.method === 'POST' ? {} : undefined, def.sendsApiKey)
      const seen = s.seen.at(-1)!
      expect(seen.url).toBe(`/probe/${name}`)
      expect(seen.method).toBe(def.method)
      expect(seen.headers['x-data-api-key'], name).toBe(def.sendsApiKey ? KEY : undefined)
      keyOnlyInItsHeader(seen)
    }
    expect(s.seen).toHaveLength(allDefs.length)
  })

  it('no key configured: no header at all; the key is read at each request, so a new key is used at once', async () => {
    const s = await serve(okByPath)
    const profile: { key?: string } = {}
    const c = client(s.url, { apiKey: () => profile.key })
    await callEndpoint(c, dataEndpoints.listSubnets, { path: { network: 'mainnet' } })
    expect('x-data-api-key' in s.seen[0]!.headers).toBe(false)
    profile.key = KEY
    await callEndpoint(c, dataEndpoints.listSubnets, { path: { network: 'mainnet' } })
    expect(s.seen[1]!.headers['x-data-api-key']).toBe(KEY)
  })

  it('an error body that echoes the key comes back scrubbed, in details.upstreamMessage and everywhere else', async () => {
    const echoes: [number, ErrorCode, unknown][] = [
      [401, 'UNAUTHORIZED', { statusCode: 401, message: `Invalid API key: ${KEY}` }],
      [403, 'FORBIDDEN', { statusCode: 403, message: `key ${KEY} may not read this` }],
      [400, 'BAD_INPUT', { statusCode: 400, message: [`pageSize is wrong (key ${KEY})`, `and again ${KEY}`] }],
      [404, 'NOT_FOUND', { message: `nothing for ${KEY}` }]
    ]
    for (const [status, code, body] of echoes) {
      const s = await serve((_req, res) => send(res, status, body))
      const err = await rejection(callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' } }), code)
      const upstream = (err.details as { upstreamMessage?: string }).upstreamMessage
      expect(upstream).toContain('[redacted]')
      expect(upstream).not.toContain(KEY)
      expect(err.message).not.toContain(KEY)
      expect(JSON.stringify(err.toData())).not.toContain(KEY)
      expect(err.toData()).toMatchObject({ code, details: { status, upstreamMessage: upstream } })
    }
  })
})

describe('error statuses', () => {
  it.each([
    [401, 'UNAUTHORIZED', 'Invalid API key'],
    [403, 'FORBIDDEN', 'Forbidden resource'],
    [503, 'UNAVAILABLE', 'Service temporarily unavailable']
  ] as const)('HTTP %i → %s with the service’s own message in details.upstreamMessage', async (status, code, words) => {
    const s = await serve((_req, res) => send(res, status, { statusCode: status, message: words, error: 'x' }))
    const err = await rejection(callEndpoint(client(s.url, { retries: 0 }), dataEndpoints.listSubnets, { path: { network: 'mainnet' } }), code)
    expect(err.details).toEqual({ status, path: '/v1/networks/mainnet/subnets', upstreamMessage: words })
    expect(err.message).toContain('data service')
    expect(err.message).not.toContain(words)
  })

  it('401 and 403 are final (asked once); 503 is retried for reads', async () => {
    for (const status of [401, 403]) {
      const s = await serve((_req, res) => send(res, status, { message: 'no' }))
      await rejection(callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' } }))
      expect(s.seen).toHaveLength(1)
    }
    let hits = 0
    const s = await serve((req, res, seen) => (hits++ < 2 ? send(res, 503, { message: 'busy' }) : okByPath(req, res, seen)))
    const r = await callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' } })
    expect(r.subnets).toEqual([])
    expect(s.seen).toHaveLength(3)
  })

  it('429 with Retry-After: 1 is waited out and the request sent again (with the key again)', async () => {
    let hits = 0
    const s = await serve((req, res, seen) => (hits++ === 0 ? send(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '1' }) : okByPath(req, res, seen)))
    const r = await callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' } })
    expect(r.subnets).toEqual([])
    expect(s.seen).toHaveLength(2)
    expect(s.seen.map((x) => x.headers['x-data-api-key'])).toEqual([KEY, KEY])
  })

  it('429 with a Retry-After longer than we wait is RATE_LIMITED at once, carrying it', async () => {
    const s = await serve((_req, res) => send(res, 429, { message: 'quota exceeded' }, { 'retry-after': '3600' }))
    const err = await rejection(callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' } }), 'RATE_LIMITED')
    expect(err.details).toMatchObject({ status: 429, retryAfter: 3600, upstreamMessage: 'quota exceeded' })
    expect(s.seen).toHaveLength(1)
  })

  it('an answer of the wrong shape is UPSTREAM_INVALID naming the endpoint', async () => {
    const s = await serve((_req, res) => send(res, 200, { subnets: 'none' }))
    const err = await rejection(callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' } }), 'UPSTREAM_INVALID')
    expect(err.details).toMatchObject({ method: 'listSubnets' })
  })

  it('bad arguments are refused before anything is sent', async () => {
    const s = await serve(okByPath)
    await rejection(callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'moon' as 'mainnet' } }), 'BAD_INPUT')
    expect(s.seen).toHaveLength(0)
  })

  it('a server that never answers is TIMEOUT; an abort is CANCELLED', async () => {
    const s = await serve(() => {})
    const slow = new RestClient({ baseUrl: s.url, service: 'data service', apiKey: () => KEY, timeoutMs: 150, retries: 0 })
    const err = await rejection(callEndpoint(slow, dataEndpoints.listSubnets, { path: { network: 'mainnet' } }), 'TIMEOUT')
    expect(err.details).toEqual({ url: `${s.url}/v1/networks/mainnet/subnets`, timeoutMs: 150 })
    const ac = new AbortController()
    const p = callEndpoint(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' } }, { signal: ac.signal })
    setTimeout(() => ac.abort(), 20)
    await rejection(p, 'CANCELLED')
  })
})

describe('pages()', () => {
  /**
   * Serves avg_tps pages: the token asked for → the next token to send (undefined: last page); by
   * pageToken/nextPageToken as the spec says, or by startKey/nextPageStartKey as the real route.
   */
  const paged = (next: Record<string, string | undefined>, [param, field] = ['pageToken', 'nextPageToken']): Handler => {
    return (req, res) => {
      const token = new URL(req.url ?? '/', 'http://x').searchParams.get(param!) ?? ''
      const n = next[token]
      send(res, 200, { results: [{ timestamp: 1_700_000_000, value: token.length }], status: 200, ...(n !== undefined ? { [field!]: n } : {}) })
    }
  }
  const startKeyed = (next: Record<string, string | undefined>): Handler => paged(next, ['startKey', 'nextPageStartKey'])
  const collect = async (gen: AsyncGenerator<unknown>): Promise<{ pages: unknown[]; error?: AppError }> => {
    const out: unknown[] = []
    try {
      for await (const p of gen) out.push(p)
    } catch (e) {
      expect(e).toBeInstanceOf(AppError)
      return { pages: out, error: e as AppError }
    }
    return { pages: out }
  }

  it('walks until there is no nextPageToken, sending each token once', async () => {
    const s = await serve(paged({ '': 'p2', p2: 'p3', p3: undefined }))
    const { pages: got, error } = await collect(pages(client(s.url, { service: 'metrics service' }), metricsEndpoints.getAvgTps, { path: { chainId: '43114' } }))
    expect(error).toBeUndefined()
    expect(got).toHaveLength(3)
    expect(s.seen.map((x) => x.url)).toEqual(['/v1/avg_tps/43114', '/v1/avg_tps/43114?pageToken=p2', '/v1/avg_tps/43114?pageToken=p3'])
  })

  it('refuses a nextPageToken it has seen before (right away or later), after yielding the pages so far', async () => {
    const again = await serve(paged({ '': 'p2', p2: 'p2' }))
    const r1 = await collect(pages(client(again.url), metricsEndpoints.getAvgTps, { path: { chainId: '43114' } }))
    expect(r1.pages).toHaveLength(2)
    expect(r1.error?.code).toBe('UPSTREAM_INVALID')
    expect(r1.error?.message).toContain('nextPageToken')
    expect(again.seen).toHaveLength(2)

    const cycle = await serve(paged({ '': 'a', a: 'b', b: 'a' }))
    const r2 = await collect(pages(client(cycle.url), metricsEndpoints.getAvgTps, { path: { chainId: '43114' } }))
    expect(r2.pages).toHaveLength(3)
    expect(r2.error?.code).toBe('UPSTREAM_INVALID')
    expect(cycle.seen).toHaveLength(3)
  })

  it("follows the real avg_tps route's nextPageStartKey as startKey, and refuses one it has seen", async () => {
    const s = await serve(startKeyed({ '': 'k2', k2: 'k3', k3: undefined }))
    const { pages: got, error } = await collect(pages(client(s.url, { service: 'metrics service' }), metricsEndpoints.getAvgTps, { path: { chainId: '43114' } }))
    expect(error).toBeUndefined()
    expect(got).toHaveLength(3)
    expect(s.seen.map((x) => x.url)).toEqual(['/v1/avg_tps/43114', '/v1/avg_tps/43114?startKey=k2', '/v1/avg_tps/43114?startKey=k3'])
    const again = await serve(startKeyed({ '': 'k2', k2: 'k2' }))
    const r = await collect(pages(client(again.url), metricsEndpoints.getAvgTps, { path: { chainId: '43114' } }))
    expect(r.pages).toHaveLength(2)
    expect([r.error?.code, r.error?.message]).toEqual(['UPSTREAM_INVALID', 'The data service sent the same nextPageStartKey twice for getAvgTps'])
  })

  it('a nextPageStartKey on an endpoint that takes no startKey ends the list (only avg_tps pages by it)', async () => {
    const s = await serve((_req, res) => send(res, 200, { subnets: [], nextPageStartKey: 'k2' }))
    const { pages: got, error } = await collect(pages(client(s.url), dataEndpoints.listSubnets, { path: { network: 'mainnet' } }))
    expect(error).toBeUndefined()
    expect(got).toHaveLength(1)
    expect(s.seen).toHaveLength(1)
  })

  it('stops at maxPages', async () => {
    const s = await serve(paged({ '': 'p2', p2: 'p3', p3: 'p4', p4: undefined }))
    const { pages: got } = await collect(pages(client(s.url), metricsEndpoints.getAvgTps, { path: { chainId: '43114' } }, { maxPages: 2 }))
    expect(got).toHaveLength(2)
    expect(s.seen).toHaveLength(2)
  })
})
