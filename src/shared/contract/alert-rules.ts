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

export interface AlertRuleInfo {
  title: string
  /** a rule with tiers has the severity of each tier in its alerts; this is the highest */
  severity: Severity
  threshold?: ThresholdInfo
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
  stakeEnding: { title: 'Stake ending (7 days, 1 day, 1 hour)', severity: 'critical' },
  l1BalanceRunway: { title: 'L1 validator balance runs out (7 days, 1 day)', severity: 'critical' }
}
