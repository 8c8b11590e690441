/**
 * A channel failing for longer than a threshold (10 min by default) is an alert of its own, told to the
 * other channels through the outbox: one firing notice per failing episode (its id names the channel and
 * when its failures began, so a receiver drops repeats), and the matching resolved one, to the same
 * channels, once the channel delivers again or is removed. Everything is read from the store (when the
 * failures began from the delivery log, what was told from the outbox), so a restart neither forgets an
 * episode nor tells it twice.
 *
 * The notice is not a per-profile alert: it belongs to no profile (like a test message, delivery.ts) and
 * stays out of the alert table and panels, which already show each channel's state. The contract's
 * `rule` must name a rule, and a new one would appear in every profile's rules editor, the rule settings
 * and /metrics; so it reuses "unreachable" (a receiver that cannot be reached) and the words of the
 * message (channels/message.ts) say what it is by its id.
 */
import type { Alert, AlertState } from '../../../shared/contract'
import type { ChannelRow, OutboxStore } from '../../cache/outbox-store'
import type { Clock } from '../../clock'
import { severityRank } from './channel-routing'
import { CHANNEL_FAILING_PREFIX, cut } from './channels/message'

/** How long a channel fails before the other channels are told, by default. */
export const DEFAULT_CHANNEL_FAILING_MS = 10 * 60_000

export interface ChannelFailureOptions {
  store: OutboxStore
  clock: Clock
  thresholdMs: number
  /** writes a change to the outbox for these channels (and has it sent); returns the rows written */
  enqueue: (alert: Alert, state: AlertState, channelIds: string[]) => number
  warn?: (message: string) => void
  info?: (message: string) => void
}

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

export class ChannelFailureAlerts {
  private running = false
  private timer: unknown = null
  /** episodes told in this run, with no channel to tell too: not logged again at every check */
  private readonly told = new Set<string>()

  constructor(private readonly opts: ChannelFailureOptions) {}

  start(): void {
    this.running = true
    this.check()
  }

  stop(): void {
    this.running = false
    this.clearTimer()
  }

  /** Tells the other channels of each channel failing past the threshold, and resolves what is over; plans the next check. */
  check(): void {
    if (!this.running) return
    this.clearTimer()
    const { store, clock, thresholdMs } = this.opts
    try {
      const now = clock.now()
      const channels = store.channels()
      const failingSince = new Map(channels.map((c) => [c.id, store.deliveryRecord(c.id).failingSince]))
      const open = new Set<string>()
      for (const n of store.openAlerts(CHANNEL_FAILING_PREFIX)) {
        const { channelId, since } = episodeOf(n.alertId)
        if (failingSince.get(channelId) === since) {
          open.add(n.alertId)
          continue
        }
        const fired = JSON.parse(n.alert) as Alert
        const gone = !failingSince.has(channelId)
        const message = `The alert channel "${fired.subject ?? '?'}" ${gone ? 'was removed' : 'delivers again'}; it had failed since ${iso(since)}.`
        this.opts.enqueue({ ...fired, message, clearedAt: now }, 'resolved', n.channelIds)
        this.opts.info?.(`alert channel "${fired.subject ?? '?'}" ${gone ? 'was removed' : 'delivers again'}: the other channels are told it is resolved`)
      }
      let next = Infinity
      for (const c of channels) {
        const since = failingSince.get(c.id) ?? null
        if (since === null || c.disabled) continue
        const id = `${CHANNEL_FAILING_PREFIX}${c.id}:${since}`
        if (open.has(id) || this.told.has(id)) continue
        if (since + thresholdMs > now) {
          next = Math.min(next, since + thresholdMs)
          continue
        }
        this.told.add(id)
        const others = channels.filter((o) => o.id !== c.id && !o.disabled && severityRank(o.minSeverity) <= severityRank('warning')).map((o) => o.id)
        const written = others.length > 0 ? this.opts.enqueue(this.notice(id, c, since, now), 'firing', others) : 0
        this.opts.warn?.(`alert channel "${c.name}" (${c.kind}) has failed since ${iso(since)}, over ${Math.round(thresholdMs / 60_000)} min: ${written} other channel(s) told`)
      }
      if (next !== Infinity) this.timer = clock.setTimeout(() => this.check(), Math.max(0, next - clock.now()))
    } catch (err) {
      this.opts.warn?.(`alert delivery: checking for failing channels failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  private notice(id: string, c: ChannelRow, since: number, now: number): Alert {
    // The last error as the delivery log keeps it: the channel's secrets already cut out (channel-try.ts).
    const lastError = this.opts.store.lastTry(c.id)?.reply ?? 'no answer'
    return {
      id,
      profileId: 'delivery',
      profileName: 'Node Operator Companion',
      nodeUrl: '(no node: an alert channel)',
      rule: 'unreachable',
      subject: c.name,
      severity: 'warning',
      message: cut(`The alert channel "${c.name}" (${c.kind}) has failed every try since ${iso(since)}; its alerts wait in the outbox. Last error: ${lastError}`, 1_000),
      firedAt: now,
      clearedAt: null,
      acknowledgedAt: null
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.opts.clock.clearTimeout(this.timer)
    this.timer = null
  }
}

/** The channel and the start of its failures that a notice's id names ("channel-failing:<channel>:<since>"). */
function episodeOf(alertId: string): { channelId: string; since: number } {
  const rest = alertId.slice(CHANNEL_FAILING_PREFIX.length)
  const colon = rest.lastIndexOf(':')
  return { channelId: rest.slice(0, colon), since: Number(rest.slice(colon + 1)) }
}
