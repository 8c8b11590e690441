/**
 * Alerts off the page, against real receivers on loopback: a generic webhook, a Slack-format, a
 * Discord-format and a Telegram-format receiver (plain HTTP servers answering as those services do) and an
 * SMTP server (smtp-server). Through the app: channels added, listed without their secrets, tested; a node
 * of the sim that stops answering and answers again reaches every channel once as firing and once as
 * resolved; rows left in the outbox when the app is closed are sent by the next app on the same folder.
 * Through the delivery service on its own database: 503 and 429 with Retry-After retried until delivered
 * exactly once, giving up after the last try, a refusal, an alert written and never sent before a stop
 * sent after the next start, and secrets kept out of the file, the list and every reply.
 */
import { readFileSync, existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type App } from '../../../src/main/app'
import { DB_FILE, openDatabase } from '../../../src/main/cache/database'
import { OutboxStore } from '../../../src/main/cache/outbox-store'
import { realClock } from '../../../src/main/clock'
import { plainSecretStore, type SecretStore } from '../../../src/main/secrets'
import { DeliveryService, type RetryPolicy } from '../../../src/main/services/alerts/delivery'
import type { Alert, Contract, DeliveryTry, Input } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { startLocalServer } from '../../support/local-server'
import { accepted, receiver, smtpReceiver, type Answer, type Receiver } from '../../support/receivers'
import { startSim, type Sim } from '../../sim/index'
import { connect, failure, tempDir } from './helpers'
import { until } from '../../support/until'

/** A stand-in for the OS keychain (Electron's safeStorage is not there in plain Node): sealed bytes are not the plain text. */
const keychain: SecretStore = {
  storage: 'encrypted',
  seal: (plain) => Buffer.concat([Buffer.from('sealed:'), Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a))]),
  open: (sealed) => Buffer.from(sealed.subarray(7).map((b) => b ^ 0x5a)).toString('utf8')
}

const BOT_TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw'
const SMTP_PASSWORD = 'smtp-Pa55word-never-shown'

const slackOk = (): Answer => ({ status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } })
const discordOk = (): Answer => ({ status: 200, body: JSON.stringify({ id: '1', type: 0, content: '…' }) })
const telegramOk = (): Answer => ({ status: 200, body: JSON.stringify({ ok: true, result: { message_id: 7, chat: { id: -100123 } } }) })

let sim: Sim
let webhook: Receiver
let critical: Receiver
let slack: Receiver
let discord: Receiver
let telegram: Receiver
let smtp: Awaited<ReturnType<typeof smtpReceiver>>

beforeAll(async () => {
  ;[sim, webhook, critical, slack, discord, telegram, smtp] = await Promise.all([
    startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }),
    receiver(() => ({ status: 204 })),
    receiver(() => ({ status: 200 })),
    receiver(slackOk),
    receiver(discordOk),
    receiver(telegramOk),
    smtpReceiver(SMTP_PASSWORD)
  ])
})
afterAll(async () => {
  await Promise.all([sim?.stop(), webhook?.close(), critical?.close(), slack?.close(), discord?.close(), telegram?.close(), smtp?.close()])
})

describe('alert delivery through the app', () => {
  let app: App
  let client: RpcClient<Contract>
  let dir: ReturnType<typeof tempDir>
  const ids: Record<string, string> = {}

  beforeAll(() => {
    dir = tempDir()
    // The receivers are on 127.0.0.1: a page adds such channels only when serve allows it (channel-targets.ts).
    app = createApp({ dataDir: dir.dir, mode: 'browser', secrets: keychain, allowLocalChannels: true })
    client = connect(app, 'ws')
  })
  afterAll(() => {
    app?.close()
    dir?.remove()
  })

  it('refuses a bad channel with what to fix, without repeating its secret', async () => {
    const refused = async (input: unknown): Promise<string> => {
      const e = await failure(client.call('alerts.addChannel', input as never))
      expect(e.code).toBe('BAD_INPUT')
      return e.message
    }
    expect(await refused({ kind: 'webhook', name: 'w', url: 'hooks.example.com/T0K3N-secret-path' })).toBe(
      'url: url must be an http(s) URL such as https://example.com/hook'
    )
    const http = await refused({ kind: 'webhook', name: 'w', url: 'http://hooks.example.com/T0K3N-secret-path' })
    expect(http).toMatch(/url must use https: it carries a secret, so plain http is accepted only for a loopback host/)
    expect(await refused({ kind: 'slack', name: 's', webhookUrl: 'https://user:pw@hooks.slack.com/services/x' })).toMatch(/webhookUrl must not contain a user name or password/)
    expect(await refused({ kind: 'pager', name: 'p' })).toBe('kind: kind must be one of webhook, slack, discord, telegram, email, pagerduty, ntfy, pushover, matrix')
    expect(await refused({ kind: 'telegram', name: 't', botToken: 'T0K3N-secret-path', chatId: 'x y' })).toMatch(
      /botToken must be the token BotFather gave.*chatId must be a chat's numeric id/
    )
    const mail = await refused({ kind: 'email', name: 'm', host: 'smtp.example.com', port: 0, secure: 'yes', from: 'me', to: [] })
    expect(mail).toMatch(/port must be a whole number from 1 to 65535.*secure must be true .* or false.*from must be an email address.*to must name at least one/)
    expect(
      await refused({ kind: 'email', name: 'm', host: 'smtp.example.com', port: 587, secure: false, password: 'T0K3N-secret-path', from: 'a@example.com', to: ['b@example.com'] })
    ).toBe('password: password needs a username')
    expect(await refused({ kind: 'webhook', name: ' ', url: 'https://example.com/h', minSeverity: 'notice' })).toMatch(/name is required.*minSeverity must be "info" \(every alert and notice\), "warning" \(every alert\) or "critical"/)
    const log = await failure(client.call('alerts.deliveries', { limit: 0 }))
    expect(log.message).toBe('limit: limit must be from 1 to 1000')
    for (const m of [http]) expect(m).not.toContain('T0K3N')
    expect((await failure(client.call('alerts.removeChannel', { id: 'nope' }))).code).toBe('NOT_FOUND')
    expect((await failure(client.call('alerts.testChannel', { id: 'nope' }))).message).toMatch(/No channel with id nope: list them with alerts.channels/)
    expect((await client.call('alerts.channels', {})).channels).toEqual([])
  })

  it('lists channels without their secrets, and a test through each reaches its receiver with what it answered', async () => {
    const add = (input: Input<'alerts.addChannel'>) => client.call('alerts.addChannel', input)
    ids['webhook'] = (await add({ kind: 'webhook', name: 'ops webhook', url: `${webhook.origin}/hook/wh-secret-4f1c?sig=abc123def` })).id
    ids['critical'] = (await add({ kind: 'webhook', name: 'pager (critical only)', url: `${critical.origin}/crit-secret-9a7e`, minSeverity: 'critical' })).id
    ids['slack'] = (await add({ kind: 'slack', name: 'ops Slack', webhookUrl: `${slack.origin}/services/T000/B000/slack-secret-77` })).id
    ids['discord'] = (await add({ kind: 'discord', name: 'ops Discord', webhookUrl: `${discord.origin}/api/webhooks/42/discord-secret-88` })).id
    ids['telegram'] = (await add({ kind: 'telegram', name: 'ops Telegram', botToken: BOT_TOKEN, chatId: -100123, apiBaseUrl: telegram.origin })).id
    ids['email'] = (
      await add({ kind: 'email', name: 'ops mail', host: '127.0.0.1', port: smtp.port, secure: false, username: 'alerts', password: SMTP_PASSWORD, from: 'companion@example.com', to: ['ops@example.com'] })
    ).id
    expect((await failure(client.call('alerts.addChannel', { kind: 'webhook', name: 'OPS WEBHOOK', url: `${webhook.origin}/x` }))).message).toMatch(
      /A channel named "OPS WEBHOOK" exists already/
    )

    const { channels } = await client.call('alerts.channels', {})
    const text = JSON.stringify(channels)
    for (const secret of ['wh-secret', 'abc123def', 'crit-secret', 'slack-secret', 'discord-secret', BOT_TOKEN, BOT_TOKEN.split(':')[1]!, SMTP_PASSWORD]) expect(text).not.toContain(secret)
    const port = (r: Receiver) => r.origin.replace('http://', '')
    expect(channels.map((c) => [c.kind, c.name, c.target, c.minSeverity, c.secretStorage, c.lastDelivery])).toEqual([
      ['webhook', 'ops webhook', port(webhook), 'warning', 'encrypted', null],
      ['webhook', 'pager (critical only)', port(critical), 'critical', 'encrypted', null],
      ['slack', 'ops Slack', port(slack), 'warning', 'encrypted', null],
      ['discord', 'ops Discord', port(discord), 'warning', 'encrypted', null],
      ['telegram', 'ops Telegram', `chat -100123 via ${port(telegram)}`, 'warning', 'encrypted', null],
      ['email', 'ops mail', `127.0.0.1:${smtp.port} to ops@example.com`, 'warning', 'encrypted', null]
    ])

    for (const [name, id] of Object.entries(ids)) {
      const r = await client.call('alerts.testChannel', { id })
      expect(r, name).toMatchObject({ delivered: true, outcome: 'delivered' })
    }
    expect(accepted(webhook).map((b) => b['state'])).toEqual(['test'])
    expect(webhook.seen[0]!.url).toBe('/hook/wh-secret-4f1c?sig=abc123def')
    expect(slack.seen[0]!.body).toContain('TEST: alerts from Node Operator Companion reach the channel \\"ops Slack\\"')
    expect(discord.seen[0]!.url).toBe('/api/webhooks/42/discord-secret-88?wait=true')
    expect(telegram.seen[0]!.url).toBe(`/bot${BOT_TOKEN}/sendMessage`)
    expect(JSON.parse(telegram.seen[0]!.body)).toMatchObject({ chat_id: '-100123', text: expect.stringContaining('TEST') })
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]).toMatchObject({ user: 'alerts', to: ['ops@example.com'], headers: { subject: expect.stringContaining('TEST: alerts from Node Operator Companion') } })

    // What each receiver answered is shown with the channel and in the log.
    const after = (await client.call('alerts.channels', {})).channels
    expect(Object.fromEntries(after.map((c) => [c.name, [c.lastDelivery?.outcome, c.lastDelivery?.status]]))).toEqual({
      'ops webhook': ['delivered', 204],
      'pager (critical only)': ['delivered', 200],
      'ops Slack': ['delivered', 200],
      'ops Discord': ['delivered', 200],
      'ops Telegram': ['delivered', 200],
      'ops mail': ['delivered', 250]
    })
    expect(after.find((c) => c.kind === 'slack')!.lastDelivery!.reply).toBe('ok')
    expect(after.find((c) => c.kind === 'telegram')!.lastDelivery!.reply).toBe('ok')
    expect(after.find((c) => c.kind === 'email')!.lastDelivery!.reply).toMatch(/^250 /)
    const log = await client.call('alerts.deliveries', { limit: 100 })
    expect(log.tries.map((t) => [t.channelName, t.state, t.attempt, t.outcome])).toEqual(
      ['ops mail', 'ops Telegram', 'ops Discord', 'ops Slack', 'pager (critical only)', 'ops webhook'].map((n) => [n, 'test', 1, 'delivered'])
    )
    expect(log.pending).toEqual([])

    // Sealed in the database file, not in clear (this test's keychain stands in for the OS's).
    const file = join(dir.dir, DB_FILE)
    const bytes = [file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('')
    for (const secret of ['wh-secret-4f1c', 'slack-secret-77', 'discord-secret-88', BOT_TOKEN, SMTP_PASSWORD]) expect(bytes).not.toContain(secret)
  })

  it('a node that stops answering and answers again reaches every channel once as firing and once as resolved', async () => {
    for (const r of [webhook, critical, slack, discord, telegram]) r.seen.length = r.answered.length = 0
    smtp.mails.length = 0
    const p = await client.call('profiles.create', {
      profile: { name: 'validator-1', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] }
    })
    await client.call('watch.setSettings', { profileId: p.id, intervalSec: 5 })
    await client.call('alerts.setRules', { profileId: p.id, rules: [{ rule: 'unreachable', threshold: 1 }] })
    sim.setConfig({ unresponsive: 'refuse' })
    const unreachable = (b: Record<string, unknown>) => b['rule'] === 'unreachable' && b['profileId'] === p.id
    try {
      const fired = await until(() => accepted(webhook).filter(unreachable), (b) => b.length > 0)
      expect(fired[0]).toMatchObject({ state: 'firing', rule: 'unreachable', severity: 'critical', profileName: 'validator-1', nodeUrl: sim.nodeUrl, clearedAt: null })
      const alertId = fired[0]!['id'] as string
      expect(fired[0]!['deliveryId']).toBe(`${alertId}:firing`)
    } finally {
      sim.setConfig({ unresponsive: null })
    }
    const alertId = accepted(webhook).find(unreachable)!['id'] as string
    const done = (t: DeliveryTry[]) => t.filter((x) => x.outcome === 'delivered').length === 12
    const log = await until(async () => (await client.call('alerts.deliveries', { limit: 100, alertId })).tries, done, 25_000)
    expect(log.filter((t) => t.outcome === 'delivered').map((t) => `${t.channelName} ${t.state}`).sort()).toEqual(
      ['ops webhook', 'pager (critical only)', 'ops Slack', 'ops Discord', 'ops Telegram', 'ops mail'].flatMap((n) => [`${n} firing`, `${n} resolved`]).sort()
    )
    await client.call('watch.setSettings', { profileId: p.id, enabled: false })

    // Each receiver: this alert once firing, once resolved, with the profile, node, rule, severity, state and message.
    for (const r of [webhook, critical]) {
      const mine = accepted(r).filter((b) => b['id'] === alertId)
      expect(mine.map((b) => b['state'])).toEqual(['firing', 'resolved'])
      expect(r.seen.filter((s) => s.body.includes(alertId)).map((s) => s.headers['idempotency-key'])).toEqual([`${alertId}:firing`, `${alertId}:resolved`])
      expect(mine[1]).toMatchObject({ clearedAt: expect.any(Number), message: expect.stringContaining('validator-1') })
    }
    const words = (text: string, state: string) => {
      for (const w of ['validator-1', sim.nodeUrl, 'Node unreachable', 'critical', state]) expect(text).toContain(w)
    }
    const slackMine = accepted(slack).filter((b) => JSON.stringify(b).includes(alertId))
    expect(slackMine.map((b) => (b['text'] as string).split(' ')[0])).toEqual(['FIRING', 'RESOLVED'])
    slackMine.forEach((b, i) => words(b['text'] as string, i === 0 ? 'firing' : 'resolved'))
    expect(slackMine[0]!['blocks']).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'header' })]))
    const discordMine = accepted(discord).filter((b) => JSON.stringify(b).includes(alertId))
    expect(discordMine.map((b) => (b['embeds'] as Array<{ title: string }>)[0]!.title.split(' ')[0])).toEqual(['FIRING', 'RESOLVED'])
    discordMine.forEach((b, i) => words(b['content'] as string, i === 0 ? 'firing' : 'resolved'))
    const telegramMine = accepted(telegram).filter((b) => (b['text'] as string).includes(alertId))
    expect(telegramMine.map((b) => [b['chat_id'], (b['text'] as string).split(' ')[0]])).toEqual([
      ['-100123', 'FIRING'],
      ['-100123', 'RESOLVED']
    ])
    telegramMine.forEach((b, i) => words(b['text'] as string, i === 0 ? 'firing' : 'resolved'))
    const mailMine = smtp.mails.filter((m) => m.headers['x-companion-alert-id'] === alertId)
    expect(mailMine.map((m) => m.headers['x-companion-delivery-id'])).toEqual([`${alertId}:firing`, `${alertId}:resolved`])
    expect(mailMine.map((m) => m.headers['subject']!.split(' ')[0])).toEqual(['FIRING', 'RESOLVED'])
    mailMine.forEach((m, i) => words(m.body, i === 0 ? 'firing' : 'resolved'))
  }, 45_000)
})

describe('the outbox across a restart of the app', () => {
  it('an alert whose tries failed while the app ran is sent by the next app on the same folder', async () => {
    const dir = tempDir()
    const hook = await receiver(() => ({ status: 200 }))
    hook.failWith = { status: 503, body: 'down for maintenance' }
    let app: App | undefined
    try {
      app = createApp({ dataDir: dir.dir, mode: 'browser', secrets: plainSecretStore })
      let client = connect(app)
      const ch = await client.call('alerts.addChannel', { kind: 'webhook', name: 'hook', url: `${hook.origin}/restart-hook` })
      const p = await client.call('profiles.create', {
        profile: { name: 'validator-2', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] }
      })
      await client.call('watch.setSettings', { profileId: p.id, intervalSec: 5 })
      await client.call('alerts.setRules', { profileId: p.id, rules: [{ rule: 'unreachable', threshold: 1 }] })
      sim.setConfig({ unresponsive: 'refuse' })
      const tried = await until(
        async () => (await client.call('alerts.deliveries', { limit: 10, channelId: ch.id })).tries,
        (t) => t.some((x) => x.outcome === 'retrying')
      )
      expect(tried[0]).toMatchObject({ state: 'firing', outcome: 'retrying', status: 503, reply: 'down for maintenance', nextRetryAt: expect.any(Number) })
      const alertId = tried[0]!.alertId
      app.close()
      app = undefined
      const triesBefore = hook.seen.length
      await new Promise((r) => setTimeout(r, 300))
      expect(hook.seen.length, 'nothing is sent while the app is closed').toBe(triesBefore)

      hook.failWith = null
      app = createApp({ dataDir: dir.dir, mode: 'browser', secrets: plainSecretStore })
      client = connect(app)
      const log = await until(
        async () => (await client.call('alerts.deliveries', { limit: 50, alertId })).tries,
        (t) => t.some((x) => x.outcome === 'delivered')
      )
      expect(log[0]).toMatchObject({ outcome: 'delivered', status: 200, state: 'firing', attempt: log.length })
      expect(log.slice(1).every((t) => t.outcome === 'retrying' && t.status === 503)).toBe(true)
      expect(accepted(hook).filter((b) => b['id'] === alertId).map((b) => b['state'])).toEqual(['firing'])

      // Removed: gone from the list, nothing of it waits in the outbox; its tries stay in the log under its name.
      expect(await client.call('alerts.removeChannel', { id: ch.id })).toEqual({ removed: true })
      expect((await client.call('alerts.channels', {})).channels).toEqual([])
      const kept = await client.call('alerts.deliveries', { limit: 50, channelId: ch.id })
      expect(kept.pending).toEqual([])
      expect(kept.tries.length).toBe(log.length)
      expect(new Set(kept.tries.map((t) => t.channelName))).toEqual(new Set(['hook']))
    } finally {
      sim.setConfig({ unresponsive: null })
      app?.close()
      await hook.close()
      dir.remove()
    }
  }, 45_000)
})

describe('the outbox and its sender', () => {
  const alert = (n: number, severity: 'critical' | 'warning' = 'critical'): Alert => ({
    id: `p1:unreachable:node:${1_700_000_000_000 + n}`,
    profileId: 'p1',
    profileName: 'validator-1',
    nodeUrl: 'http://127.0.0.1:9650',
    rule: 'unreachable',
    subject: null,
    severity,
    message: 'validator-1: the node at http://127.0.0.1:9650 did not answer 1 check in a row',
    firedAt: 1_700_000_000_000 + n,
    clearedAt: null,
    acknowledgedAt: null
  })

  function service(dataDir: string, retry: Partial<RetryPolicy> = {}, secrets: SecretStore = plainSecretStore) {
    const { db } = openDatabase(dataDir)
    const lines: string[] = []
    const delivery = new DeliveryService({ store: new OutboxStore(db), secrets, retry, warn: (m) => lines.push(`warn ${m}`), info: (m) => lines.push(`info ${m}`) })
    return { delivery, lines, close: () => (delivery.stop(), db.close()) }
  }

  const triesOf = (d: DeliveryService, alertId: string) => d.deliveries({ limit: 100, alertId }).tries

  it('a receiver answering 503, then 429 with Retry-After, gets the alert exactly once after retries', async () => {
    const dir = tempDir()
    const hook = await receiver(() => ({ status: 200, body: '{"received":true}' }))
    hook.script.push({ status: 503, body: 'busy' }, { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' })
    const s = service(dir.dir, { baseMs: 100 })
    try {
      s.delivery.addChannel({ kind: 'webhook', name: 'hook', url: `${hook.origin}/h`, minSeverity: 'warning' })
      s.delivery.start()
      expect(s.delivery.enqueue(alert(1), 'firing')).toBe(1)
      const tries = await until(() => triesOf(s.delivery, alert(1).id), (t) => t[0]?.outcome === 'delivered', 10_000)
      expect(tries.map((t) => [t.attempt, t.outcome, t.status, t.reply])).toEqual([
        [3, 'delivered', 200, '{"received":true}'],
        [2, 'retrying', 429, 'slow down'],
        [1, 'retrying', 503, 'busy']
      ])
      // Retry-After: 1 was honoured (not the 100 ms backoff); each try carried the same id to drop repeats by.
      expect(tries[1]!.nextRetryAt! - tries[1]!.at).toBeGreaterThanOrEqual(1_000)
      expect(tries[2]!.nextRetryAt! - tries[2]!.at).toBeLessThan(1_000)
      expect(hook.answered).toEqual([503, 429, 200])
      expect(new Set(hook.seen.map((x) => x.headers['x-companion-delivery-id']))).toEqual(new Set([`${alert(1).id}:firing`]))
      // The same change is not written twice; its resolved one is its own row.
      expect(s.delivery.enqueue(alert(1), 'firing')).toBe(0)
      expect(s.delivery.deliveries({ limit: 10 }).pending).toEqual([])
    } finally {
      s.close()
      await hook.close()
      dir.remove()
    }
  })

  it('gives up after the last try and says so; a refusal is not tried again; a channel takes only the severities asked for', async () => {
    const dir = tempDir()
    const down = await receiver(() => ({ status: 500, body: 'internal error' }))
    const strict = await receiver(() => ({ status: 400, body: 'invalid_payload' }))
    const s = service(dir.dir, { baseMs: 20, maxAttempts: 3 })
    try {
      s.delivery.addChannel({ kind: 'webhook', name: 'down', url: `${down.origin}/h`, minSeverity: 'warning' })
      s.delivery.addChannel({ kind: 'slack', name: 'strict', webhookUrl: `${strict.origin}/services/x`, minSeverity: 'critical' })
      s.delivery.start()
      expect(s.delivery.enqueue(alert(2, 'warning'), 'firing')).toBe(1)
      expect(s.delivery.enqueue(alert(3, 'critical'), 'firing')).toBe(2)
      const gaveUp = await until(() => triesOf(s.delivery, alert(2).id), (t) => t[0]?.outcome === 'gave-up', 10_000)
      expect(gaveUp.map((t) => [t.attempt, t.outcome, t.status])).toEqual([
        [3, 'gave-up', 500],
        [2, 'retrying', 500],
        [1, 'retrying', 500]
      ])
      expect(gaveUp[0]!.reply).toBe('internal error; gave up after 3 tries')
      // The log: once when the channel started failing, once for each alert it gave up on, not at each retry.
      const [first, ...rest] = await until(() => s.lines.filter((l) => l.includes('"down"')), (l) => l.length === 3)
      expect(first).toBe('warn alert channel "down" (webhook) is failing: internal error; alerts for it wait in the outbox and are tried again')
      expect(rest.sort()).toEqual([2, 3].map((n) => `warn alert channel "down" (webhook) gave up on the firing alert ${alert(n).id} after 3 tries: internal error`))
      const refused = await until(() => triesOf(s.delivery, alert(3).id).filter((t) => t.channelName === 'strict'), (t) => t.length > 0)
      expect(refused.map((t) => [t.attempt, t.outcome, t.status, t.reply])).toEqual([[1, 'refused', 400, 'invalid_payload']])
      await until(() => s.delivery.deliveries({ limit: 10 }).pending, (p) => p.length === 0, 10_000)
      expect(strict.seen).toHaveLength(1)
      expect(down.seen).toHaveLength(6)
    } finally {
      s.close()
      await Promise.all([down.close(), strict.close()])
      dir.remove()
    }
  })

  it('an alert written to the outbox and never sent before a stop (as before a kill) is sent after the next start', async () => {
    const dir = tempDir()
    const hook = await receiver(() => ({ status: 200 }))
    try {
      const first = service(dir.dir)
      first.delivery.addChannel({ kind: 'webhook', name: 'hook', url: `${hook.origin}/h`, minSeverity: 'warning' })
      expect(first.delivery.enqueue(alert(4), 'firing')).toBe(1)
      expect(first.delivery.deliveries({ limit: 10 }).pending).toMatchObject([{ alertId: alert(4).id, state: 'firing', attempts: 0, channelName: 'hook' }])
      first.close()
      expect(hook.seen).toHaveLength(0)

      const second = service(dir.dir)
      try {
        second.delivery.start()
        const tries = await until(() => triesOf(second.delivery, alert(4).id), (t) => t.length > 0)
        expect(tries.map((t) => [t.attempt, t.outcome])).toEqual([[1, 'delivered']])
        expect(accepted(hook).map((b) => [b['id'], b['state']])).toEqual([[alert(4).id, 'firing']])
      } finally {
        second.close()
      }
    } finally {
      await hook.close()
      dir.remove()
    }
  })

  it('alerts.testChannel: one at a time per channel and a few a minute; past either, RATE_LIMITED with the seconds to wait', async () => {
    const dir = tempDir()
    let release: (() => void) | undefined
    const hook = await startLocalServer((_req, res) => {
      if (release === undefined) release = () => void res.writeHead(200).end('ok')
      else res.writeHead(200).end('ok')
    })
    const other = await receiver(() => ({ status: 204 }))
    const { db } = openDatabase(dir.dir)
    // Time stands still: the minute of the limit is this test's, however long it takes.
    const delivery = new DeliveryService({ store: new OutboxStore(db), secrets: plainSecretStore, clock: { ...realClock, now: () => 1_800_000_000_000 } })
    try {
      const ch = delivery.addChannel({ kind: 'webhook', name: 'hook', url: `${hook.origin}/h`, minSeverity: 'warning' })
      const elsewhere = delivery.addChannel({ kind: 'webhook', name: 'other', url: `${other.origin}/h`, minSeverity: 'warning' })
      const first = delivery.testChannel(ch.id)
      await until(() => release, (r) => r !== undefined)
      const busy = await failure(delivery.testChannel(ch.id))
      expect([busy.code, busy.message, busy.details]).toEqual(['RATE_LIMITED', 'A test of the channel "hook" is under way: wait for its answer', { retryAfter: 20 }])
      // Another channel is not held by it.
      expect(await delivery.testChannel(elsewhere.id)).toMatchObject({ delivered: true })
      release!()
      expect(await first).toMatchObject({ delivered: true })
      for (let i = 0; i < 4; i++) expect(await delivery.testChannel(ch.id)).toMatchObject({ delivered: true })
      const limited = await failure(delivery.testChannel(ch.id))
      expect([limited.code, limited.message, limited.details]).toEqual(['RATE_LIMITED', 'At most 5 tests of the channel "hook" a minute: try again in 60 s', { retryAfter: 60 }])
      expect(hook.seen).toHaveLength(5)
    } finally {
      delivery.stop()
      db.close()
      await Promise.all([hook.close(), other.close()])
      dir.remove()
    }
  })

  it('a secret comes back in no form: a %-encoded webhook path echoed decoded, a 4-character SMTP password echoed as sent', async () => {
    const dir = tempDir()
    const hook = await receiver((seen) => ({ status: 404, body: `no route for ${decodeURIComponent(seen.url)} (sent as ${seen.url})` }))
    // An SMTP server that refuses the login and says what it got, as typed and as AUTH sent it (base64).
    const echoing = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, cb) =>
        cb(Object.assign(new Error(`bad credentials for ${auth.username}: ${auth.password ?? ''} (${Buffer.from(auth.password ?? '').toString('base64')})`), { responseCode: 535 }))
    })
    await new Promise<void>((resolve) => echoing.listen(0, '127.0.0.1', resolve))
    const lines: string[] = []
    const { db } = openDatabase(dir.dir)
    const delivery = new DeliveryService({ store: new OutboxStore(db), secrets: plainSecretStore, warn: (m) => lines.push(m), info: (m) => lines.push(m) })
    try {
      const w = delivery.addChannel({ kind: 'webhook', name: 'wh', url: `${hook.origin}/hooks/s%65cret-tok-991`, minSeverity: 'warning' })
      const m = delivery.addChannel({
        kind: 'email',
        name: 'mail',
        host: '127.0.0.1',
        port: (echoing.server.address() as AddressInfo).port,
        secure: false,
        username: 'alerts',
        password: 'Pw4!',
        from: 'companion@example.com',
        to: ['ops@example.com'],
        minSeverity: 'warning'
      })
      const wh = await delivery.testChannel(w.id)
      expect(wh).toMatchObject({ delivered: false, outcome: 'refused', status: 404, reply: 'no route for [redacted] (sent as [redacted])' })
      const mail = await delivery.testChannel(m.id)
      expect(mail).toMatchObject({ delivered: false, outcome: 'refused', status: 535 })
      expect(mail.reply).toMatch(/^535 bad credentials for alerts: \[redacted\] \(\[redacted\]\)$/)
      // Nor in the log lines that say each channel is failing.
      expect(lines.map((l) => l.replace(/:.*/, ''))).toEqual(['alert channel "wh" (webhook) is failing', 'alert channel "mail" (email) is failing'])
      const everything = JSON.stringify([delivery.channels(), delivery.deliveries({ limit: 100 }), wh, mail, lines])
      for (const secret of ['secret-tok-991', 's%65cret-tok-991', 'Pw4!', Buffer.from('Pw4!').toString('base64')]) expect(everything).not.toContain(secret)
    } finally {
      delivery.stop()
      db.close()
      await Promise.all([hook.close(), new Promise<void>((resolve) => echoing.close(() => resolve()))])
      dir.remove()
    }
  })

  it('secrets: never in the list or a reply, even when a receiver echoes them; another mode of the app cannot open them', async () => {
    const dir = tempDir()
    const echo = await receiver((seen) => ({ status: 401, body: JSON.stringify({ ok: false, error_code: 401, description: `Unauthorized: ${seen.url} is not yours` }) }))
    const echoHook = await receiver((seen) => ({ status: 500, body: `no route for ${seen.url}` }))
    const s = service(dir.dir, {}, keychain)
    try {
      const t = s.delivery.addChannel({ kind: 'telegram', name: 'tg', botToken: BOT_TOKEN, chatId: '@ops_alerts', apiBaseUrl: echo.origin, minSeverity: 'warning' })
      const w = s.delivery.addChannel({ kind: 'webhook', name: 'wh', url: `${echoHook.origin}/hooks/very-secret-path-123?token=qwerty-secret-456`, minSeverity: 'warning' })
      const tg = await s.delivery.testChannel(t.id)
      expect(tg).toMatchObject({ delivered: false, outcome: 'refused', status: 401 })
      expect(tg.reply).toBe('401: Unauthorized: /[redacted]/sendMessage is not yours')
      const wh = await s.delivery.testChannel(w.id)
      expect(wh).toMatchObject({ delivered: false, outcome: 'gave-up', status: 500 })
      expect(wh.reply).toBe('no route for [redacted]')
      const everything = JSON.stringify([s.delivery.channels(), s.delivery.deliveries({ limit: 100 }), tg, wh])
      for (const secret of [BOT_TOKEN, BOT_TOKEN.split(':')[1]!, 'very-secret-path-123', 'qwerty-secret-456']) expect(everything).not.toContain(secret)
      expect(s.delivery.channels().channels.map((c) => c.target)).toEqual([`chat @ops_alerts via ${echo.origin.slice(7)}`, echoHook.origin.slice(7)])
    } finally {
      s.close()
    }
    // The same folder opened by a mode that keeps secrets unencrypted (browser mode, the CLI): it says so and sends nothing.
    const other = service(dir.dir, {}, plainSecretStore)
    try {
      const [tg] = other.delivery.channels().channels
      const r = await other.delivery.testChannel(tg!.id)
      expect(r).toMatchObject({ delivered: false, outcome: 'refused', status: null })
      expect(r.reply).toBe('The secret of the channel "tg" was sealed by another mode of the app (encrypted); this one keeps secrets unencrypted: remove the channel and add it again here')
      expect(echo.seen).toHaveLength(1)
    } finally {
      other.close()
      await Promise.all([echo.close(), echoHook.close()])
      dir.remove()
    }
  })
})
