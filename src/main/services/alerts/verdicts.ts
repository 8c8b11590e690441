/**
 * What a rule check answers (per subject: firing with a message, or not), what it is given, and the two ways
 * a rule splits into one alert per step: a countdown's steps (stake ending, runways) and a share's levels
 * (query success, free disk), each step its own subject and severity.
 */
import type { AlertRuleLevel, AlertRuleStep, Severity, WatchSample } from '../../../shared/contract'
import type { SeriesPoint } from './series'

export type Verdict = { firing: true; message: string; severity?: Severity } | { firing: false }
export type Verdicts = Map<string, Verdict>

export interface CheckContext {
  /** newest last */
  samples: readonly WatchSample[]
  /** the rule's threshold as set (or its default) */
  threshold: number | string | null
  /** whether an alert of this rule is open for a subject */
  isOpen: (subject: string) => boolean
  /** a few fields of the samples kept over the last hours, oldest first, the newest included (series.ts) */
  series: readonly SeriesPoint[]
  /** the profile's network (mainnet, fuji, …): what the network requires where a threshold follows it */
  network?: string
}

/**
 * Steps of a countdown rule (ALERT_RULE_INFO's, so the rules list says what fires): one alert per step, each its
 * own subject and severity, its message naming the step ("· under 7 days: warning").
 */
export function tiers(out: Verdicts, base: string, left: number, list: readonly AlertRuleStep[], say: (left: number) => string): void {
  for (const t of list)
    out.set(`${base}:${t.name}`, left < t.sec ? { firing: true, severity: t.severity, message: `${say(left)} · under ${t.label}: ${t.severity}` } : { firing: false })
}

/** Levels of a rule on a share: one alert per level (subject `<base>:<level>`), firing under its share. */
export function levels(out: Verdicts, base: string, value: number, list: readonly AlertRuleLevel[], say: (level: AlertRuleLevel) => string): void {
  for (const l of list) out.set(`${base}:${l.name}`, value < l.below ? { firing: true, severity: l.severity, message: say(l) } : { firing: false })
}
