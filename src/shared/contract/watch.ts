import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { emptyInput, idSchema } from './common'

/**
 * The watch area: every profile's node checked on its own interval with no window open, the samples
 * those checks keep, and the alerts the rules raise from them (services/watch, services/alerts).
 */
const shortText = z.string().max(500)

export const WATCH_RULES = ['unreachable', 'unhealthy', 'notBootstrapped'] as const
export const watchRuleSchema = z.enum(WATCH_RULES)
export type WatchRule = z.infer<typeof watchRuleSchema>

/** One check of one profile's node. A part the node does not serve (its API off) is left out: unknown. */
export const watchSampleSchema = z
  .object({
    profileId: idSchema,
    at: z.number().int().nonnegative(),
    /** whether the node answered at all (an answer "not served here" counts) */
    reachable: z.boolean(),
    /** why it was not reachable, in words */
    error: shortText.optional(),
    healthy: z.boolean().optional(),
    /** names of the health checks that failed */
    failingChecks: z.array(shortText).max(500),
    /** per chain: true/false, or null when the node did not say */
    bootstrapped: z.object({ P: z.boolean().nullable(), X: z.boolean().nullable(), C: z.boolean().nullable() }).strict(),
    version: shortText.optional(),
    peers: z.number().int().nonnegative().optional()
  })
  .strict()
export type WatchSample = z.infer<typeof watchSampleSchema>

export const watchAlertSchema = z
  .object({
    /** stable for one firing: a receiver drops repeats by it */
    id: z.string().max(200),
    profileId: idSchema,
    profileName: shortText,
    nodeUrl: shortText,
    rule: watchRuleSchema,
    severity: z.enum(['critical', 'warning']),
    message: z.string().max(2_000),
    firedAt: z.number().int().nonnegative(),
    clearedAt: z.number().int().nonnegative().nullable()
  })
  .strict()
export type WatchAlert = z.infer<typeof watchAlertSchema>

export const MIN_WATCH_INTERVAL_SEC = 5
export const MAX_WATCH_INTERVAL_SEC = 86_400

export const watchProfileSettingsSchema = z
  .object({
    profileId: idSchema,
    enabled: z.boolean(),
    intervalSec: z.number().int().min(MIN_WATCH_INTERVAL_SEC).max(MAX_WATCH_INTERVAL_SEC),
    /** consecutive failed checks before "unreachable" fires */
    unreachableAfter: z.number().int().min(1).max(100)
  })
  .strict()
export type WatchProfileSettings = z.infer<typeof watchProfileSettingsSchema>

const setSettingsInput = z
  .object({
    profileId: idSchema,
    enabled: z.boolean().optional(),
    intervalSec: z
      .number({ error: 'intervalSec must be a whole number of seconds' })
      .int({ error: 'intervalSec must be a whole number of seconds' })
      .min(MIN_WATCH_INTERVAL_SEC, { error: `intervalSec must be at least ${MIN_WATCH_INTERVAL_SEC} seconds; to stop checking, set enabled to false` })
      .max(MAX_WATCH_INTERVAL_SEC, { error: `intervalSec must be at most ${MAX_WATCH_INTERVAL_SEC} seconds (one day)` })
      .optional(),
    unreachableAfter: z
      .number()
      .int()
      .min(1, { error: 'unreachableAfter must be between 1 and 100 failed checks' })
      .max(100, { error: 'unreachableAfter must be between 1 and 100 failed checks' })
      .optional()
  })
  .strict()

export const watchProfileStatusSchema = z
  .object({
    profileId: idSchema,
    profileName: shortText,
    nodeUrl: shortText,
    enabled: z.boolean(),
    intervalSec: z.number().int(),
    last: watchSampleSchema.nullable(),
    /** ms since the last sample was taken */
    ageMs: z.number().int().nonnegative().nullable(),
    openAlerts: z.array(watchAlertSchema)
  })
  .strict()
export type WatchProfileStatus = z.infer<typeof watchProfileStatusSchema>

export const watchMethods = {
  'watch.status': defineMethod({
    summary: "Each profile's last check, how old it is, and its open alerts",
    effect: 'read',
    input: emptyInput,
    output: z.object({ profiles: z.array(watchProfileStatusSchema) }).strict()
  }),
  'watch.settings': defineMethod({
    summary: 'How often each profile is checked, or that it is not',
    effect: 'read',
    input: emptyInput,
    output: z.object({ profiles: z.array(watchProfileSettingsSchema) }).strict()
  }),
  'watch.setSettings': defineMethod({
    summary: "Change one profile's check interval, turn its checks off or on, or its unreachable threshold",
    effect: 'local',
    input: setSettingsInput,
    output: watchProfileSettingsSchema,
    invalidates: ['watch.settings', 'watch.status']
  }),
  'watch.alerts': defineMethod({
    summary: 'Open alerts of every profile, and past ones, newest first',
    effect: 'read',
    input: z.object({ limit: z.number().int().min(1).max(1_000).default(200) }).strict(),
    output: z.object({ open: z.array(watchAlertSchema), past: z.array(watchAlertSchema) }).strict()
  })
} as const
