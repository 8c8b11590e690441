/**
 * Lifecycle notices (severity info, off until turned on): what went right, told once. Each fires on the check
 * that sees the change and clears on the next; the cooldown keeps a flapping node from telling it again.
 * - the node finished bootstrapping (a chain was behind at the check before, none is now);
 * - a validation started (a NodeID asked for was not in the current set, and now is);
 * - the node is healthy again after an upgrade (its version differs from the one it ran when last healthy,
 *   and it was unhealthy or unreachable in between: a restart into a new version).
 */
import type { WatchSample, WatchedValidator } from '../../../shared/contract'
import type { CheckContext, Verdicts } from './verdicts'

const subjectOf = (v: WatchedValidator): string => (v.subnetID ? `${v.nodeID}@${v.subnetID}` : v.nodeID)
const nameOf = (v: WatchedValidator): string => (v.subnetID ? `${v.nodeID} on subnet ${v.subnetID}` : v.nodeID)

function bootstrappedNotice(last: WatchSample, before: WatchSample | undefined, out: Verdicts): void {
  if (!before) return
  const behind = Object.values(before.bootstrapped).some((v) => v === false)
  const now = Object.values(last.bootstrapped)
  if (behind && now.every((v) => v !== false) && now.some((v) => v === true)) out.set('bootstrapped', { firing: true, message: 'the node has finished bootstrapping' })
}

function validationNotices(last: WatchSample, before: WatchSample | undefined, out: Verdicts): void {
  if (!last.validators || !before?.validators) return
  const waiting = new Set(before.validators.filter((v) => !v.validating).map(subjectOf))
  for (const v of last.validators)
    if (v.validating && waiting.has(subjectOf(v))) out.set(`validating:${subjectOf(v)}`, { firing: true, message: `validator ${nameOf(v)} has started validating: it is in the current validator set` })
}

function upgradeNotice({ series }: CheckContext, out: Verdicts): void {
  const last = series.at(-1)
  const previous = series.at(-2)
  if (!last?.reachable || last.healthy !== true || !last.version || !previous) return
  if (previous.reachable && previous.healthy === true) return
  const wasHealthy = series.slice(0, -1).findLast((p) => p.reachable && p.healthy === true && p.version)
  if (!wasHealthy || wasHealthy.version === last.version) return
  out.set(`upgraded:${last.version}`, { firing: true, message: `the node is healthy again after its upgrade from ${wasHealthy.version} to ${last.version}` })
}

export function lifecycleNotices(ctx: CheckContext): Verdicts | null {
  const reachable = ctx.samples.filter((s) => s.reachable)
  const last = ctx.samples.at(-1)
  if (!last?.reachable) return null
  const before = reachable.at(-2)
  const out: Verdicts = new Map()
  bootstrappedNotice(last, before, out)
  validationNotices(last, before, out)
  upgradeNotice(ctx, out)
  return out
}
