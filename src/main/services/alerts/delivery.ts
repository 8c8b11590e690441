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
import type { AddChannelInput, Alert, AlertState, ChannelView, DeliveryOutcome, DeliveryState, Output, ParsedInput } from '../../../shared/contract'
import { DELIVERY_OUTCOMES, MAX_CHANNELS } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { ChannelRow, OutboxRow, OutboxStore } from '../../cache/outbox-store'
import { OUTBOX_DONE_KEPT_MS } from '../../cache/outbox-store'
import { scrub } from '../../clients/transport/policy'
import { realClock, type Clock } from '../../clock'
import type { SecretStore } from '../../secrets'
import { channelView, openChannel, secretsOf, splitChannel } from './channel-registry'
import { backoffMs } from '../../../shared/domain/backoff'
import type { ChannelDeliveryStats } from '../watch/exporter'
import { ChannelHealthBook, type HealthLog } from './channel-health'
import { send, type Notice, type SendResult } from './channels'
import { cut } from './channels/message'
import { TestLimiter } from './test-limiter'
import { describeMs, withDeadline } from './try-deadline'

export interface RetryPolicy {
  /** the first wait after a failed try, ms; each next one doubles */
  baseMs: number
  /** the longest backoff, ms */
  capMs: number
  /** tries before giving up, the first included */
  maxAttempts: number
  /** the longest Retry-After honoured, ms (a longer one is waited for this long) */
  maxRetryAfterMs: number
  /** the longest one try may take, ms: then its signal aborts (and it is let go at most as long again later) */
  timeoutMs: number
}

/** 12 tries over about 20 to 40 minutes (2 s, 4 s, … up to 10 min between them, each jittered) before giving up. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 2_000, capMs: 10 * 60_000, maxAttempts: 12, maxRetryAfterMs: 3_600_000, timeoutMs: 15_000 }

/**
 * The wait before try `attempt + 1`: the receiver's Retry-After when it gave one (capped, plus up to a
 * second of jitter so that many senders do not come back together), otherwise "equal jitter" backoff:
 * between half and all of min(cap, base · 2^(attempt−1)).
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined, policy: RetryPolicy, random: () => number): number {
  if (retryAfterMs !== undefined) return Math.round(Math.min(Math.max(0, retryAfterMs), policy.maxRetryAfterMs) + random() * Math.min(1_000, policy.baseMs / 2))
  return Math.round(backoffMs(attempt, { baseMs: policy.baseMs, capMs: policy.capMs, jitter: [0.5, 1] }, random))
}

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
}

/** How long after its deadline a try that ignores its signal is let go: as long again, at most 5 s. */
const graceMs = (timeoutMs: number): number => Math.min(5_000, timeoutMs)

type TestResult = Output<'alerts.testChannel'>

export class DeliveryService {
  private readonly clock: Clock
  private readonly random: () => number
  private readonly policy: RetryPolicy
  private readonly concurrency: number
  private running = false
  /** bumped at each stop: a try of an earlier run that ends later records nothing */
  private generation = 0
  private abort = new AbortController()
  private timer: unknown = null
  private timerAt = Infinity
  /** the outbox row of each channel's try under way */
  private readonly inFlight = new Map<string, number>()
  /** the channel served last: the next pump starts after it */
  private lastServed = ''
  readonly health: ChannelHealthBook
  private readonly tests: TestLimiter

  constructor(private readonly opts: DeliveryOptions) {
    this.clock = opts.clock ?? realClock
    this.random = opts.random ?? Math.random
    this.policy = { ...DEFAULT_RETRY, ...opts.retry }
    // One slot per channel there may be by default: a channel that never answers holds only its own.
    this.concurrency = opts.concurrency ?? MAX_CHANNELS
    const log: HealthLog = { ...(opts.warn ? { warn: opts.warn } : {}), ...(opts.info ? { info: opts.info } : {}) }
    this.health = new ChannelHealthBook(opts.store, log)
    this.tests = new TestLimiter(() => this.clock.now(), this.policy.timeoutMs + graceMs(this.policy.timeoutMs))
  }

  /** Starts sending: what waits in the outbox (from before a restart too) goes now or when due. */
  start(): void {
    if (this.running) return
    this.running = true
    this.opts.store.dropDone(this.clock.now() - OUTBOX_DONE_KEPT_MS)
    this.plan()
  }

  /** Stops sending. Tries under way are abandoned and their rows stay in the outbox for the next start. */
  stop(): void {
    if (!this.running) return
    this.running = false
    this.generation++
    this.abort.abort()
    this.abort = new AbortController()
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.timerAt = Infinity
    // Not held for their deadline: due again at once after the next start.
    this.opts.store.release([...this.inFlight.values()], this.clock.now())
    this.inFlight.clear()
  }

  /** Writes an alert change for every channel that takes its severity; the sender sends it. Returns how many rows were written. */
  enqueue(alert: Alert, state: AlertState): number {
    let written: number
    try {
      const ids = this.opts.store
        .channels()
        .filter((c) => c.minSeverity === 'warning' || alert.severity === 'critical')
        .map((c) => c.id)
      if (ids.length === 0) return 0
      written = this.opts.store.enqueue(alert, state, ids, this.clock.now())
    } catch (err) {
      // The watch that called must go on; the operator learns from the log that this one was not sent.
      this.opts.warn?.(`alert delivery: the ${state} alert ${alert.id} could not be written to the outbox: ${err instanceof Error ? err.message : String(err)}`)
      return 0
    }
    if (written > 0) {
      this.opts.changed?.(['alerts.deliveries'])
      this.plan()
    }
    return written
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
    const { config, secret, target } = splitChannel(input)
    const row: ChannelRow = {
      id: randomUUID(),
      kind: input.kind,
      name: input.name,
      minSeverity: input.minSeverity,
      target,
      config: JSON.stringify(config),
      storage: secrets.storage,
      secret: secrets.seal(JSON.stringify(secret)),
      createdAt: this.clock.now()
    }
    store.insertChannel(row)
    return channelView(row, undefined, this.health.health(row.id, 0))
  }

  /**
   * A channel of the config file, applied by name: added when missing, replaced (removed and added again,
   * which drops what waits for the old one) when its kind, settings or secret differ, else left alone.
   */
  ensureChannel(input: AddChannelInput): 'added' | 'replaced' | 'unchanged' {
    const { store, secrets } = this.opts
    const id = store.channelNamed(input.name)
    const row = id === undefined ? undefined : store.channel(id)
    if (row) {
      const want = splitChannel(input)
      const same = (): boolean => {
        if (row.kind !== input.kind || row.minSeverity !== input.minSeverity || row.name !== input.name || row.storage !== secrets.storage) return false
        if (!sameJson(JSON.parse(row.config), want.config)) return false
        try {
          return sameJson(JSON.parse(secrets.open(row.secret)), want.secret)
        } catch {
          return false
        }
      }
      if (same()) return 'unchanged'
      store.deleteChannel(row.id)
    }
    this.addChannel(input)
    return row ? 'replaced' : 'added'
  }

  removeChannel(id: string): Output<'alerts.removeChannel'> {
    if (!this.opts.store.deleteChannel(id)) throw new AppError('NOT_FOUND', `No channel with id ${id}: list them with alerts.channels`)
    this.health.forget(id)
    this.tests.forget(id)
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
    const notice: Notice = { alert, state: 'test', deliveryId: `${alert.id}:test`, channelName: channel.name }
    const abort = signal ? AbortSignal.any([signal, this.abort.signal]) : this.abort.signal
    const { result, reply } = await this.tryOnce(channel, notice, abort)
    const at = this.clock.now()
    // A test is tried once: a failure worth another try is reported as given up.
    const outcome: DeliveryOutcome = result.ok ? 'delivered' : result.retry ? 'gave-up' : 'refused'
    this.opts.store.recordTry(null, this.tryRow(channel, alert.id, 'test', 1, at, outcome, result.status, reply, null), { doneAt: at })
    this.health.tried(channel, { outcome, reply, alertId: alert.id, state: 'test', attempt: 1 })
    this.opts.changed?.(['alerts.deliveries', 'alerts.channels'])
    return { delivered: result.ok, outcome, status: result.status, reply, durationMs: Math.max(0, at - started) }
  }

  /** One try through one channel, within its deadline: the answer, and its reply with every secret of the channel cut out. */
  private async tryOnce(channel: ChannelRow, notice: Notice, stop: AbortSignal): Promise<{ result: SendResult; reply: string | null }> {
    let config
    try {
      config = openChannel(channel, this.opts.secrets)
    } catch (err) {
      return { result: { ok: false, retry: false, status: null, reply: null }, reply: err instanceof Error ? cut(err.message, 500) : 'the secret cannot be opened' }
    }
    const secrets = secretsOf(config)
    const { timeoutMs } = this.policy
    let result: SendResult
    try {
      const r = await withDeadline((signal) => send(config, notice, { signal, timeoutMs }), { clock: this.clock, stop, ms: timeoutMs, graceMs: graceMs(timeoutMs) })
      result = r.timedOut ? { ok: false, retry: true, status: null, reply: `no answer within ${describeMs(timeoutMs)}` } : r.value
    } catch (err) {
      // A sender that threw is a failure of ours: worth another try, its text scrubbed like any other.
      result = { ok: false, retry: true, status: null, reply: `could not send: ${err instanceof Error ? err.message : String(err)}` }
    }
    return { result, reply: result.reply === null ? null : cut(scrub(result.reply, secrets), 500) }
  }

  /**
   * Plans the next pump for when the earliest row of a channel with no try under way is due (at once if one
   * is). With every slot taken there is nothing to plan: the end of a try plans again.
   */
  private plan(): void {
    if (!this.running || this.inFlight.size >= this.concurrency) return
    let next = Infinity
    for (const { channelId, at } of this.opts.store.nextDueByChannel()) if (!this.inFlight.has(channelId) && at < next) next = at
    if (next === Infinity) return
    if (this.timer !== null && this.timerAt <= next) return
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timerAt = next
    this.timer = this.clock.setTimeout(() => this.pump(), Math.max(0, next - this.clock.now()))
  }

  /** Starts a try for each channel with a row due and none under way, as slots allow, the channels in turn. */
  private pump(): void {
    this.timer = null
    this.timerAt = Infinity
    if (!this.running) return
    try {
      const free = this.concurrency - this.inFlight.size
      const due = free > 0 ? this.opts.store.dueFirsts(this.clock.now()).filter((r) => !this.inFlight.has(r.channelId)) : []
      // In turn: the channels after the one served last first, so that with more channels due than slots
      // each gets its turn, whatever the order of their rows.
      const order = [...due].sort((a, b) => a.channelId.localeCompare(b.channelId))
      const from = order.findIndex((r) => r.channelId > this.lastServed)
      const turn = from <= 0 ? order : [...order.slice(from), ...order.slice(0, from)]
      for (const row of turn.slice(0, free)) {
        this.lastServed = row.channelId
        void this.deliver(row)
      }
    } catch (err) {
      this.opts.warn?.(`alert delivery: reading the outbox failed: ${err instanceof Error ? err.message : String(err)}`)
    }
    this.plan()
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { store } = this.opts
    const generation = this.generation
    const attempt = row.attempts + 1
    // Held past the longest a try can take (its deadline and the grace after it): another sender on the same
    // folder leaves it alone meanwhile, and takes it up, with the same delivery id, if this process dies.
    const { timeoutMs } = this.policy
    if (!store.claim(row, attempt, this.clock.now() + 2 * (timeoutMs + graceMs(timeoutMs)))) return
    this.inFlight.set(row.channelId, row.id)
    try {
      const channel = store.channel(row.channelId)
      if (!channel) return
      const alert = JSON.parse(row.alert) as Alert
      const notice: Notice = { alert, state: row.state, deliveryId: `${alert.id}:${row.state}`, channelName: channel.name }
      const { result, reply } = await this.tryOnce(channel, notice, this.abort.signal)
      // Stopped meanwhile (the database may be closed): the row stays in the outbox for the next start.
      if (generation !== this.generation) return
      const at = this.clock.now()
      let outcome: DeliveryOutcome
      let text = reply
      let next: { retryAt: number } | { doneAt: number } = { doneAt: at }
      if (result.ok) outcome = 'delivered'
      else if (!result.retry) outcome = 'refused'
      else if (attempt >= this.policy.maxAttempts) {
        outcome = 'gave-up'
        text = cut(`${reply ?? 'no answer'}; gave up after ${attempt} tries`, 500)
      } else {
        outcome = 'retrying'
        next = { retryAt: at + retryDelayMs(attempt, result.retryAfterMs, this.policy, this.random) }
      }
      store.recordTry(row.id, this.tryRow(channel, alert.id, row.state, attempt, at, outcome, result.status, text, 'retryAt' in next ? next.retryAt : null), next)
      this.health.tried(channel, { outcome, reply, alertId: alert.id, state: row.state, attempt })
      this.opts.changed?.(['alerts.deliveries', 'alerts.channels'])
    } catch (err) {
      if (generation === this.generation) this.opts.warn?.(`alert delivery: recording a try failed: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      if (generation === this.generation) {
        this.inFlight.delete(row.channelId)
        this.plan()
      }
    }
  }

  private tryRow(
    channel: ChannelRow,
    alertId: string,
    state: DeliveryState,
    attempt: number,
    at: number,
    outcome: DeliveryOutcome,
    status: number | null,
    reply: string | null,
    nextRetryAt: number | null
  ) {
    return { at, channelId: channel.id, channelName: channel.name, channelKind: channel.kind, alertId, state, attempt, outcome, status, reply, nextRetryAt }
  }
}

/** Equal as JSON values, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => x.localeCompare(y)).map(([k, x]) => [k, sorted(x)])) : v
  return JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))
}
