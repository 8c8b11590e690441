/**
 * The fleet at a glance, for the desktop tray: its colour and tooltip say what needs a person. An open alert
 * that was acknowledged or is silenced does not colour the tray; it is counted apart in the tooltip
 * (the counting rule: shared/domain/alert-attention.ts).
 */
import { countAlerts, countText, worstNeeding, type AlertCounts } from '../../../shared/domain/alert-attention'
import type { Alert } from '../../../shared/contract'
import type { QuietLike } from '../../../shared/domain/alert-silence'

export interface FleetState {
  worst: 'ok' | 'warning' | 'critical' | 'unknown'
  /** the watched profiles' open alerts, by what they need */
  counts: AlertCounts
  watched: number
}

/** Critical or warning when an alert of that severity needs a person; unknown when no watched profile was checked yet. */
export function fleetStateOf(input: { open: readonly Alert[]; quiet: QuietLike; now: number; watched: number; checked: boolean }): FleetState {
  const counts = countAlerts(input.open, input.quiet, input.now)
  const worst = worstNeeding(counts) ?? (input.checked ? 'ok' : 'unknown')
  return { worst, counts, watched: input.watched }
}

const WORDS: Record<FleetState['worst'], string> = {
  ok: 'nothing needs you',
  warning: 'warnings need you',
  critical: 'critical alerts need you',
  unknown: 'not checked yet'
}

/** The tray's tooltip: the state in words, and what is behind it ("1 critical · 1 acknowledged"). */
export function trayTooltip(s: FleetState): string {
  if (s.watched === 0) return 'Node Operator Companion: no node watched'
  const alerts = countText(s.counts)
  return `Node Operator Companion: ${WORDS[s.worst]} (${s.watched} node${s.watched === 1 ? '' : 's'} watched${alerts ? `; alerts: ${alerts}` : ''})`
}
