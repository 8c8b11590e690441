/**
 * The alert rules applied to one profile: its recent samples, its rule settings and its open alerts in,
 * alerts fired and cleared out. Rules never send anything (the caller stores and announces); no clock
 * but the samples' own times, so the same samples always give the same answer.
 */
import { ALERT_RULE_INFO, ALERT_RULES, forChecksOf, type Alert, type RuleSetting, type WatchSample } from '../../../shared/contract'
import { alertKey } from '../../cache/alert-store'
import { EarlierVerdicts } from './pending'
import { RULE_CHECKS } from './rule-checks'
import { pointOf, type SeriesPoint } from './series'

/** After an alert fired, the same rule and subject do not fire again for the profile until this has passed. */
export const DEFAULT_COOLDOWN_MS = 60 * 60 * 1000

export interface RuleInput {
  /** network: what a threshold that follows the network reads (uptimeLow's default) */
  profile: { id: string; name: string; nodeUrl: string; network?: string }
  /** newest last: at least as many as the unreachable threshold when there are that many */
  samples: readonly WatchSample[]
  /** a few fields of the samples kept over the last hours (series.ts), oldest first; none: those of `samples` */
  series?: readonly SeriesPoint[]
  rules: readonly RuleSetting[]
  open: readonly Alert[]
  /** when each rule and subject last fired for this profile, by alertKey (cleared or not) */
  lastFiredAt: ReadonlyMap<string, number>
  cooldownMs: number
}

export interface RuleOutcome {
  fired: Alert[]
  cleared: Alert[]
}

/** How many samples the rules need to look back: the unreachable threshold or the longest "for N checks", and one before it. */
export function samplesNeeded(rules: readonly RuleSetting[]): number {
  const t = rules.find((r) => r.rule === 'unreachable')?.threshold
  const pending = Math.max(1, ...rules.map((r) => (r.enabled ? r.forChecks : 1)))
  return Math.max(2, (typeof t === 'number' ? t : 3) + 1, pending + 1)
}

/** Applies every rule to a profile's samples. */
export function evaluateRules(input: RuleInput): RuleOutcome {
  const out: RuleOutcome = { fired: [], cleared: [] }
  const last = input.samples.at(-1)
  if (!last) return out
  const settings = new Map(input.rules.map((r) => [r.rule, r]))
  const series = input.series ?? input.samples.map(pointOf)
  const network = input.profile.network
  for (const rule of ALERT_RULES) {
    const setting = settings.get(rule) ?? {
      rule,
      enabled: ALERT_RULE_INFO[rule].offByDefault !== true,
      threshold: ALERT_RULE_INFO[rule].threshold?.default ?? null,
      forChecks: forChecksOf(rule)
    }
    const open = input.open.filter((a) => a.rule === rule && a.clearedAt === null)
    const openKeys = new Set(open.map((a) => a.subject ?? ''))
    // A rule turned off clears what it had open; one that cannot tell leaves it as it is.
    const ctx = { samples: input.samples, threshold: setting.threshold, isOpen: (s: string) => openKeys.has(s), series, ...(network ? { network } : {}) }
    const verdicts = setting.enabled ? RULE_CHECKS[rule](ctx) : new Map()
    if (!verdicts) continue
    const earlier = new EarlierVerdicts(RULE_CHECKS[rule], ctx)
    for (const a of open) if (verdicts.get(a.subject ?? '')?.firing !== true) out.cleared.push({ ...a, clearedAt: last.at })
    for (const [subjectKey, verdict] of verdicts) {
      if (!verdict.firing || openKeys.has(subjectKey)) continue
      // Pending until it has held for the rule's checks in a row.
      if (setting.forChecks > 1 && !earlier.heldFor(subjectKey, setting.forChecks)) continue
      const subject = subjectKey === '' ? null : subjectKey
      const previous = input.lastFiredAt.get(alertKey(rule, subject))
      if (previous !== undefined && last.at - previous < input.cooldownMs) continue
      out.fired.push({
        // Stable for this firing: a receiver told twice drops the repeat by it.
        id: `${input.profile.id}:${rule}:${subjectKey}:${last.at}`,
        profileId: input.profile.id,
        profileName: input.profile.name,
        nodeUrl: input.profile.nodeUrl,
        rule,
        subject,
        severity: verdict.severity ?? ALERT_RULE_INFO[rule].severity,
        message: `${input.profile.name} (${input.profile.nodeUrl}): ${verdict.message}`,
        firedAt: last.at,
        clearedAt: null,
        acknowledgedAt: null
      })
    }
  }
  return out
}
