/**
 * Issue 31: no receiver can hold delivery, and a try cut short by a crash is tried again. The outbox's
 * sender runs in a child process started with --expose-gc that runs the garbage collector every 250 ms
 * (tests/support/delivery-child.ts): a deadline that only a weak reference kept (AbortSignal.timeout inside
 * AbortSignal.any, as before) is lost there, and a receiver that accepts connections and never answers then
 * holds its tries, and the slots, for good.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/cache/database'
import { OutboxStore } from '../../../src/main/cache/outbox-store'
import { plainSecretStore } from '../../../src/main/secrets'
import { DeliveryService, type RetryPolicy } from '../../../src/main/services/alerts/delivery'
import type { Alert, DeliveryTry } from '../../../src/shared/contract'
import { startLocalServer } from '../../support/local-server'
import { accepted, receiver, smtpReceiver, type Receiver } from '../../support/receivers'
import { until } from '../../support/until'
import { tempDir } from './helpers'

const SMTP_PASSWORD = 'hang-test-smtp-password'

interface Child {
  proc: ChildProcess
  /** what it wrote on stderr: its log */
  log: string[]
  enqueue(alert: Alert): Promise<number>
  stop(signal: NodeJS.Signals): Promise<void>
}

/** The sender in its own process, with the garbage collector run every 250 ms. */
async function startChild(dataDir: string, retry: Partial<RetryPolicy>): Promise<Child> {
  const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'tests/support/delivery-child.ts', dataDir, JSON.stringify(retry)], {
    stdio: ['pipe', 'pipe', 'pipe']
  })
  const log: string[] = []
  createInterface({ input: proc.stderr! }).on('line', (l) => void log.push(l))
  const lines = createInterface({ input: proc.stdout! })
  const waiting: Array<(v: Record<string, unknown>) => void> = []
  lines.on('line', (l) => waiting.shift()?.(JSON.parse(l) as Record<string, unknown>))
  const next = () => new Promise<Record<string, unknown>>((r) => waiting.push(r))
  const exited = new Promise<void>((r) => proc.once('exit', () => r()))
  expect(await Promise.race([next(), exited.then(() => ({ exited: log.join('\n') }))])).toEqual({ ready: true })
  return {
    proc,
    log,
    enqueue: async (alert) => {
      const answer = next()
      proc.stdin!.write(`${JSON.stringify({ enqueue: alert, state: 'firing' })}\n`)
      return (await answer)['enqueued'] as number
    },
    stop: async (signal) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return
      proc.kill(signal)
      await exited
    }
  }
}

const alert = (n: number): Alert => ({
  id: `p1:unreachable:node:${1_800_000_000_000 + n}`,
  profileId: 'p1',
  profileName: 'validator-1',
  nodeUrl: 'http://127.0.0.1:9650',
  rule: 'unreachable',
  subject: null,
  severity: 'critical',
  message: `validator-1: alert ${n}`,
  firedAt: 1_800_000_000_000 + n,
  clearedAt: null,
  acknowledgedAt: null
})

/** A receiver that accepts every connection, reads what comes, and never answers. */
async function silentReceiver(): Promise<{ origin: string; connections: () => number; close: () => Promise<void> }> {
  const sockets: Socket[] = []
  const server: Server = createServer((s) => {
    sockets.push(s)
    s.resume()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => sockets.length,
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r())))
  }
}

/** The delivery log of the folder, read from this process (the child writes it). */
function readLog(dataDir: string) {
  const { db } = openDatabase(dataDir)
  const store = new OutboxStore(db)
  return { tries: (filter: { alertId?: string; channelId?: string } = {}): DeliveryTry[] => store.tries(1_000, filter), pending: () => store.pending(1_000), close: () => db.close() }
}

describe('a receiver that accepts connections and never answers', () => {
  let silent: Awaited<ReturnType<typeof silentReceiver>>
  let webhook: Receiver
  let slack: Receiver
  let smtp: Awaited<ReturnType<typeof smtpReceiver>>
  const data = tempDir()
  let child: Child | undefined
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    ;[silent, webhook, slack, smtp] = await Promise.all([
      silentReceiver(),
      receiver(() => ({ status: 204 })),
      receiver(() => ({ status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } })),
      smtpReceiver(SMTP_PASSWORD)
    ])
    const { db } = openDatabase(data.dir)
    const setup = new DeliveryService({ store: new OutboxStore(db), secrets: plainSecretStore })
    ids['silent'] = setup.addChannel({ kind: 'webhook', name: 'silent hook', url: `${silent.origin}/never`, minSeverity: 'warning' }).id
    ids['webhook'] = setup.addChannel({ kind: 'webhook', name: 'ops hook', url: `${webhook.origin}/hook`, minSeverity: 'warning' }).id
    ids['slack'] = setup.addChannel({ kind: 'slack', name: 'ops slack', webhookUrl: `${slack.origin}/services/T0/B0/X`, minSeverity: 'warning' }).id
    ids['email'] = setup.addChannel({
      kind: 'email',
      name: 'ops mail',
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      username: 'alerts',
      password: SMTP_PASSWORD,
      from: 'companion@example.com',
      to: ['ops@example.com'],
      minSeverity: 'warning'
    }).id
    db.close()
  })
  afterAll(async () => {
    await child?.stop('SIGKILL')
    await Promise.all([silent?.close(), webhook?.close(), slack?.close(), smtp?.close()])
    data.remove()
  })

  // A short deadline (the retry options' timeoutMs) so that the test is quick; 15 s in the app.
  const retry: Partial<RetryPolicy> = { timeoutMs: 2_000, baseMs: 100, capMs: 400, maxAttempts: 10_000 }
  const others = ['webhook', 'slack', 'email'] as const

  /**
   * Sends alerts one after another; each must reach every other channel within 10 s. The first of a run
   * is given longer: a process just started on a loaded machine may take seconds over its first sends
   * (loading the HTTP and SMTP clients); what is measured is that nothing held afterwards.
   */
  async function eachDelivered(log: ReturnType<typeof readLog>, from: number, to: number): Promise<void> {
    for (let n = from; n <= to; n++) {
      expect(await child!.enqueue(alert(n))).toBe(4)
      const delivered = (t: DeliveryTry[]) => others.every((c) => t.some((x) => x.channelId === ids[c] && x.outcome === 'delivered'))
      const tries = await until(() => log.tries({ alertId: alert(n).id }), delivered, n === from ? 60_000 : 10_000, 50)
      // Delivered once at each (a first try of a loaded machine may miss its own deadline and be tried again).
      expect(
        others.map((c) => [c, tries.filter((x) => x.channelId === ids[c] && x.outcome === 'delivered').length]),
        `alert ${n}: every other channel delivered it within 10 s (the silent one held nothing); the log of the sender:\n${child!.log.join('\n')}`
      ).toEqual(others.map((c) => [c, 1]))
    }
  }

  it('every other channel gets each alert within 10 s, before and after a restart; the silent one fails at its deadline', async () => {
    const log = readLog(data.dir)
    try {
      child = await startChild(data.dir, retry)
      await eachDelivered(log, 1, 5)
      const firstLog = child.log
      // Alerts 1 to 5 may all be delivered before the silent channel's first try reaches its deadline (on a
      // fast run): the failure is waited for, not assumed, before the restart.
      await until(() => firstLog.filter((l) => l.includes('"silent hook"')), (l) => l.length > 0)
      await child.stop('SIGTERM')
      child = await startChild(data.dir, retry)
      await eachDelivered(log, 6, 10)

      // The silent channel's tries each ended at the deadline, recorded as a failure to try again, with why.
      const silentTries = await until(() => log.tries({ channelId: ids['silent'] }), (t) => t.length >= 4)
      expect(silentTries.length).toBeGreaterThanOrEqual(4)
      for (const t of silentTries) expect(t).toMatchObject({ outcome: 'retrying', status: null, reply: 'no answer within 2 s', nextRetryAt: expect.any(Number) })
      expect(silent.connections()).toBeGreaterThanOrEqual(silentTries.length)
      // Each alert reached each other channel, with its id to drop repeats by (a try that got its answer
      // only after its deadline is tried again: at least once, as the outbox promises).
      const sent = Array.from({ length: 10 }, (_, i) => `${alert(i + 1).id}:firing`)
      expect(new Set(accepted(webhook).map((b) => b['deliveryId']))).toEqual(new Set(sent))
      expect(new Set(smtp.mails.map((m) => m.headers['x-companion-delivery-id']))).toEqual(new Set(sent))
      // The log says once that the silent channel is failing, not at every try, nor again after the restart
      // (the delivery log says it was failing already).
      const failing = (lines: string[]) => lines.filter((l) => l.includes('"silent hook"'))
      expect(failing(firstLog), firstLog.join('\n')).toEqual([expect.stringMatching(/^warn alert channel "silent hook" \(webhook\) is failing: no answer within 2 s/)])
      expect(failing(child.log), child.log.join('\n')).toEqual([])
    } finally {
      log.close()
    }
  }, 120_000)
})

describe('a watcher killed while a try is under way', () => {
  it('the message is delivered exactly once after the restart, with the same idempotency key', async () => {
    const data = tempDir()
    /** Requests held without an answer while `hold` is set. */
    const held: ServerResponse[] = []
    let hold = true
    const hook = await startLocalServer((_req, res) => {
      if (hold) held.push(res)
      else res.writeHead(200).end('{"received":true}')
    })
    let child: Child | undefined
    const log = readLog(data.dir)
    try {
      const { db } = openDatabase(data.dir)
      const ch = new DeliveryService({ store: new OutboxStore(db), secrets: plainSecretStore }).addChannel({ kind: 'webhook', name: 'hook', url: `${hook.origin}/h`, minSeverity: 'warning' })
      db.close()
      // A deadline long enough that the kill comes while the try waits for its answer.
      const retry: Partial<RetryPolicy> = { timeoutMs: 3_000, baseMs: 100 }
      child = await startChild(data.dir, retry)
      expect(await child.enqueue(alert(1))).toBe(1)
      await until(() => hook.seen.length, (n) => n === 1)
      await child.stop('SIGKILL')
      expect(log.tries({ channelId: ch.id }), 'the killed try recorded nothing').toEqual([])
      hold = false

      child = await startChild(data.dir, retry)
      const tries = await until(() => log.tries({ channelId: ch.id }), (t) => t.some((x) => x.outcome === 'delivered'), 30_000)
      // Tried again once its claim lapsed: the second try (the first was counted when it was claimed).
      expect(tries.map((t) => [t.alertId, t.attempt, t.outcome, t.status])).toEqual([[alert(1).id, 2, 'delivered', 200]])
      expect(log.pending()).toEqual([])
      expect(hook.seen.map((s) => s.headers['idempotency-key'])).toEqual([`${alert(1).id}:firing`, `${alert(1).id}:firing`])
      // Nothing more is sent: delivered once.
      await child.stop('SIGTERM')
      expect(hook.seen).toHaveLength(2)
    } finally {
      await child?.stop('SIGKILL')
      log.close()
      for (const res of held) res.destroy()
      await hook.close()
      data.remove()
    }
  }, 60_000)
})
