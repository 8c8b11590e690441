/** Words of the Alerts panel's delivery log. Rule titles, severities and mute lengths: components/alert-text.ts. */
import type { DeliveryOutcome } from '../../../../shared/contract'

export function outcomeType(o: DeliveryOutcome): 'success' | 'warning' | 'error' {
  return o === 'delivered' ? 'success' : o === 'retrying' ? 'warning' : 'error'
}

export const OUTCOME_TEXT: Record<DeliveryOutcome, string> = {
  delivered: 'delivered',
  retrying: 'failed, will retry',
  'gave-up': 'gave up',
  refused: 'refused by the receiver'
}
