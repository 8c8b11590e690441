/**
 * Inhibition: an open alert of a node that explains others holds them back. A node that does not answer
 * says nothing true about its health, bootstrapping, peers, version or its validators' connections, and
 * those alerts, still open from before, would only repeat the one cause; a node still bootstrapping is not
 * connected to its validators' peers yet. The inhibited alerts stay open and listed, marked with what
 * inhibits them, and are sent once the cause clears if they still fire.
 */
import { ALERT_RULE_INFO, type AlertRule } from '../../../shared/contract'
import { utcText } from '../../../shared/domain/format'
import type { HoldPart } from './hold'

/** Which rules' open alerts (of the same profile) each rule's firing alert inhibits. */
export const INHIBITS: Partial<Record<AlertRule, readonly AlertRule[]>> = {
  // Not the disk's: a full disk is why a node stops answering, and its alert says so.
  unreachable: ['unhealthy', 'notBootstrapped', 'lowPeers', 'versionBehind', 'versionBelowMin', 'validatorNotConnected', 'querySuccess', 'badBlocks'],
  notBootstrapped: ['validatorNotConnected']
}

/** Held while an alert of a rule that inhibits its rule is open on its profile (the first such, in INHIBITS's order). */
export const inhibitionPart: HoldPart = (alert, { open }) => {
  for (const [source, targets] of Object.entries(INHIBITS) as Array<[AlertRule, readonly AlertRule[]]>) {
    if (!targets.includes(alert.rule)) continue
    const cause = open.find((a) => a.rule === source && a.clearedAt === null && a.profileId === alert.profileId && a.id !== alert.id)
    if (cause) return { kind: 'inhibited', by: cause.id, text: `inhibited by “${ALERT_RULE_INFO[source].title}” since ${utcText(cause.firedAt)}` }
  }
  return null
}
