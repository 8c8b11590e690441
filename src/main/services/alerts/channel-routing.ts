/**
 * Which channels an alert change goes to, and when (issue 34, point 7). A channel takes an alert of the
 * profiles and rules it names (none named: all) at or above its lowest severity. Within its active hours
 * (in its time zone) it is sent at once; outside them it waits for the hours to begin ("wait") or is left
 * to the other channels ("others"). A resolve or an acknowledgement goes where the firing went, never to a
 * channel that was not told of the alert, and not before the hours of a channel that waits for them.
 */
import { SEVERITIES, WEEKDAYS, severityRank as rankOf, type ActiveHours, type Alert, type ChannelRouting, type Severity } from '../../../shared/contract'
import { localTime, minutesOf, nextLocal } from './zoned-time'

export type OutboxState = 'firing' | 'resolved' | 'acknowledged'

/** The rules' one rank (info < warning < critical) of a stored text; a severity this version does not know ranks as warning. */
export const severityRank = (s: string): number => rankOf((SEVERITIES as readonly string[]).includes(s) ? (s as Severity) : 'warning')

export interface RoutedChannel {
  id: string
  kind: string
  minSeverity: string
  routing: ChannelRouting
}

/** Whether a channel takes an alert at all (its profiles, rules and lowest severity), whatever the hour. */
export function takes(channel: RoutedChannel, alert: Pick<Alert, 'profileId' | 'rule' | 'severity'>): boolean {
  const { profiles, rules } = channel.routing
  if (severityRank(alert.severity) < severityRank(channel.minSeverity)) return false
  if (profiles.length > 0 && !profiles.includes(alert.profileId)) return false
  if (rules.length > 0 && !rules.includes(alert.rule)) return false
  return true
}

/** Whether an instant falls in the active hours. */
export function inHours(hours: ActiveHours, at: number): boolean {
  const t = localTime(at, hours.timeZone)
  const from = minutesOf(hours.from)
  const to = minutesOf(hours.to)
  if (from === to) return hours.days.includes(t.weekday)
  if (from < to) return hours.days.includes(t.weekday) && t.minute >= from && t.minute < to
  // Past midnight: the evening of a day named, or the morning after one.
  const yesterday = WEEKDAYS[(WEEKDAYS.indexOf(t.weekday) + 6) % 7]!
  return (t.minute >= from && hours.days.includes(t.weekday)) || (t.minute < to && hours.days.includes(yesterday))
}

/** When the hours next hold from `at`: `at` itself within them, else when they begin. */
export function hoursBegin(hours: ActiveHours, at: number): number {
  return inHours(hours, at) ? at : nextLocal(at, minutesOf(hours.from), hours.timeZone, hours.days)
}

/**
 * When to send an alert change to a channel, or null: not to this one. `told`: the channel was written the
 * alert's firing (a resolve or an acknowledgement follows only that).
 */
export function sendAt(channel: RoutedChannel, alert: Alert, state: OutboxState, at: number, told: boolean): number | null {
  if (state === 'firing') {
    if (!takes(channel, alert)) return null
  } else {
    if (!told) return null
    // PagerDuty alone acts on an acknowledgement (it stops the escalation); to the others it is no news.
    if (state === 'acknowledged' && channel.kind !== 'pagerduty') return null
  }
  const hours = channel.routing.activeHours
  if (!hours || inHours(hours, at)) return at
  if (hours.outside === 'wait') return hoursBegin(hours, at)
  // "others": a firing outside the hours is not this channel's; the end of one it was told of still is.
  return state === 'firing' ? null : at
}
