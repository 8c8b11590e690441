/** Words of an alert wherever it is shown (the Alerts and Validators panels): rule titles, severities, silence lengths. */
import { ALERT_RULE_INFO, type Alert, type AlertRule } from '../../../shared/contract'

export function ruleTitle(rule: AlertRule): string {
  return ALERT_RULE_INFO[rule].title
}

export function severityType(s: Alert['severity']): 'error' | 'warning' | 'info' {
  return s === 'critical' ? 'error' : s === 'warning' ? 'warning' : 'info'
}

/** The lengths a silence may be set for from the panel, in minutes (the contract allows at most a week). */
export const SILENCE_CHOICES = [
  { minutes: 15, label: '15 min' },
  { minutes: 60, label: '1 h' },
  { minutes: 8 * 60, label: '8 h' },
  { minutes: 24 * 60, label: '24 h' },
  { minutes: 7 * 24 * 60, label: 'a week' }
] as const
