import { ALERT_RULE_INFO, type Alert } from '../../../../shared/contract'
import { duration } from '../../../../shared/domain/format'
import type { MessageLine, Notice } from './types'

/**
 * The words every channel sends: the profile, node, rule, severity, state and message of the alert, in
 * one headline and a list of fields; for a message of several alerts (one check of one node), a summary
 * headline and a line per alert. Times in UTC (ISO 8601): a receiver may be anywhere.
 */

/** The id of every notice of a failing channel begins so (channel-failure.ts): it is about a channel, not a node's rule. */
export const CHANNEL_FAILING_PREFIX = 'channel-failing:'

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

export function ruleTitle(n: Notice): string {
  if (n.alert.id.startsWith(CHANNEL_FAILING_PREFIX)) return 'Alert channel failing'
  return ALERT_RULE_INFO[n.alert.rule]?.title ?? n.alert.rule
}

/** The id of every daily digest begins so (digest.ts): it is about the fleet, not a node's rule. */
export const DIGEST_PREFIX = 'digest:'

export function stateWord(n: Notice): string {
  if (n.state !== 'firing') return { resolved: 'RESOLVED', acknowledged: 'ACKNOWLEDGED', digest: 'DIGEST', test: 'TEST' }[n.state]
  return n.lines.every((l) => l.kind === 'repeat') ? 'STILL FIRING' : 'FIRING'
}

/** A message of several alerts (one check of one node): a summary title and a line per alert. */
const isGroup = (n: Notice): boolean => n.lines.length > 1

const titleOf = (a: Alert): string => ALERT_RULE_INFO[a.rule]?.title ?? a.rule

/** How long a line's alert fired, where that says something: a repeat, one sent after a hold, a resolution. */
function forHowLong(l: MessageLine): string | null {
  if (l.kind === 'repeat') return `firing for ${duration(l.firingForMs)}`
  if (l.kind === 'resolved') return `fired for ${duration(l.firingForMs)}`
  return l.firingForMs > 0 ? `firing since ${iso(l.alert.firedAt)}` : null
}

/** One alert of a message in one line: "[critical] Node unreachable: <message> (firing for 4 h 00 min)". */
export function lineText(l: MessageLine): string {
  const how = forHowLong(l)
  return `[${l.alert.severity}] ${titleOf(l.alert)}: ${l.alert.message}${how ? ` (${how})` : ''}`
}

export function headline(n: Notice): string {
  if (n.state === 'test') return `TEST: alerts from Node Operator Companion reach the channel "${n.channelName}"`
  if (n.state === 'digest') return `Daily digest of Node Operator Companion, ${n.alert.subject ?? ''}`
  if (n.alert.id.startsWith(CHANNEL_FAILING_PREFIX)) return `${stateWord(n)} [${n.alert.severity}] ${ruleTitle(n)}: "${n.alert.subject ?? ''}"`
  if (isGroup(n)) {
    const titles = [...new Set(n.lines.map((l) => titleOf(l.alert)))]
    const named = titles.length > 3 ? `${titles.slice(0, 3).join(', ')} and ${titles.length - 3} more` : titles.join(', ')
    return `${stateWord(n)} ${n.lines.length} alerts [${n.alert.severity}] on ${n.alert.profileName}: ${named}`
  }
  const how = n.lines[0]?.kind === 'repeat' ? forHowLong(n.lines[0]) : null
  return `${stateWord(n)} [${n.alert.severity}] ${ruleTitle(n)}: ${n.alert.profileName}${how ? `, ${how}` : ''}`
}

/** What the message says: the alert's message, or a line per alert (a bullet each) for several. */
export function body(n: Notice): string {
  if (!isGroup(n)) {
    const how = n.lines[0]?.kind === 'repeat' ? forHowLong(n.lines[0]) : null
    return how ? `${n.alert.message} (${how})` : n.alert.message
  }
  return n.lines.map((l) => `• ${lineText(l)}`).join('\n')
}

/** The fields of the alert (of the message, for several), labelled, in the order a person reads them. */
export function fields(n: Notice): Array<[label: string, value: string]> {
  const a = n.alert
  if (n.state === 'digest') return [['Message', a.message]]
  if (isGroup(n)) {
    return [
      ['Profile', a.profileName],
      ['Node', a.nodeUrl],
      ['Alerts', `${n.lines.length} (${n.lines.map((l) => l.alert.rule).join(', ')})`],
      ['Severity', a.severity],
      ['State', n.state],
      ['Alert id', n.deliveryId]
    ]
  }
  const out: Array<[string, string]> = [
    ['Profile', a.profileName],
    ['Node', a.nodeUrl],
    ['Rule', n.state === 'test' ? 'test' : a.id.startsWith(CHANNEL_FAILING_PREFIX) ? ruleTitle(n) : `${ruleTitle(n)} (${a.rule})`]
  ]
  if (a.subject) out.push(['Subject', a.subject])
  out.push(['Severity', a.severity], ['State', n.state], ['Message', a.message], ['Fired', iso(a.firedAt)])
  if (n.lines[0]?.kind === 'repeat') out.push(['Firing for', duration(n.lines[0].firingForMs)])
  if (a.clearedAt !== null) out.push(['Cleared', iso(a.clearedAt)])
  if (n.state === 'acknowledged' && a.acknowledgedAt !== null) out.push(['Acknowledged', iso(a.acknowledgedAt)])
  out.push(['Alert id', n.deliveryId])
  return out
}

/** The whole message as plain text: the headline, the line of each alert when several, then one "Label: value" line per field. */
export function plainText(n: Notice): string {
  return [headline(n), '', ...(isGroup(n) ? [body(n), ''] : []), ...fields(n).map(([k, v]) => `${k}: ${v}`)].join('\n')
}

/** For a push to a phone (ntfy, Pushover): what it says first, then its other fields as "Label: value" lines. */
export function messageText(n: Notice): string {
  return [body(n), ...fields(n).flatMap(([k, v]) => (k === 'Message' ? [] : [`${k}: ${v}`]))].join('\n')
}

/** Cuts a text to at most `max` characters, marking the cut. */
export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
