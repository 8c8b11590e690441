/**
 * Which open alerts still need a person, and how they are counted, wherever alerts are counted: the Alerts
 * panel's tab and list, the Fleet view's head and rows, the Validators page's alert list and the desktop
 * tray. One rule: an open alert needs a person until it is acknowledged or silenced (a silence or a
 * maintenance window holds it: alert-silence.ts); those are counted apart ("1 critical · 1 acknowledged")
 * and shown dimmed, never in red.
 *
 * Structural types only (no contract import): main and the renderer both pass their alerts and quiet times.
 */
import { holdOf, type QuietLike } from './alert-silence'

export type AlertAttention = 'needs' | 'acknowledged' | 'silenced' | 'cleared'

interface CountedAlert {
  profileId: string
  rule: string
  subject: string | null
  severity: 'critical' | 'warning' | 'info'
  clearedAt: number | null
  acknowledgedAt: number | null
}
/**
 * Whether an alert needs a person now. Acknowledged is said before silenced: a person has seen it, whatever
 * the silence. A silence that has run out (or a window that is over) no longer counts.
 */
export function attentionOf(alert: CountedAlert, quiet: QuietLike, now: number): AlertAttention {
  if (alert.clearedAt !== null) return 'cleared'
  if (alert.acknowledgedAt !== null) return 'acknowledged'
  if (holdOf(alert, quiet, now)) return 'silenced'
  return 'needs'
}

export interface AlertCounts {
  /** open, unacknowledged, not silenced: by severity (notices, severity info, need no one and are not counted) */
  critical: number
  warning: number
  /** open, acknowledged by a person */
  acknowledged: number
  /** open, silenced (and not acknowledged) */
  silenced: number
}

/** The open alerts of a list counted by what they need (cleared ones are left out). */
export function countAlerts(alerts: readonly CountedAlert[], quiet: QuietLike, now: number): AlertCounts {
  const c: AlertCounts = { critical: 0, warning: 0, acknowledged: 0, silenced: 0 }
  for (const a of alerts) {
    const at = attentionOf(a, quiet, now)
    if (at === 'needs') {
      if (a.severity !== 'info') c[a.severity]++
    }
    else if (at !== 'cleared') c[at]++
  }
  return c
}

/** How many open alerts need a person. */
export const needingCount = (c: AlertCounts): number => c.critical + c.warning

/** How many are open at all, handled or not. */
export const openCount = (c: AlertCounts): number => c.critical + c.warning + c.acknowledged + c.silenced

/** The worst of what needs a person: 'critical', 'warning', or null when nothing open needs one. */
export function worstNeeding(c: AlertCounts): 'critical' | 'warning' | null {
  return c.critical > 0 ? 'critical' : c.warning > 0 ? 'warning' : null
}

/** The parts of the counts with a number, in the order they are read: what needs a person first. */
export function countParts(c: AlertCounts): { kind: keyof AlertCounts; count: number; text: string }[] {
  return (['critical', 'warning', 'acknowledged', 'silenced'] as const)
    .filter((kind) => c[kind] > 0)
    .map((kind) => ({ kind, count: c[kind], text: `${c[kind]} ${kind}` }))
}

/** "1 critical · 1 acknowledged"; '' when nothing is open. */
export function countText(c: AlertCounts): string {
  return countParts(c)
    .map((p) => p.text)
    .join(' · ')
}
