import { z } from 'zod'
import { cb58IdSchema } from '../domain/ids'
import { defineMethod } from '../rpc/contract-types'
import { alertSchema } from './alerts'
import { emptyInput, idSchema } from './common'

/**
 * The watch area: every profile's node checked on its own interval with no window open, and the samples
 * those checks keep (services/watch). The rules applied to the samples and their alerts: the alerts area.
 */
const shortText = z.string().max(500)
const uint = z.string().regex(/^\d+$/).max(40)
const percent = z.string().regex(/^\d+(\.\d+)?$/).max(40)
const finite = z.number().finite()

/** One of the profile's validators as a check saw it (Primary Network: subnetID null). */
export const watchedValidatorSchema = z
  .object({
    nodeID: shortText,
    subnetID: shortText.nullable(),
    /** false: asked for but not in the current set */
    validating: z.boolean(),
    connected: z.boolean().optional(),
    /** percent 0–100 as the node reports it */
    uptime: percent.optional(),
    /** unix seconds */
    startTime: uint.optional(),
    /** unix seconds */
    endTime: uint.optional(),
    weight: uint.optional(),
    /** L1 validators (ACP-77) */
    validationID: shortText.optional(),
    /** nAVAX left to pay the L1's continuous fee */
    balance: uint.optional()
  })
  .strict()
export type WatchedValidator = z.infer<typeof watchedValidatorSchema>

/**
 * The node's own numbers from /ext/metrics (Prometheus text, avalanchego's metric names), where it
 * serves them. Counters are totals since the node started.
 */
export const nodeMetricsSchema = z
  .object({
    cpuSecondsTotal: finite.optional(),
    residentMemoryBytes: finite.optional(),
    peers: finite.optional(),
    /** percent 0–100: the node's uptime as its peers see it, weighted by stake */
    uptimeWeightedAverage: finite.optional(),
    /** percent 0–100: stake of the peers that would reward the node */
    uptimeRewardingStake: finite.optional(),
    /** accepted blocks per chain alias or ID */
    acceptedBlocks: z.record(z.string().max(100), finite),
    /** consensus polls per chain alias or ID, successful and failed (counters since the node started) */
    polls: z.record(z.string().max(100), z.object({ successful: finite, failed: finite }).strict()).optional(),
    /** rejected blocks per chain alias or ID (a counter since the node started) */
    rejectedBlocks: z.record(z.string().max(100), finite).optional(),
    /** bytes free on the database volume (avalanche_resource_tracker_disk_available_space) */
    diskAvailableBytes: finite.optional(),
    /** percent of the database volume free (avalanche_resource_tracker_disk_available_percentage, avalanchego 1.14.1 and later) */
    diskAvailablePercent: finite.optional()
  })
  .strict()
export type NodeMetrics = z.infer<typeof nodeMetricsSchema>

/** One check of one profile's node. A part the node does not serve (its API off) is left out: unknown. */
export const watchSampleSchema = z
  .object({
    profileId: idSchema,
    at: z.number().int().nonnegative(),
    /** whether the node answered at all (an answer "not served here" counts) */
    reachable: z.boolean(),
    /** why it was not reachable, in words */
    error: shortText.optional(),
    /** how long the check took, ms */
    durationMs: z.number().int().nonnegative().optional(),
    healthy: z.boolean().optional(),
    /** names of the health checks that failed */
    failingChecks: z.array(shortText).max(500),
    /** per chain: true/false, or null when the node did not say */
    bootstrapped: z.object({ P: z.boolean().nullable(), X: z.boolean().nullable(), C: z.boolean().nullable() }).strict(),
    version: shortText.optional(),
    /** the version most of its peers run, when the node lists its peers with their versions */
    peersMajorityVersion: shortText.optional(),
    peers: z.number().int().nonnegative().optional(),
    nodeId: shortText.optional(),
    /** the profile's validators (its NodeIDs, or the node's own), when the P-Chain answered */
    validators: z.array(watchedValidatorSchema).max(2_000).optional(),
    /** nAVAX per second an L1 validator pays (platform.getValidatorFeeState price), when known */
    l1FeeRate: uint.optional(),
    metrics: nodeMetricsSchema.optional(),
    /** the database volume's free space, from the node's diskspace health check (or its metrics where the check says nothing) */
    disk: z.object({ availableBytes: finite.nonnegative(), availablePercent: finite.min(0).max(100).optional() }).strict().optional()
  })
  .strict()
export type WatchSample = z.infer<typeof watchSampleSchema>

export const MIN_WATCH_INTERVAL_SEC = 5
export const MAX_WATCH_INTERVAL_SEC = 86_400

export const watchProfileSettingsSchema = z
  .object({
    profileId: idSchema,
    enabled: z.boolean(),
    intervalSec: z.number().int().min(MIN_WATCH_INTERVAL_SEC).max(MAX_WATCH_INTERVAL_SEC),
    /** subnets and L1s whose validators of this profile are checked, besides the Primary Network */
    subnetIds: z.array(z.string().max(100)).max(20)
  })
  .strict()
export type WatchProfileSettings = z.infer<typeof watchProfileSettingsSchema>

const setSettingsInput = z
  .object({
    profileId: idSchema,
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    intervalSec: z
      .number({ error: 'intervalSec must be a whole number of seconds' })
      .int({ error: 'intervalSec must be a whole number of seconds' })
      .min(MIN_WATCH_INTERVAL_SEC, { error: `intervalSec must be at least ${MIN_WATCH_INTERVAL_SEC} seconds; to stop checking, set enabled to false` })
      .max(MAX_WATCH_INTERVAL_SEC, { error: `intervalSec must be at most ${MAX_WATCH_INTERVAL_SEC} seconds (one day)` })
      .optional(),
    subnetIds: z.array(cb58IdSchema).max(20, 'at most 20 subnets').optional()
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
    /** since when the node has not answered: its first unanswered check after the last answered one (ms since epoch) */
    unreachableSince: z.number().int().nonnegative().nullable(),
    /** the last check the node answered, if it does not now: what it said then */
    lastReachable: watchSampleSchema.nullable(),
    openAlerts: z.array(alertSchema)
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
    summary: 'How often each profile is checked, or that it is not, and which subnets its validators are checked on',
    effect: 'read',
    input: emptyInput,
    output: z.object({ profiles: z.array(watchProfileSettingsSchema) }).strict()
  }),
  'watch.setSettings': defineMethod({
    summary: "Change one profile's check interval, turn its checks off or on, or the subnets checked",
    effect: 'local',
    input: setSettingsInput,
    output: watchProfileSettingsSchema,
    invalidates: ['watch.settings', 'watch.status']
  }),
  'watch.check': defineMethod({
    summary: "Check one profile's node now (a check already running is waited for), apply the rules, and answer its sample",
    effect: 'local',
    input: z.object({ profileId: idSchema }).strict(),
    output: watchSampleSchema,
    invalidates: ['watch.status', 'watch.samples', 'alerts.list']
  }),
  'watch.samples': defineMethod({
    summary: "One profile's samples, oldest first: the charts of its node over time",
    effect: 'read',
    input: z
      .object({
        profileId: idSchema,
        /** ms since epoch; only samples taken at or after it */
        since: z.number().int().nonnegative().optional(),
        limit: z.number().int().min(1, 'limit must be from 1 to 10000').max(10_000, 'limit must be from 1 to 10000').default(500),
        /** each sample's validators too (left out by default: the charts do not need them) */
        validators: z.boolean().default(false)
      })
      .strict(),
    output: z.object({ samples: z.array(watchSampleSchema) }).strict()
  })
} as const
