/**
 * How each channel's delivery goes, for the operator who is not looking at the Alerts panel: counted per
 * outcome (for /metrics), and written to the log once when a channel starts failing, once when it gives up
 * on a message, and once when it works again; not at every retry, so a receiver down for an hour is a few
 * lines, not hundreds. What a line quotes is the receiver's reply as the delivery log keeps it: with the
 * channel's secrets already cut out (delivery.ts), and the log hides every registered secret besides.
 */
import type { ChannelHealth, DeliveryOutcome } from '../../../shared/contract'
import { DELIVERY_OUTCOMES } from '../../../shared/contract'
import type { ChannelRow, OutboxStore } from '../../cache/outbox-store'

export interface HealthLog {
  info?: (message: string) => void
  warn?: (message: string) => void
}

/** One channel's tries since this process started, per outcome. */
export type OutcomeCounts = Record<DeliveryOutcome, number>

export class ChannelHealthBook {
  private readonly counts = new Map<string, OutcomeCounts>()
  /** whether each channel was failing after its last try; read from the delivery log the first time */
  private readonly failing = new Map<string, boolean>()

  constructor(
    private readonly store: OutboxStore,
    private readonly log: HealthLog
  ) {}

  /** Notes a try just recorded, and says so in the log when it changed how the channel is doing. */
  tried(channel: Pick<ChannelRow, 'id' | 'name' | 'kind'>, t: { outcome: DeliveryOutcome; reply: string | null; alertId: string; state: string; attempt: number }): void {
    const counts = this.counts.get(channel.id) ?? (Object.fromEntries(DELIVERY_OUTCOMES.map((o) => [o, 0])) as OutcomeCounts)
    counts[t.outcome]++
    this.counts.set(channel.id, counts)
    // The state before this try: what the log said before it (its own row is the newest there now).
    const was = this.failing.get(channel.id) ?? this.failingBefore(channel.id)
    const now = t.outcome !== 'delivered'
    this.failing.set(channel.id, now)
    const who = `alert channel "${channel.name}" (${channel.kind})`
    const why = t.reply ?? 'no answer'
    if (!was && now) this.log.warn?.(`${who} is failing: ${why}; alerts for it wait in the outbox and are tried again`)
    // A test is tried once and answered to the person who asked: it gives up on no message of the outbox.
    if (t.outcome === 'gave-up' && t.state !== 'test') this.log.warn?.(`${who} gave up on the ${t.state} alert ${t.alertId} after ${t.attempt} tries: ${why}`)
    if (was && !now) this.log.info?.(`${who} delivers again`)
  }

  /** A removed channel: nothing of it is counted any more. */
  forget(channelId: string): void {
    this.counts.delete(channelId)
    this.failing.delete(channelId)
  }

  /** The tries of each channel since this process started, per outcome. */
  outcomeCounts(): ReadonlyMap<string, OutcomeCounts> {
    return this.counts
  }

  /** A channel's health as the channel list shows it. */
  health(channelId: string, pending: number): ChannelHealth {
    const { lastSuccessAt, failingSince } = this.store.deliveryRecord(channelId)
    const last = failingSince !== null ? this.store.lastTry(channelId) : undefined
    return {
      status: failingSince !== null ? 'failing' : lastSuccessAt !== null ? 'ok' : 'untried',
      failingSince,
      lastError: last ? (last.reply ?? 'no answer') : null,
      pending,
      lastSuccessAt
    }
  }

  /** Whether the channel was failing before its newest try. */
  private failingBefore(channelId: string): boolean {
    const [, before] = this.store.tries(2, { channelId })
    return before !== undefined && before.outcome !== 'delivered'
  }
}
