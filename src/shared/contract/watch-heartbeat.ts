import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { emptyInput } from './common'
import { secretUrl } from './alert-channels'
import { secretStorageSchema } from './profiles'

/**
 * The watch's heartbeat (part of the watch area): a URL the watcher calls after each full round of checks,
 * healthchecks.io-style, so that something outside this machine notices when the watcher or its host dies.
 * The URL itself, then `<url>/fail` while a critical alert is open; nothing once the watcher stops.
 *
 * The URL is a secret (whoever knows it can report "alive" for this watcher): given once, to
 * watch.setHeartbeat, sealed like a channel's, and never answered back; watch.heartbeat shows its host only.
 * It follows a channel URL's rules: http(s), no user name or password, https unless loopback, and no ?query
 * (`/fail` is added to its path).
 */
export const heartbeatUrlSchema = secretUrl('url', 'https://hc-ping.com/your-check-uuid', { query: false }).transform((v) => v.replace(/\/+$/, ''))

export const heartbeatPingSchema = z
  .object({
    at: z.number().int(),
    /** which of the two URLs: the round went well (ok), or a critical alert was open (fail) */
    signal: z.enum(['ok', 'fail']),
    /** the receiver answered 2xx in time */
    delivered: z.boolean(),
    /** the HTTP status, when one came */
    status: z.number().int().nullable(),
    /** why it did not get through, in words (never the URL) */
    error: z.string().max(300).nullable()
  })
  .strict()
export type HeartbeatPing = z.infer<typeof heartbeatPingSchema>

export const heartbeatViewSchema = z
  .object({
    /** where it pings, without its secret (host and port); null when no heartbeat is set */
    target: z.string().max(300).nullable(),
    /** how the URL is kept, as for the data-service API key; null when none is set */
    secretStorage: secretStorageSchema.nullable(),
    setAt: z.number().int().nullable(),
    /** this process's last ping (each process that watches pings for itself: the desktop app, serve, `companion watch`) */
    lastPing: heartbeatPingSchema.nullable(),
    /** since when this process's pings have failed (null: the last one got through, or none was made) */
    failingSince: z.number().int().nullable()
  })
  .strict()
export type HeartbeatView = z.infer<typeof heartbeatViewSchema>

export const heartbeatMethods = {
  'watch.heartbeat': defineMethod({
    summary: "The watch's heartbeat: where it pings after each round of checks (its host only, never the URL) and how the last ping went",
    effect: 'read',
    input: emptyInput,
    output: heartbeatViewSchema
  }),
  'watch.setHeartbeat': defineMethod({
    summary:
      'Set (or clear, null) the URL the watch calls after each full round of checks, healthchecks-style (<url>/fail while a critical alert is open); stored sealed and never shown again',
    effect: 'local',
    input: z.object({ url: heartbeatUrlSchema.nullable() }).strict(),
    output: heartbeatViewSchema,
    invalidates: ['watch.heartbeat']
  })
} as const
