/**
 * The alerts area: the rules of each profile (on/off, thresholds), the alerts they raised and acknowledging
 * one. The rules themselves run in the watch (services/watch/service.ts); silences and windows: quiet.ts.
 */
import { ALERT_RULE_INFO, forChecksOf, type Alert, type Output, type ParsedInput, type RuleSetting } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { AlertStore } from '../../cache/alert-store'
import { holdsOf, type HoldReason } from './hold'
import type { QuietService } from './quiet'

export interface AlertsServiceOptions {
  store: AlertStore
  quiet: QuietService
  /** whether a profile with this id exists */
  hasProfile: (id: string) => boolean
  /** why an open alert is held back (the watch asks the same: hold.ts) */
  holdReason: HoldReason
  now?: () => number
  /** an open alert was acknowledged (PagerDuty is told: services/alerts/channel-routing.ts) */
  acknowledged?: (alert: Alert) => void
}

export class AlertsService {
  private readonly now: () => number
  constructor(private readonly opts: AlertsServiceOptions) {
    this.now = opts.now ?? (() => Date.now())
  }

  private requireProfile(profileId: string): void {
    if (!this.opts.hasProfile(profileId)) throw new AppError('NOT_FOUND', `No profile with id ${profileId}: list them with profiles.list`)
  }

  list(input: ParsedInput<'alerts.list'>): Output<'alerts.list'> {
    if (input.profileId) this.requireProfile(input.profileId)
    const now = this.now()
    const open = this.opts.store.open(input.profileId)
    return {
      open,
      past: this.opts.store.past(input.limit, input.profileId),
      holds: holdsOf(open, this.opts.holdReason, now),
      ...this.opts.quiet.list(input.profileId ? { profileId: input.profileId } : {})
    }
  }

  rules(profileId: string): Output<'alerts.rules'> {
    this.requireProfile(profileId)
    return { profileId, rules: this.opts.store.rules(profileId) }
  }

  setRules(input: ParsedInput<'alerts.setRules'>): Output<'alerts.setRules'> {
    this.requireProfile(input.profileId)
    const current = new Map(this.opts.store.rules(input.profileId).map((r) => [r.rule, r]))
    for (const change of input.rules) {
      const was = current.get(change.rule)!
      const next: RuleSetting = {
        rule: change.rule,
        enabled: change.enabled ?? was.enabled,
        // null puts a number threshold back to its default; a version threshold back to none.
        threshold: change.threshold === undefined ? was.threshold : change.threshold === null ? (ALERT_RULE_INFO[change.rule].threshold?.default ?? null) : normalise(change.threshold),
        // null: back to the rule's default
        forChecks: change.forChecks === undefined ? was.forChecks : forChecksOf(change.rule, change.forChecks)
      }
      current.set(change.rule, next)
      this.opts.store.putRule(input.profileId, next)
    }
    return this.rules(input.profileId)
  }

  acknowledge(id: string): Output<'alerts.acknowledge'> {
    const at = this.now()
    const alert = this.opts.store.acknowledge(id, at)
    if (!alert) throw new AppError('NOT_FOUND', `No alert with id ${id}: list them with alerts.list`)
    // Told once: when this call acknowledged it, and while it is still open.
    if (alert.acknowledgedAt === at && alert.clearedAt === null) this.opts.acknowledged?.(alert)
    return alert
  }

}

/** A version threshold is kept as the operator wrote it, trimmed. */
const normalise = (t: number | string): number | string => (typeof t === 'string' ? t.trim() : t)
