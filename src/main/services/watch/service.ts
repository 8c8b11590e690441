/**
 * The watch: every profile's node checked on its interval by one scheduler, each sample kept, the alert
 * rules applied to the samples, and each alert that fires or resolves stored and handed to `onAlert`
 * (the desktop notification, the CLI's JSON lines). Rules never send; this service only records and tells.
 */
import type { Output, ParsedInput, WatchAlert } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { WatchStore } from '../../cache/watch-store'
import { DEFAULT_RULE_CONFIG, evaluateRules } from '../alerts/rules'
import { nodeApis } from '../../clients/node/endpoints'
import type { EffectiveProfile } from '../profiles/service'
import { checkNode } from './check'
import { WatchScheduler, type SchedulerClock } from './scheduler'

export type AlertState = 'firing' | 'resolved'

export interface WatchServiceOptions {
  store: WatchStore
  /** every stored profile, as the services use them */
  profiles: () => EffectiveProfile[]
  onAlert?: (alert: WatchAlert, state: AlertState) => void
  /** a check failed in a way that is ours, not the node's (a closed database, a bug) */
  warn?: (message: string) => void
  now?: () => number
  clock?: SchedulerClock
  deadlineMs?: number
  cooldownMs?: number
}

export class WatchService {
  private readonly scheduler: WatchScheduler
  private readonly now: () => number

  constructor(private readonly opts: WatchServiceOptions) {
    this.now = opts.now ?? opts.clock?.now ?? (() => Date.now())
    this.scheduler = new WatchScheduler({
      list: () =>
        opts.profiles().map((p) => {
          const s = opts.store.settings(p.id)
          return { id: p.id, intervalSec: s.enabled ? s.intervalSec : null }
        }),
      check: (id, signal) => this.check(id, signal),
      ...(opts.clock ? { clock: opts.clock } : {}),
      onError: (id, err) => opts.warn?.(`watch: the check of profile ${id} failed: ${err instanceof Error ? err.message : String(err)}`)
    })
  }

  start(): void {
    this.scheduler.start()
  }

  /** Profiles or settings changed: the scheduler reads them again. */
  refresh(): void {
    this.scheduler.refresh()
  }

  stop(): void {
    this.scheduler.stop()
  }

  /** One check of one profile: a sample kept, the rules applied, alerts stored and told. */
  async check(profileId: string, signal: AbortSignal): Promise<void> {
    const profile = this.opts.profiles().find((p) => p.id === profileId)
    if (!profile) return
    const sample = await checkNode(
      { profileId, node: nodeApis(profile.nodeUrl, profile.cchainUrl) },
      { now: this.now, signal, ...(this.opts.deadlineMs ? { deadlineMs: this.opts.deadlineMs } : {}) }
    )
    // Stopped while the node was asked: the database may be closed already.
    if (signal.aborted) return
    const { store } = this.opts
    store.putSample(sample)
    const settings = store.settings(profileId)
    const outcome = evaluateRules({
      profile: { id: profile.id, name: profile.name, nodeUrl: profile.nodeUrl },
      samples: store.recentSamples(profileId, settings.unreachableAfter),
      open: store.openAlerts(profileId),
      lastFiredAt: store.lastFired(profileId),
      config: { unreachableAfter: settings.unreachableAfter, cooldownMs: this.opts.cooldownMs ?? DEFAULT_RULE_CONFIG.cooldownMs }
    })
    for (const a of outcome.fired) store.insertAlert(a)
    for (const a of outcome.cleared) store.clearAlert(a.id, a.clearedAt ?? sample.at)
    for (const a of outcome.fired) this.opts.onAlert?.(a, 'firing')
    for (const a of outcome.cleared) this.opts.onAlert?.(a, 'resolved')
  }

  status(): Output<'watch.status'> {
    const now = this.now()
    return {
      profiles: this.opts.profiles().map((p) => {
        const s = this.opts.store.settings(p.id)
        const last = this.opts.store.recentSamples(p.id, 1)[0] ?? null
        return {
          profileId: p.id,
          profileName: p.name,
          nodeUrl: p.nodeUrl,
          enabled: s.enabled,
          intervalSec: s.intervalSec,
          last,
          ageMs: last ? Math.max(0, now - last.at) : null,
          openAlerts: this.opts.store.openAlerts(p.id)
        }
      })
    }
  }

  settings(): Output<'watch.settings'> {
    return { profiles: this.opts.profiles().map((p) => this.opts.store.settings(p.id)) }
  }

  setSettings(input: ParsedInput<'watch.setSettings'>): Output<'watch.setSettings'> {
    if (!this.opts.profiles().some((p) => p.id === input.profileId))
      throw new AppError('NOT_FOUND', `No profile with id ${input.profileId}: list them with profiles.list`)
    const current = this.opts.store.settings(input.profileId)
    const next = {
      profileId: input.profileId,
      enabled: input.enabled ?? current.enabled,
      intervalSec: input.intervalSec ?? current.intervalSec,
      unreachableAfter: input.unreachableAfter ?? current.unreachableAfter
    }
    this.opts.store.putSettings(next)
    this.scheduler.refresh()
    return next
  }

  alerts(limit: number): Output<'watch.alerts'> {
    return { open: this.opts.store.openAlerts(), past: this.opts.store.pastAlerts(limit) }
  }
}
