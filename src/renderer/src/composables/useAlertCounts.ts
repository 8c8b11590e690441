/**
 * Counts of open alerts by what they need (shared/domain/alert-attention.ts), with the silences and windows and
 * main's time now: the one way every view of the page counts alerts, so the Alerts tab, the Fleet view and
 * the Validators page agree on "1 critical · 1 acknowledged".
 */
import type { Alert } from '../../../shared/contract'
import { countAlerts, type AlertCounts } from '../../../shared/domain/alert-attention'
import { useAlertsStore } from '../stores/alerts'
import { useWatchStore } from '../stores/watch'
import { useNow } from './useNow'

export function useAlertCounts(): (alerts: readonly Alert[]) => AlertCounts {
  const store = useAlertsStore()
  const watch = useWatchStore()
  const now = useNow()
  // reactive where it is called inside a computed: it reads the silences, windows, the clock and the skew
  return (alerts) => countAlerts(alerts, { silences: store.silences, windows: store.windows }, now.value - watch.skewMs)
}
