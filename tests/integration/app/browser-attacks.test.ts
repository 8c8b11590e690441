import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { connect as tcpConnect } from 'node:net'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserServer, DEFAULT_BACKPRESSURE, type BrowserServer, type BrowserServerOptions } from '../../../src/main/server/browser-server'
import type { Frame } from '../../../src/shared/rpc/frames'
import { fakeStaticDir, testApp } from './helpers'

/**
 * What a security probe of browser mode tried, against a real server: request lines that used to
 * end the process, a client that floods frames and never reads its answers, and how the renderer
 * is served (compression, caching, CSP).
 */

interface Running {
  server: BrowserServer
  token: string
  stop: () => Promise<void>
  staticDir?: string
}

const fakeDirOf = (r: Running): string => r.staticDir!

const APP_ICON = join(import.meta.dirname, '..', '..', '..', 'resources', 'icon.png')

const BUNDLE = `export const x = ${JSON.stringify('console.log("renderer");\n'.repeat(4000))};\n`

async function start(options: Partial<BrowserServerOptions> = {}): Promise<Running> {
  const ctx = testApp()
  const statics = fakeStaticDir()
  mkdirSync(join(statics.dir, 'assets'))
  writeFileSync(join(statics.dir, 'assets', 'index-AbCd1234.js'), BUNDLE)
  writeFileSync(join(statics.dir, 'assets', 'index-Zy98Xw76.css'), 'body { color: red }\n'.repeat(200))
  // What the build writes beside index.html (electron.vite.config.ts, favicon()).
  copyFileSync(APP_ICON, join(statics.dir, 'favicon.png'))
  const server = await startBrowserServer({ server: ctx.app.server, staticDir: statics.dir, port: 0, ...options })
  const token = new URL(server.url).searchParams.get('token')!
  return {
    server,
    token,
    staticDir: statics.dir,
    stop: async () => {
      await server.close()
      ctx.done()
      statics.remove()
    }
  }
}

/** A server for the tests of the enclosing describe: started before the first of them, stopped after the last. */
function serverForTheseTests(options: Partial<BrowserServerOptions> = {}): Running {
  const r = {} as Running
  beforeAll(async () => {
    Object.assign(r, await start(options))
  })
  afterAll(() => r.stop())
  return r
}

/** Writes raw bytes to the port and returns what comes back until the server closes (or a short while passes). */
function raw(port: number, bytes: string | Buffer, waitMs = 3000): Promise<string> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const done = (): void => {
      clearTimeout(timer)
      socket.destroy()
      resolve(Buffer.concat(chunks).toString('latin1'))
    }
    const timer = setTimeout(done, waitMs)
    socket.on('data', (c) => {
      chunks.push(c)
      // An accepted upgrade stays open: its head is the whole answer.
      const sofar = Buffer.concat(chunks).toString('latin1')
      if (sofar.startsWith('HTTP/1.1 101') && sofar.includes('\r\n\r\n')) done()
    })
    socket.on('end', done)
    socket.on('close', done)
    socket.on('error', done)
    socket.write(bytes)
  })
}

const statusOf = (response: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0)

async function pageStatus(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/`)
  await res.arrayBuffer()
  return res.status
}

function openClient(r: Running): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${r.server.port}/rpc?token=${r.token}`, { origin: `http://127.0.0.1:${r.server.port}` })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

function call(ws: WebSocket, frame: unknown): Promise<{ raw: string; parsed: Frame }> {
  return new Promise((resolve) => {
    ws.once('message', (m) => resolve({ raw: String(m), parsed: JSON.parse(String(m)) as Frame }))
    ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame))
  })
}

const upgradeHeaders = (port: number): string =>
  `Host: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n`

describe('request lines that used to end the process', () => {
  const r = serverForTheseTests()

  const host = (): string => `Host: 127.0.0.1:${r.server.port}\r\n`

  it('answers GET // (plain HTTP) and keeps serving', async () => {
    const res = await raw(r.server.port, `GET // HTTP/1.1\r\n${host()}Connection: close\r\n\r\n`)
    expect([400, 404]).toContain(statusOf(res))
    expect(await pageStatus(r.server.port)).toBe(200)
  })

  it('answers what a web page on another localhost port can send with a no-cors fetch', async () => {
    for (const path of ['//', '//evil.example/x', '/%zz', '/..%2f..%2fetc%2fpasswd']) {
      const res = await fetch(`http://127.0.0.1:${r.server.port}${path}`, { mode: 'no-cors' })
      expect([400, 404], path).toContain(res.status)
      await res.arrayBuffer()
    }
    expect(await pageStatus(r.server.port)).toBe(200)
  })

  it('answers 400 to targets it cannot parse, and keeps serving', async () => {
    // These reach our handler (Node's parser lets them through): our 400, with our headers.
    for (const target of ['http://x', 'http://x/', '/%zz', '*', `/${'a'.repeat(4000)}`]) {
      const res = await raw(r.server.port, `GET ${target} HTTP/1.1\r\n${host()}Connection: close\r\n\r\n`)
      expect(statusOf(res), target.slice(0, 20)).toBe(400)
      expect(res.toLowerCase()).toContain('content-security-policy')
    }
    // Node's parser refuses this one itself.
    expect(statusOf(await raw(r.server.port, `GET %zz HTTP/1.1\r\n${host()}Connection: close\r\n\r\n`))).toBe(400)
    expect(await pageStatus(r.server.port)).toBe(200)
  })

  it('survives absurdly long lines and malformed requests', async () => {
    const answers = await Promise.all([
      raw(r.server.port, `GET /${'a'.repeat(200_000)} HTTP/1.1\r\n${host()}\r\n`),
      raw(r.server.port, `GET / HTTP/1.1\r\n${host()}X-Long: ${'b'.repeat(100_000)}\r\n\r\n`),
      raw(r.server.port, `GET / HTTP/1.1\r\n\r\n`),
      raw(r.server.port, `BREW /pot HTCPCP/1.0\r\n\r\n`),
      raw(r.server.port, Buffer.from([0, 1, 2, 255, 13, 10, 13, 10])),
      raw(r.server.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${r.server.port}\r\nContent-Length: -1\r\n\r\n`)
    ])
    for (const a of answers) expect(statusOf(a) === 0 || statusOf(a) >= 400).toBe(true)
    expect(statusOf(answers[2]!)).toBe(400) // no Host
    expect(await pageStatus(r.server.port)).toBe(200)
  })

  it('answers websocket upgrades to bad targets, and keeps serving', async () => {
    const port = r.server.port
    const upgrade = (target: string, headers = upgradeHeaders(port)): Promise<string> => raw(port, `GET ${target} HTTP/1.1\r\n${headers}\r\n`)
    expect([400, 404]).toContain(statusOf(await upgrade('//')))
    expect(statusOf(await upgrade('http://x'))).toBe(400)
    expect(statusOf(await upgrade('%zz'))).toBe(400)
    expect(statusOf(await upgrade('/rpc?token=%'))).toBe(401)
    expect(statusOf(await upgrade('/rpc?token=%zz%'))).toBe(401)
    expect([400, 403]).toContain(statusOf(await upgrade(`/rpc?token=${r.token}`, upgradeHeaders(port).replace(/^Host: .*\r\n/, ''))))
    expect(statusOf(await upgrade(`/rpc?token=${r.token}`))).toBe(101)
    expect(await pageStatus(port)).toBe(200)
  })

  it('survives clients that reset their connection in the middle of an upgrade', async () => {
    const port = r.server.port
    await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const socket = tcpConnect(port, '127.0.0.1', () => {
              socket.write(`GET ${i % 2 ? '/rpc?token=wrong' : '//'} HTTP/1.1\r\n${upgradeHeaders(port)}\r\n`)
              socket.resetAndDestroy()
              resolve()
            })
            socket.on('error', () => resolve())
          })
      )
    )
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await pageStatus(port)).toBe(200)
    const ws = await openClient(r)
    expect((await call(ws, { t: 'call', id: 1, method: 'profiles.list', input: {} })).parsed).toMatchObject({ t: 'ok' })
    ws.close()
  })
})

describe('a handler that throws', () => {
  it('answers 500 for that request only', async () => {
    const r = await start()
    try {
      // A sparse file past what readFile will read: reading it throws (not a "not found").
      const dir = join(fakeDirOf(r), 'assets')
      writeFileSync(join(dir, 'huge-AbCd1234.js'), '')
      truncateSync(join(dir, 'huge-AbCd1234.js'), 3 * 1024 * 1024 * 1024)
      const res = await fetch(`http://127.0.0.1:${r.server.port}/assets/huge-AbCd1234.js`)
      expect(res.status).toBe(500)
      await res.arrayBuffer()
      expect(await pageStatus(r.server.port)).toBe(200)
    } finally {
      await r.stop()
    }
  })

  it('closes that websocket only when attaching it fails', async () => {
    const ctx = testApp()
    const statics = fakeStaticDir()
    let attaches = 0
    const flaky = {
      ...ctx.app.server,
      attach: (...args: Parameters<typeof ctx.app.server.attach>) => {
        if (attaches++ === 0) throw new Error('attach failed')
        return ctx.app.server.attach(...args)
      }
    }
    const server = await startBrowserServer({ server: flaky, staticDir: statics.dir, port: 0 })
    const r: Running = { server, token: new URL(server.url).searchParams.get('token')!, stop: async () => undefined }
    try {
      const first = await openClient(r)
      const closed = await new Promise<number>((resolve) => first.once('close', (code) => resolve(code)))
      expect(closed).toBe(1006)
      const second = await openClient(r)
      expect((await call(second, { t: 'call', id: 1, method: 'profiles.list', input: {} })).parsed).toMatchObject({ t: 'ok' })
      second.close()
      expect(await pageStatus(server.port)).toBe(200)
    } finally {
      await server.close()
      ctx.done()
      statics.remove()
    }
  })
})

describe('a client that floods frames and does not read its answers', () => {
  const r = serverForTheseTests()

  it('gets a few KB back for a 1 MB frame of unknown keys (the echo is bounded)', async () => {
    const ws = await openClient(r)
    const input: Record<string, number> = {}
    let frame = ''
    for (let i = 0; frame.length < 1_000_000; i += 1000) {
      for (let j = i; j < i + 1000; j++) input[`unknown_key_${j}`] = 0
      frame = JSON.stringify({ t: 'call', id: 7, method: 'profiles.list', input })
    }
    expect(frame.length).toBeGreaterThan(1_000_000)
    expect(frame.length).toBeLessThan(1024 * 1024)
    const answer = await call(ws, frame)
    expect(answer.parsed).toMatchObject({ t: 'fail', id: 7, error: { code: 'BAD_INPUT' } })
    expect(answer.raw.length).toBeLessThan(8 * 1024)
    ws.close()
  })

  it('stops reading from it once its answers pile up, keeps serving others, and reads on once it drains', async () => {
    // Big answers: profiles with long URLs, so that each profiles.list answer is ~400 KB.
    const setup = await openClient(r)
    // (The node URL is a base address without a path; the other URLs may have one.)
    const long = (n: number): string => `http://127.0.0.1:9650/${String(n).padStart(4, '0')}${'a'.repeat(2020)}`
    for (let i = 0; i < 48; i++) {
      const profile = { name: `p${i}`, nodeUrl: 'http://127.0.0.1:9650', dataUrl: long(i), metricsUrl: long(i), cchainUrl: long(i), network: 'mainnet', nodeIds: [] }
      expect((await call(setup, { t: 'call', id: i, method: 'profiles.create', input: { profile } })).parsed).toMatchObject({ t: 'ok' })
    }
    const one = await call(setup, { t: 'call', id: 99, method: 'profiles.list', input: {} })
    const answerBytes = one.raw.length
    expect(answerBytes).toBeGreaterThan(300_000)

    // 1 MB frames (a valid call padded with whitespace), sent by a client that never reads.
    const flooder = await openClient(r)
    flooder.pause()
    const FRAMES = 120
    for (let i = 0; i < FRAMES; i++) {
      const call = JSON.stringify({ t: 'call', id: i, method: 'profiles.list', input: {} })
      flooder.send(call.padEnd(1_000_000, ' '))
    }

    // Watch the server while it would read everything it is sent: it stops reading from this client, and its
    // queue for it stays bounded. Watched until it pauses and then 4 s more (a loaded machine reads and answers
    // the frames slowly, so the pause may come late; it must come).
    let maxQueued = 0
    let pausedAt: number | undefined
    const giveUp = Date.now() + 60_000
    while (Date.now() < (pausedAt === undefined ? giveUp : pausedAt + 4000)) {
      const s = r.server.stats()
      maxQueued = Math.max(maxQueued, s.maxBufferedBytes)
      if (pausedAt === undefined && s.paused > 0) pausedAt = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const sawPaused = pausedAt !== undefined
    expect(maxQueued).toBeLessThan(DEFAULT_BACKPRESSURE.pauseAt + 4 * answerBytes)
    expect(maxQueued).toBeLessThan((FRAMES * answerBytes) / 4)
    expect(sawPaused).toBe(true)

    // Others are served meanwhile.
    const other = await openClient(r)
    expect((await call(other, { t: 'call', id: 1, method: 'profiles.list', input: {} })).parsed).toMatchObject({ t: 'ok', id: 1 })
    expect(await pageStatus(r.server.port)).toBe(200)
    other.close()

    // Once the flooder reads, the server drains its queue and reads the rest: every call is answered.
    const answered = new Set<number>()
    const all = new Promise<void>((resolve) => {
      flooder.on('message', (m) => {
        answered.add((JSON.parse(String(m)) as { id: number }).id)
        if (answered.size === FRAMES) resolve()
      })
    })
    flooder.resume()
    await all
    expect(r.server.stats().paused).toBe(0)
    flooder.close()
    setup.close()
  }, 120_000)
})

describe('a client whose queue passes the hard limit', () => {
  // Pausing off (it would keep the queue small), a low hard limit: the limit itself is what is tested.
  const r = serverForTheseTests({ backpressure: { pauseAt: 1024 * 1024 * 1024, terminateAt: 2 * 1024 * 1024 } })

  it('is dropped; the server keeps serving', async () => {
    const setup = await openClient(r)
    const long = (n: number): string => `http://127.0.0.1:9650/${n}${'a'.repeat(2020)}`
    for (let i = 0; i < 24; i++) {
      const profile = { name: `p${i}`, nodeUrl: 'http://127.0.0.1:9650', dataUrl: long(i), metricsUrl: long(i), cchainUrl: long(i), network: 'mainnet', nodeIds: [] }
      await call(setup, { t: 'call', id: i, method: 'profiles.create', input: { profile } })
    }
    setup.close()
    const flooder = await openClient(r)
    flooder.pause()
    for (let i = 0; i < 400; i++) flooder.send(JSON.stringify({ t: 'call', id: i, method: 'profiles.list', input: {} }))
    const until = Date.now() + 10_000
    while (r.server.stats().clients > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(r.server.stats().clients).toBe(0)
    const other = await openClient(r)
    expect((await call(other, { t: 'call', id: 1, method: 'profiles.list', input: {} })).parsed).toMatchObject({ t: 'ok' })
    other.close()
    flooder.terminate()
  })
})

describe('how the renderer is served', () => {
  const r = serverForTheseTests()

  const get = async (path: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> => {
    // node:http, not fetch: fetch would decode the body and hide what was sent.
    const res = await raw(
      r.server.port,
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${r.server.port}\r\n${acceptEncoding === undefined ? '' : `Accept-Encoding: ${acceptEncoding}\r\n`}Connection: close\r\n\r\n`
    )
    const split = res.indexOf('\r\n\r\n')
    const headers: Record<string, string> = {}
    for (const line of res.slice(0, split).split('\r\n').slice(1)) {
      const i = line.indexOf(':')
      headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim()
    }
    return { status: statusOf(res), headers, body: Buffer.from(res.slice(split + 4), 'latin1') }
  }

  it('sends hashed assets brotli- or gzip-compressed as accepted, immutable, varying on Accept-Encoding', async () => {
    const br = await get('/assets/index-AbCd1234.js', 'gzip, deflate, br, zstd')
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE)

    const gz = await get('/assets/index-AbCd1234.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString()).toBe(BUNDLE)

    const css = await get('/assets/index-Zy98Xw76.css', 'br')
    expect(css.headers['content-encoding']).toBe('br')
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')

    const identity = await get('/assets/index-AbCd1234.js')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body.toString()).toBe(BUNDLE)
  })

  it('sends the page no-store with the CSP of csp.ts', async () => {
    const page = await get('/', 'gzip, br')
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    const csp = page.headers['content-security-policy']
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${r.server.port} ws://localhost:${r.server.port}`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
  })

  it("answers a browser's own GET /favicon.ico with the app's icon and the same headers as the page (review N18)", async () => {
    const icon = await get('/favicon.ico', 'gzip, br')
    expect(icon.status).toBe(200)
    expect(icon.headers['content-type']).toBe('image/png')
    expect(icon.body.equals(readFileSync(APP_ICON))).toBe(true)
    expect(icon.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(icon.headers['x-content-type-options']).toBe('nosniff')
    expect(icon.headers['x-frame-options']).toBe('DENY')
    expect(icon.headers['cross-origin-resource-policy']).toBe('same-origin')
    // The page links it under its own name too.
    expect((await get('/favicon.png')).body.equals(icon.body)).toBe(true)
  })
})
