import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { MAX_WINDOW_MINUTES, scheduleProblem } from '../domain/maintenance-window'
import { isTimeZone } from '../domain/zoned-time'
import { idSchema } from './common'
import { alertRuleSchema } from './alert-rule-schema'

/**
 * Quiet times (issue 34): silences set by a person or a script for planned work, and recurring maintenance
 * windows. What they hold is still evaluated, stored and shown, marked silenced; it is not sent, and an alert
 * still firing when its silence ends is sent then, once (services/alerts/quiet.ts; the matching and window
 * maths: shared/domain/alert-silence.ts and maintenance-window.ts).
 */

/** The longest silence: a week. Longer planned work is a maintenance window; a rule never wanted is turned off. */
export const MAX_SILENCE_MINUTES = 7 * 24 * 60

const time = z.number().int().nonnegative()

export const silenceSchema = z
  .object({
    id: z.string().max(100),
    /** null: every profile */
    profileId: idSchema.nullable(),
    /** null: every rule */
    rule: alertRuleSchema.nullable(),
    /** null: every subject (the node and each NodeID or validation of it) */
    subject: z.string().max(300).nullable(),
    startsAt: time,
    endsAt: time,
    reason: z.string().max(500),
    createdBy: z.string().max(100),
    createdAt: time
  })
  .strict()
export type Silence = z.infer<typeof silenceSchema>

const weeklySchema = z
  .object({
    kind: z.literal('weekly'),
    /** 0 Sunday … 6 Saturday */
    days: z.array(z.number().int()).max(7),
    /** local start, HH:MM (24 h) */
    at: z.string().max(5)
  })
  .strict()
const cronSchema = z.object({ kind: z.literal('cron'), expr: z.string().max(200) }).strict()
export const windowScheduleSchema = z
  .discriminatedUnion('kind', [weeklySchema, cronSchema], { error: 'schedule must be { kind: "weekly", days, at } or { kind: "cron", expr }' })
  .superRefine((s, ctx) => {
    const problem = scheduleProblem(s)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { error: (issue) => `unknown time zone ${JSON.stringify(issue.input)}: an IANA name such as Europe/Berlin, America/New_York or UTC` })

export const maintenanceWindowSchema = z
  .object({
    id: z.string().max(100),
    name: z.string().max(100),
    /** null: every profile */
    profileId: idSchema.nullable(),
    schedule: windowScheduleSchema,
    durationMinutes: z.number().int().min(1).max(MAX_WINDOW_MINUTES),
    timeZone: z.string().max(64)
  })
  .strict()
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>

const trimmed = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} must not be empty`)
    .max(max, `${what} must be at most ${max} characters`)

const quietList = z.object({ silences: z.array(silenceSchema), windows: z.array(maintenanceWindowSchema) }).strict()

export const alertSilenceMethods = {
  'alerts.silences': defineMethod({
    summary: 'The silences in force or yet to start, and the maintenance windows (of one profile, or all)',
    effect: 'read',
    input: z.object({ profileId: idSchema.optional() }).strict(),
    output: quietList
  }),
  'alerts.addSilence': defineMethod({
    summary: "Silence the alerts that match (profile, rule, subject; null: any) for a number of minutes: they are kept and shown, not sent",
    effect: 'local',
    input: z
      .object({
        profileId: idSchema.nullable(),
        rule: alertRuleSchema.nullable(),
        subject: z.string().trim().min(1).max(300).nullable().default(null),
        minutes: z
          .number({ error: 'minutes must be a whole number' })
          .int({ error: 'minutes must be a whole number' })
          .min(1, { error: 'minutes must be 1 or more' })
          .max(MAX_SILENCE_MINUTES, { error: `minutes must be at most ${MAX_SILENCE_MINUTES} (a week); for recurring work add a maintenance window` }),
        /** ms since epoch; default now. At most 30 days ahead. */
        startsAt: time.optional(),
        reason: trimmed('reason', 500),
        by: trimmed('by (who sets it)', 100)
      })
      .strict(),
    output: silenceSchema,
    invalidates: ['alerts.list', 'alerts.silences', 'watch.status']
  }),
  'alerts.expireSilence': defineMethod({
    summary: 'End a silence now (what it held and still fires is sent at its next check)',
    effect: 'local',
    input: z.object({ id: z.string().min(1).max(100) }).strict(),
    output: silenceSchema,
    invalidates: ['alerts.list', 'alerts.silences', 'watch.status']
  }),
  'alerts.setWindow': defineMethod({
    summary: 'Add a maintenance window (no id) or change one: weekly days and a local time, or a cron expression, for a duration, in a named time zone',
    effect: 'local',
    input: z
      .object({
        id: z.string().min(1).max(100).optional(),
        name: trimmed('name', 100),
        profileId: idSchema.nullable(),
        schedule: windowScheduleSchema,
        durationMinutes: z
          .number({ error: 'durationMinutes must be a whole number' })
          .int({ error: 'durationMinutes must be a whole number' })
          .min(1, { error: 'durationMinutes must be 1 or more' })
          .max(MAX_WINDOW_MINUTES, { error: `durationMinutes must be at most ${MAX_WINDOW_MINUTES} (a week)` }),
        timeZone: timeZoneSchema
      })
      .strict(),
    output: maintenanceWindowSchema,
    invalidates: ['alerts.list', 'alerts.silences', 'watch.status']
  }),
  'alerts.removeWindow': defineMethod({
    summary: 'Remove a maintenance window',
    effect: 'local',
    input: z.object({ id: z.string().min(1).max(100) }).strict(),
    output: quietList,
    invalidates: ['alerts.list', 'alerts.silences', 'watch.status']
  })
} as const
