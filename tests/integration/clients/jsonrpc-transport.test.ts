/**
 * JsonRpcHttpEndpoint (src/main/clients/transport/jsonrpc.ts) against real local HTTP servers started
 * here, and a real anvil behind a counting proxy: what goes on the wire (batches, their sizes, single
 * calls), how each failure comes back to each caller, retries by effect, the in-flight cap, deadlines,
 * cancellation and the body size cap. No assertion depends on how long anything took.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JsonRpcHttpEndpoint, MAX_BATCH, MAX_IN_FLIGHT } from '../../../src/main/clients/transport/jsonrpc'
import { AppError } from '../../../src/shared/rpc/errors'
import { startAnvil } from '../../sim/node/anvil'
import type { AnvilHandle } from '../../sim/node/anvil'
import { localServers } from '../../support/local-server'
import { rejection } from '../../support/rejection'

type RpcRequest = { jsonrpc: '2.0'; id: number; method: string; params: unknown }
type Handler = (body: any, req: IncomingMessage, res: ServerResponse) => void | Promise<void>

interface TestServer {
  url: string
  /** Every request body received, parsed (a JSON-RPC object or an array of them). */
  bodies: any[]
  close(): Promise<void>
}

const openServer = localServers()

/** A local HTTP server; `handle` gets each parsed body. Closed after each test. */
async function serve(handle: Handler): Promise<TestServer> {
  const bodies: any[] = []
  const s = await openServer((req, res, seen) => {
    let body: any
    try {
      body = JSON.parse(seen.body)
    } catch {
      body = seen.body
    }
    bodies.push(body)
    return handle(body, req, res)
  })
  return { url: `${s.origin}/ext/bc/C/rpc`, bodies, close: () => s.close() }
}

function send(res: ServerResponse, value: unknown, status = 200, headers: Record<string, string> = {}): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers })
  res.end(text)
}

/** Answers each call (one or a batch) with `result(call)`; an Error becomes that call's JSON-RPC error. */
function answer(res: ServerResponse, body: RpcRequest | RpcRequest[], result: (call: RpcRequest) => unknown): void {
  const one = (call: RpcRequest): unknown => {
    const r = result(call)
    return r instanceof Error ? { jsonrpc: '2.0', id: call.id, error: { code: -32000, message: r.message } } : { jsonrpc: '2.0', id: call.id, result: r }
  }
  send(res, Array.isArray(body) ? body.map(one) : one(body))
}

/** Echoes the first parameter back. */
const echo: Handler = (body, _req, res) => answer(res, body, (c) => (c.params as unknown[])[0])

const calls = (body: any): RpcRequest[] => (Array.isArray(body) ? body : [body])

describe('batching against a real anvil (counting proxy)', () => {
  let anvil: AnvilHandle
  beforeAll(async () => {
    anvil = await startAnvil()
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  /** Forwards every body to anvil as is and keeps a copy. */
  const proxy = (): Promise<TestServer> =>
    serve(async (body, _req, res) => {
      const r = await fetch(anvil.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      send(res, await r.text(), r.status)
    })

  it(`100 reads issued in one tick go out as ${Math.ceil(100 / MAX_BATCH)} batches of at most ${MAX_BATCH}, each answer to its own caller`, async () => {
    const s = await proxy()
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    await ep.request('anvil_mine', ['0x64'], { effect: 'node' })
    s.bodies.length = 0

    const numbers = Array.from({ length: 100 }, (_, i) => i + 1)
    const blocks = (await Promise.all(numbers.map((n) => ep.request('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])))) as { number: string; hash: string }[]
    expect(blocks.map((b) => Number(b.number))).toEqual(numbers)
    expect(new Set(blocks.map((b) => b.hash)).size).toBe(100)

    expect(s.bodies).toHaveLength(Math.ceil(100 / MAX_BATCH))
    for (const b of s.bodies) {
      expect(Array.isArray(b)).toBe(true)
      expect(b.length).toBeLessThanOrEqual(MAX_BATCH)
    }
    expect(s.bodies.map((b: unknown[]) => b.length).sort((a, b) => b - a)).toEqual([40, 40, 20])
    // every id in a batch is distinct, and all 100 were sent once
    const ids = s.bodies.flatMap((b: RpcRequest[]) => b.map((c) => c.id))
    expect(new Set(ids).size).toBe(100)
  })

  it('reads in different ticks are not held back for each other; a single read goes as an object, not a list of one', async () => {
    const s = await proxy()
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const first = await ep.request('eth_chainId', [])
    const second = await ep.request('eth_blockNumber', [])
    expect(first).toBe('0xa86a')
    expect(second).toMatch(/^0x[0-9a-f]+$/)
    expect(s.bodies).toHaveLength(2)
    expect(s.bodies.every((b) => !Array.isArray(b))).toBe(true)
  })

  it("an error for one item (anvil's own) fails only that caller", async () => {
    const s = await proxy()
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const [ok1, bad, ok2] = await Promise.allSettled([
      ep.request('eth_chainId', []),
      ep.request('eth_noSuchMethod', []),
      ep.request('eth_getBlockByNumber', ['0x0', false])
    ])
    expect(s.bodies).toHaveLength(1)
    expect(s.bodies[0]).toHaveLength(3)
    expect(ok1).toEqual({ status: 'fulfilled', value: '0xa86a' })
    expect(ok2.status === 'fulfilled' && (ok2.value as { number: string }).number).toBe('0x0')
    expect(bad.status).toBe('rejected')
    const err = (bad as PromiseRejectedResult).reason as AppError
    expect(err).toBeInstanceOf(AppError)
    expect(err.code).toBe('RPC')
    expect(err.details).toMatchObject({ method: 'eth_noSuchMethod' })
    expect(typeof (err.details as { rpcCode: number }).rpcCode).toBe('number')
  })
})

describe('what goes on the wire', () => {
  it('one failing item in a batch (the server answers an error for its id) fails only that caller', async () => {
    const s = await serve((body, _req, res) => answer(res, body, (c) => (c.params as unknown[])[0] === 'bad' ? new Error('execution reverted: nope') : `ok:${(c.params as unknown[])[0]}`))
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const names = ['a', 'b', 'bad', 'c', 'd']
    const settled = await Promise.allSettled(names.map((n) => ep.request('eth_call', [n])))
    expect(s.bodies).toHaveLength(1)
    expect(s.bodies[0]).toHaveLength(5)
    settled.forEach((r, i) => {
      if (names[i] === 'bad') {
        expect(r.status).toBe('rejected')
        const err = (r as PromiseRejectedResult).reason as AppError
        expect(err.code).toBe('RPC')
        expect(err.details).toEqual({ rpcCode: -32000, method: 'eth_call', upstreamMessage: 'execution reverted: nope' })
        expect(err.message).not.toContain('nope')
      } else {
        expect(r).toEqual({ status: 'fulfilled', value: `ok:${names[i]}` })
      }
    })
  })

  it('answers out of order still reach their own callers', async () => {
    const s = await serve((body, _req, res) => {
      const out = calls(body).map((c) => ({ jsonrpc: '2.0', id: c.id, result: (c.params as unknown[])[0] }))
      send(res, Array.isArray(body) ? out.reverse() : out[0])
    })
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const values = Array.from({ length: 30 }, (_, i) => `v${i}`)
    expect(await Promise.all(values.map((v) => ep.request('m', [v])))).toEqual(values)
  })

  it('a non-batch endpoint never sends a list: 60 concurrent calls are 60 single requests', async () => {
    const s = await serve(echo)
    for (const ep of [new JsonRpcHttpEndpoint({ url: s.url, service: 'P-Chain API', batch: false }), new JsonRpcHttpEndpoint({ url: s.url, service: 'P-Chain API' })]) {
      s.bodies.length = 0
      const values = Array.from({ length: 60 }, (_, i) => i)
      expect(await Promise.all(values.map((v) => ep.request('platform.getHeight', [v])))).toEqual(values)
      expect(s.bodies).toHaveLength(60)
      for (const b of s.bodies) {
        expect(Array.isArray(b)).toBe(false)
        expect(b).toMatchObject({ jsonrpc: '2.0', method: 'platform.getHeight' })
      }
    }
  })

  it("a node-changing call is sent alone, never inside a batch of reads issued in the same tick", async () => {
    const s = await serve(echo)
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'admin API', batch: true })
    const reads = Array.from({ length: 10 }, (_, i) => ep.request('eth_getBalance', [i]))
    const write = ep.request('admin.setLoggerLevel', ['debug'], { effect: 'node' })
    const reads2 = Array.from({ length: 5 }, (_, i) => ep.request('eth_getBalance', [10 + i]))
    expect(await write).toBe('debug')
    expect(await Promise.all([...reads, ...reads2])).toEqual(Array.from({ length: 15 }, (_, i) => i))
    const lists = s.bodies.filter((b) => Array.isArray(b))
    const singles = s.bodies.filter((b) => !Array.isArray(b))
    expect(lists).toHaveLength(1)
    expect(lists[0]).toHaveLength(15)
    expect(lists[0]!.every((c: RpcRequest) => c.method === 'eth_getBalance')).toBe(true)
    expect(singles).toEqual([expect.objectContaining({ method: 'admin.setLoggerLevel', params: ['debug'] })])
  })

  it('request ids are unique across batches and single calls', async () => {
    const s = await serve(echo)
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    await Promise.all(Array.from({ length: 50 }, (_, i) => ep.request('m', [i])))
    await ep.request('w', [1], { effect: 'node' })
    await Promise.all(Array.from({ length: 3 }, (_, i) => ep.request('m', [i])))
    const ids = s.bodies.flatMap((b) => calls(b).map((c) => c.id))
    expect(ids).toHaveLength(54)
    expect(new Set(ids).size).toBe(54)
  })
})

describe('retries by effect', () => {
  /** 503 for the first `failures` hits, then echoes. */
  const unavailableThenOk = (failures: number, status = 503, headers: Record<string, string> = {}): Handler => {
    let hits = 0
    return (body, _req, res) => {
      if (hits++ < failures) return send(res, 'Service Unavailable', status, { 'content-type': 'text/plain', ...headers })
      echo(body, _req, res)
    }
  }

  it('a node-changing call that meets a 503 is NOT sent again', async () => {
    const s = await serve(unavailableThenOk(1))
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'admin API', batch: true, retries: 5 })
    const err = await rejection(ep.request('admin.startCPUProfiler', [1], { effect: 'node' }), 'UNAVAILABLE')
    expect(err.details).toMatchObject({ status: 503, path: '/ext/bc/C/rpc' })
    expect(err.message).toContain('admin API')
    expect(s.bodies).toHaveLength(1)
  })

  it('a read that meets a 503 IS sent again and succeeds (single call and batch alike)', async () => {
    const single = await serve(unavailableThenOk(2))
    const ep1 = new JsonRpcHttpEndpoint({ url: single.url, service: 'P-Chain API' })
    expect(await ep1.request('platform.getHeight', ['h'])).toBe('h')
    expect(single.bodies).toHaveLength(3)

    const batch = await serve(unavailableThenOk(1))
    const ep2 = new JsonRpcHttpEndpoint({ url: batch.url, service: 'C-Chain API', batch: true })
    expect(await Promise.all([1, 2, 3].map((v) => ep2.request('m', [v])))).toEqual([1, 2, 3])
    expect(batch.bodies).toHaveLength(2)
    const what = (b: RpcRequest[]): unknown => b.map((c) => [c.method, c.params])
    expect(what(batch.bodies[1])).toEqual(what(batch.bodies[0]))
  })

  it('a read gives up after `retries` more attempts with the last error', async () => {
    const s = await serve(unavailableThenOk(100))
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'P-Chain API', retries: 1 })
    await rejection(ep.request('platform.getHeight', []), 'UNAVAILABLE')
    expect(s.bodies).toHaveLength(2)
  })

  it('429 with Retry-After: 1 is waited out, then the read succeeds', async () => {
    const s = await serve(unavailableThenOk(1, 429, { 'retry-after': '1' }))
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    expect(await Promise.all([ep.request('m', ['x']), ep.request('m', ['y'])])).toEqual(['x', 'y'])
    expect(s.bodies).toHaveLength(2)
  })

  it('429 with a Retry-After beyond what we wait goes to the caller at once, carrying it', async () => {
    const s = await serve(unavailableThenOk(1, 429, { 'retry-after': '120' }))
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const err = await rejection(ep.request('m', ['x']), 'RATE_LIMITED')
    expect(err.details).toMatchObject({ status: 429, retryAfter: 120 })
    expect(s.bodies).toHaveLength(1)
  })

  it('a 429 or 503 whose body is a JSON-RPC error is still "not now" (retried), with the node’s words kept', async () => {
    let hits = 0
    const s = await serve((body, _req, res) => {
      if (hits++ === 0) return send(res, { jsonrpc: '2.0', id: calls(body)[0]!.id, error: { code: -32005, message: 'too many requests' } }, 429, { 'retry-after': '0' })
      echo(body, _req, res)
    })
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API' })
    expect(await ep.request('m', ['ok'])).toBe('ok')
    expect(s.bodies).toHaveLength(2)

    const always = await serve((body, _req, res) => send(res, { jsonrpc: '2.0', id: calls(body)[0]!.id, error: { code: -32000, message: 'node is bootstrapping' } }, 503))
    const ep2 = new JsonRpcHttpEndpoint({ url: always.url, service: 'C-Chain API', retries: 0 })
    const err = await rejection(ep2.request('m', []), 'UNAVAILABLE')
    expect(err.details).toMatchObject({ status: 503, upstreamMessage: 'node is bootstrapping' })
  })

  it("another error status with a JSON-RPC error body is the node's own error (RPC), not retried", async () => {
    const s = await serve((body, _req, res) => send(res, { jsonrpc: '2.0', id: calls(body)[0]!.id, error: { code: -32602, message: 'invalid argument 0' } }, 500))
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API' })
    const err = await rejection(ep.request('eth_getBalance', ['zz']), 'RPC')
    expect(err.details).toEqual({ rpcCode: -32602, method: 'eth_getBalance', upstreamMessage: 'invalid argument 0' })
    expect(s.bodies).toHaveLength(1)
  })

  it('a refused connection is NETWORK, retried for reads and named with the safe URL', async () => {
    const s = await serve(echo)
    const url = s.url
    await s.close()
    const ep = new JsonRpcHttpEndpoint({ url: `${url}?token=secret#frag`, service: 'C-Chain API', retries: 1 })
    expect(ep.endpoint).toBe(url)
    const err = await rejection(ep.request('m', []), 'NETWORK')
    expect(err.message).toContain('connection refused')
    expect(err.message).not.toContain('secret')
    expect(err.details).toEqual({ url })
  })
})

describe('the in-flight cap', () => {
  /**
   * Holds every request until MAX_IN_FLIGHT are held at once (or no new one came for a moment), then
   * answers them all: the most the client ever had out is what it shows.
   */
  async function capServer(): Promise<TestServer & { max: () => number }> {
    let current = 0
    let max = 0
    let held: (() => void)[] = []
    let idle: NodeJS.Timeout | undefined
    const release = (): void => {
      clearTimeout(idle)
      const now = held
      held = []
      for (const r of now) r()
    }
    const s = await serve((body, _req, res) => {
      current++
      max = Math.max(max, current)
      held.push(() => {
        current--
        echo(body, _req, res)
      })
      clearTimeout(idle)
      if (held.length >= MAX_IN_FLIGHT) release()
      else idle = setTimeout(release, 300)
    })
    return Object.assign(s, { max: () => max })
  }

  it(`never more than MAX_IN_FLIGHT (${MAX_IN_FLIGHT}) single calls at once`, async () => {
    const s = await capServer()
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'P-Chain API' })
    const values = Array.from({ length: 100 }, (_, i) => i)
    expect(await Promise.all(values.map((v) => ep.request('m', [v])))).toEqual(values)
    expect(s.bodies).toHaveLength(100)
    expect(s.max()).toBe(MAX_IN_FLIGHT)
  })

  it(`never more than MAX_IN_FLIGHT batches at once`, async () => {
    const s = await capServer()
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const n = MAX_BATCH * (MAX_IN_FLIGHT * 2 + 3)
    const values = Array.from({ length: n }, (_, i) => i)
    expect(await Promise.all(values.map((v) => ep.request('m', [v])))).toEqual(values)
    expect(s.bodies).toHaveLength(MAX_IN_FLIGHT * 2 + 3)
    expect(s.bodies.every((b) => Array.isArray(b) && b.length === MAX_BATCH)).toBe(true)
    expect(s.max()).toBe(MAX_IN_FLIGHT)
  })

  it('node-changing calls share the same cap as reads', async () => {
    const s = await capServer()
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'admin API', batch: true })
    const values = Array.from({ length: 40 }, (_, i) => i)
    await Promise.all(values.map((v) => ep.request('w', [v], { effect: 'node' })))
    expect(s.max()).toBe(MAX_IN_FLIGHT)
  })
})

describe('answers we cannot trust', () => {
  it('a batch answer with an id we did not send fails the whole batch with UPSTREAM_INVALID', async () => {
    const s = await serve((body, _req, res) => send(res, calls(body).map((c) => ({ jsonrpc: '2.0', id: c.id + 1_000, result: 'x' }))))
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const settled = await Promise.allSettled([1, 2, 3].map((v) => ep.request('m', [v])))
    for (const r of settled) {
      expect(r.status).toBe('rejected')
      const err = (r as PromiseRejectedResult).reason as AppError
      expect(err.code).toBe('UPSTREAM_INVALID')
      expect(err.message).toContain('id we did not send')
    }
    expect(s.bodies).toHaveLength(1) // not transient: not retried
  })

  it('a batch answer that repeats an id is UPSTREAM_INVALID; one that leaves an item out fails only that item', async () => {
    const dup = await serve((body, _req, res) => send(res, calls(body).map((c) => ({ jsonrpc: '2.0', id: calls(body)[0]!.id, result: c.id }))))
    const ep = new JsonRpcHttpEndpoint({ url: dup.url, service: 'C-Chain API', batch: true })
    await rejection(Promise.all([ep.request('m', [1]), ep.request('m', [2])]), 'UPSTREAM_INVALID')

    const short = await serve((body, _req, res) => send(res, calls(body).slice(1).map((c) => ({ jsonrpc: '2.0', id: c.id, result: (c.params as unknown[])[0] }))))
    const ep2 = new JsonRpcHttpEndpoint({ url: short.url, service: 'C-Chain API', batch: true })
    const [first, second, third] = await Promise.allSettled([ep2.request('m', [1]), ep2.request('m', [2]), ep2.request('m', [3])])
    expect(first.status).toBe('rejected')
    expect(((first as PromiseRejectedResult).reason as AppError).code).toBe('UPSTREAM_INVALID')
    expect(second).toEqual({ status: 'fulfilled', value: 2 })
    expect(third).toEqual({ status: 'fulfilled', value: 3 })
  })

  it('a single answer with another id, no jsonrpc 2.0, or both result and error is UPSTREAM_INVALID', async () => {
    const bodies: ((c: RpcRequest) => unknown)[] = [
      (c) => ({ jsonrpc: '2.0', id: c.id + 1, result: 1 }),
      (c) => ({ id: c.id, result: 1 }),
      (c) => ({ jsonrpc: '2.0', id: c.id, result: 1, error: { code: 1, message: 'x' } }),
      (c) => ({ jsonrpc: '2.0', id: c.id }),
      (c) => ({ jsonrpc: '2.0', id: c.id, error: { message: 'no code' } })
    ]
    for (const make of bodies) {
      const s = await serve((body, _req, res) => send(res, make(calls(body)[0]!)))
      const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API' })
      await rejection(ep.request('m', []), 'UPSTREAM_INVALID')
      expect(s.bodies).toHaveLength(1)
    }
  })

  it('a body that is not JSON is UPSTREAM_INVALID', async () => {
    const s = await serve((_body, _req, res) => send(res, '<html>proxy error</html>', 200, { 'content-type': 'text/html' }))
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API' })
    const err = await rejection(ep.request('m', []), 'UPSTREAM_INVALID')
    expect(err.message).not.toContain('proxy error')
  })

  it('a body over the size cap is UPSTREAM_INVALID, whether its length is declared or streamed', async () => {
    const big = 33 * 1024 * 1024 // the cap is 32 MiB
    const declared = await serve((_body, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(big) })
      res.write('"') // never finished: the length alone decides
    })
    const ep1 = new JsonRpcHttpEndpoint({ url: declared.url, service: 'C-Chain API', timeoutMs: 10_000 })
    expect((await rejection(ep1.request('m', []), 'UPSTREAM_INVALID')).message).toMatch(/larger than/)

    const chunk = Buffer.alloc(1024 * 1024, 0x61)
    const streamed = await serve((_body, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }) // chunked: no length
      res.write('"')
      let sent = 0
      const more = (): void => {
        while (sent < 40 && !res.destroyed) {
          sent++
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        if (!res.destroyed) res.end('"')
      }
      res.on('error', () => {})
      more()
    })
    const ep2 = new JsonRpcHttpEndpoint({ url: streamed.url, service: 'C-Chain API', timeoutMs: 20_000 })
    expect((await rejection(ep2.request('m', []), 'UPSTREAM_INVALID')).message).toMatch(/larger than/)
    expect(streamed.bodies).toHaveLength(1)
  })
})

describe('deadlines and cancellation', () => {
  const never: Handler = () => {}

  it('a server that never answers is TIMEOUT (reads are tried again, each with the deadline)', async () => {
    const s = await serve(never)
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', timeoutMs: 150, retries: 1 })
    const err = await rejection(ep.request('m', []), 'TIMEOUT')
    expect(err.details).toEqual({ url: s.url, timeoutMs: 150 })
    expect(err.message).toContain('C-Chain API')
    expect(s.bodies).toHaveLength(2)

    const batched = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', timeoutMs: 150, retries: 0, batch: true })
    const settled = await Promise.allSettled([batched.request('m', [1]), batched.request('m', [2])])
    expect(settled.map((r) => r.status === 'rejected' && (r.reason as AppError).code)).toEqual(['TIMEOUT', 'TIMEOUT'])
  })

  it('a node-changing call that times out is not sent again', async () => {
    const s = await serve(never)
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'admin API', timeoutMs: 150, retries: 3 })
    await rejection(ep.request('admin.lockProfile', [], { effect: 'node' }), 'TIMEOUT')
    expect(s.bodies).toHaveLength(1)
  })

  it('a server that sends its headers and then stalls mid-body is TIMEOUT too', async () => {
    const s = await serve((_body, _req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"jsonrpc":"2.0","id":1,')
    })
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', timeoutMs: 200, retries: 0 })
    const err = await rejection(ep.request('m', []), 'TIMEOUT')
    expect(err.details).toMatchObject({ timeoutMs: 200 })
  })

  it('a connection closed mid-body is NETWORK (and a read is tried again)', async () => {
    let hits = 0
    const s = await serve((body, req, res) => {
      if (hits++ > 0) return echo(body, req, res)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"jsonrpc":"2.0",', () => setTimeout(() => res.destroy(), 20))
    })
    const ep0 = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', retries: 0 })
    await rejection(ep0.request('m', ['x']), 'NETWORK')
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API' })
    expect(await ep.request('m', ['x'])).toBe('x')
  })

  it('an abort rejects with CANCELLED: batched read, single read and node-changing call', async () => {
    const s = await serve(never)
    const batched = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true, timeoutMs: 30_000 })
    const single = new JsonRpcHttpEndpoint({ url: s.url, service: 'P-Chain API', timeoutMs: 30_000 })
    const ac = new AbortController()
    const pending = [
      batched.request('m', [1], { signal: ac.signal }),
      batched.request('m', [2], { signal: ac.signal }),
      single.request('m', [3], { signal: ac.signal }),
      batched.request('w', [4], { signal: ac.signal, effect: 'node' })
    ]
    const settled = Promise.allSettled(pending)
    // wait until the server holds them: one batch, one single call, one node call
    while (s.bodies.length < 3) await new Promise((r) => setTimeout(r, 10))
    ac.abort()
    const results = await settled
    for (const r of results) {
      expect(r.status).toBe('rejected')
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(AppError)
      expect(((r as PromiseRejectedResult).reason as AppError).code).toBe('CANCELLED')
    }
    expect(s.bodies).toHaveLength(3)
  })

  it('an abort fails only the caller that aborted; the rest of its batch is answered', async () => {
    let release: (() => void) | undefined
    const s = await serve((body, req, res) => {
      release = () => echo(body, req, res)
    })
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const ac = new AbortController()
    const a = ep.request('m', ['a'])
    const b = ep.request('m', ['b'], { signal: ac.signal })
    const c = ep.request('m', ['c'])
    while (!release) await new Promise((r) => setTimeout(r, 10))
    ac.abort()
    await rejection(b, 'CANCELLED')
    release()
    expect(await Promise.all([a, c])).toEqual(['a', 'c'])
  })

  it('a read cancelled before its batch leaves is not sent; an already aborted signal sends nothing', async () => {
    const s = await serve(echo)
    const ep = new JsonRpcHttpEndpoint({ url: s.url, service: 'C-Chain API', batch: true })
    const ac = new AbortController()
    const kept = ep.request('m', ['kept'])
    const dropped = ep.request('m', ['dropped'], { signal: ac.signal })
    ac.abort() // same tick: before the batch is flushed
    await rejection(dropped, 'CANCELLED')
    expect(await kept).toBe('kept')
    expect(s.bodies).toEqual([expect.objectContaining({ params: ['kept'] })])

    await rejection(ep.request('m', ['x'], { signal: ac.signal }), 'CANCELLED')
    await rejection(new JsonRpcHttpEndpoint({ url: s.url, service: 'P-Chain API' }).request('m', ['x'], { signal: ac.signal }), 'CANCELLED')
    expect(s.bodies).toHaveLength(1)
  })
})
