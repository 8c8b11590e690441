/**
 * Delivery off the page: the channels, the outbox and its sender.
 *
 * Every alert change (fired, resolved) is written to the outbox for each channel that takes its severity
 * before anything is sent (enqueue). The sender takes due rows, tries each once, and writes the try and what
 * follows in one transaction: delivered; refused (the receiver said no: a 4xx, an SMTP 5xx); tried again
 * later on no answer, 408, 425, 429, 5xx or an SMTP 4xx, after an exponential backoff with jitter or the
 * receiver's Retry-After (capped); given up after the last try. A try that was under way when the app
 * stopped, or was killed, has left its row in the outbox: it is sent after the next start. So each change
 * arrives at least once, with its id (alert id and state) for the receiver to drop repeats.
 */
import { randomUUID } from 'node:crypto'
import type { AddChannelInput, Alert, AlertState, ChannelView, DeliveryOutcome, DeliveryState, Output, ParsedInput } from '../../../shared/contract'
import { MAX_CHANNELS } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { ChannelRow, OutboxRow, OutboxStore } from '../../cache/outbox-store'
import { OUTBOX_DONE_KEPT_MS } from '../../cache/outbox-store'
import { scrub } from '../../clients/transport/policy'
import { realClock, type Clock } from '../../clock'
import type { SecretStore } from '../../secrets'
import { channelView, openChannel, secretsOf, splitChannel } from './channel-registry'
import { send, type Notice, type SendResult } from './channels'
import { cut } from './channels/message'

export interface RetryPolicy {
  /** the first wait after a failed try, ms; each next one doubles */
  baseMs: number
  /** the longest backoff, ms */
  capMs: number
  /** tries before giving up, the first included */
  maxAttempts: number
  /** the longest Retry-After honoured, ms (a longer one is waited for this long) */
  maxRetryAfterMs: number
  /** the longest one try may take, ms */
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
  const backoff = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(backoff / 2 + random() * (backoff / 2))
}

export interface DeliveryOptions {
  store: OutboxStore
  secrets: SecretStore
  clock?: Clock
  /** in [0, 1): the jitter */
  random?: () => number
  retry?: Partial<RetryPolicy>
  /** tries under way at once */
  concurrency?: number
  /** the answers of these methods changed (a channel added, a try logged) */
  changed?: (methods: string[]) => void
  /** something of ours failed (never a channel's secret in it) */
  warn?: (message: string) => void
}

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
  private readonly inFlight = new Set<number>()

  constructor(private readonly opts: DeliveryOptions) {
    this.clock = opts.clock ?? realClock
    this.random = opts.random ?? Math.random
    this.policy = { ...DEFAULT_RETRY, ...opts.retry }
    this.concurrency = opts.concurrency ?? 4
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
    this.opts.store.release([...this.inFlight], this.clock.now())
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
    return { channels: this.opts.store.channels().map((c) => channelView(c, this.opts.store.lastTry(c.id))) }
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
    return channelView(row, undefined)
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

  /** Sends a test message through a channel now, once (not through the outbox), and logs the try. */
  async testChannel(id: string, signal?: AbortSignal): Promise<TestResult> {
    const channel = this.opts.store.channel(id)
    if (!channel) throw new AppError('NOT_FOUND', `No channel with id ${id}: list them with alerts.channels`)
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
    this.opts.changed?.(['alerts.deliveries', 'alerts.channels'])
    return { delivered: result.ok, outcome, status: result.status, reply, durationMs: Math.max(0, at - started) }
  }

  /** One try through one channel: the answer, and its reply with every secret of the channel cut out. */
  private async tryOnce(channel: ChannelRow, notice: Notice, signal: AbortSignal): Promise<{ result: SendResult; reply: string | null }> {
    let config
    try {
      config = openChannel(channel, this.opts.secrets)
    } catch (err) {
      return { result: { ok: false, retry: false, status: null, reply: null }, reply: err instanceof Error ? cut(err.message, 500) : 'the secret cannot be opened' }
    }
    const secrets = secretsOf(config)
    let result: SendResult
    try {
      result = await send(config, notice, { signal, timeoutMs: this.policy.timeoutMs })
    } catch (err) {
      // A sender that threw is a failure of ours: worth another try, its text scrubbed like any other.
      result = { ok: false, retry: true, status: null, reply: `could not send: ${err instanceof Error ? err.message : String(err)}` }
    }
    return { result, reply: result.reply === null ? null : cut(scrub(result.reply, secrets), 500) }
  }

  /** Plans the next pump for when the earliest row is due (at once if one is). */
  private plan(): void {
    if (!this.running) return
    const next = this.opts.store.nextDueAt()
    if (next === null) return
    if (this.timer !== null && this.timerAt <= next) return
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timerAt = next
    this.timer = this.clock.setTimeout(() => this.pump(), Math.max(0, next - this.clock.now()))
  }

  private pump(): void {
    this.timer = null
    this.timerAt = Infinity
    if (!this.running) return
    try {
      let free = this.concurrency - this.inFlight.size
      if (free > 0)
        for (const row of this.opts.store.due(this.clock.now(), free + this.inFlight.size)) {
          if (free <= 0) break
          if (this.inFlight.has(row.id)) continue
          free--
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
    // Held for the try's deadline: another sender on the same folder leaves it alone meanwhile.
    if (!store.claim(row, attempt, this.clock.now() + this.policy.timeoutMs * 3 + 5_000)) return
    this.inFlight.add(row.id)
    try {
      const channel = store.channel(row.channelId)
      if (!channel) return
      const alert = JSON.parse(row.alert) as Alert
      const notice: Notice = { alert, state: row.state, deliveryId: `${alert.id}:${row.state}`, channelName: channel.name }
      const { result, reply } = await this.tryOnce(channel, notice, this.abort.signal)
      // Stopped meanwhile (the database may be closed): the row stays in the outbox for the next start.
      if (generation !== this.generation) return
      const at = this.clock.now()
      if (result.ok) store.recordTry(row.id, this.tryRow(channel, alert.id, row.state, attempt, at, 'delivered', result.status, reply, null), { doneAt: at })
      else if (!result.retry) store.recordTry(row.id, this.tryRow(channel, alert.id, row.state, attempt, at, 'refused', result.status, reply, null), { doneAt: at })
      else if (attempt >= this.policy.maxAttempts)
        store.recordTry(
          row.id,
          this.tryRow(channel, alert.id, row.state, attempt, at, 'gave-up', result.status, cut(`${reply ?? 'no answer'}; gave up after ${attempt} tries`, 500), null),
          { doneAt: at }
        )
      else {
        const retryAt = at + retryDelayMs(attempt, result.retryAfterMs, this.policy, this.random)
        store.recordTry(row.id, this.tryRow(channel, alert.id, row.state, attempt, at, 'retrying', result.status, reply, retryAt), { retryAt })
      }
      this.opts.changed?.(['alerts.deliveries', 'alerts.channels'])
    } catch (err) {
      if (generation === this.generation) this.opts.warn?.(`alert delivery: recording a try failed: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      if (generation === this.generation) {
        this.inFlight.delete(row.id)
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
