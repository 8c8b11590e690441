/**
 * How many checks in a row a rule's condition must hold before its alert fires ("for N checks"), and how
 * often a firing alert is sent again: plain data, like alert-rules.ts, for main and the renderer alike.
 * One bad sample (a slow answer, a restart's first seconds) does not fire a rule that flaps; a countdown or
 * a one-off event fires at once. `unreachable` counts its failed checks with its own threshold (3).
 */
import type { AlertRule } from './alert-rules'

/** The most checks a rule may wait for: at the slowest interval (an hour) a day and more. */
export const MAX_FOR_CHECKS = 30

/**
 * The default "for N checks" of each rule; a rule not named here (a new one) fires on its first check.
 * Unhealthy, peers and not connected flap on a restart or a slow answer; uptime and versions move slowly
 * and are read the same on each check, so 2 costs them one interval and stops a one-sample blip. The query
 * success rate, bad blocks and the disk runway are already judged over a window of samples, a volume's free
 * share does not blip, and a notice is a one-off: they fire on their first check.
 */
export const FOR_CHECKS_DEFAULT: Partial<Record<AlertRule, number>> = {
  unhealthy: 2,
  notBootstrapped: 2,
  lowPeers: 3,
  versionBehind: 2,
  validatorNotConnected: 2,
  uptimeLow: 2
}

/** A rule's "for N checks" as set, or its default. `unreachable` has its threshold instead: 1 here. */
export function forChecksOf(rule: AlertRule, set?: number | null): number {
  if (rule === 'unreachable') return 1
  return set ?? FOR_CHECKS_DEFAULT[rule] ?? 1
}

/** After this long a firing alert is sent again, saying how long it has fired; by severity (none: never again). */
export const REPEAT_AFTER_MS: Readonly<Record<string, number>> = {
  critical: 4 * 3_600_000,
  warning: 24 * 3_600_000
}
