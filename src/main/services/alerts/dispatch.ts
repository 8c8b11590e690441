/**
 * From a check's outcome to what is handed to delivery. Every open alert of the checked profile is asked
 * why it might be held back (hold.ts); of those not held, what was never sent (fired now, or its hold just
 * ended) goes out, and what was sent longer ago than its repeat interval goes out again, saying how long it
 * has fired. What this check resolved goes out if it was ever sent. All of it as at most two messages, one
 * firing and one resolved, each with a line per alert: one message per channel, not one per rule.
 */
import type { Alert } from '../../../shared/contract'
import { ALERT_RULES, REPEAT_AFTER_MS, severityRank } from '../../../shared/contract'
import type { AlertMessage, MessageLine } from './channels/types'
import type { Hold, HoldReason } from './hold'

export interface DispatchInput {
  profile: { id: string; name: string; nodeUrl: string }
  /** the check's sample time */
  at: number
  /** the profile's open alerts after the check (what it fired among them) */
  open: readonly Alert[]
  /** what the check resolved */
  cleared: readonly Alert[]
  /** resolutions a silence held back, sent (their alerts were) now that it ended (quiet.ts) */
  released?: readonly Alert[]
  /** when each alert open before the check was last sent (null: never); one fired now is in none */
  notifiedAt: ReadonlyMap<string, number | null>
  hold: HoldReason
  /** how long after it was sent a firing alert is sent again, by severity; undefined: never */
  repeatAfterMs?: (severity: string) => number | undefined
}

export interface Dispatch {
  /** each open alert held back, and why */
  held: Map<string, Hold>
  messages: AlertMessage[]
  /** the alerts sent now (to mark: their repeat counts from here) */
  sent: string[]
}

const ruleIndex = (a: Alert): number => (ALERT_RULES as readonly string[]).indexOf(a.rule)
/** The most severe first; then what is new before a repeat; then the oldest; then in the rules' order (the panel's). */
const order = (a: MessageLine, b: MessageLine): number =>
  severityRank(b.alert.severity) - severityRank(a.alert.severity) ||
  (a.kind === 'repeat' ? 1 : 0) - (b.kind === 'repeat' ? 1 : 0) ||
  a.alert.firedAt - b.alert.firedAt ||
  ruleIndex(a.alert) - ruleIndex(b.alert) ||
  a.alert.id.localeCompare(b.alert.id)

export const defaultRepeatAfter = (severity: string): number | undefined => REPEAT_AFTER_MS[severity]

export function dispatch(input: DispatchInput): Dispatch {
  const { at, open } = input
  const repeatAfter = input.repeatAfterMs ?? defaultRepeatAfter
  const held = new Map<string, Hold>()
  const firing: MessageLine[] = []
  for (const alert of open) {
    const hold = input.hold(alert, { at, open })
    if (hold) {
      held.set(alert.id, hold)
      continue
    }
    const sentAt = input.notifiedAt.get(alert.id) ?? null
    const every = repeatAfter(alert.severity)
    const line = { alert, firingForMs: Math.max(0, at - alert.firedAt) }
    if (sentAt === null) firing.push({ ...line, kind: 'fired' })
    else if (every !== undefined && at - sentAt >= every) firing.push({ ...line, kind: 'repeat' })
  }
  // A resolution goes where the firing went: only for an alert that was sent. A notice (severity info: the
  // node bootstrapped, a validation started) told of a moment and clears at the next check: nothing to resolve.
  // Resolutions a silence held back come after it ends (quiet.ts).
  const resolved: MessageLine[] = [...input.cleared.filter((a) => a.severity !== 'info' && (input.notifiedAt.get(a.id) ?? null) !== null), ...(input.released ?? [])]
    .map((alert) => ({ alert, kind: 'resolved', firingForMs: Math.max(0, (alert.clearedAt ?? at) - alert.firedAt) }))
  const messages = [message(input, 'firing', firing), message(input, 'resolved', resolved)].filter((m): m is AlertMessage => m !== null)
  return { held, messages, sent: firing.map((l) => l.alert.id) }
}

function message(input: DispatchInput, state: AlertMessage['state'], lines: MessageLine[]): AlertMessage | null {
  if (lines.length === 0) return null
  lines.sort(order)
  const { profile, at } = input
  return { id: messageId(profile.id, at, lines), state, at, profileId: profile.id, profileName: profile.name, nodeUrl: profile.nodeUrl, lines }
}

/**
 * Stable for what it says, so the outbox writes it once and a retry carries the same id: a lone alert's first
 * firing or its resolution is the alert's own id; a lone repeat, the alert's id and the check's time; a group,
 * the profile and the check's time (one sample per profile and time).
 */
export function messageId(profileId: string, at: number, lines: readonly MessageLine[]): string {
  const only = lines.length === 1 ? lines[0]! : undefined
  if (only && only.kind !== 'repeat') return only.alert.id
  if (only) return `${only.alert.id}:repeat:${at}`
  return `${profileId}:check:${at}`
}
