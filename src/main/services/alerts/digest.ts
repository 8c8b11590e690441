/**
 * The daily digest (issue 34, point 9): to each channel that asks for one, at its time of day in its time
 * zone, the fleet in a few lines: what fired and what resolved in the last 24 hours, what is open and what
 * of it is silenced, the lowest uptime of a validator and the nearest end of a stake. A channel limited to
 * some profiles is told of those. It goes through the outbox like an alert; its id names the local date,
 * so a day's digest is written once per channel however often the app restarts. A digest whose time passed
 * while the app was not running is not sent late: the next one comes at its time.
 */
import type { Alert, WatchSample } from '../../../shared/contract'
import type { ChannelRow } from '../../cache/outbox-store'
import type { Clock } from '../../clock'
import { DIGEST_PREFIX, cut } from './channels/message'
import { localDate, minutesOf, nextLocal } from './zoned-time'

const DAY_MS = 24 * 3_600_000

/** What a digest says, read when it is due. */
export interface DigestFacts {
  profiles: Array<{ id: string; name: string; latest: WatchSample | undefined }>
  /** alerts open now, and those cleared since (with when they fired) */
  open: Alert[]
  recent: Alert[]
  /** what is silenced now, in words (profileId null: a silence or window of every profile) */
  silenced: Array<{ profileId: string | null; text: string }>
}

const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC'

/** The digest's lines for the profiles a channel takes (none named: all), over the 24 hours before `now`. */
export function digestText(facts: DigestFacts, profiles: readonly string[], now: number): string {
  const mine = (id: string): boolean => profiles.length === 0 || profiles.includes(id)
  const since = now - DAY_MS
  const alerts = [...facts.open, ...facts.recent].filter((a) => mine(a.profileId))
  const fired = alerts.filter((a) => a.firedAt >= since)
  const resolved = alerts.filter((a) => a.clearedAt !== null && a.clearedAt >= since)
  const open = facts.open.filter((a) => mine(a.profileId))
  const silenced = facts.silenced.filter((s) => s.profileId === null || mine(s.profileId))
  const list = (as: Alert[]): string =>
    as
      .slice(0, 5)
      .map((a) => `${a.profileName} ${a.rule}${a.subject ? ` (${a.subject})` : ''}`)
      .join('; ') + (as.length > 5 ? `; and ${as.length - 5} more` : '')
  const lines = [
    `Fired in the last 24 h: ${fired.length === 0 ? 'nothing' : `${fired.length}: ${list(fired)}`}`,
    `Resolved: ${resolved.length === 0 ? 'nothing' : `${resolved.length}: ${list(resolved)}`}`,
    `Open now: ${open.length === 0 ? 'nothing' : `${open.length}: ${list(open)}`}`,
    `Silenced: ${silenced.length === 0 ? 'nothing' : silenced.map((s) => s.text).join('; ')}`
  ]
  let lowest: { uptime: number; who: string } | undefined
  let nearest: { end: number; who: string } | undefined
  for (const p of facts.profiles.filter((x) => mine(x.id))) {
    for (const v of p.latest?.validators ?? []) {
      const who = `${v.nodeID}${v.subnetID ? ` on ${v.subnetID.slice(0, 12)}…` : ''} (${p.name})`
      const uptime = v.uptime === undefined ? NaN : Number(v.uptime)
      if (v.validating && Number.isFinite(uptime) && (lowest === undefined || uptime < lowest.uptime)) lowest = { uptime, who }
      const end = v.endTime === undefined ? NaN : Number(v.endTime) * 1_000
      if (Number.isFinite(end) && end > now && (nearest === undefined || end < nearest.end)) nearest = { end, who }
    }
  }
  lines.push(`Lowest uptime: ${lowest ? `${lowest.uptime} % ${lowest.who}` : 'no validator seen'}`)
  lines.push(`Nearest stake end: ${nearest ? `${iso(nearest.end)} ${nearest.who}` : 'none seen'}`)
  return cut(lines.join('\n'), 2_000)
}

/** The digest of one channel as the outbox carries it. */
export function digestAlert(channel: ChannelRow, facts: DigestFacts, at: number): Alert {
  const date = localDate(at, channel.digest!.timeZone)
  return {
    id: `${DIGEST_PREFIX}${date}`,
    profileId: 'digest',
    profileName: 'Node Operator Companion',
    nodeUrl: '(the fleet: a daily digest)',
    rule: 'unreachable',
    subject: date,
    severity: 'warning',
    message: digestText(facts, channel.routing.profiles, at),
    firedAt: at,
    clearedAt: null,
    acknowledgedAt: null
  }
}

export interface DigestOptions {
  clock: Clock
  channels: () => ChannelRow[]
  facts: () => DigestFacts
  /** writes a channel's digest to the outbox */
  enqueue: (alert: Alert, channelId: string) => void
  warn?: (message: string) => void
}

/** Writes each channel's digest at its time; one timer, for the nearest. */
export class DigestScheduler {
  private timer: unknown = null
  private running = false
  /** per channel, from when its next digest is looked for: its last digest, or when it was set or the app started */
  private readonly since = new Map<string, number>()

  constructor(private readonly opts: DigestOptions) {}

  start(): void {
    this.running = true
    this.since.clear()
    this.plan()
  }

  stop(): void {
    this.running = false
    this.clear()
  }

  /** A channel's digest was set or changed: its next one comes at its next time from now, never one already past. */
  reset(channelId: string): void {
    this.since.set(channelId, this.opts.clock.now())
    this.plan()
  }

  /** Plans the timer again (a channel's digest was set, changed or removed). */
  plan(): void {
    if (!this.running) return
    this.clear()
    let next = Infinity
    for (const c of this.opts.channels()) if (c.digest && !c.disabled) next = Math.min(next, this.nextOf(c))
    if (next === Infinity) return
    this.timer = this.opts.clock.setTimeout(() => this.due(), Math.max(0, next - this.opts.clock.now()))
  }

  private nextOf(c: ChannelRow): number {
    let since = this.since.get(c.id)
    if (since === undefined) this.since.set(c.id, (since = this.opts.clock.now()))
    return nextLocal(since, minutesOf(c.digest!.at), c.digest!.timeZone)
  }

  /** Writes the digest of each channel whose time came since its last look. */
  private due(): void {
    this.timer = null
    if (!this.running) return
    const now = this.opts.clock.now()
    try {
      const dueNow = this.opts.channels().filter((c) => c.digest && !c.disabled && this.nextOf(c) <= now)
      if (dueNow.length > 0) {
        const facts = this.opts.facts()
        for (const c of dueNow) {
          this.opts.enqueue(digestAlert(c, facts, now), c.id)
          this.since.set(c.id, now)
        }
      }
    } catch (err) {
      this.opts.warn?.(`alert delivery: the daily digest could not be written: ${err instanceof Error ? err.message : String(err)}`)
    }
    this.plan()
  }

  private clear(): void {
    if (this.timer !== null) this.opts.clock.clearTimeout(this.timer)
    this.timer = null
  }
}
