/** A maintenance window's schedule in words: "Sun, Sat at 03:00 for 2 h (Europe/Berlin)", "cron 0 3 * * 1-5 for 30 min (UTC)". */
import type { MaintenanceWindow } from '../../../../shared/contract'
import { duration } from '../../../../shared/domain/format'

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

export function scheduleText(w: Pick<MaintenanceWindow, 'schedule' | 'durationMinutes' | 'timeZone'>): string {
  const s = w.schedule
  const when = s.kind === 'weekly' ? `${[...s.days].sort((a, b) => a - b).map((d) => WEEKDAYS[d]).join(', ')} at ${s.at}` : `cron ${s.expr}`
  return `${when} for ${duration(w.durationMinutes * 60_000)} (${w.timeZone})`
}
