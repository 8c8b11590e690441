import { ALERT_RULE_INFO } from '../../../../shared/contract'
import type { Notice } from './types'

/**
 * The words every channel sends: the profile, node, rule, severity, state and message of the alert, in
 * one headline and a list of fields. Times in UTC (ISO 8601): a receiver may be anywhere.
 */

/** The id of every notice of a failing channel begins so (channel-failure.ts): it is about a channel, not a node's rule. */
export const CHANNEL_FAILING_PREFIX = 'channel-failing:'

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

export function ruleTitle(n: Notice): string {
  if (n.alert.id.startsWith(CHANNEL_FAILING_PREFIX)) return 'Alert channel failing'
  return ALERT_RULE_INFO[n.alert.rule]?.title ?? n.alert.rule
}

export function stateWord(n: Notice): string {
  return n.state === 'firing' ? 'FIRING' : n.state === 'resolved' ? 'RESOLVED' : 'TEST'
}

export function headline(n: Notice): string {
  if (n.state === 'test') return `TEST: alerts from Node Operator Companion reach the channel "${n.channelName}"`
  if (n.alert.id.startsWith(CHANNEL_FAILING_PREFIX)) return `${stateWord(n)} [${n.alert.severity}] ${ruleTitle(n)}: "${n.alert.subject ?? ''}"`
  return `${stateWord(n)} [${n.alert.severity}] ${ruleTitle(n)}: ${n.alert.profileName}`
}

/** The fields of the alert, labelled, in the order a person reads them. */
export function fields(n: Notice): Array<[label: string, value: string]> {
  const a = n.alert
  const out: Array<[string, string]> = [
    ['Profile', a.profileName],
    ['Node', a.nodeUrl],
    ['Rule', n.state === 'test' ? 'test' : a.id.startsWith(CHANNEL_FAILING_PREFIX) ? ruleTitle(n) : `${ruleTitle(n)} (${a.rule})`]
  ]
  if (a.subject) out.push(['Subject', a.subject])
  out.push(['Severity', a.severity], ['State', n.state], ['Message', a.message], ['Fired', iso(a.firedAt)])
  if (a.clearedAt !== null) out.push(['Cleared', iso(a.clearedAt)])
  out.push(['Alert id', n.deliveryId])
  return out
}

/** The whole message as plain text: the headline, then one "Label: value" line per field. */
export function plainText(n: Notice): string {
  return [headline(n), '', ...fields(n).map(([k, v]) => `${k}: ${v}`)].join('\n')
}

/** Cuts a text to at most `max` characters, marking the cut. */
export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
