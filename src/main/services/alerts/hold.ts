/**
 * Whether an open alert is held back (stored and shown, not sent) and why: the one seam between "a check's
 * outcome" and "what is handed to delivery". Built from parts, each answering for one reason (inhibition
 * by another alert of the node, a silence or a maintenance window: quiet.ts); the first part that holds
 * an alert names the reason. The watch asks it for every open alert of the checked profile at each check,
 * and the Alerts panel for every open alert it lists, so both say the same.
 */
import type { Alert, AlertHold } from '../../../shared/contract'
import { holdOf, type QuietLike } from '../../../shared/domain/alert-silence'
import { inhibitionPart } from './inhibition'

/** A reason an alert is not sent: what holds it, in words. */
export type Hold = Omit<AlertHold, 'alertId'>

export interface HoldContext {
  /** when it is asked (the check's sample time, or now for the panel) */
  at: number
  /** the open alerts of the alert's profile at that time (the alert among them) */
  open: readonly Alert[]
}

/** One reason to hold an alert back, or null. */
export type HoldPart = (alert: Alert, ctx: HoldContext) => Hold | null

export type HoldReason = HoldPart

/** The first reason any part gives, in the order given. */
export function holdReasonOf(parts: readonly HoldPart[]): HoldReason {
  return (alert, ctx) => {
    for (const part of parts) {
      const hold = part(alert, ctx)
      if (hold) return hold
    }
    return null
  }
}

/** A silence or a maintenance window in force that matches the alert (shared/domain/alert-silence.ts); `by` is its id. */
export function silencePart(quiet: { quietAt: (at: number) => QuietLike }): HoldPart {
  // Read once for the alerts asked about together (one check's, one profile's of a list: the same `open`), not once per alert.
  let read: { open: readonly Alert[]; at: number; quiet: QuietLike } | undefined
  return (alert, { at, open }) => {
    if (read?.at !== at || read.open !== open) read = { open, at, quiet: quiet.quietAt(at) }
    const hold = holdOf(alert, read.quiet, at)
    return hold ? { kind: 'silenced', by: hold.id, text: hold.text } : null
  }
}

/** The app's reasons, in order: inhibited by another alert of the node (it names the cause), then silenced. */
export function appHoldReason(quiet: { quietAt: (at: number) => QuietLike }): HoldReason {
  return holdReasonOf([inhibitionPart, silencePart(quiet)])
}

/** Each open alert held back, with its reason: what alerts.list shows. */
export function holdsOf(open: readonly Alert[], reason: HoldReason, at: number): AlertHold[] {
  const byProfile = new Map<string, Alert[]>()
  for (const a of open) byProfile.set(a.profileId, [...(byProfile.get(a.profileId) ?? []), a])
  return open.flatMap((a) => {
    const hold = reason(a, { at, open: byProfile.get(a.profileId) ?? [] })
    return hold ? [{ alertId: a.id, ...hold }] : []
  })
}
