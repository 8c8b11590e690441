/**
 * The watch's Prometheus exporter served for real: GET /metrics on browser mode's port with and without the
 * per-launch token as a bearer token, and `companion watch --metrics-port` as a child process against a sim,
 * its token in <data-dir>/metrics-token, showing companion_node_up 1 for a running node and 0 once the
 * profile points to a closed port; a non-loopback --metrics-host prints its warning.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../../../src/main/cli'
import { configureLog } from '../../../src/main/log'
import { startBrowserServer, type BrowserServer } from '../../../src/main/server/browser-server'
import { startSim, type Sim } from '../../sim/index'
import { closedPort, freePort } from '../../support/ports'
import { receiver } from '../../support/receivers'
import { connect, fakeStaticDir, tempDir, testApp } from './helpers'
import { until } from '../../support/until'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(async () => {
  await sim?.stop()
})

const profileOf = (name: string, nodeUrl: string) => ({ name, nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet' as const, nodeIds: [] })

/** The value of `metric` whose labels include `labels`, from Prometheus text; undefined when absent. */
function valueOf(text: string, metric: string, labels: Record<string, string>): number | undefined {
  const family = parsePrometheusTextFormat(text).find((f) => f.name === metric)
  const m = family?.metrics.find((s) => Object.entries(labels).every(([k, v]) => s.labels?.[k] === v))
  return m ? Number(m.value) : undefined
}

describe('/metrics in browser mode', () => {
  let ctx: ReturnType<typeof testApp>
  let statics: ReturnType<typeof fakeStaticDir>
  let server: BrowserServer
  let token: string
  beforeAll(async () => {
    ctx = testApp('browser')
    statics = fakeStaticDir()
    server = await startBrowserServer({ server: ctx.app.server, staticDir: statics.dir, port: 0, metrics: ctx.app.metrics })
    token = new URL(server.url).searchParams.get('token')!
  })
  afterAll(async () => {
    await server?.close()
    ctx?.done()
    statics?.remove()
  })

  const url = () => `http://127.0.0.1:${server.port}/metrics`

  it('answers with the per-launch token as a bearer token only', async () => {
    const none = await fetch(url())
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /)
    expect((await fetch(url(), { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
    expect((await fetch(`${url()}?token=${token}`)).status).toBe(401)
    const ok = await fetch(url(), { headers: { authorization: `Bearer ${token}` } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(await ok.text()).toContain('# HELP companion_node_up ')
  })

  it("shows each profile's node once checked; a deleted profile is gone", async () => {
    const client = connect(ctx.app)
    const up = await client.call('profiles.create', { profile: profileOf('metrics-up', sim.nodeUrl) })
    const other = await client.call('profiles.create', { profile: profileOf('metrics-other', sim.nodeUrl) })
    for (const id of [up.id, other.id]) await client.call('watch.setSettings', { profileId: id, intervalSec: 5 })
    const scrape = async () => (await fetch(url(), { headers: { authorization: `Bearer ${token}` } })).text()

    const text = await until(scrape, (t) => valueOf(t, 'companion_node_up', { profile: 'metrics-other' }) === 1 && valueOf(t, 'companion_node_up', { profile: 'metrics-up' }) === 1, 15_000, 200)
    expect(valueOf(text, 'companion_node_up', { profile: 'metrics-up', profile_id: up.id })).toBe(1)
    expect(valueOf(text, 'companion_node_healthy', { profile: 'metrics-up' })).toBe(1)
    expect(valueOf(text, 'companion_node_peers', { profile: 'metrics-up' })).toBeGreaterThan(0)
    expect(valueOf(text, 'companion_last_check_timestamp_seconds', { profile: 'metrics-up' })).toBeGreaterThan(Date.now() / 1000 - 60)
    expect(valueOf(text, 'companion_alerts_firing', { profile: 'metrics-up', rule: 'unreachable', severity: 'critical' })).toBe(0)

    await client.call('profiles.delete', { id: other.id })
    const after = await scrape()
    expect(after).not.toContain('metrics-other')
    expect(valueOf(after, 'companion_node_up', { profile: 'metrics-up' })).toBe(1)
  }, 30_000)

  it('shows the delivery counters moving for a failing and a working channel; the log says once when one starts failing and once when it recovers', async () => {
    const lines: string[] = []
    configureLog({ out: (line) => void lines.push(line) })
    const ok = await receiver(() => ({ status: 204 }))
    const down = await receiver(() => ({ status: 204 }))
    down.failWith = { status: 503, body: 'maintenance' }
    try {
      const client = connect(ctx.app)
      const good = await client.call('alerts.addChannel', { kind: 'webhook', name: 'metrics ok', url: `${ok.origin}/ok-hook` })
      const bad = await client.call('alerts.addChannel', { kind: 'webhook', name: 'metrics down', url: `${down.origin}/down-hook` })
      const scrape = async () => (await fetch(url(), { headers: { authorization: `Bearer ${token}` } })).text()
      const count = (text: string, channel: string, outcome: string) => valueOf(text, 'companion_alert_deliveries_total', { channel, outcome })
      const before = await scrape()
      expect([count(before, 'metrics ok', 'delivered'), count(before, 'metrics down', 'gave-up')]).toEqual([0, 0])
      expect(valueOf(before, 'companion_alert_delivery_last_success_timestamp_seconds', { channel: 'metrics ok' })).toBeUndefined()

      for (let i = 0; i < 2; i++) {
        expect(await client.call('alerts.testChannel', { id: good.id })).toMatchObject({ delivered: true })
        expect(await client.call('alerts.testChannel', { id: bad.id })).toMatchObject({ delivered: false, outcome: 'gave-up', status: 503 })
      }
      const after = await scrape()
      expect([count(after, 'metrics ok', 'delivered'), count(after, 'metrics down', 'gave-up'), count(after, 'metrics down', 'delivered')]).toEqual([2, 2, 0])
      expect(valueOf(after, 'companion_alert_delivery_last_success_timestamp_seconds', { channel: 'metrics ok' })).toBeGreaterThan(Date.now() / 1000 - 60)
      expect(valueOf(after, 'companion_alert_delivery_pending', { channel: 'metrics down' })).toBe(0)
      const { channels } = await client.call('alerts.channels', {})
      expect(channels.find((c) => c.id === bad.id)!.health).toMatchObject({ status: 'failing', failingSince: expect.any(Number), lastError: 'maintenance', lastSuccessAt: null })
      expect(channels.find((c) => c.id === good.id)!.health).toMatchObject({ status: 'ok', failingSince: null, lastError: null, lastSuccessAt: expect.any(Number) })

      down.failWith = null
      expect(await client.call('alerts.testChannel', { id: bad.id })).toMatchObject({ delivered: true })
      expect(count(await scrape(), 'metrics down', 'delivered')).toBe(1)
      const about = (name: string) => lines.filter((l) => l.includes(`alert channel "${name}"`)).map((l) => l.replace(/^\S+ /, ''))
      expect(about('metrics down')).toEqual([
        'warn alert channel "metrics down" (webhook) is failing: maintenance; alerts for it wait in the outbox and are tried again\n',
        'info alert channel "metrics down" (webhook) delivers again\n'
      ])
      expect(about('metrics ok')).toEqual([])
      for (const secret of ['ok-hook', 'down-hook']) expect(lines.join('')).not.toContain(secret)
    } finally {
      configureLog({ out: (line) => void process.stderr.write(line) })
      await Promise.all([ok.close(), down.close()])
    }
  })
})

/**
 * The built CLI (`npm test` builds before the integration tests; alone: `npx electron-vite build`), run by
 * node itself: SIGTERM reaches it with no wrapper in between (tsx's relay SIGKILLs a child that is busy for
 * 30 ms when the signal comes).
 */
const BUILT_CLI = 'out/main/cli.js'

/** A `companion watch` child, its stderr kept. */
function watchChild(args: string[]): { child: ChildProcessWithoutNullStreams; stderr: () => string; exited: Promise<number | null>; waitErr: (re: RegExp) => Promise<RegExpExecArray> } {
  if (!existsSync(BUILT_CLI) || !readFileSync(BUILT_CLI, 'utf8').includes('metrics-port'))
    throw new Error(`${BUILT_CLI} is missing or older than --metrics-port: run "npx electron-vite build" first`)
  const child = spawn(process.execPath, [BUILT_CLI, 'watch', ...args], { stdio: ['pipe', 'pipe', 'pipe'] })
  let err = ''
  child.stderr.on('data', (c: Buffer) => (err += c.toString()))
  child.stdout.resume()
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  const waitErr = async (re: RegExp): Promise<RegExpExecArray> => {
    // Bounded by the test's own time-out only: a child starting on a loaded machine took over 15 s in CI.
    const end = Date.now() + 100_000
    for (;;) {
      const m = re.exec(err)
      if (m) return m
      if (Date.now() > end || child.exitCode !== null) throw new Error(`no ${re} on stderr; it said: ${err}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  return { child, stderr: () => err, exited, waitErr }
}

describe('companion watch --metrics-port', () => {
  it('serves /metrics behind the token from <data-dir>/metrics-token: node up 1, then 0 once the profile points to a closed port', async () => {
    const t = tempDir()
    let w: ReturnType<typeof watchChild> | undefined
    try {
      const out: string[] = []
      const call = async (method: string, input: unknown) => {
        out.length = 0
        expect(await runCli(['call', method, JSON.stringify(input), '--data-dir', t.dir], (s) => out.push(s), () => undefined)).toBe(0)
        return JSON.parse(out.join('\n')) as { id: string }
      }
      const closed = `http://127.0.0.1:${await closedPort()}`
      const a = await call('profiles.create', { profile: profileOf('runs', sim.nodeUrl) })
      const b = await call('profiles.create', { profile: profileOf('closed', closed) })
      for (const id of [a.id, b.id]) await call('watch.setSettings', { profileId: id, intervalSec: 5 })

      const port = await freePort()
      w = watchChild(['--data-dir', t.dir, '--metrics-port', String(port)])
      const [, at] = await w.waitErr(/Prometheus metrics at (\S+),/)
      expect(at).toBe(`http://127.0.0.1:${port}/metrics`)
      await w.waitErr(/watching the profiles/)
      const tokenFile = join(t.dir, 'metrics-token')
      const token = readFileSync(tokenFile, 'utf8').trim()
      expect(w.stderr()).toContain(tokenFile)
      expect(w.stderr()).not.toContain(token)
      expect(w.stderr()).not.toMatch(/reachable from the network/)

      expect((await fetch(at!)).status).toBe(401)
      const scrape = async () => (await fetch(at!, { headers: { authorization: `Bearer ${token}` } })).text()
      const both = await until(scrape, (x) => valueOf(x, 'companion_node_up', { profile: 'runs' }) === 1 && valueOf(x, 'companion_node_up', { profile: 'closed' }) === 0, 15_000, 200)
      expect(valueOf(both, 'companion_node_up', { profile: 'runs', profile_id: a.id })).toBe(1)
      expect(valueOf(both, 'companion_node_up', { profile: 'closed', profile_id: b.id })).toBe(0)
      expect(valueOf(both, 'companion_node_peers', { profile: 'closed' })).toBeUndefined()

      // The running profile now points to a closed port: its next check finds nothing there.
      await call('profiles.update', { id: a.id, profile: { nodeUrl: closed } })
      const down = await until(scrape, (x) => valueOf(x, 'companion_node_up', { profile: 'runs' }) === 0, 15_000, 200)
      expect(valueOf(down, 'companion_node_up', { profile: 'runs' })).toBe(0)

      w.child.kill('SIGTERM')
      expect(await w.exited).toBe(0)
      // Stopped with the watcher: nothing listens any more.
      await expect(fetch(at!)).rejects.toThrow()
    } finally {
      if (w && w.child.exitCode === null) w.child.kill('SIGKILL')
      t.remove()
    }
  }, 120_000)

  it('a non-loopback --metrics-host prints that /metrics is reachable from the network; bad values are refused', async () => {
    const t = tempDir()
    let w: ReturnType<typeof watchChild> | undefined
    try {
      const port = await freePort()
      w = watchChild(['--data-dir', t.dir, '--metrics-port', String(port), '--metrics-host', '0.0.0.0'])
      await w.waitErr(/watching the profiles/)
      expect(w.stderr()).toMatch(/--metrics-host 0\.0\.0\.0 is not a loopback address: \/metrics is reachable from the network, and requires the bearer token/)
      const token = readFileSync(join(t.dir, 'metrics-token'), 'utf8').trim()
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
      w.child.kill('SIGTERM')
      expect(await w.exited).toBe(0)

      const refused = async (args: string[]): Promise<string> => {
        const err: string[] = []
        expect(await runCli(['watch', '--data-dir', t.dir, ...args], () => undefined, (s) => err.push(s))).toBe(2)
        return err.join('\n')
      }
      expect(await refused(['--metrics-port', '70000'])).toMatch(/--metrics-port must be a port number from 1 to 65535, got "70000"/)
      expect(await refused(['--metrics-port', '9100', '--metrics-host', 'not a host'])).toMatch(/--metrics-host must be an IP address .* or a host name/)
      expect(await refused(['--metrics-host', '127.0.0.1'])).toMatch(/--metrics-host needs --metrics-port/)
      const call: string[] = []
      expect(await runCli(['call', 'profiles.list', '{}', '--metrics-port', '9100'], () => undefined, (s) => call.push(s))).toBe(2)
      expect(call.join('\n')).toMatch(/--metrics-port and --metrics-host are options of "watch"/)
    } finally {
      if (w && w.child.exitCode === null) w.child.kill('SIGKILL')
      t.remove()
    }
  }, 120_000)
})
