/**
 * What each alert rule says of a profile's samples: per subject (a NodeID, a validation ID with its
 * tier; '' for the node itself) firing with a message, or not firing. A rule that cannot tell (the node
 * unreachable, the API not served) answers null, and its open alerts stay as they are.
 */
import { avax, duration, percentsAgainst, utcText } from '../../../shared/domain/format'
import { ALERT_RULE_INFO, uptimeRequirement, type AlertRule, type WatchSample, type WatchedValidator } from '../../../shared/contract'
import { compareVersions, parseVersion } from '../watch/versions'
import { lifecycleNotices } from './notice-checks'
import { SIGNAL_CHECKS } from './signal-checks'
import { tiers, type CheckContext, type Verdict, type Verdicts } from './verdicts'

export type { CheckContext, Verdict, Verdicts } from './verdicts'

const node = (v: Verdict): Verdicts => new Map([['', v]])
const lastReachable = (samples: readonly WatchSample[]): WatchSample | undefined => {
  const last = samples.at(-1)
  return last?.reachable ? last : undefined
}


/** "NodeID-…" on the Primary Network, "NodeID-… on <subnet>" elsewhere: the subject and how it reads. */
const subjectOf = (v: WatchedValidator): string => (v.subnetID ? `${v.nodeID}@${v.subnetID}` : v.nodeID)
const nameOf = (v: WatchedValidator): string => (v.subnetID ? `${v.nodeID} on subnet ${v.subnetID}` : v.nodeID)

/** Seconds as the app writes durations ("6 d 23 h", "5 h 10 min", "42 min"): the shared format module's. */
export function formatDuration(sec: number): string {
  return duration(Math.max(0, Math.floor(sec)) * 1_000)
}

/** Alerts leave the app (channels, the CLI): their times are in UTC. */
const iso = (unixSec: number): string => utcText(unixSec * 1_000)


const STAKE_TIERS = ALERT_RULE_INFO.stakeEnding.steps ?? []
const RUNWAY_TIERS = ALERT_RULE_INFO.l1BalanceRunway.steps ?? []

const validatorsOf = (samples: readonly WatchSample[]): readonly WatchedValidator[] | undefined => lastReachable(samples)?.validators

export const RULE_CHECKS: Record<AlertRule, (ctx: CheckContext) => Verdicts | null> = {
  unreachable({ samples, threshold }) {
    const after = typeof threshold === 'number' ? threshold : 3
    const last = samples.at(-1)
    if (!last) return null
    if (last.reachable) return node({ firing: false })
    const tail = samples.slice(-after)
    if (tail.length < after || tail.some((s) => s.reachable)) return null
    const why = last.error ? `: ${last.error}` : ''
    return node({ firing: true, message: `the node did not answer ${after === 1 ? 'its last check' : `${after} checks in a row`}${why}` })
  },
  unhealthy({ samples }) {
    const last = lastReachable(samples)
    if (last?.healthy === undefined) return null
    if (last.healthy) return node({ firing: false })
    const names = last.failingChecks.length ? `: ${last.failingChecks.join(', ')}` : ''
    return node({ firing: true, message: `the node reports failing health checks${names}` })
  },
  notBootstrapped({ samples }) {
    const last = lastReachable(samples)
    if (!last) return null
    const known = Object.entries(last.bootstrapped).filter(([, v]) => v !== null)
    if (known.length === 0) return null
    const behind = known.filter(([, v]) => v === false).map(([chain]) => `${chain}-Chain`)
    return node(behind.length ? { firing: true, message: `the node has not finished bootstrapping: ${behind.join(', ')}` } : { firing: false })
  },
  lowPeers({ samples, threshold }) {
    const peers = lastReachable(samples)?.peers
    if (peers === undefined || typeof threshold !== 'number') return null
    return node(peers < threshold ? { firing: true, message: `the node has ${peers} peer${peers === 1 ? '' : 's'}, fewer than ${threshold}` } : { firing: false })
  },
  versionBehind({ samples }) {
    const last = lastReachable(samples)
    const mine = parseVersion(last?.version)
    const most = parseVersion(last?.peersMajorityVersion)
    if (!last || !mine || !most) return null
    return node(
      compareVersions(mine, most) < 0
        ? { firing: true, message: `the node runs ${last.version}; most of its peers run ${last.peersMajorityVersion}` }
        : { firing: false }
    )
  },
  versionBelowMin({ samples, threshold }) {
    if (threshold === null) return new Map()
    const last = lastReachable(samples)
    const mine = parseVersion(last?.version)
    const min = parseVersion(typeof threshold === 'string' ? threshold : undefined)
    if (!last || !mine || !min) return null
    return node(compareVersions(mine, min) < 0 ? { firing: true, message: `the node runs ${last.version}, below ${threshold}: upgrade it` } : { firing: false })
  },
  validatorNotConnected({ samples }) {
    const vs = validatorsOf(samples)
    if (!vs) return null
    const out: Verdicts = new Map()
    for (const v of vs) {
      if (!v.validating || v.connected === undefined) continue
      out.set(subjectOf(v), v.connected ? { firing: false } : { firing: true, message: `validator ${nameOf(v)} is not connected` })
    }
    return out
  },
  uptimeLow({ samples, threshold, network }) {
    const last = lastReachable(samples)
    const vs = last?.validators
    if (!vs || (threshold !== null && typeof threshold !== 'number')) return null
    const out: Verdicts = new Map()
    for (const v of vs) {
      if (!v.validating) continue
      // The node's view of its own uptime is always full: for its own NodeID, its peers' view (from
      // /ext/metrics) is the one that decides the reward, where the node exports it.
      const own = v.nodeID === last.nodeId && v.subnetID === null ? last.metrics?.uptimeWeightedAverage : undefined
      // As the node wrote it (a decimal text) where it is the node's: its digits are the ones shown.
      const written = own ?? v.uptime
      const uptime = written === undefined ? undefined : Number(written)
      if (written === undefined || uptime === undefined || !Number.isFinite(uptime)) continue
      const source = own === undefined ? 'as this node sees it' : 'as its peers see it'
      // Not set: what the network requires of this validator (ACP-267: 90 % for those started after its activation).
      const limit = typeof threshold === 'number' ? threshold : uptimeRequirement(network ?? '', v.startTime === undefined ? undefined : Number(v.startTime))
      const whose = typeof threshold === 'number' ? '' : ` (the network's requirement for this validator)`
      // With the digits that keep it under the threshold: 79.996 is not "80.00 %, under 80.00 %".
      const shown = percentsAgainst(written, limit)
      out.set(subjectOf(v), uptime < limit ? { firing: true, message: `validator ${nameOf(v)} has ${shown.value} uptime ${source}, under ${shown.threshold}${whose}` } : { firing: false })
    }
    return out
  },
  validatorLeftSet({ samples, isOpen }) {
    const vs = validatorsOf(samples)
    if (!vs) return null
    const before = samples.slice(0, -1).flatMap((s) => (s.reachable && s.validators ? s.validators : []))
    const wasValidating = (v: WatchedValidator) => before.some((b) => subjectOf(b) === subjectOf(v) && b.validating)
    const out: Verdicts = new Map()
    for (const v of vs) {
      if (v.validating) out.set(subjectOf(v), { firing: false })
      else if (wasValidating(v) || isOpen(subjectOf(v))) out.set(subjectOf(v), { firing: true, message: `validator ${nameOf(v)} is no longer in the current validator set` })
    }
    return out
  },
  stakeEnding({ samples }) {
    const last = lastReachable(samples)
    if (!last?.validators) return null
    const out: Verdicts = new Map()
    for (const v of last.validators) {
      if (!v.validating || v.endTime === undefined) continue
      const end = Number(v.endTime)
      tiers(out, subjectOf(v), end - last.at / 1_000, STAKE_TIERS, (left) => `the stake of validator ${nameOf(v)} ends in ${formatDuration(left)} (${iso(end)})`)
    }
    return out
  },
  l1BalanceRunway({ samples }) {
    const last = lastReachable(samples)
    if (!last?.validators || last.l1FeeRate === undefined) return null
    const rate = BigInt(last.l1FeeRate)
    const out: Verdicts = new Map()
    for (const v of last.validators) {
      if (!v.validating || v.balance === undefined || !v.validationID) continue
      // Exact: nAVAX over nAVAX per second, whole seconds. A fee rate of 0 never runs the balance out.
      const left = rate === 0n ? Number.POSITIVE_INFINITY : Number(BigInt(v.balance) / rate)
      tiers(out, v.validationID, left, RUNWAY_TIERS, (s) => `L1 validator ${v.nodeID} (validation ${v.validationID}) has ${avax(v.balance)} left: about ${formatDuration(s)} of fees`)
    }
    return out
  },
  ...SIGNAL_CHECKS,
  lifecycle: lifecycleNotices
}
