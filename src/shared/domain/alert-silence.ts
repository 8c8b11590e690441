/**
 * Whether an alert is held back now, and by what: a silence (matchers on profile, rule and subject, for a
 * time, with a reason and who set it) or a maintenance window in force (maintenance-window.ts). A held alert
 * is still evaluated, stored and shown, marked silenced; it is not sent. Main decides delivery with this and
 * the renderer what it marks, so both say the same.
 *
 * Structural types only (no contract import).
 */
import { windowAt, type WindowLike } from './maintenance-window'

export interface SilenceLike {
  id: string
  /** null: every profile */
  profileId: string | null
  /** null: every rule */
  rule: string | null
  /** null: every subject (the node itself and each NodeID or validation) */
  subject: string | null
  startsAt: number
  endsAt: number
  reason: string
  createdBy: string
}

export interface MaintenanceWindowLike extends WindowLike {
  id: string
  name: string
  /** null: every profile */
  profileId: string | null
}

export interface QuietLike {
  silences: readonly SilenceLike[]
  windows: readonly MaintenanceWindowLike[]
}

export interface HeldAlert {
  profileId: string
  rule: string
  subject: string | null
}

export interface Hold {
  kind: 'silence' | 'window'
  /** the silence's or window's id */
  id: string
  /** when it stops holding this alert (ms) */
  until: number
  /** "silenced by ops: upgrade", "maintenance window “Sunday reboot”" */
  text: string
}

export const silenceMatches = (s: SilenceLike, a: HeldAlert, at: number): boolean =>
  s.startsAt <= at && at < s.endsAt && (s.profileId === null || s.profileId === a.profileId) && (s.rule === null || s.rule === a.rule) && (s.subject === null || s.subject === a.subject)

/** What holds an alert back at `at` (the one that holds it longest), or null when it may be sent. */
export function holdOf(alert: HeldAlert, quiet: QuietLike, at: number): Hold | null {
  let best: Hold | null = null
  for (const s of quiet.silences)
    if (silenceMatches(s, alert, at) && (!best || s.endsAt > best.until)) best = { kind: 'silence', id: s.id, until: s.endsAt, text: `silenced by ${s.createdBy}: ${s.reason}` }
  for (const w of quiet.windows) {
    if (w.profileId !== null && w.profileId !== alert.profileId) continue
    const on = windowAt(w, at)
    if (on && (!best || on.end > best.until)) best = { kind: 'window', id: w.id, until: on.end, text: `maintenance window “${w.name}”` }
  }
  return best
}
