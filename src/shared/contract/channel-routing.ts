import { z } from 'zod'
import { alertRuleSchema } from './alerts'
import { idSchema } from './common'
import { isTimeZone } from '../domain/zoned-time'

/**
 * What a channel takes (part of the alerts area's channels): which profiles and rules (none named: all),
 * and its active hours in a named time zone, outside which an alert waits for the hours to begin or goes
 * to the other channels only; and the daily digest it asks for, at a time of day in its time zone.
 * (The lowest severity a channel takes is its `minSeverity`.)
 */

export const timeZoneSchema = z
  .string({ error: 'timeZone must be an IANA time zone name such as Europe/Paris or UTC' })
  .trim()
  .max(64, 'timeZone must be at most 64 characters')
  .refine(isTimeZone, 'timeZone must be an IANA time zone name such as Europe/Paris, America/New_York or UTC')

const TIME_MESSAGE = 'must be a time of day as HH:MM, such as 09:00 or 18:30'
/** A time of day, "HH:MM" (00:00 to 23:59), as minutes after midnight. */
export const timeOfDaySchema = (field: string) =>
  z
    .string({ error: `${field} ${TIME_MESSAGE}` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} ${TIME_MESSAGE}`)

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const activeHoursSchema = z
  .object({
    timeZone: timeZoneSchema,
    /** the days the hours begin on (an overnight span runs into the next day); all of them when left out */
    days: z
      .array(z.enum(WEEKDAYS, { error: `each day must be one of ${WEEKDAYS.join(', ')}` }), { error: `days must be a list such as ["mon","tue","wed","thu","fri"]` })
      .min(1, 'days must name at least one day')
      .max(7)
      .transform((d) => WEEKDAYS.filter((w) => d.includes(w)))
      .default([...WEEKDAYS]),
    /** local time the hours begin */
    from: timeOfDaySchema('from'),
    /** local time they end (before `from`: they run past midnight; equal to `from`: the whole day) */
    to: timeOfDaySchema('to'),
    /** outside the hours: "wait" keeps the alert for when they begin; "others" leaves it to the other channels */
    outside: z.enum(['wait', 'others'], { error: 'outside must be "wait" (sent when the hours begin) or "others" (left to the other channels)' }).default('wait')
  })
  .strict()
export type ActiveHours = z.output<typeof activeHoursSchema>

export const channelRoutingSchema = z
  .object({
    /** the profiles (ids) whose alerts it takes; empty: every profile */
    profiles: z.array(idSchema, { error: 'profiles must be a list of profile ids' }).max(200, 'profiles may name at most 200 profiles').default([]),
    /** the rules whose alerts it takes; empty: every rule */
    rules: z.array(alertRuleSchema, { error: 'rules must be a list of rule names' }).max(100).default([]),
    /** when it takes alerts; null: at any time */
    activeHours: activeHoursSchema.nullable().default(null)
  })
  .strict()
export type ChannelRouting = z.output<typeof channelRoutingSchema>

export const digestSchema = z
  .object({
    /** local time it is sent, each day */
    at: timeOfDaySchema('at'),
    timeZone: timeZoneSchema
  })
  .strict()
export type DigestSetting = z.output<typeof digestSchema>

export const EVERYTHING: ChannelRouting = { profiles: [], rules: [], activeHours: null }
