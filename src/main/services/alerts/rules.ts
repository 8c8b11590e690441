/**
 * The watch's alert rules as pure functions: a profile's recent samples and its open alerts in, alerts
 * fired and cleared out. Rules never send anything (the caller stores and announces); no clock but the
 * samples' own times, so the same samples always give the same answer.
 */
import type { WatchAlert, WatchRule, WatchSample } from '../../../shared/contract'

export interface RuleConfig {
  /** consecutive failed checks before "unreachable" fires */
  unreachableAfter: number
  /** after a rule fired for a profile, it does not fire again for that profile until this has passed */
  cooldownMs: number
}

export const DEFAULT_RULE_CONFIG: RuleConfig = { unreachableAfter: 3, cooldownMs: 60 * 60 * 1000 }

export interface RuleInput {
  profile: { id: string; name: string; nodeUrl: string }
  /** newest last; at least as many as unreachableAfter when there are that many */
  samples: readonly WatchSample[]
  open: readonly WatchAlert[]
  /** when each rule last fired for this profile (cleared or not) */
  lastFiredAt: Partial<Record<WatchRule, number>>
  config: RuleConfig
}

export interface RuleOutcome {
  fired: WatchAlert[]
  cleared: WatchAlert[]
}

/** What one rule says of the samples: firing with a message, recovered, or nothing to say (unknown). */
type Verdict = { firing: true; message: string } | { firing: false } | null

const SEVERITY: Record<WatchRule, WatchAlert['severity']> = { unreachable: 'critical', unhealthy: 'warning', notBootstrapped: 'warning' }

const RULES: Record<WatchRule, (samples: readonly WatchSample[], config: RuleConfig) => Verdict> = {
  unreachable(samples, { unreachableAfter }) {
    const last = samples.at(-1)
    if (!last) return null
    if (last.reachable) return { firing: false }
    const tail = samples.slice(-unreachableAfter)
    if (tail.length < unreachableAfter || tail.some((s) => s.reachable)) return null
    const why = last.error ? `: ${last.error}` : ''
    return { firing: true, message: `The node did not answer ${unreachableAfter} check${unreachableAfter === 1 ? '' : 's'} in a row${why}` }
  },
  unhealthy(samples) {
    const last = samples.at(-1)
    // Unreachable, or the health API not served: the rule has nothing to say either way.
    if (!last?.reachable || last.healthy === undefined) return null
    if (last.healthy) return { firing: false }
    const names = last.failingChecks.length ? `: ${last.failingChecks.join(', ')}` : ''
    return { firing: true, message: `The node reports failing health checks${names}` }
  },
  notBootstrapped(samples) {
    const last = samples.at(-1)
    if (!last?.reachable) return null
    const known = Object.entries(last.bootstrapped).filter(([, v]) => v !== null)
    if (known.length === 0) return null
    const behind = known.filter(([, v]) => v === false).map(([chain]) => chain)
    if (behind.length === 0) return { firing: false }
    return { firing: true, message: `The node has not finished bootstrapping: ${behind.map((c) => `${c}-Chain`).join(', ')}` }
  }
}

/** Applies every rule to a profile's samples. */
export function evaluateRules(input: RuleInput): RuleOutcome {
  const out: RuleOutcome = { fired: [], cleared: [] }
  const last = input.samples.at(-1)
  if (!last) return out
  for (const rule of Object.keys(RULES) as WatchRule[]) {
    const verdict = RULES[rule](input.samples, input.config)
    if (!verdict) continue
    const open = input.open.find((a) => a.rule === rule && a.clearedAt === null)
    if (!verdict.firing) {
      if (open) out.cleared.push({ ...open, clearedAt: last.at })
      continue
    }
    if (open) continue
    const previous = input.lastFiredAt[rule]
    if (previous !== undefined && last.at - previous < input.config.cooldownMs) continue
    out.fired.push({
      // Stable for this firing: a receiver told twice drops the repeat by it.
      id: `${input.profile.id}:${rule}:${last.at}`,
      profileId: input.profile.id,
      profileName: input.profile.name,
      nodeUrl: input.profile.nodeUrl,
      rule,
      severity: SEVERITY[rule],
      message: `${input.profile.name} (${input.profile.nodeUrl}): ${verdict.message}`,
      firedAt: last.at,
      clearedAt: null
    })
  }
  return out
}
