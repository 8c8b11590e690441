/**
 * Watch the watcher (issue 31, item 3): the app calls a heartbeat URL after each full round of checks, the
 * URL's `/fail` while a critical alert is open, and nothing once the watch has stopped. Against the sim and a
 * loopback receiver; rounds are driven by the app's clock (an hour's interval, so nothing fires unless the
 * test moves the clock), and the test waits for conditions, never for a duration. The URL is a secret: never
 * answered back in full, never in the log; a failing heartbeat is logged once, and once when it recovers.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OffsetClock } from '../../../src/main/clock'
import { ConfigError, parseHostConfig } from '../../../src/main/config/host-config'
import { configureLog } from '../../../src/main/log'
import type { Contract } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { startSim, type Sim } from '../../sim/index'
import { closedPort } from '../../support/ports'
import { receiver, type Receiver } from '../../support/receivers'
import { until } from '../../support/until'
import { appsPerTest, failure } from './helpers'

const INTERVAL_SEC = 3_600
const CHECK = '/ping/6f1c2a9e-heartbeat-check'
const WITNESS = '/ping/witness-check-0001'

let sim: Sim
let hc: Receiver
const apps = appsPerTest()
const lines: string[] = []

beforeAll(async () => {
  ;[sim, hc] = await Promise.all([startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }), receiver(() => ({ status: 200, body: 'OK' }))])
  configureLog({ out: (l) => void lines.push(l) })
})
afterAll(async () => {
  configureLog({ out: (l) => void process.stderr.write(l) })
  await Promise.all([sim?.stop(), hc?.close()])
})
afterEach(() => {
  hc.seen.length = 0
  hc.answered.length = 0
  hc.failWith = null
  lines.length = 0
})

/** The paths pinged so far under `base` ("" for the URL itself, "/fail"), in order of arrival. */
const pings = (base: string): string[] => hc.seen.filter((s) => s.url.startsWith(base)).map((s) => s.url.slice(base.length))

async function watchedProfile(client: RpcClient<Contract>, name: string, nodeUrl = sim.nodeUrl): Promise<string> {
  const { id } = await client.call('profiles.create', { profile: { name, nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] } })
  await client.call('watch.setSettings', { profileId: id, intervalSec: INTERVAL_SEC })
  await client.call('alerts.setRules', { profileId: id, rules: [{ rule: 'unreachable', threshold: 1 }] })
  return id
}

const sampleCount = async (client: RpcClient<Contract>, id: string): Promise<number> => (await client.call('watch.samples', { profileId: id, limit: 10_000 })).samples.length

describe('the heartbeat', () => {
  it('one ping per full round, /fail while a critical alert is open, none once the watcher is stopped', async () => {
    const clock = new OffsetClock()
    const { app, client } = apps.open({ clock })
    const a = await watchedProfile(client, 'node-a')
    const b = await watchedProfile(client, 'node-b')
    const view = await client.call('watch.setHeartbeat', { url: `${hc.origin}${CHECK}` })
    // Its host only: the path is the secret.
    expect(view).toMatchObject({ target: new URL(hc.origin).host, secretStorage: 'unencrypted', lastPing: null, failingSince: null })
    expect(JSON.stringify(await client.call('watch.heartbeat', {}))).not.toContain('6f1c2a9e')

    // A second watcher on its own data folder and the same clock: what it does in a round shows that the
    // first one would have had time to ping too (the last step waits on it rather than on a duration).
    const witness = apps.open({ clock })
    await watchedProfile(witness.client, 'witness')
    await witness.client.call('watch.setHeartbeat', { url: `${hc.origin}${WITNESS}` })

    /** Moves the clock to the next checks; waits for the round's ping of both watchers. */
    const round = async (n: number): Promise<void> => {
      clock.advance(INTERVAL_SEC * 1_000)
      const seen = await until(
        (): [number, number] => [pings(CHECK).length, pings(WITNESS).length],
        ([mine, theirs]) => mine >= n && theirs >= n,
        30_000
      )
      expect(seen).toEqual([n, n])
    }

    // Two rounds with every node well: the URL itself, once per round (two profiles, two checks, one ping).
    await round(1)
    await round(2)
    expect(pings(CHECK)).toEqual(['', ''])
    expect([await sampleCount(client, a), await sampleCount(client, b)]).toEqual([2, 2])
    expect(hc.seen.every((s) => s.method === 'POST')).toBe(true)
    expect((await client.call('watch.heartbeat', {})).lastPing).toMatchObject({ signal: 'ok', delivered: true, status: 200, error: null })

    // Node b goes away: its "unreachable" alert (critical) opens in the third round, whose ping is /fail, and
    // so is every ping while it is open.
    await client.call('profiles.update', { id: b, profile: { nodeUrl: `http://127.0.0.1:${await closedPort()}` } })
    await round(3)
    await round(4)
    expect(pings(CHECK)).toEqual(['', '', '/fail', '/fail'])
    expect((await client.call('alerts.list', {})).open.map((x) => [x.profileId, x.rule, x.severity])).toEqual([[b, 'unreachable', 'critical']])

    // Back: the alert clears in the next round, which pings the URL itself again.
    await client.call('profiles.update', { id: b, profile: { nodeUrl: sim.nodeUrl } })
    await round(5)
    expect(pings(CHECK)).toEqual(['', '', '/fail', '/fail', ''])

    // Stopped: the witness's next round comes and goes, and the stopped watcher pinged nothing.
    app.close()
    clock.advance(INTERVAL_SEC * 1_000)
    await until(() => pings(WITNESS).length, (n) => n >= 6, 30_000)
    clock.advance(INTERVAL_SEC * 1_000)
    expect(await until(() => pings(WITNESS).length, (n) => n >= 7, 30_000)).toBe(7)
    expect(pings(CHECK)).toHaveLength(5)
    // Nothing in the log shows the URL's secret part.
    expect(lines.join('')).not.toContain('6f1c2a9e')
  }, 120_000)

  it('a failing heartbeat never holds the watch, is logged once when it starts failing and once when it recovers', async () => {
    const clock = new OffsetClock()
    const { client } = apps.open({ clock })
    const id = await watchedProfile(client, 'node')
    await client.call('watch.setHeartbeat', { url: `${hc.origin}${CHECK}` })
    hc.failWith = { status: 503 }
    for (const n of [1, 2, 3]) {
      clock.advance(INTERVAL_SEC * 1_000)
      await until((): [number, number] => [pings(CHECK).length, hc.answered.length], ([p, answered]) => p >= n && answered >= n, 30_000)
      // The watch went on checking whatever the heartbeat's receiver said.
      expect(await until(() => sampleCount(client, id), (s) => s >= n)).toBe(n)
    }
    const failing = await until(() => client.call('watch.heartbeat', {}), (v) => v.lastPing?.at !== undefined && v.failingSince !== null)
    expect(failing.lastPing).toMatchObject({ signal: 'ok', delivered: false, status: 503, error: 'the receiver answered HTTP 503' })
    await until(() => lines.filter((l) => l.includes('heartbeat:')).length, (n) => n >= 1)
    expect(lines.filter((l) => l.includes('heartbeat:'))).toEqual([expect.stringMatching(/warn heartbeat: the ping to 127\.0\.0\.1:\d+ failed \(the receiver answered HTTP 503\)/)])

    hc.failWith = null
    clock.advance(INTERVAL_SEC * 1_000)
    const back = await until(() => client.call('watch.heartbeat', {}), (v) => v.lastPing?.delivered === true)
    expect(back.failingSince).toBeNull()
    const said = lines.filter((l) => l.includes('heartbeat:'))
    expect(said).toHaveLength(2)
    expect(said[1]).toMatch(/info heartbeat: the ping to 127\.0\.0\.1:\d+ gets through again/)
    expect(lines.join('')).not.toContain(CHECK)
  }, 120_000)

  it('takes only a URL a channel would take, and can be cleared', async () => {
    const { client } = apps.open()
    for (const [url, says] of [
      ['ftp://example.com/x', 'url must be an http(s) URL'],
      ['http://hc-ping.example.com/abc', 'url must use https'],
      ['https://user:pw@hc-ping.com/abc', 'must not contain a user name or password'],
      ['https://hc-ping.com/abc?x=1', 'must not contain a ?query or #fragment']
    ] as const) {
      const e = await failure(client.call('watch.setHeartbeat', { url }))
      expect(e.code).toBe('BAD_INPUT')
      expect(e.message).toContain(says)
      // Refused without echoing the URL back.
      expect(e.message).not.toContain('hc-ping.com/abc')
    }
    // A browser-mode page follows the channels' rule: no target on this machine or a private network without the flag.
    const page = apps.open({ transport: 'ws' }).client
    const local = await failure(page.call('watch.setHeartbeat', { url: `${hc.origin}${CHECK}` }))
    expect(local.code).toBe('FORBIDDEN')
    expect(local.message).toContain('--allow-local-channels')
    await client.call('watch.setHeartbeat', { url: 'https://hc-ping.com/0f0e5c1c-aaaa-bbbb/' })
    expect(await client.call('watch.heartbeat', {})).toMatchObject({ target: 'hc-ping.com', secretStorage: 'unencrypted' })
    expect(await client.call('watch.setHeartbeat', { url: null })).toEqual({ target: null, secretStorage: null, setAt: null, lastPing: null, failingSince: null })
  })

  it('the config file sets it (an env: reference, as other secrets), applying it again changes nothing, null removes it', async () => {
    const profiles = [{ name: 'node', nodeUrl: sim.nodeUrl, network: 'mainnet' }]
    const config = parseHostConfig('host.json', JSON.stringify({ profiles, heartbeat: 'env:HC_URL' }), { HC_URL: `${hc.origin}${CHECK}` })
    expect(config.heartbeat).toBe(`${hc.origin}${CHECK}`)
    const first = apps.open({ mode: 'cli', hostConfig: config })
    expect(first.app.configReport?.changed).toContain('heartbeat: set')
    expect(await first.client.call('watch.heartbeat', {})).toMatchObject({ target: new URL(hc.origin).host })
    first.app.close()
    const again = apps.open({ mode: 'cli', hostConfig: config, dataDir: first.dataDir })
    expect(again.app.configReport?.unchanged).toContain('heartbeat: unchanged')
    again.app.close()
    const removed = apps.open({ mode: 'cli', hostConfig: { ...config, heartbeat: null }, dataDir: first.dataDir })
    expect(removed.app.configReport?.changed).toContain('heartbeat: removed')
    expect((await removed.client.call('watch.heartbeat', {})).target).toBeNull()

    const problems = (raw: unknown, env: NodeJS.ProcessEnv = {}): string[] => {
      try {
        parseHostConfig('host.json', JSON.stringify(raw), env)
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError)
        return (e as ConfigError).problems
      }
      throw new Error('the file was accepted')
    }
    expect(problems({ profiles, heartbeat: 'env:HC_URL' })).toEqual([
      'heartbeat: the environment variable HC_URL is not set: set it where the app starts (systemd: Environment= or EnvironmentFile= in the unit), or write the value here'
    ])
    expect(problems({ profiles, heartbeat: 'http://hc.example.com/secret-uuid' })).toEqual([expect.stringMatching(/^heartbeat: url must use https/)])
  })
})
