/**
 * Issue 17's acceptance, as an operator would run it on a host with no screen: two sims, two profiles, the
 * built `companion watch --metrics-port` as a child process checking every 5 s, and three channels on
 * loopback (a generic webhook that answers 503 at first, a Slack-format receiver, an SMTP server).
 * A validator disconnected on one sim and the other sim stopped each reach every channel once, naming the
 * profile, node and rule, within two check intervals; /metrics shows companion_node_up 1, then 0; when they
 * clear, the resolved messages arrive; a resolved message still waiting for its receiver when the watcher
 * is killed (SIGKILL) arrives once after the watcher starts again.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../src/main/app'
import { plainSecretStore } from '../../../src/main/secrets'
import type { Contract } from '../../../src/shared/contract'
import { createRpcClient } from '../../../src/shared/rpc/client'
import { createMemoryPair } from '../../../src/shared/rpc/memory'
import { startSim, type Sim } from '../../sim/index'
import { freePort } from '../../support/ports'
import { accepted, receiver, smtpReceiver, type Receiver } from '../../support/receivers'
import { tempDir } from './helpers'
import { until } from '../../support/until'

const SMTP_PASSWORD = 'acceptance-smtp-password'
const INTERVAL_SEC = 5

let simA: Sim
let simB: Sim
let webhook: Receiver
let slack: Receiver
let smtp: Awaited<ReturnType<typeof smtpReceiver>>
const data = tempDir()
let metricsPort: number
let watcher: ChildProcess | undefined
/** What the watchers wrote on stderr: shown when a test fails. */
let watcherLog = ''
/** A validator of sim A's profile, other than the node itself: the one disconnected. */
let theirs: string

/** `companion watch` from the built JS, as an installed copy runs it. */
function startWatcher(): ChildProcess {
  const child = spawn(process.execPath, ['out/main/cli.js', 'watch', '--data-dir', data.dir, '--metrics-port', String(metricsPort)], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.resume()
  child.stderr!.on('data', (chunk: Buffer) => void (watcherLog += chunk.toString()))
  child.once('exit', (code, signal) => void (watcherLog += `[watcher exited: ${code ?? signal}]\n`))
  return child
}

async function stopWatcher(signal: NodeJS.Signals): Promise<number | null> {
  const w = watcher!
  watcher = undefined
  if (w.exitCode !== null || w.signalCode !== null) return w.exitCode
  const exited = new Promise<number | null>((r) => w.once('exit', (code) => r(code)))
  w.kill(signal)
  return exited
}

/** The watcher's /metrics with its token ('' while it is not up yet). */
async function scrape(): Promise<string> {
  try {
    const token = readFileSync(join(data.dir, 'metrics-token'), 'utf8').trim()
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    return res.ok ? await res.text() : ''
  } catch {
    return ''
  }
}
const upOf = (text: string, profile: string): number | undefined => {
  const m = parsePrometheusTextFormat(text)
    .find((f) => f.name === 'companion_node_up')
    ?.metrics.find((s) => s.labels?.profile === profile)
  return m ? Number(m.value) : undefined
}
/** What waits in the watcher's outbox for a channel, by its name. */
const pendingOf = (text: string, channel: string): number | undefined => {
  const m = parsePrometheusTextFormat(text)
    .find((f) => f.name === 'companion_alert_delivery_pending')
    ?.metrics.find((s) => s.labels?.channel === channel)
  return m ? Number(m.value) : undefined
}

/** What each channel received of one rule, as [state, …] in order of arrival. */
const webhookStates = (rule: string) => accepted(webhook).filter((b) => b['rule'] === rule).map((b) => b['state'])
const slackTexts = (rule: string) => accepted(slack).map((b) => String(b['text'])).filter((t) => t.includes(rule))
const mails = (rule: string) => smtp.mails.filter((m) => m.body.includes(rule) || (m.headers['subject'] ?? '').includes(rule))

beforeAll(async () => {
  ;[simA, simB, webhook, slack, smtp] = await Promise.all([
    startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }),
    startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }),
    receiver(() => ({ status: 204 })),
    receiver(() => ({ status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } })),
    smtpReceiver(SMTP_PASSWORD)
  ])
  metricsPort = await freePort()
  const { self, l1, disconnected } = simA.dataset.nodes
  theirs = simA.dataset.validators.find((v) => ![self, l1, disconnected].includes(v.nodeID) && v.connected !== false)!.nodeID

  // Set up as an operator would, through the contract (here in-process; `companion call` is the same).
  const app = createApp({ dataDir: data.dir, mode: 'cli', secrets: plainSecretStore })
  const pair = createMemoryPair()
  app.server.attach(pair.server, 'memory')
  const client = createRpcClient<Contract>(pair.client)
  const profile = (name: string, sim: Sim, nodeIds: string[]) => ({ name, nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet' as const, nodeIds })
  for (const [name, sim, ids] of [['validator-a', simA, [theirs]], ['node-b', simB, []]] as const) {
    const { id } = await client.call('profiles.create', { profile: profile(name, sim, [...ids]) })
    await client.call('watch.setSettings', { profileId: id, intervalSec: INTERVAL_SEC })
    // Issue 17 promises delivery within two intervals of the change; the wait of issue 34's "for N checks"
    // (2 for not connected) would spend one of them: here it fires on the first check that sees it.
    await client.call('alerts.setRules', { profileId: id, rules: [{ rule: 'unreachable', threshold: 1 }, { rule: 'validatorNotConnected', forChecks: 1 }] })
  }
  await client.call('alerts.addChannel', { kind: 'webhook', name: 'ops hook', url: `${webhook.origin}/hook` })
  await client.call('alerts.addChannel', { kind: 'slack', name: 'ops slack', webhookUrl: `${slack.origin}/services/T000/B000/XXXX` })
  await client.call('alerts.addChannel', {
    kind: 'email',
    name: 'ops mail',
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    username: 'alerts',
    password: SMTP_PASSWORD,
    from: 'companion@example.com',
    to: ['ops@example.com']
  })
  app.close()
  watcher = startWatcher()
}, 60_000)

afterAll(async () => {
  if (watcher) await stopWatcher('SIGTERM')
  await Promise.all([simA?.stop(), simB?.stop(), webhook?.close(), slack?.close(), smtp?.close()])
  data.remove()
})

describe('issue 17 acceptance: two sims, companion watch, three channels', () => {
  it('both nodes up: /metrics shows companion_node_up 1 for each profile', async () => {
    const text = await until(scrape, (t) => upOf(t, 'validator-a') === 1 && upOf(t, 'node-b') === 1, 20_000)
    expect([upOf(text, 'validator-a'), upOf(text, 'node-b')], watcherLog).toEqual([1, 1])
  }, 30_000)

  it('a validator disconnected on one sim and the other sim stopped reach every channel once, within two check intervals', async () => {
    // The webhook answers 503 twice first: the alert still arrives, once.
    webhook.script.push({ status: 503 }, { status: 503 })
    simA.validators.disconnect(theirs)
    await simB.stop()
    const start = Date.now()
    const bothArrived = () => webhookStates('validatorNotConnected').length > 0 && webhookStates('unreachable').length > 0 && slackTexts('validatorNotConnected').length > 0 && slackTexts('unreachable').length > 0 && mails('validatorNotConnected').length > 0 && mails('unreachable').length > 0
    await until(() => bothArrived(), (ok) => ok, 4 * INTERVAL_SEC * 1_000 + 15_000)
    const took = Date.now() - start
    expect(bothArrived(), watcherLog).toBe(true)
    // Two intervals, and the retries after the two 503s (2 s then up to 4 s of backoff).
    expect(took).toBeLessThan(2 * INTERVAL_SEC * 1_000 + 8_000)
    expect(webhook.answered.slice(0, 2)).toEqual([503, 503])

    const hook = accepted(webhook)
    const firing = (rule: string) => hook.filter((b) => b['rule'] === rule && b['state'] === 'firing')
    expect(firing('validatorNotConnected')).toHaveLength(1)
    expect(firing('validatorNotConnected')[0]).toMatchObject({ profileName: 'validator-a', nodeUrl: simA.nodeUrl, subject: theirs, severity: 'critical' })
    expect(firing('unreachable')).toHaveLength(1)
    expect(firing('unreachable')[0]).toMatchObject({ profileName: 'node-b', nodeUrl: simB.nodeUrl })
    for (const rule of ['validatorNotConnected', 'unreachable']) {
      const slackText = slackTexts(rule)
      expect(slackText).toHaveLength(1)
      expect(slackText[0]).toContain(rule === 'unreachable' ? 'node-b' : 'validator-a')
      expect(mails(rule)).toHaveLength(1)
    }
    const text = await until(scrape, (t) => upOf(t, 'node-b') === 0, 10_000)
    expect([upOf(text, 'validator-a'), upOf(text, 'node-b')]).toEqual([1, 0])

    // Nothing arrives twice while the conditions last (two more checks).
    await new Promise((r) => setTimeout(r, 2 * INTERVAL_SEC * 1_000))
    expect(firing('unreachable')).toHaveLength(1)
    expect(accepted(webhook).filter((b) => b['state'] === 'firing')).toHaveLength(2)
  }, 90_000)

  it('resolved messages arrive when the conditions clear, one of them after the watcher was killed while its receiver failed', async () => {
    // Sim B back on its port: "unreachable" resolves and reaches all three channels.
    simB = await startSim({ nodePort: Number(new URL(simB.nodeUrl).port), dataPort: 0, metricsPort: 0, quiet: true })
    await until(() => webhookStates('unreachable'), (s) => s.includes('resolved'), 4 * INTERVAL_SEC * 1_000)
    expect(webhookStates('unreachable')).toEqual(['firing', 'resolved'])
    await until(() => slackTexts('unreachable').length === 2 && mails('unreachable').length === 2, (ok) => ok, 10_000)
    expect(upOf(await until(scrape, (t) => upOf(t, 'node-b') === 1, 15_000), 'node-b')).toBe(1)

    // The webhook fails from now on; the validator reconnects; its resolved message is tried and fails.
    webhook.failWith = { status: 503 }
    const triedBefore = webhook.seen.length
    simA.validators.connect(theirs)
    await until(() => webhook.seen.slice(triedBefore).some((s) => s.body.includes('"resolved"') && s.body.includes('validatorNotConnected')), (ok) => ok, 4 * INTERVAL_SEC * 1_000)
    // Slack and email took their resolved message, and the watcher wrote that down (its outbox holds nothing for
    // them): a kill between a receiver's answer and that write would rightly send it again after the restart.
    await until(() => slackTexts('validatorNotConnected').length === 2 && mails('validatorNotConnected').length === 2, (ok) => ok, 4 * INTERVAL_SEC * 1_000)
    const recorded = await until(scrape, (t) => pendingOf(t, 'ops slack') === 0 && pendingOf(t, 'ops mail') === 0, 10_000)
    expect([pendingOf(recorded, 'ops slack'), pendingOf(recorded, 'ops mail')], watcherLog).toEqual([0, 0])
    // Killed before it could deliver; the receiver is fixed; the watcher starts again and delivers it, once.
    await stopWatcher('SIGKILL')
    webhook.failWith = null
    watcher = startWatcher()
    // A watcher process started afresh on a loaded two-core machine took over 20 s to deliver it once (CI).
    await until(() => webhookStates('validatorNotConnected'), (s) => s.includes('resolved'), 45_000)
    await new Promise((r) => setTimeout(r, 3_000))
    expect(webhookStates('validatorNotConnected')).toEqual(['firing', 'resolved'])
    expect(slackTexts('validatorNotConnected'), `${slackTexts('validatorNotConnected').join('\n---\n')}\n${watcherLog}`).toHaveLength(2)

    // SIGTERM: a clean stop.
    expect(await stopWatcher('SIGTERM')).toBe(0)
  }, 120_000)
})
