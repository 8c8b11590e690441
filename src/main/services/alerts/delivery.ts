/**
 * Delivery off the page: the channels, the outbox and its sender.
 *
 * Every alert change (fired, resolved) is written to the outbox for each channel that takes its severity
 * before anything is sent (enqueue). The sender takes due rows, at most one try in flight per channel and
 * the slots shared among channels (the first due row of each channel, channels served in turn), so that a
 * receiver that never answers holds one slot until its deadline and never delays another channel. Each try
 * has a deadline it cannot lose (try-deadline.ts); past it, the try is a failure like any other ("no answer
 * within 15 s"). It writes the try and what follows in one transaction: delivered; refused (the receiver
 * said no: a 4xx, an SMTP 5xx); tried again later on no answer, 408, 425, 429, 5xx or an SMTP 4xx, after
 * an exponential backoff with jitter or the
 * receiver's Retry-After (capped); given up after the last try. A try that was under way when the app
 * stopped, or was killed, has left its row in the outbox: it is sent after the next start (a killed
 * process's row once its claim lapses, after the longest a try can take). So each change arrives at least
 * once, with its id (alert id and state) for the receiver to drop repeats.
 */
import { randomUUID } from 'node:crypto'
import type { AddChannelInput, Alert, ChannelRouting, ChannelView, DeliveryOutcome, Output, ParsedInput } from '../../../shared/contract'
import { DELIVERY_OUTCOMES, EVERYTHING, MAX_CHANNELS } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { ChannelRow, OutboxStore } from '../../cache/outbox-store'
import { realClock, type Clock } from '../../clock'
import type { SecretStore } from '../../secrets'
import type { ChannelDeliveryStats } from '../watch/exporter'
import { ChannelFailureAlerts, DEFAULT_CHANNEL_FAILING_MS } from './channel-failure'
import { ChannelHealthBook, type HealthLog } from './channel-health'
import { channelView, splitChannel } from './channel-registry'
import { sendAt, type OutboxState } from './channel-routing'
import { DigestScheduler, type DigestFacts } from './digest'
import { tryChannel, tryRow } from './channel-try'
import type { Notice } from './channels'
import type { AlertMessage } from './channels/types'
import { OutboxSender } from './outbox-sender'
import { DEFAULT_RETRY, graceMs, type RetryPolicy } from './retry-policy'
import { TestLimiter } from './test-limiter'

export { DEFAULT_RETRY, retryDelayMs, type RetryPolicy } from './retry-policy'

export interface DeliveryOptions {
  store: OutboxStore
  secrets: SecretStore
  clock?: Clock
  /** in [0, 1): the jitter */
  random?: () => number
  retry?: Partial<RetryPolicy>
  /** tries under way at once, over all channels (one per channel at most) */
  concurrency?: number
  /** the answers of these methods changed (a channel added, a try logged) */
  changed?: (methods: string[]) => void
  /** something of ours failed, or a channel started failing or gave up (never a channel's secret in it) */
  warn?: (message: string) => void
  /** a channel that failed delivers again */
  info?: (message: string) => void
  /** how long a channel fails before the other channels are told (channel-failure.ts); 10 min by default */
  channelFailingMs?: number
  /**
   * The alerts open now not held back (inhibited, silenced): a channel added is sent each as firing (with its own id and
   * first firing time), so that it never receives the "resolved" of an alert it was not told of.
   */
  openAlerts?: () => Alert[]
  /** whether a profile with this id exists (a channel's routing names only profiles that do) */
  hasProfile?: (id: string) => boolean
  /** what a daily digest says, read when one is due (digest.ts); without it no digest is sent */
  digestFacts?: () => DigestFacts
}

type TestResult = Output<'alerts.testChannel'>

export class DeliveryService {
  private readonly clock: Clock
  private readonly policy: RetryPolicy
  private readonly sender: OutboxSender
  readonly health: ChannelHealthBook
  private readonly tests: TestLimiter
  private readonly failures: ChannelFailureAlerts
  private readonly digests: DigestScheduler | undefined

  constructor(private readonly opts: DeliveryOptions) {
    this.clock = opts.clock ?? realClock
    this.policy = { ...DEFAULT_RETRY, ...opts.retry }
    const log: HealthLog = { ...(opts.warn ? { warn: opts.warn } : {}), ...(opts.info ? { info: opts.info } : {}) }
    this.health = new ChannelHealthBook(opts.store, log)
    this.sender = new OutboxSender({
      store: opts.store,
      health: this.health,
      clock: this.clock,
      random: opts.random ?? Math.random,
      policy: this.policy,
      // One slot per channel there may be by default: a channel that never answers holds only its own.
      concurrency: opts.concurrency ?? MAX_CHANNELS,
      tryDeps: { secrets: opts.secrets, clock: this.clock, timeoutMs: this.policy.timeoutMs },
      ...(opts.changed ? { changed: opts.changed } : {}),
      tried: () => this.failures.check(),
      ...(opts.warn ? { warn: opts.warn } : {})
    })
    this.failures = new ChannelFailureAlerts({
      store: opts.store,
      clock: this.clock,
      thresholdMs: opts.channelFailingMs ?? DEFAULT_CHANNEL_FAILING_MS,
      enqueue: (alert, state, ids) => this.sender.enqueueTo(alert, state, ids),
      ...log
    })
    this.digests = opts.digestFacts
      ? new DigestScheduler({
          clock: this.clock,
          channels: () => opts.store.channels(),
          facts: opts.digestFacts,
          enqueue: (alert, id) => this.sender.enqueueTo(alert, 'digest', [id]),
          ...(opts.warn ? { warn: opts.warn } : {})
        })
      : undefined
    this.tests = new TestLimiter(() => this.clock.now(), this.policy.timeoutMs + graceMs(this.policy.timeoutMs))
  }

  /** Starts sending: what waits in the outbox (from before a restart too) goes now or when due. */
  start(): void {
    this.sender.start()
    this.failures.start()
    this.digests?.start()
  }

  /** Stops sending. Tries under way are abandoned and their rows stay in the outbox for the next start. */
  stop(): void {
    this.digests?.stop()
    this.failures.stop()
    this.sender.stop()
  }

  /** Writes an alert change for every channel that takes it (channel-routing.ts); the sender sends it. Returns how many rows were written. */
  enqueue(alert: Alert, state: OutboxState): number {
    return this.sender.enqueue(alert, state)
  }

  /** Writes what one check of one node has to tell (dispatch.ts), once per channel with the lines it takes. */
  enqueueMessage(message: AlertMessage): number {
    return this.sender.enqueueMessage(message)
  }

  channels(): Output<'alerts.channels'> {
    const pending = this.opts.store.pendingCounts()
    return { channels: this.opts.store.channels().map((c) => channelView(c, this.opts.store.lastTry(c.id), this.health.health(c.id, pending.get(c.id) ?? 0))) }
  }

  /** Each channel's delivery for /metrics: what waits, when it last delivered, its tries since start per outcome. */
  channelStats(): ChannelDeliveryStats[] {
    const pending = this.opts.store.pendingCounts()
    const counts = this.health.outcomeCounts()
    const none = Object.fromEntries(DELIVERY_OUTCOMES.map((o) => [o, 0])) as Record<DeliveryOutcome, number>
    return this.opts.store.channels().map((c) => ({
      name: c.name,
      pending: pending.get(c.id) ?? 0,
      lastSuccessAt: this.opts.store.deliveryRecord(c.id).lastSuccessAt,
      outcomes: counts.get(c.id) ?? none
    }))
  }

  addChannel(input: AddChannelInput): ChannelView {
    const { store, secrets } = this.opts
    if (store.channelNamed(input.name) !== undefined)
      throw new AppError('CONFLICT', `A channel named "${input.name}" exists already: choose another name, or remove that one first`)
    if (store.channelCount() >= MAX_CHANNELS) throw new AppError('BAD_INPUT', `At most ${MAX_CHANNELS} channels: remove one first`, { issues: [] })
    const routing = this.checkedRouting(input.routing ?? EVERYTHING)
    const { config, secret, target } = splitChannel(input)
    const row: ChannelRow = {
      id: randomUUID(),
      kind: input.kind,
      name: input.name,
      minSeverity: input.minSeverity,
      routing,
      digest: input.digest ?? null,
      target,
      config: JSON.stringify(config),
      storage: secrets.storage,
      secret: secrets.seal(JSON.stringify(secret)),
      createdAt: this.clock.now()
    }
    store.insertChannel(row)
    this.sendOpenTo(row)
    this.digests?.reset(row.id)
    return channelView(row, undefined, this.health.health(row.id, 0))
  }

  /** What is open now, as firing, to a channel just added (the severities it takes): its resolve will follow. */
  private sendOpenTo(channel: ChannelRow): void {
    let open: Alert[]
    try {
      open = this.opts.openAlerts?.() ?? []
    } catch (err) {
      this.opts.warn?.(`alert delivery: the open alerts could not be read for the new channel "${channel.name}": ${err instanceof Error ? err.message : String(err)}`)
      return
    }
    const now = this.clock.now()
    for (const a of open) {
      const at = sendAt(channel, a, 'firing', now, false)
      if (at !== null) this.sender.enqueueAt(a, 'firing', [{ id: channel.id, at }])
    }
  }

  /** A routing whose profiles all exist (BAD_INPUT naming the first that does not). */
  private checkedRouting(routing: ChannelRouting): ChannelRouting {
    const missing = this.opts.hasProfile ? routing.profiles.find((p) => !this.opts.hasProfile!(p)) : undefined
    if (missing !== undefined)
      throw new AppError('BAD_INPUT', `routing.profiles: no profile with id ${missing}: list them with profiles.list`, { issues: [{ path: ['routing', 'profiles'], message: `no profile with id ${missing}` }] })
    return routing
  }

  /** Changes what a channel takes and its digest. Where it sends and its secret stay: those change only by adding it again. */
  setChannelRouting(input: ParsedInput<'alerts.setChannelRouting'>): ChannelView {
    const { store } = this.opts
    const row = store.channel(input.id)
    if (!row) throw new AppError('NOT_FOUND', `No channel with id ${input.id}: list them with alerts.channels`)
    if (input.digest != null && row.kind === 'pagerduty') throw new AppError('BAD_INPUT', 'digest: a PagerDuty channel takes no digest (it opens incidents): give the digest to another channel', { issues: [] })
    const routing = input.routing !== undefined ? this.checkedRouting(input.routing) : row.routing
    store.setRouting(row.id, input.minSeverity ?? row.minSeverity, routing, input.digest !== undefined ? input.digest : row.digest)
    const next = store.channel(row.id)!
    if (input.digest !== undefined) this.digests?.reset(row.id)
    return channelView(next, store.lastTry(row.id), this.health.health(row.id, store.pendingCounts().get(row.id) ?? 0))
  }

  /**
   * A channel of the config file, applied by name: added when missing; replaced (removed and added again,
   * which drops what waits for the old one) when its kind, where it sends or its secret differ; updated in
   * place when only what it takes or its digest differ; else left alone.
   */
  ensureChannel(input: AddChannelInput): 'added' | 'replaced' | 'updated' | 'unchanged' {
    const { store, secrets } = this.opts
    const id = store.channelNamed(input.name)
    const row = id === undefined ? undefined : store.channel(id)
    if (row) {
      const want = splitChannel(input)
      const sameTarget = (): boolean => {
        if (row.kind !== input.kind || row.name !== input.name || row.storage !== secrets.storage) return false
        if (!sameJson(JSON.parse(row.config), want.config)) return false
        try {
          return sameJson(JSON.parse(secrets.open(row.secret)), want.secret)
        } catch {
          return false
        }
      }
      if (sameTarget()) {
        const routing = input.routing ?? EVERYTHING
        const digest = input.digest ?? null
        if (row.minSeverity === input.minSeverity && sameJson(row.routing, routing) && sameJson(row.digest, digest)) return 'unchanged'
        this.setChannelRouting({ id: row.id, minSeverity: input.minSeverity, routing, digest })
        return 'updated'
      }
      store.deleteChannel(row.id)
    }
    this.addChannel(input)
    return row ? 'replaced' : 'added'
  }

  removeChannel(id: string): Output<'alerts.removeChannel'> {
    if (!this.opts.store.deleteChannel(id)) throw new AppError('NOT_FOUND', `No channel with id ${id}: list them with alerts.channels`)
    this.health.forget(id)
    this.tests.forget(id)
    this.digests?.plan()
    // Its failing notice, if one went out, is resolved to the channels that had it.
    this.failures.check()
    return { removed: true }
  }

  deliveries(input: ParsedInput<'alerts.deliveries'>): Output<'alerts.deliveries'> {
    const { store } = this.opts
    const pending = store
      .pending(1_000)
      .filter((p) => (input.alertId === undefined || p.alertId === input.alertId) && (input.channelId === undefined || p.channelId === input.channelId))
      .slice(0, input.limit)
    return { tries: store.tries(input.limit, { alertId: input.alertId, channelId: input.channelId }), pending }
  }

  /** Sends a test message through a channel now, once (not through the outbox), and logs the try. One at a time per channel, a few a minute. */
  async testChannel(id: string, signal?: AbortSignal): Promise<TestResult> {
    const channel = this.opts.store.channel(id)
    if (!channel) throw new AppError('NOT_FOUND', `No channel with id ${id}: list them with alerts.channels`)
    const done = this.tests.admit(channel.id, channel.name)
    try {
      return await this.testOnce(channel, signal)
    } finally {
      done()
    }
  }

  private async testOnce(channel: ChannelRow, signal: AbortSignal | undefined): Promise<TestResult> {
    const started = this.clock.now()
    const alert: Alert = {
      id: `test-${randomUUID()}`,
      profileId: 'test',
      profileName: 'Node Operator Companion',
      nodeUrl: '(no node: a test message)',
      rule: 'unreachable',
      subject: null,
      severity: 'warning',
      message: `A test message: alerts reach the channel "${channel.name}". Nothing is wrong.`,
      firedAt: started,
      clearedAt: null,
      acknowledgedAt: null
    }
    const notice: Notice = { alert, lines: [{ alert, kind: 'fired', firingForMs: 0 }], state: 'test', deliveryId: `${alert.id}:test`, channelName: channel.name }
    const abort = signal ? AbortSignal.any([signal, this.sender.stopping]) : this.sender.stopping
    const { result, reply } = await tryChannel(channel, notice, abort, { secrets: this.opts.secrets, clock: this.clock, timeoutMs: this.policy.timeoutMs })
    const at = this.clock.now()
    // A test is tried once: a failure worth another try is reported as given up.
    const outcome: DeliveryOutcome = result.ok ? 'delivered' : result.retry ? 'gave-up' : 'refused'
    this.opts.store.recordTry(null, tryRow(channel, alert.id, 'test', 1, at, outcome, result.status, reply, null), { doneAt: at })
    this.health.tried(channel, { outcome, reply, alertId: alert.id, state: 'test', attempt: 1 })
    this.opts.changed?.(['alerts.deliveries', 'alerts.channels'])
    this.failures.check()
    return { delivered: result.ok, outcome, status: result.status, reply, durationMs: Math.max(0, at - started) }
  }

}

/** Equal as JSON values, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)).map(([k, x]) => [k, sorted(x)])) : v
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))
}
