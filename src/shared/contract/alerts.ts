import { z } from 'zod'
import { defineEvent, defineMethod } from '../rpc/contract-types'
import { idSchema } from './common'
import { ALERT_RULES, ALERT_RULE_INFO, SEVERITIES } from './alert-rules'
import { MAX_FOR_CHECKS } from './alert-pending'
import { alertRuleSchema } from './alert-rule-schema'
import { maintenanceWindowSchema, silenceSchema } from './alert-silences'

/**
 * The alerts area: the rules the watch applies to every profile's samples (services/alerts/rules.ts),
 * each rule's settings per profile, the alerts they raise (open, past, acknowledged, silenced), and the
 * event that tells the renderer and the channels when one fires or resolves. Silences and maintenance
 * windows: alert-silences.ts.
 */
export * from './alert-rules'
export * from './alert-pending'
export * from './alert-silences'

export { alertRuleSchema }

const text = z.string().max(2_000)

export const alertSchema = z
  .object({
    /** stable for one firing: a receiver drops repeats by it */
    id: z.string().max(300),
    profileId: idSchema,
    profileName: z.string().max(200),
    nodeUrl: z.string().max(500),
    rule: alertRuleSchema,
    /** what the alert is about within the node: a NodeID, a validation ID, with its tier ("NodeID-…:1d"); null: the node */
    subject: z.string().max(300).nullable(),
    severity: z.enum(SEVERITIES),
    message: text,
    firedAt: z.number().int().nonnegative(),
    clearedAt: z.number().int().nonnegative().nullable(),
    acknowledgedAt: z.number().int().nonnegative().nullable()
  })
  .strict()
export type Alert = z.infer<typeof alertSchema>
export type AlertState = 'firing' | 'resolved'

export const ruleSettingSchema = z
  .object({
    rule: alertRuleSchema,
    enabled: z.boolean(),
    /** number for counted rules, a version for versionBelowMin, null where the rule has none (or none set) */
    threshold: z.union([z.number(), z.string().max(40)]).nullable(),
    /** checks in a row the condition must hold before it fires (alert-pending.ts); unreachable: 1, its threshold counts */
    forChecks: z.number().int().min(1).max(MAX_FOR_CHECKS)
  })
  .strict()
export type RuleSetting = z.infer<typeof ruleSettingSchema>

export const profileRulesSchema = z.object({ profileId: idSchema, rules: z.array(ruleSettingSchema) }).strict()
export type ProfileRules = z.infer<typeof profileRulesSchema>

/** "1.13.0", "v1.13.0" or "avalanchego/1.13.0": what versionBelowMin compares with. */
export const VERSION_PATTERN = /^(?:avalanchego\/|v)?(\d{1,4})\.(\d{1,4})\.(\d{1,4})$/

const ruleChange = z
  .object({
    rule: alertRuleSchema,
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    threshold: z.union([z.number(), z.string().max(40)]).nullable().optional(),
    /** null: back to the rule's default */
    forChecks: z.number().nullable().optional()
  })
  .strict()
  .superRefine((change, ctx) => {
    const f = change.forChecks
    if (f !== undefined && f !== null) {
      if (change.rule === 'unreachable')
        ctx.addIssue({ code: 'custom', path: ['forChecks'], message: `“${ALERT_RULE_INFO.unreachable.title}” counts its failed checks with its threshold: set that instead` })
      else if (!Number.isInteger(f) || f < 1 || f > MAX_FOR_CHECKS)
        ctx.addIssue({ code: 'custom', path: ['forChecks'], message: `forChecks takes a whole number of checks from 1 to ${MAX_FOR_CHECKS} (1: fire on the first check that sees it)` })
    }
    if (change.threshold === undefined) return
    const info = ALERT_RULE_INFO[change.rule].threshold
    const t = change.threshold
    if (!info) {
      if (t !== null) ctx.addIssue({ code: 'custom', path: ['threshold'], message: `“${ALERT_RULE_INFO[change.rule].title}” (${change.rule}) has no threshold: leave it out` })
      return
    }
    if (info.kind === 'version') {
      if (t !== null && (typeof t !== 'string' || !VERSION_PATTERN.test(t.trim())))
        ctx.addIssue({ code: 'custom', path: ['threshold'], message: `“${ALERT_RULE_INFO[change.rule].title}” takes a version such as 1.13.0 (or null for none)` })
      return
    }
    // null: back to the default.
    if (t !== null && (typeof t !== 'number' || !Number.isFinite(t) || t < info.min || t > info.max || (info.unit !== '%' && !Number.isInteger(t))))
      ctx.addIssue({
        code: 'custom',
        path: ['threshold'],
        message: `“${ALERT_RULE_INFO[change.rule].title}” takes ${info.unit === '%' ? 'a number' : 'a whole number'} from ${info.min} to ${info.max} ${info.unit} (${info.describe})`
      })
  })

/**
 * Why an open alert is held back (stored and shown, not sent): inhibited by another open alert of its node
 * (`by` is that alert's id), or silenced by a silence or a maintenance window (`by` is its id). `text` says it in
 * words ("inhibited by “Node unreachable” since …", "silenced by ops: upgrade").
 */
export const alertHoldSchema = z
  .object({ alertId: z.string().max(300), kind: z.enum(['inhibited', 'silenced']), by: z.string().max(300), text: text })
  .strict()
export type AlertHold = z.infer<typeof alertHoldSchema>

export const alertMethods = {
  'alerts.list': defineMethod({
    summary: 'Open alerts of every profile (or one), past ones newest first, why each held-back open alert is not sent (inhibited, silenced), and the silences and maintenance windows',
    effect: 'read',
    input: z
      .object({ profileId: idSchema.optional(), limit: z.number().int().min(1, 'limit must be from 1 to 1000').max(1_000, 'limit must be from 1 to 1000').default(200) })
      .strict(),
    output: z
      .object({
        open: z.array(alertSchema),
        past: z.array(alertSchema),
        holds: z.array(alertHoldSchema),
        silences: z.array(silenceSchema),
        windows: z.array(maintenanceWindowSchema)
      })
      .strict()
  }),
  'alerts.rules': defineMethod({
    summary: "One profile's rules: each on or off, with its threshold",
    effect: 'read',
    input: z.object({ profileId: idSchema }).strict(),
    output: profileRulesSchema
  }),
  'alerts.setRules': defineMethod({
    summary: 'Turn rules on or off for one profile, or change their thresholds',
    effect: 'local',
    input: z.object({ profileId: idSchema, rules: z.array(ruleChange).min(1, 'name at least one rule').max(ALERT_RULES.length * 2) }).strict(),
    output: profileRulesSchema,
    invalidates: ['alerts.rules']
  }),
  'alerts.acknowledge': defineMethod({
    summary: 'Mark an open alert as seen (it stays open until its condition clears)',
    effect: 'local',
    input: z.object({ id: z.string().min(1).max(300) }).strict(),
    output: alertSchema,
    invalidates: ['alerts.list', 'watch.status']
  })
} as const

export const alertEvents = {
  'alerts.changed': defineEvent({
    summary: 'An alert fired or resolved (for notifications and the Alerts panel)',
    /** hold: why a firing alert is not sent (inhibited, silenced): a notification is not shown for it either */
    payload: z.object({ alert: alertSchema, state: z.enum(['firing', 'resolved']), hold: alertHoldSchema.omit({ alertId: true }).optional() }).strict()
  })
} as const
