import { channelRoutingSchema, digestSchema, EVERYTHING } from '../../shared/contract'
import type { Alert, ChannelKind, ChannelRouting, DeliveryOutcome, DeliveryState, DeliveryTry, DigestSetting, PendingDelivery, SecretStorage } from '../../shared/contract'
import type { Db } from './database'

/** Tries kept in the delivery log; older ones go as new ones come. */
export const DELIVERY_TRIES_KEPT = 10_000
/** Outbox rows that are done (delivered, refused, given up) are kept this long, then dropped. */
export const OUTBOX_DONE_KEPT_MS = 30 * 24 * 3_600_000

/** What an outbox row carries to a channel: an alert change, an acknowledgement (PagerDuty), a daily digest. */
export type OutboxState = 'firing' | 'resolved' | 'acknowledged' | 'digest'

export interface ChannelRow {
  id: string
  kind: ChannelKind
  name: string
  minSeverity: 'info' | 'warning' | 'critical'
  /** the profiles, rules and active hours it takes (services/alerts/channel-routing.ts) */
  routing: ChannelRouting
  /** its daily digest; null: none */
  digest: DigestSetting | null
  target: string
  /** JSON of the settings that are not secret */
  config: string
  storage: SecretStorage
  /** the sealed JSON of the secret settings */
  secret: Buffer
  createdAt: number
  /** why it is sent nothing (a restored channel addChannel would refuse: services/cache/restore-checks.ts); null or absent: in use */
  disabled?: string | null
}

export interface OutboxRow {
  id: number
  channelId: string
  alertId: string
  state: OutboxState
  /** JSON of the alert as it changed, or of the message (services/alerts/channels/types.ts AlertMessage) of several */
  alert: string
  queuedAt: number
  attempts: number
  nextAt: number
}

export interface TryRow {
  at: number
  channelId: string
  channelName: string
  channelKind: ChannelKind
  alertId: string
  state: DeliveryState
  attempt: number
  outcome: DeliveryOutcome
  status: number | null
  reply: string | null
  nextRetryAt: number | null
}

interface RawChannel {
  id: string
  kind: ChannelKind
  name: string
  min_severity: 'info' | 'warning' | 'critical'
  target: string
  config: string
  storage: SecretStorage
  secret: Buffer
  created_at: number
  disabled: string | null
  routing: string
  digest: string | null
}

/** A stored routing or digest as the contract reads it; one this version cannot read takes everything / none. */
function routingOf(json: string): ChannelRouting {
  try {
    return channelRoutingSchema.parse(JSON.parse(json))
  } catch {
    return EVERYTHING
  }
}
function digestOf(json: string | null): DigestSetting | null {
  if (json === null) return null
  const parsed = digestSchema.safeParse(JSON.parse(json))
  return parsed.success ? parsed.data : null
}

interface RawTry {
  id: number
  at: number
  channel_id: string
  channel_name: string
  channel_kind: ChannelKind
  alert_id: string
  state: DeliveryState
  attempt: number
  outcome: DeliveryOutcome
  status: number | null
  reply: string | null
  next_at: number | null
}

const channelFromRaw = (r: RawChannel): ChannelRow => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  minSeverity: r.min_severity,
  routing: routingOf(r.routing),
  digest: digestOf(r.digest),
  target: r.target,
  config: r.config,
  storage: r.storage,
  secret: r.secret,
  createdAt: r.created_at,
  disabled: r.disabled
})

const tryFromRaw = (r: RawTry): DeliveryTry => ({
  id: r.id,
  at: r.at,
  channelId: r.channel_id,
  channelName: r.channel_name,
  channelKind: r.channel_kind,
  alertId: r.alert_id,
  state: r.state,
  attempt: r.attempt,
  outcome: r.outcome,
  status: r.status,
  reply: r.reply,
  nextRetryAt: r.next_at
})

const OUTBOX_COLUMNS = 'id, channel_id AS channelId, alert_id AS alertId, state, alert, queued_at AS queuedAt, attempts, next_at AS nextAt'

/**
 * Named statements over the alert channels, the outbox and the delivery log (migration 11). An alert
 * change is written here for each channel before anything is sent; the sender claims a row, tries it,
 * and records the try and what comes next in one transaction.
 */
export class OutboxStore {
  private readonly s
  constructor(private readonly db: Db) {
    this.s = {
      channels: db.prepare<[], RawChannel>('SELECT * FROM alert_channels ORDER BY created_at, rowid'),
      channel: db.prepare<[string], RawChannel>('SELECT * FROM alert_channels WHERE id = ?'),
      channelByName: db.prepare<[string], { id: string }>('SELECT id FROM alert_channels WHERE name = ? COLLATE NOCASE'),
      countChannels: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM alert_channels'),
      insertChannel: db.prepare(
        `INSERT INTO alert_channels (id, kind, name, min_severity, target, config, storage, secret, created_at, routing, digest)
         VALUES (@id, @kind, @name, @minSeverity, @target, @config, @storage, @secret, @createdAt, @routing, @digest)`
      ),
      setRouting: db.prepare<[string, string, string | null, string]>('UPDATE alert_channels SET min_severity = ?, routing = ?, digest = ? WHERE id = ?'),
      // Written alone (its own id) or as a line of a message of one check (services/alerts/dispatch.ts).
      toldFiring: db.prepare<[string, string, string], { channelId: string }>(
        `SELECT DISTINCT channel_id AS channelId FROM alert_outbox WHERE state = 'firing' AND (alert_id = ? OR (instr(alert, ?) > 0
           AND EXISTS (SELECT 1 FROM json_each(alert, '$.lines') WHERE json_extract(value, '$.alert.id') = ?)))`
      ),
      deleteChannel: db.prepare<[string]>('DELETE FROM alert_channels WHERE id = ?'),
      lastTryOf: db.prepare<[string], RawTry>('SELECT * FROM alert_deliveries WHERE channel_id = ? ORDER BY id DESC LIMIT 1'),
      // A disabled channel is written nothing.
      enqueue: db.prepare<[string, string, string, number, number, string]>(
        'INSERT OR IGNORE INTO alert_outbox (channel_id, alert_id, state, alert, queued_at, next_at) SELECT id, ?, ?, ?, ?, ? FROM alert_channels WHERE id = ? AND disabled IS NULL'
      ),
      // The first due row of each channel: a channel with many rows waiting never crowds out the others.
      dueFirsts: db.prepare<[number], OutboxRow>(
        `SELECT ${OUTBOX_COLUMNS} FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY channel_id ORDER BY next_at, id) AS n FROM alert_outbox WHERE done_at IS NULL AND next_at <= ?)
         WHERE n = 1 ORDER BY next_at, id`
      ),
      nextDue: db.prepare<[], { channelId: string; at: number }>('SELECT channel_id AS channelId, MIN(next_at) AS at FROM alert_outbox WHERE done_at IS NULL GROUP BY channel_id'),
      pendingCounts: db.prepare<[], { channelId: string; n: number }>('SELECT channel_id AS channelId, COUNT(*) AS n FROM alert_outbox WHERE done_at IS NULL GROUP BY channel_id'),
      lastDelivered: db.prepare<[string], { id: number; at: number }>(
        "SELECT id, at FROM alert_deliveries WHERE channel_id = ? AND outcome = 'delivered' ORDER BY id DESC LIMIT 1"
      ),
      firstTryAfter: db.prepare<[string, number], { at: number }>('SELECT at FROM alert_deliveries WHERE channel_id = ? AND id > ? ORDER BY id LIMIT 1'),
      // Notices of a failing channel (channel-failure.ts) fired and not yet resolved, with the channels they went to.
      openNotices: db.prepare<[string], { alertId: string; alert: string; channelIds: string }>(
        `SELECT o.alert_id AS alertId, MIN(o.alert) AS alert, group_concat(o.channel_id) AS channelIds FROM alert_outbox o
         WHERE o.alert_id LIKE ? ESCAPE '\\' AND o.state = 'firing' AND NOT EXISTS (SELECT 1 FROM alert_outbox r WHERE r.alert_id = o.alert_id AND r.state = 'resolved')
         GROUP BY o.alert_id`
      ),
      disable: db.prepare<[string, string]>('UPDATE alert_channels SET disabled = ? WHERE id = ?'),
      // Claimed only if nobody else (another process on the same folder) took it since it was read.
      claim: db.prepare<[number, number, number, number]>('UPDATE alert_outbox SET attempts = ?, next_at = ? WHERE id = ? AND next_at = ? AND done_at IS NULL'),
      reschedule: db.prepare<[number, number]>('UPDATE alert_outbox SET next_at = ? WHERE id = ?'),
      release: db.prepare<[number, number]>('UPDATE alert_outbox SET next_at = ? WHERE id = ? AND done_at IS NULL'),
      finish: db.prepare<[number, number]>('UPDATE alert_outbox SET done_at = ? WHERE id = ?'),
      pending: db.prepare<[number], PendingDelivery>(
        `SELECT o.channel_id AS channelId, c.name AS channelName, o.alert_id AS alertId, o.state, o.queued_at AS queuedAt, o.attempts, o.next_at AS nextAt
         FROM alert_outbox o JOIN alert_channels c ON c.id = o.channel_id WHERE o.done_at IS NULL ORDER BY o.next_at, o.id LIMIT ?`
      ),
      // A firing whose resolve is not written yet is kept: a resolve goes only where the firing went (channel-routing.ts).
      dropDone: db.prepare<[number]>(
        `DELETE FROM alert_outbox WHERE done_at IS NOT NULL AND done_at < ? AND NOT (state = 'firing' AND NOT EXISTS
           (SELECT 1 FROM alert_outbox r WHERE r.channel_id = alert_outbox.channel_id AND r.alert_id = alert_outbox.alert_id AND r.state = 'resolved'))`
      ),
      logTry: db.prepare(
        `INSERT INTO alert_deliveries (at, channel_id, channel_name, channel_kind, alert_id, state, attempt, outcome, status, reply, next_at)
         VALUES (@at, @channelId, @channelName, @channelKind, @alertId, @state, @attempt, @outcome, @status, @reply, @nextRetryAt)`
      ),
      trimTries: db.prepare<[number]>('DELETE FROM alert_deliveries WHERE id <= (SELECT id FROM alert_deliveries ORDER BY id DESC LIMIT 1 OFFSET ?)'),
      tries: db.prepare<[number], RawTry>('SELECT * FROM alert_deliveries ORDER BY id DESC LIMIT ?'),
      triesOfAlert: db.prepare<[string, number], RawTry>('SELECT * FROM alert_deliveries WHERE alert_id = ? ORDER BY id DESC LIMIT ?'),
      triesOfChannel: db.prepare<[string, number], RawTry>('SELECT * FROM alert_deliveries WHERE channel_id = ? ORDER BY id DESC LIMIT ?'),
      triesOfBoth: db.prepare<[string, string, number], RawTry>('SELECT * FROM alert_deliveries WHERE alert_id = ? AND channel_id = ? ORDER BY id DESC LIMIT ?')
    }
  }

  channels(): ChannelRow[] {
    return this.s.channels.all().map(channelFromRaw)
  }

  channel(id: string): ChannelRow | undefined {
    const r = this.s.channel.get(id)
    return r ? channelFromRaw(r) : undefined
  }

  channelNamed(name: string): string | undefined {
    return this.s.channelByName.get(name)?.id
  }

  channelCount(): number {
    return this.s.countChannels.get()?.n ?? 0
  }

  insertChannel(c: ChannelRow): void {
    this.s.insertChannel.run({ ...c, routing: JSON.stringify(c.routing), digest: c.digest === null ? null : JSON.stringify(c.digest) })
  }

  /** Changes what a channel takes and its digest; never where it sends nor its secret. */
  setRouting(id: string, minSeverity: ChannelRow['minSeverity'], routing: ChannelRouting, digest: DigestSetting | null): void {
    this.s.setRouting.run(minSeverity, JSON.stringify(routing), digest === null ? null : JSON.stringify(digest), id)
  }

  /** The channels an alert's firing was written for (a resolve follows it only there). */
  toldFiring(alertId: string): Set<string> {
    return new Set(this.s.toldFiring.all(alertId, JSON.stringify(alertId), alertId).map((r) => r.channelId))
  }

  /** Removes a channel and what still waits in the outbox for it; its tries stay in the log. */
  deleteChannel(id: string): boolean {
    return this.s.deleteChannel.run(id).changes > 0
  }

  /** Sends the channel nothing from now on, and says why (channelView shows it). */
  disableChannel(id: string, reason: string): void {
    this.s.disable.run(reason, id)
  }

  lastTry(channelId: string): DeliveryTry | undefined {
    const r = this.s.lastTryOf.get(channelId)
    return r ? tryFromRaw(r) : undefined
  }

  /** Writes one alert change for each channel, all or none; a change already written for a channel is not written twice. */
  enqueue(alert: Alert, state: OutboxState, channelIds: readonly string[], at: number): number {
    const json = JSON.stringify(alert)
    return this.enqueueEach(
      alert.id,
      state,
      channelIds.map((channelId) => ({ channelId, json })),
      at
    )
  }

  /**
   * Writes one change, as each channel is to get it (its JSON: an alert, or a message of several), all or none;
   * each row due at its own time when it says (a channel outside its active hours waits for them), else now.
   */
  enqueueEach(id: string, state: OutboxState, rows: ReadonlyArray<{ channelId: string; json: string; at?: number }>, queuedAt: number): number {
    return this.db.transaction(() => rows.reduce((n, r) => n + this.s.enqueue.run(id, state, r.json, queuedAt, r.at ?? queuedAt, r.channelId).changes, 0))()
  }

  /** Changes whose id starts with `prefix` written as firing and not yet as resolved: each with its alert's JSON and the channels it went to. */
  openAlerts(prefix: string): Array<{ alertId: string; alert: string; channelIds: string[] }> {
    const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    return this.s.openNotices.all(like).map((r) => ({ alertId: r.alertId, alert: r.alert, channelIds: r.channelIds.split(',') }))
  }

  /** The first due row of each channel (the earliest due first). */
  dueFirsts(now: number): OutboxRow[] {
    return this.s.dueFirsts.all(now)
  }

  /** When the earliest row still to be sent may be tried, per channel (channels with nothing waiting left out). */
  nextDueByChannel(): Array<{ channelId: string; at: number }> {
    return this.s.nextDue.all()
  }

  /** Rows waiting in the outbox, per channel. */
  pendingCounts(): Map<string, number> {
    return new Map(this.s.pendingCounts.all().map((r) => [r.channelId, r.n]))
  }

  /**
   * A channel's record from the delivery log: when it last delivered, and when its failures began (the
   * first try after its last delivery; null when it has none since).
   */
  deliveryRecord(channelId: string): { lastSuccessAt: number | null; failingSince: number | null } {
    const last = this.s.lastDelivered.get(channelId)
    const failingSince = this.s.firstTryAfter.get(channelId, last?.id ?? 0)?.at ?? null
    return { lastSuccessAt: last?.at ?? null, failingSince }
  }

  /** Takes a due row for one try: counts the try and holds the row until `holdUntil`. False: someone else took it. */
  claim(row: OutboxRow, attempt: number, holdUntil: number): boolean {
    return this.s.claim.run(attempt, holdUntil, row.id, row.nextAt).changes > 0
  }

  /** Rows whose tries were abandoned (the sender stopped): due again at `at`. */
  release(ids: readonly number[], at: number): void {
    if (ids.length === 0) return
    this.db.transaction(() => {
      for (const id of ids) this.s.release.run(at, id)
    })()
  }

  /** Records a try and what follows it: another at `nextAt`, or none (done). */
  recordTry(outboxId: number | null, t: TryRow, next: { retryAt: number } | { doneAt: number }): void {
    this.db.transaction(() => {
      this.s.logTry.run(t)
      if (outboxId !== null) {
        if ('retryAt' in next) this.s.reschedule.run(next.retryAt, outboxId)
        else this.s.finish.run(next.doneAt, outboxId)
      }
      this.s.trimTries.run(DELIVERY_TRIES_KEPT)
    })()
  }

  tries(limit: number, filter: { alertId?: string | undefined; channelId?: string | undefined }): DeliveryTry[] {
    const { alertId, channelId } = filter
    const rows =
      alertId !== undefined && channelId !== undefined
        ? this.s.triesOfBoth.all(alertId, channelId, limit)
        : alertId !== undefined
          ? this.s.triesOfAlert.all(alertId, limit)
          : channelId !== undefined
            ? this.s.triesOfChannel.all(channelId, limit)
            : this.s.tries.all(limit)
    return rows.map(tryFromRaw)
  }

  pending(limit: number): PendingDelivery[] {
    return this.s.pending.all(limit)
  }

  /** Drops outbox rows done before `before`. */
  dropDone(before: number): void {
    this.s.dropDone.run(before)
  }
}
