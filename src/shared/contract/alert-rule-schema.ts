import { z } from 'zod'
import { ALERT_RULES } from './alert-rules'

/** A rule's name, as every method that takes one checks it (alerts.ts, alert-silences.ts). */
export const alertRuleSchema = z.enum(ALERT_RULES, {
  error: (issue) => `unknown rule ${JSON.stringify(issue.input)}: one of ${ALERT_RULES.join(', ')}`
})
