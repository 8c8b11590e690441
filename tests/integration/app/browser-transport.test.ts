import { request } from 'node:http'
import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserServer, type BrowserServer } from '../../../src/main/server/browser-server'
import { fakeStaticDir, testApp } from './helpers'

let server: BrowserServer
let ctx: ReturnType<typeof testApp>
let statics: ReturnType<typeof fakeStaticDir>
let token: string

beforeAll(async () => {
  ctx = testApp()
  statics = fakeStaticDir()
  server = await startBrowserServer({ server: ctx.app.server, staticDir: statics.dir, port: 0 })
  token = new URL(server.url).searchParams.get('token')!
})
afterAll(async () => {
  await server.close()
  ctx.done()
  statics.remove()
})

/** Tries a websocket upgrade with exactly these headers; returns the HTTP status (101 = accepted). */
function upgradeStatus(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      path,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        ...headers
      }
    })
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve(res.statusCode ?? 0)
    })
    req.on('response', (res) => resolve(res.statusCode ?? 0))
    req.on('error', reject)
    req.end()
  })
}

const own = (): Record<string, string> => ({ host: `127.0.0.1:${server.port}`, origin: `http://127.0.0.1:${server.port}` })

function connect(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/rpc?token=${token}`, { origin: `http://127.0.0.1:${server.port}` })
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

function callOver(ws: WebSocket, frame: unknown): Promise<{ t: string; error?: { code: string }; output?: unknown }> {
  return new Promise((resolve) => {
    ws.once('message', (m) => resolve(JSON.parse(String(m)) as { t: string }))
    ws.send(JSON.stringify(frame))
  })
}

describe('browser mode refuses what it must', () => {
  it('prints a loopback URL with a long random token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/)
  })

  it('accepts our own origin with the token', async () => {
    expect(await upgradeStatus(`/rpc?token=${token}`, own())).toBe(101)
    expect(await upgradeStatus(`/rpc?token=${token}`, { ...own(), host: `localhost:${server.port}`, origin: `http://localhost:${server.port}` })).toBe(101)
  })

  it('refuses a missing or wrong token', async () => {
    expect(await upgradeStatus('/rpc', own())).toBe(401)
    expect(await upgradeStatus(`/rpc?token=${token.slice(0, -1)}x`, own())).toBe(401)
    expect(await upgradeStatus('/rpc?token=short', own())).toBe(401)
  })

  it('refuses a foreign Origin, and none', async () => {
    expect(await upgradeStatus(`/rpc?token=${token}`, { ...own(), origin: 'http://evil.example' })).toBe(403)
    expect(await upgradeStatus(`/rpc?token=${token}`, { ...own(), origin: `http://127.0.0.1:${server.port + 1}` })).toBe(403)
    expect(await upgradeStatus(`/rpc?token=${token}`, { host: own().host! })).toBe(403)
  })

  it('refuses a foreign Host (DNS rebinding) on the websocket and on pages', async () => {
    expect(await upgradeStatus(`/rpc?token=${token}`, { ...own(), host: `evil.example:${server.port}` })).toBe(403)
    const status = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host: 'evil.example' } }, (res) => resolve(res.statusCode ?? 0)).end()
    })
    expect(status).toBe(403)
  })

  it('serves the page with a CSP and refuses path traversal', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    const trav = await new Promise<number>((resolve) => {
      request({ host: '127.0.0.1', port: server.port, path: '/../../etc/passwd' }, (r) => resolve(r.statusCode ?? 0)).end()
    })
    expect(trav).toBe(404)
  })

  it('closes the connection on a frame over 1 MiB, before anything is handled', async () => {
    const ws = await connect()
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
    const big = JSON.stringify({ t: 'call', id: 1, method: 'profiles.create', input: { profile: { name: 'x'.repeat(1024 * 1024) } } })
    ws.send(big)
    expect(await closed).toBe(1009)
    const check = await connect()
    const listed = await callOver(check, { t: 'call', id: 2, method: 'profiles.list', input: {} })
    expect(listed.output).toEqual({ profiles: [], activeId: null })
    check.close()
  })

  it('answers an unknown method and an unknown key with errors, and nothing changes', async () => {
    const ws = await connect()
    expect(await callOver(ws, { t: 'call', id: 1, method: 'profiles.dropAll', input: {} })).toMatchObject({ t: 'fail', error: { code: 'NOT_FOUND' } })
    const profile = { name: 'p', nodeUrl: 'http://127.0.0.1:9650', dataUrl: 'http://127.0.0.1:1', metricsUrl: 'http://127.0.0.1:1', network: 'mainnet', nodeIds: [] }
    expect(await callOver(ws, { t: 'call', id: 2, method: 'profiles.create', input: { profile, admin: true } })).toMatchObject({ t: 'fail', error: { code: 'BAD_INPUT' } })
    expect(await callOver(ws, { t: 'call', id: 3, method: 'profiles.create', input: { profile: { ...profile, sql: 'x' } } })).toMatchObject({ t: 'fail', error: { code: 'BAD_INPUT' } })
    expect(await callOver(ws, { t: 'call', id: 4, method: 'profiles.list', input: {} })).toMatchObject({ output: { profiles: [] } })
    ws.close()
  })
})
