/** Words of the Alerts panel's delivery log. Rule titles, severities and silence lengths: components/alert-text.ts. */
import type { ChannelView, DeliveryOutcome, DeliveryState } from '../../../../shared/contract'

export function outcomeType(o: DeliveryOutcome): 'success' | 'warning' | 'error' {
  return o === 'delivered' ? 'success' : o === 'retrying' ? 'warning' : 'error'
}

export const OUTCOME_TEXT: Record<DeliveryOutcome, string> = {
  delivered: 'delivered',
  retrying: 'failed, will retry',
  'gave-up': 'gave up',
  refused: 'refused by the receiver'
}

const SEVERITY_TEXT: Record<string, string> = { info: 'every alert and notice', warning: 'every alert', critical: 'critical alerts only' }
const DAY_TEXT: Record<string, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' }

/**
 * What a channel takes, in a line: "critical alerts only · of 2 profiles · 3 rules · Mon–Fri 09:00–18:00
 * Europe/Paris, else waits · digest at 08:00". `profileName` names a profile id (a removed one: its id).
 */
export function routingText(c: Pick<ChannelView, 'minSeverity' | 'routing' | 'digest'>, profileName: (id: string) => string): string {
  const parts = [SEVERITY_TEXT[c.minSeverity] ?? c.minSeverity]
  const { profiles, rules, activeHours: h } = c.routing
  if (profiles.length > 0) parts.push(profiles.length <= 2 ? `of ${profiles.map(profileName).join(', ')}` : `of ${profiles.length} profiles`)
  if (rules.length > 0) parts.push(rules.length <= 2 ? `rules ${rules.join(', ')}` : `${rules.length} rules`)
  if (h) {
    const every = h.days.length === 7
    const weekdays = h.days.join(',') === 'mon,tue,wed,thu,fri'
    const days = every ? 'every day' : weekdays ? 'Mon–Fri' : h.days.map((d) => DAY_TEXT[d] ?? d).join(' ')
    const span = h.from === h.to ? 'all day' : `${h.from}–${h.to}`
    parts.push(`${days} ${span} ${h.timeZone}, ${h.outside === 'wait' ? 'else waits for its hours' : 'else left to the other channels'}`)
  } else parts.push('at any time')
  if (c.digest) parts.push(`digest at ${c.digest.at} ${c.digest.timeZone}`)
  return parts.join(' · ')
}

/** What a try carried, in words: "firing alert", "test", "daily digest", "acknowledgement". */
export function stateText(state: DeliveryState): string {
  return state === 'test' ? 'test' : state === 'digest' ? 'daily digest' : state === 'acknowledged' ? 'acknowledgement' : `${state} alert`
}
