/**
 * GET /metrics over HTTP (src/main/server/metrics.ts): the bearer token, the token file of `companion
 * watch`, and its --metrics-port / --metrics-host checks.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  isLoopback,
  metricsToken,
  networkWarning,
  parseMetricsOptions,
  sameSecret,
  startMetricsServer,
  type MetricsServer
} from '../../src/main/server/metrics'
import { tempDir } from '../support/temp'

let cleanup: Array<() => unknown> = []
afterEach(async () => {
  for (const c of cleanup.reverse()) await c()
  cleanup = []
})

describe('metrics endpoint', () => {
  it('answers only with the bearer token: 401 with WWW-Authenticate otherwise, 404 elsewhere, 405 for POST', async () => {
    let scrapes = 0
    const server: MetricsServer = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      token: 'a-token-of-enough-length',
      scrape: async () => (scrapes++, { contentType: 'text/plain; version=0.0.4; charset=utf-8', body: 'companion_node_up{profile="a"} 1\n' })
    })
    cleanup.push(() => server.close())
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/metrics`)
    const get = (headers: Record<string, string>, init: RequestInit = {}, url = server.url) => fetch(url, { ...init, headers })

    const ok = await get({ authorization: 'Bearer a-token-of-enough-length' })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(await ok.text()).toBe('companion_node_up{profile="a"} 1\n')
    expect((await get({ authorization: 'bearer a-token-of-enough-length' })).status).toBe(200)

    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: 'Basic a-token-of-enough-length' }, { authorization: 'Bearer a-token-of-enough-lengthX' }] as Array<Record<string, string>>) {
      const r = await get(headers)
      expect(r.status).toBe(401)
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer realm=/)
      expect(await r.text()).not.toContain('companion_node_up')
    }
    // The token in the query string is not a bearer token.
    expect((await get({}, {}, `${server.url}?token=a-token-of-enough-length`)).status).toBe(401)
    expect(scrapes).toBe(2)

    expect((await get({ authorization: 'Bearer a-token-of-enough-length' }, {}, `http://127.0.0.1:${server.port}/`)).status).toBe(404)
    expect((await get({ authorization: 'Bearer a-token-of-enough-length' }, { method: 'POST' })).status).toBe(405)
    const head = await get({ authorization: 'Bearer a-token-of-enough-length' }, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('a scrape that fails answers 500 and the server stays up', async () => {
    let fail = true
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      token: 'tok-tok-tok-tok-tok',
      scrape: async () => {
        if (fail) throw new Error('database closed')
        return { contentType: 'text/plain', body: 'x 1\n' }
      }
    })
    cleanup.push(() => server.close())
    const get = () => fetch(server.url, { headers: { authorization: 'Bearer tok-tok-tok-tok-tok' } })
    expect((await get()).status).toBe(500)
    fail = false
    expect((await get()).status).toBe(200)
  })

  it('compares secrets whatever their lengths', () => {
    expect(sameSecret('abc', 'abc')).toBe(true)
    expect(sameSecret('abd', 'abc')).toBe(false)
    expect(sameSecret('', 'abc')).toBe(false)
    expect(sameSecret('', '')).toBe(false)
    expect(sameSecret('abcd', 'abc')).toBe(false)
  })

  it('makes the token file once, mode 0600, and reads the same token afterwards', () => {
    const t = tempDir()
    cleanup.push(t.remove)
    const first = metricsToken(t.dir)
    expect(first).toMatchObject({ created: true, path: join(t.dir, 'metrics-token') })
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(statSync(first.path).mode & 0o777).toBe(0o600)
    expect(readFileSync(first.path, 'utf8').trim()).toBe(first.token)
    const again = metricsToken(t.dir)
    expect(again).toEqual({ token: first.token, path: first.path, created: false })

    // An operator's own token is kept; a file others can read is said so; one that holds no token is refused.
    writeFileSync(first.path, 'my-own-token-for-prometheus\n')
    chmodSync(first.path, 0o644)
    expect(metricsToken(t.dir)).toMatchObject({ token: 'my-own-token-for-prometheus', warning: expect.stringContaining('chmod 600') })
    writeFileSync(first.path, 'short\n')
    expect(() => metricsToken(t.dir)).toThrow(/does not hold a token .*delete it/)
  })

  it('checks --metrics-port and --metrics-host, and says what to fix', () => {
    expect(parseMetricsOptions(undefined, undefined)).toBeUndefined()
    expect(parseMetricsOptions('9100', undefined)).toEqual({ port: 9100, host: '127.0.0.1' })
    expect(parseMetricsOptions('9100', '0.0.0.0')).toEqual({ port: 9100, host: '0.0.0.0' })
    expect(parseMetricsOptions('65535', '::1')).toEqual({ port: 65535, host: '::1' })
    expect(parseMetricsOptions('1', 'metrics.example.org')).toEqual({ port: 1, host: 'metrics.example.org' })
    for (const port of ['0', '65536', '-1', 'abc', '9100.5', ''])
      expect(parseMetricsOptions(port, undefined)).toBe(`--metrics-port must be a port number from 1 to 65535, got "${port}"`)
    for (const host of ['http://127.0.0.1', 'bad host', '-x.example', '127.0.0.1:9100', ''])
      expect(parseMetricsOptions('9100', host)).toMatch(/^--metrics-host must be an IP address \(such as 127\.0\.0\.1 or ::1\) or a host name/)
    expect(parseMetricsOptions(undefined, '127.0.0.1')).toMatch(/--metrics-host needs --metrics-port/)
  })

  it('warns when the host is not a loopback address', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', 'LOCALHOST.']) {
      expect(isLoopback(h)).toBe(true)
      expect(networkWarning(h)).toBeUndefined()
    }
    for (const h of ['0.0.0.0', '::', '10.0.0.5', 'metrics.example.org']) expect(networkWarning(h)).toMatch(/reachable from the network, and requires the bearer token/)
  })
})
