/**
 * The alert rules and what each watches, in words: plain data without schemas, so the renderer's shell
 * (the alert toasts) can use it without loading zod and the whole contract before its first paint.
 * alerts.ts re-exports all of it; the contract's schemas (alertRuleSchema) are built there.
 */
export const ALERT_RULES = [
  'unreachable',
  'unhealthy',
  'notBootstrapped',
  'lowPeers',
  'versionBehind',
  'versionBelowMin',
  'validatorNotConnected',
  'uptimeLow',
  'validatorLeftSet',
  'stakeEnding',
  'l1BalanceRunway'
] as const
export type AlertRule = (typeof ALERT_RULES)[number]

export type Severity = 'critical' | 'warning'

/** A rule's threshold: a number in a range, or a version the node must run at least. */
export type ThresholdInfo =
  | { kind: 'number'; unit: string; min: number; max: number; default: number; describe: string }
  | { kind: 'version'; default: null; describe: string }

/** One step of a countdown rule: it fires when less than `sec` seconds are left, with its own severity. */
export interface AlertRuleStep {
  /** the step's part of the alert's subject ("NodeID-…:7d") */
  name: string
  /** how the step reads ("7 days") */
  label: string
  sec: number
  severity: Severity
}

export interface AlertRuleInfo {
  title: string
  /** a rule with steps has the severity of each step in its alerts; this is the highest */
  severity: Severity
  threshold?: ThresholdInfo
  /** a countdown rule's steps, longest first: one alert each, each with its own severity */
  steps?: readonly AlertRuleStep[]
}

const HOUR_SEC = 3_600
const DAY_SEC = 24 * HOUR_SEC
const WEEK_STEP = { name: '7d', label: '7 days', sec: 7 * DAY_SEC } as const
const DAY_STEP = { name: '1d', label: '1 day', sec: DAY_SEC } as const
const HOUR_STEP = { name: '1h', label: '1 hour', sec: HOUR_SEC } as const

/** "warning at 7 days; critical at 1 day and 1 hour": a countdown rule's steps by severity, in words. */
export function stepsText(steps: readonly AlertRuleStep[]): string {
  const and = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)!}` : (xs[0] ?? ''))
  return (['warning', 'critical'] as const)
    .map((sev) => ({ sev, at: steps.filter((s) => s.severity === sev).map((s) => s.label) }))
    .filter((x) => x.at.length > 0)
    .map((x) => `${x.sev} at ${and(x.at)}`)
    .join('; ')
}

/** What each rule watches, in the words the Alerts panel and the CLI show. */
export const ALERT_RULE_INFO: Record<AlertRule, AlertRuleInfo> = {
  unreachable: {
    title: 'Node unreachable',
    severity: 'critical',
    threshold: { kind: 'number', unit: 'failed checks', min: 1, max: 100, default: 3, describe: 'failed checks in a row before it fires' }
  },
  unhealthy: { title: 'Health check failing', severity: 'warning' },
  notBootstrapped: { title: 'Not bootstrapped', severity: 'warning' },
  lowPeers: {
    title: 'Few peers',
    severity: 'warning',
    threshold: { kind: 'number', unit: 'peers', min: 0, max: 100_000, default: 5, describe: 'fires when the node has fewer peers than this' }
  },
  versionBehind: { title: "Version behind its peers' majority", severity: 'warning' },
  versionBelowMin: {
    title: 'Version below the minimum (upgrade reminder)',
    severity: 'warning',
    threshold: { kind: 'version', default: null, describe: 'the lowest version the node may run, such as 1.13.0' }
  },
  validatorNotConnected: { title: 'Validator not connected', severity: 'critical' },
  uptimeLow: {
    title: 'Uptime under the threshold',
    severity: 'warning',
    threshold: { kind: 'number', unit: '%', min: 0, max: 100, default: 80, describe: 'the reward cut-off is 80 %' }
  },
  validatorLeftSet: { title: 'Validator left the current set', severity: 'critical' },
  // A week ahead is a reminder; a day ahead needs a person now (a stake cannot be extended, only renewed after it ends).
  stakeEnding: {
    title: 'Stake ending (warning at 7 days; critical at 1 day and 1 hour)',
    severity: 'critical',
    steps: [
      { ...WEEK_STEP, severity: 'warning' },
      { ...DAY_STEP, severity: 'critical' },
      { ...HOUR_STEP, severity: 'critical' }
    ]
  },
  l1BalanceRunway: {
    title: 'L1 validator balance runs out (warning at 7 days; critical at 1 day)',
    severity: 'critical',
    steps: [
      { ...WEEK_STEP, severity: 'warning' },
      { ...DAY_STEP, severity: 'critical' }
    ]
  }
}
