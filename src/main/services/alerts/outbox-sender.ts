/**
 * The outbox's sender: takes due rows, at most one try in flight per channel and the slots shared among
 * channels (the first due row of each channel, channels served in turn), so that a receiver that never
 * answers holds one slot until its deadline and never delays another channel. It writes each try and what
 * follows in one transaction: delivered; refused; tried again later after a backoff or the receiver's
 * Retry-After; given up after the last try. (delivery.ts says the whole of it.)
 */
import type { Alert, DeliveryOutcome } from '../../../shared/contract'
import type { OutboxRow, OutboxState, OutboxStore } from '../../cache/outbox-store'
import { OUTBOX_DONE_KEPT_MS } from '../../cache/outbox-store'
import type { Clock } from '../../clock'
import type { ChannelHealthBook } from './channel-health'
import { sendAt, type OutboxState as RoutedState } from './channel-routing'
import { tryChannel, tryRow, type TryDeps } from './channel-try'
import type { AlertMessage } from './channels/types'
import { cut } from './channels/message'
import { noticeOfRow } from './outbox-notice'
import { graceMs, retryDelayMs, type RetryPolicy } from './retry-policy'

export interface SenderOptions {
  store: OutboxStore
  health: ChannelHealthBook
  clock: Clock
  random: () => number
  policy: RetryPolicy
  concurrency: number
  tryDeps: TryDeps
  changed?: (methods: string[]) => void
  /** a try was just recorded (channel-failure.ts looks again at which channels fail) */
  tried?: () => void
  warn?: (message: string) => void
}

export class OutboxSender {
  private readonly clock: Clock
  private readonly policy: RetryPolicy
  private readonly concurrency: number
  private readonly tryDeps: TryDeps
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

  constructor(private readonly opts: SenderOptions) {
    this.clock = opts.clock
    this.policy = opts.policy
    this.concurrency = opts.concurrency
    this.tryDeps = opts.tryDeps
  }

  /** Aborts when the sender stops: a test message sent meanwhile is abandoned too. */
  get stopping(): AbortSignal {
    return this.abort.signal
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

  /**
   * Writes an alert change for every channel that takes it (its routing: channel-routing.ts), each due now or
   * when its active hours begin; the sender sends it. Returns how many rows were written.
   */
  enqueue(alert: Alert, state: RoutedState): number {
    return this.write(alert.id, state, () => {
      const json = JSON.stringify(alert)
      return this.routed(state, [alert]).flatMap(({ channelId, alerts, at }) => (alerts.length ? [{ channelId, json, at }] : []))
    })
  }

  /** Writes a message of one check for every channel that takes one of its alerts (its routing), with the lines it takes, due when it takes them. */
  enqueueMessage(message: AlertMessage): number {
    return this.write(message.id, message.state, () =>
      this.routed(
        message.state,
        message.lines.map((l) => l.alert)
      ).flatMap(({ channelId, alerts, at }) => {
        const lines = message.lines.filter((l) => alerts.includes(l.alert))
        return lines.length ? [{ channelId, json: JSON.stringify({ ...message, lines }), at }] : []
      })
    )
  }

  /**
   * Per channel, the alerts it takes and when (channel-routing.ts): one channel's hours are the same for every
   * alert of one change, so they share one time; a resolve or an acknowledgement only where the firing went.
   */
  private routed(state: RoutedState, alerts: readonly Alert[]): Array<{ channelId: string; alerts: Alert[]; at: number }> {
    const now = this.clock.now()
    const told = new Map(state === 'firing' ? [] : alerts.map((a) => [a.id, this.opts.store.toldFiring(a.id)]))
    return this.opts.store.channels().map((c) => {
      let at = now
      const taken = alerts.filter((a) => {
        const when = sendAt(c, a, state, now, told.get(a.id)?.has(c.id) ?? false)
        if (when !== null) at = Math.max(at, when)
        return when !== null
      })
      return { channelId: c.id, alerts: taken, at }
    })
  }

  /** Writes an alert change for these channels, due now; the sender sends it. Returns how many rows were written. */
  enqueueTo(alert: Alert, state: OutboxState, ids: readonly string[]): number {
    const json = JSON.stringify(alert)
    return this.write(alert.id, state, () => ids.map((channelId) => ({ channelId, json })))
  }

  /** Writes an alert change for these channels, each due at its time; the sender sends it. Returns how many rows were written. */
  enqueueAt(alert: Alert, state: OutboxState, targets: ReadonlyArray<{ id: string; at: number }>): number {
    const json = JSON.stringify(alert)
    return this.write(alert.id, state, () => targets.map((t) => ({ channelId: t.id, json, at: t.at })))
  }

  private write(id: string, state: OutboxState, rows: () => Array<{ channelId: string; json: string; at?: number }>): number {
    let written: number
    try {
      const each = rows()
      if (each.length === 0) return 0
      written = this.opts.store.enqueueEach(id, state, each, this.clock.now())
    } catch (err) {
      // The watch that called must go on; the operator learns from the log that this one was not sent.
      this.opts.warn?.(`alert delivery: the ${state} alert ${id} could not be written to the outbox: ${err instanceof Error ? err.message : String(err)}`)
      return 0
    }
    if (written > 0) {
      this.opts.changed?.(['alerts.deliveries'])
      this.plan()
    }
    return written
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
      const notice = noticeOfRow(row, channel.name)
      const { result, reply } = await tryChannel(channel, notice, this.abort.signal, this.tryDeps)
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
        next = { retryAt: at + retryDelayMs(attempt, result.retryAfterMs, this.policy, this.opts.random) }
      }
      store.recordTry(row.id, tryRow(channel, row.alertId, row.state, attempt, at, outcome, result.status, text, 'retryAt' in next ? next.retryAt : null), next)
      this.opts.health.tried(channel, { outcome, reply, alertId: row.alertId, state: row.state, attempt })
      this.opts.changed?.(['alerts.deliveries', 'alerts.channels'])
      this.opts.tried?.()
    } catch (err) {
      if (generation === this.generation) this.opts.warn?.(`alert delivery: recording a try failed: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      if (generation === this.generation) {
        this.inFlight.delete(row.channelId)
        this.plan()
      }
    }
  }
}
