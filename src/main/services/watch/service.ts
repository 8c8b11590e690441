/**
 * The watch: every profile's node checked on its interval by one scheduler, each sample kept, the alert
 * rules applied to the samples, and each alert that fires or resolves stored and handed to `onAlert`
 * (the event to the renderer, the CLI's JSON lines); what the check has to tell the channels (grouped,
 * held back, repeated: alerts/dispatch.ts) handed to `onMessage`. Rules never send; this service only
 * records and tells.
 */
import type { Alert, AlertState, Output, ParsedInput, WatchSample } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { AlertStore } from '../../cache/alert-store'
import type { WatchStore } from '../../cache/watch-store'
import { nodeApis } from '../../clients/node/endpoints'
import { DEFAULT_COOLDOWN_MS, evaluateRules, samplesNeeded } from '../alerts/rules'
import type { AlertMessage } from '../alerts/channels/types'
import { dispatch } from '../alerts/dispatch'
import { appHoldReason, type Hold, type HoldReason } from '../alerts/hold'
import { SeriesKeeper } from '../alerts/series'
import type { EffectiveProfile } from '../profiles/service'
import type { ReadsStore } from '../../cache/reads-store'
import type { RemoteService } from '../../../shared/contract'
import type { DataPathDeps } from '../data-path'
import type { QuietService } from '../alerts/quiet'
import { checkNode, nodeReads } from './check'
import { WatchScheduler, type SchedulerClock } from './scheduler'
import { fleetStateOf, type FleetState } from './fleet-state'
import { holdOf, type QuietLike } from '../../../shared/domain/alert-silence'

export interface AlertNotice {
  /** why it is held back (stored and shown, not sent): inhibited, silenced; null: sent */
  hold: Hold | null
}

export type { FleetState } from './fleet-state'

export interface WatchServiceOptions {
  store: WatchStore
  alerts: AlertStore
  /** every stored profile, as the services use them */
  profiles: () => EffectiveProfile[]
  /** one stored profile (each check reads only its own) */
  profile: (id: string) => EffectiveProfile | undefined
  /** runs inside the transaction that stores the alert: synchronous, and what it writes commits with it */
  onAlert?: (alert: Alert, state: AlertState, notice: AlertNotice) => void
  /** silences and maintenance windows: the resolutions they hold back (quiet.ts), what the tray and heartbeat leave out */
  quiet?: QuietService
  /**
   * What a check has to tell the channels (dispatch.ts: at most one firing and one resolved message per check,
   * a line per alert), in the same transaction as the alerts: what it writes (the outbox) commits with them.
   */
  onMessage?: (message: AlertMessage) => void
  /** why an open alert is held back, if it is (hold.ts); default: the app's reasons (appHoldReason) */
  holdReason?: HoldReason
  /** how long after it was sent a firing alert is sent again, by severity (default: REPEAT_AFTER_MS) */
  repeatAfterMs?: (severity: string) => number | undefined
  /**
   * The cache of remote reads: each check reads the node through the data path of the panels, scoped to
   * the profile's node, so what it read is there for that profile's panels offline.
   */
  cache?: {
    reads: ReadsStore
    labelOf: (service: RemoteService) => string
    /** Where the checked profile's reads are kept as entities (issue 21): its own validators, searched and offline. */
    entitiesOf?: (profile: EffectiveProfile) => DataPathDeps['entities']
  }
  /** a check failed in a way that is ours, not the node's (a closed database, a bug) */
  warn?: (message: string) => void
  /** every watched profile has been checked once more (the heartbeat pings: heartbeat.ts) */
  onRound?: () => void
  now?: () => number
  clock?: SchedulerClock
  deadlineMs?: number
  cooldownMs?: number
}

/** A check of one profile and the alerts it fired and cleared (validators.refresh). */
export interface CheckOutcome {
  sample: WatchSample
  fired: Alert[]
  cleared: Alert[]
}

/**
 * How often a check reads what changes slowly (the peers' list with their versions, the node's version, its
 * NodeID); between times the peer count comes from /ext/metrics and the rest from the sample before. A
 * profile changed (another node URL) is read in full at its next check.
 */
export const FULL_CHECK_EVERY_MS = 10 * 60_000

export class WatchService {
  private readonly scheduler: WatchScheduler
  private readonly fullAt = new Map<string, number>()
  private readonly now: () => number
  /** what the last check of each profile fired and cleared, by profile id */
  private readonly outcomes = new Map<string, Omit<CheckOutcome, 'sample'> & { at: number }>()
  private readonly holdReason: HoldReason
  /** what the rules over a window read of each profile's kept samples */
  private readonly series = new SeriesKeeper()

  constructor(private readonly opts: WatchServiceOptions) {
    // Called on the clock, not taken off it: a clock that is a class (OffsetClock) reads its own fields.
    const clock = opts.clock
    this.now = opts.now ?? (clock ? () => clock.now() : () => Date.now())
    this.holdReason = opts.holdReason ?? appHoldReason({ quietAt: (at) => this.quietAt(at) })
    this.scheduler = new WatchScheduler({
      list: () =>
        opts.profiles().map((p) => {
          const s = opts.store.settings(p.id)
          return { id: p.id, intervalSec: s.enabled ? s.intervalSec : null }
        }),
      check: (id, signal) => this.check(id, signal),
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.onRound ? { onRound: opts.onRound } : {}),
      onError: (id, err) => opts.warn?.(`watch: the check of profile ${id} failed: ${err instanceof Error ? err.message : String(err)}`)
    })
  }

  start(): void {
    this.scheduler.start()
  }

  /** Profiles or settings changed: the scheduler reads them again, and each node is read in full at its next check. */
  refresh(): void {
    this.fullAt.clear()
    this.series.forget()
    this.scheduler.refresh()
  }

  stop(): void {
    this.scheduler.stop()
  }

  /** One check of one profile: a sample kept, the rules applied, alerts stored and told. */
  async check(profileId: string, signal: AbortSignal): Promise<void> {
    const profile = this.opts.profile(profileId)
    if (!profile) return
    const { store, alerts } = this.opts
    const settings = store.settings(profileId)
    const node = nodeApis(profile.nodeUrl, profile.cchainUrl)
    const { cache } = this.opts
    const scopeOf = (service: RemoteService) => (service === 'node' ? profile.nodeUrl : service === 'data' ? profile.dataUrl : profile.metricsUrl)
    const entities = cache?.entitiesOf?.(profile)
    const reads = cache ? nodeReads(node, profile.nodeIds, { reads: cache.reads, labelOf: cache.labelOf, scopeOf, now: this.now, ...(entities ? { entities } : {}) }) : undefined
    const previous = store.recentSamples(profileId, 1)[0]
    const full =
      (this.fullAt.get(profileId) ?? -Infinity) <= this.now() - FULL_CHECK_EVERY_MS || previous?.peersMajorityVersion === undefined || previous.version === undefined
    if (full) this.fullAt.set(profileId, this.now())
    const sample = await checkNode(
      {
        profileId,
        nodeUrl: profile.nodeUrl,
        node,
        ...(reads ? { reads } : {}),
        nodeIds: profile.nodeIds,
        subnetIds: settings.subnetIds,
        full,
        ...(previous ? { previous } : {})
      },
      { now: this.now, signal, ...(this.opts.deadlineMs ? { deadlineMs: this.opts.deadlineMs } : {}) }
    )
    // Stopped while the node was asked: the database may be closed already.
    if (signal.aborted) return
    store.putSample(sample)
    const rules = alerts.rules(profileId)
    const outcome = evaluateRules({
      profile: { id: profile.id, name: profile.name, nodeUrl: profile.nodeUrl, network: profile.network },
      samples: store.recentSamples(profileId, samplesNeeded(rules)),
      series: this.series.after(sample, (since) => store.series(profileId, since)),
      rules,
      open: alerts.open(profileId),
      lastFiredAt: alerts.lastFired(profileId),
      cooldownMs: this.opts.cooldownMs ?? DEFAULT_COOLDOWN_MS
    })
    const notifiedAt = alerts.notifiedAt(profileId)
    // Stored and told in one transaction: what onAlert and onMessage write (the outbox) commits with the
    // alert, so a kill cannot leave an alert stored and never sent.
    store.transaction(() => {
      for (const a of outcome.fired) alerts.insert(a)
      for (const a of outcome.cleared) alerts.clear(a.id, a.clearedAt ?? sample.at)
      const resolutions = this.opts.quiet?.resolutions(profileId, sample.at, outcome.cleared, (id) => (notifiedAt.get(id) ?? null) !== null)
      const told = dispatch({
        profile: { id: profile.id, name: profile.name, nodeUrl: profile.nodeUrl },
        at: sample.at,
        open: alerts.open(profileId),
        cleared: resolutions?.send ?? outcome.cleared,
        ...(resolutions ? { released: resolutions.released } : {}),
        notifiedAt,
        hold: this.holdReason,
        ...(this.opts.repeatAfterMs ? { repeatAfterMs: this.opts.repeatAfterMs } : {})
      })
      alerts.markNotified(told.sent, sample.at)
      for (const a of outcome.fired) this.opts.onAlert?.(a, 'firing', { hold: told.held.get(a.id) ?? null })
      for (const a of outcome.cleared) this.opts.onAlert?.(a, 'resolved', { hold: null })
      for (const m of told.messages) this.opts.onMessage?.(m)
    })
    this.outcomes.set(profileId, { at: sample.at, ...outcome })
  }

  status(): Output<'watch.status'> {
    const now = this.now()
    const { store, alerts } = this.opts
    return {
      profiles: this.opts.profiles().map((p) => {
        const s = store.settings(p.id)
        const last = store.recentSamples(p.id, 1)[0] ?? null
        return {
          profileId: p.id,
          profileName: p.name,
          nodeUrl: p.nodeUrl,
          enabled: s.enabled,
          intervalSec: s.intervalSec,
          last,
          ageMs: last ? Math.max(0, now - last.at) : null,
          ...this.lastGood(p.id, last),
          openAlerts: alerts.open(p.id)
        }
      })
    }
  }

  /** The tray's state: what of the watched profiles' open alerts needs a person (fleet-state.ts). */
  fleetState(): FleetState {
    const { store, alerts } = this.opts
    const now = this.now()
    const watched = this.opts.profiles().filter((p) => store.settings(p.id).enabled)
    const open = alerts.open().filter((a) => watched.some((p) => p.id === a.profileId))
    const checked = watched.some((p) => store.recentSamples(p.id, 1).length > 0)
    return fleetStateOf({ open, quiet: this.quietAt(now), now, watched: watched.length, checked })
  }

  /** Whether a critical alert of a watched profile is open and not silenced (the heartbeat then pings /fail). */
  criticalOpen(): boolean {
    const { store, alerts } = this.opts
    const now = this.now()
    const quiet = this.quietAt(now)
    return alerts
      .open()
      .some((a) => a.severity === 'critical' && store.settings(a.profileId).enabled && this.opts.profile(a.profileId) !== undefined && !holdOf(a, quiet, now))
  }

  private quietAt(now: number): QuietLike {
    return this.opts.quiet?.quietAt(now) ?? { silences: [], windows: [] }
  }

  /**
   * While the node does not answer: since when (the first check it did not answer after the last one it
   * did, or after none), and what it said the last time it answered.
   */
  private lastGood(profileId: string, last: WatchSample | null): { unreachableSince: number | null; lastReachable: WatchSample | null } {
    if (!last || last.reachable) return { unreachableSince: null, lastReachable: null }
    const good = this.opts.store.lastReachable(profileId)
    return { unreachableSince: this.opts.store.firstUnreachableAfter(profileId, good?.at ?? -1) ?? last.at, lastReachable: good }
  }

  settings(): Output<'watch.settings'> {
    return { profiles: this.opts.profiles().map((p) => this.opts.store.settings(p.id)) }
  }

  private requireProfile(profileId: string): void {
    if (!this.opts.profile(profileId))
      throw new AppError('NOT_FOUND', `No profile with id ${profileId}: list them with profiles.list`)
  }

  setSettings(input: ParsedInput<'watch.setSettings'>): Output<'watch.setSettings'> {
    this.requireProfile(input.profileId)
    const current = this.opts.store.settings(input.profileId)
    const next = {
      profileId: input.profileId,
      enabled: input.enabled ?? current.enabled,
      intervalSec: input.intervalSec ?? current.intervalSec,
      subnetIds: input.subnetIds ?? current.subnetIds
    }
    this.opts.store.putSettings(next)
    this.scheduler.refresh()
    return next
  }

  async checkNow(profileId: string): Promise<Output<'watch.check'>> {
    this.requireProfile(profileId)
    // Asked for by a person: everything read afresh.
    this.fullAt.delete(profileId)
    await this.scheduler.checkNow(profileId)
    const last = this.opts.store.recentSamples(profileId, 1)[0]
    if (!last) throw new AppError('INTERNAL', `The check of profile ${profileId} kept no sample: see the app's log`)
    return last
  }

  /** checkNow, with the alerts that check fired and cleared (a check already running is waited for: its alerts). */
  async checkNowWithAlerts(profileId: string): Promise<CheckOutcome> {
    const sample = await this.checkNow(profileId)
    const o = this.outcomes.get(profileId)
    return o?.at === sample.at ? { sample, fired: o.fired, cleared: o.cleared } : { sample, fired: [], cleared: [] }
  }

  samples(input: ParsedInput<'watch.samples'>): Output<'watch.samples'> {
    this.requireProfile(input.profileId)
    const samples = this.opts.store.recentSamples(input.profileId, input.limit, input.since)
    // Each sample's validators (up to 2,000) only when asked: 10,000 samples with them would be gigabytes.
    return { samples: input.validators ? samples : samples.map(({ validators: _v, ...rest }) => rest) }
  }
}
