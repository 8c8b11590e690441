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
  'l1BalanceRunway',
  'querySuccess',
  'diskSpace',
  'diskRunway',
  'badBlocks',
  'lifecycle'
] as const
export type AlertRule = (typeof ALERT_RULES)[number]

/** Lowest first: a notice (info) needs no one; a warning, someone soon; a critical alert, someone now. */
export const SEVERITIES = ['info', 'warning', 'critical'] as const
export type Severity = (typeof SEVERITIES)[number]

/**
 * Where a severity stands (info 0 < warning 1 < critical 2): the one order every filter uses ("this channel
 * takes warning and up" is `severityRank(a) >= severityRank('warning')`), never a comparison of names.
 */
export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s)
}

/** Whether an alert of severity `s` reaches a minimum of `min`. */
export const atLeast = (s: Severity, min: Severity): boolean => severityRank(s) >= severityRank(min)

/** A rule's threshold: a number in a range, or a version the node must run at least. */
export type ThresholdInfo =
  | { kind: 'number'; unit: string; min: number; max: number; default: number; describe: string }
  /** a number whose default follows the profile's network (null: not set, the network's value applies) */
  | { kind: 'number'; unit: string; min: number; max: number; default: null; describe: string }
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
  /** a level rule's levels, the least severe first: one alert each, firing under its share */
  levels?: readonly AlertRuleLevel[]
  /** off until a person turns it on (notices); rules are on by default */
  offByDefault?: true
}

/** One level of a rule on a share (query success, free disk): it fires under `below` percent, with its own severity. */
export interface AlertRuleLevel {
  /** the level's part of the alert's subject ("C:95") */
  name: string
  below: number
  severity: Severity
}

/**
 * The Primary Network's uptime requirement for a validator that started at `startSec` (unix seconds): 80 %,
 * and 90 % since ACP-267 for validators whose staking period starts at or after its activation (avalanchego
 * network/network.go and platformvm block/executor/options.go: IsHeliconActivated(startTime), then
 * genesis.ACP267UptimeRequirement). Activation per network as avalanchego's upgrade/upgrade.go names it (the
 * Helicon upgrade); a network whose activation is not scheduled there stays at 80 % until it is.
 */
export const ACP267_ACTIVATION_SEC: Readonly<Record<string, number | null>> = {
  mainnet: null,
  // Fuji: upgrade.go of avalanchego v1.15.0-fuji, HeliconTime 2026-07-28 15:00 UTC
  fuji: Date.UTC(2026, 6, 28, 15) / 1_000,
  testnet: Date.UTC(2026, 6, 28, 15) / 1_000
}
export function uptimeRequirement(network: string, startSec: number | undefined): number {
  const activation = ACP267_ACTIVATION_SEC[network] ?? null
  return activation !== null && startSec !== undefined && startSec >= activation ? 90 : 80
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
    threshold: {
      kind: 'number',
      unit: '%',
      min: 0,
      max: 100,
      default: null,
      describe: "empty: the network's reward cut-off, 80 %, or 90 % for a validator that started after ACP-267's activation"
    }
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
  },
  // avalanchego's recommended metrics: the query success rate is consensus health's first sign (warning under 95 %, page under 90 %).
  querySuccess: {
    title: 'Query success rate low, per chain, over the last 10 minutes (warning under 95 %; critical under 90 %)',
    severity: 'critical',
    levels: [
      { name: '95', below: 95, severity: 'warning' },
      { name: '90', below: 90, severity: 'critical' }
    ]
  },
  // The node reports itself unhealthy under 10 % free and shuts down under 3 % (avalanchego node.go, diskspace check).
  diskSpace: {
    title: 'Disk space low (warning under 20 % free; critical under 10 %, where the node reports unhealthy)',
    severity: 'critical',
    levels: [
      { name: '20', below: 20, severity: 'warning' },
      { name: '10', below: 10, severity: 'critical' }
    ]
  },
  diskRunway: {
    title: "Disk fills up to the node's shutdown threshold at the trend of the last 6 hours (warning at 7 days; critical at 1 day)",
    severity: 'critical',
    steps: [
      { ...WEEK_STEP, severity: 'warning' },
      { ...DAY_STEP, severity: 'critical' }
    ]
  },
  badBlocks: {
    title: 'Blocks rejected, per chain, over the last hour',
    severity: 'warning',
    threshold: { kind: 'number', unit: 'blocks', min: 1, max: 1_000_000, default: 5, describe: 'fires when a chain rejects at least this many blocks in an hour' }
  },
  lifecycle: {
    title: 'Notices: bootstrapped, a validation started, healthy again after an upgrade',
    severity: 'info',
    offByDefault: true
  }
}
