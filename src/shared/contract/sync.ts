import { z } from 'zod'
import { defineEvent, defineMethod } from '../rpc/contract-types'
import { chainAddressSchema, evmAddressSchema } from '../domain/ids'
import { emptyInput, errorDataSchema, idSchema, networkSchema } from './common'

/**
 * Sync jobs (issue 21): "keep these addresses" and "keep my validators" of a profile, read again on a
 * schedule in the background, page by page, through the same cached reads a person makes, so that what
 * they keep is there offline. Each page's place is committed as it is fetched: a pass stopped (cancel,
 * restart, SIGKILL) goes on from the last committed page.
 */

/** What a job over addresses keeps of them. */
export const SYNC_KEEPS = ['transactions', 'utxos', 'balances', 'icmMessages'] as const
export const syncKeepSchema = z.enum(SYNC_KEEPS, { message: `must be one of ${SYNC_KEEPS.join(', ')}` })
export type SyncKeep = z.infer<typeof syncKeepSchema>

/** 15 minutes between passes unless chosen; a pass at most every minute, at least once a week. */
export const DEFAULT_SYNC_INTERVAL_SEC = 900
export const syncIntervalSchema = z
  .number()
  .int('must be a whole number of seconds')
  .min(60, 'must be at least 60 seconds (a pass a minute at most, to be polite to the services)')
  .max(7 * 24 * 3600, 'must be at most a week (604800 seconds)')

export const MAX_SYNC_ADDRESSES = 50

/** A P-/X-Chain address (P-avax1…, X-avax1… or avax1…) or an EVM one (0x…); the profile's network is checked by main. */
export const syncAddressSchema = z
  .string()
  .trim()
  .min(1, 'is empty: give an address such as P-avax1… or 0x…')
  .max(120, 'is longer than any address')
  .superRefine((v, ctx) => {
    const schema = v.startsWith('0x') ? evmAddressSchema : chainAddressSchema
    const r = schema.safeParse(v)
    if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? `"${v.slice(0, 60)}" is not an address` })
  })

export const syncJobSchema = z
  .object({
    id: idSchema,
    profileId: idSchema,
    profileName: z.string().max(200),
    network: networkSchema,
    kind: z.enum(['addresses', 'validators']),
    /** addresses: the addresses kept; validators: the NodeIDs of the profile when the job was made (empty: the node's own) */
    subjects: z.array(z.string().max(120)).max(MAX_SYNC_ADDRESSES),
    keep: z.array(syncKeepSchema).max(SYNC_KEEPS.length),
    pageSize: z.number().int().positive(),
    enabled: z.boolean(),
    intervalSec: z.number().int().positive(),
    /** running: a pass is fetching now; queued: it waits for another job's pass; paused: a pass stopped part way (cancel, failure, restart) and goes on from its last committed page */
    state: z.enum(['idle', 'queued', 'running', 'paused', 'off']),
    /** the running pass's job (jobs.cancel takes it too), null when none runs */
    jobId: idSchema.nullable(),
    /** when the last complete pass ended: everything it keeps was read then or later; null before the first */
    inSyncSince: z.number().int().nullable(),
    /** when the pass in progress (or paused) began */
    passStartedAt: z.number().int().nullable(),
    nextRunAt: z.number().int().nullable(),
    progress: z
      .object({
        lists: z.number().int().nonnegative(),
        listsDone: z.number().int().nonnegative(),
        pages: z.number().int().nonnegative(),
        items: z.number().int().nonnegative(),
        /** seconds left of a rate limit's Retry-After the pass waits out */
        waitSec: z.number().int().nonnegative().optional()
      })
      .strict(),
    lastError: errorDataSchema.nullable(),
    lastErrorAt: z.number().int().nullable(),
    createdAt: z.number().int()
  })
  .strict()
export type SyncJob = z.infer<typeof syncJobSchema>

const jobOut = z.object({ job: syncJobSchema }).strict()
const jobId = z.object({ id: idSchema }).strict()
const profileChoice = idSchema.optional()

export const syncMethods = {
  'sync.list': defineMethod({
    summary: 'Every sync job of every profile: what it keeps, its schedule, state, progress, since when it is in sync and its last error',
    effect: 'read',
    input: emptyInput,
    output: z.object({ jobs: z.array(syncJobSchema) }).strict()
  }),
  'sync.keepAddresses': defineMethod({
    summary: "Keep these addresses of a profile (the active one unless profileId is given) in sync: their transactions, UTXOs, balances and ICM messages, or what `keep` names",
    effect: 'local',
    input: z
      .object({
        profileId: profileChoice,
        addresses: z
          .array(syncAddressSchema)
          .min(1, 'give at least one address')
          .max(MAX_SYNC_ADDRESSES, `give at most ${MAX_SYNC_ADDRESSES} addresses in one job`),
        keep: z.array(syncKeepSchema).min(1, 'choose at least one of ' + SYNC_KEEPS.join(', ')).max(SYNC_KEEPS.length).default([...SYNC_KEEPS]),
        intervalSec: syncIntervalSchema.default(DEFAULT_SYNC_INTERVAL_SEC),
        /** items asked for per page (the services' caps apply: 100 for data-service lists) */
        pageSize: z.number().int().min(2, 'must be at least 2').max(100, 'must be at most 100 (the data service caps a page at 100)').default(100)
      })
      .strict(),
    output: jobOut
  }),
  'sync.keepValidators': defineMethod({
    summary: "Keep a profile's validators (its NodeIDs, or its node's own) in sync: their current state and pending rewards",
    effect: 'local',
    input: z.object({ profileId: profileChoice, intervalSec: syncIntervalSchema.default(DEFAULT_SYNC_INTERVAL_SEC) }).strict(),
    output: jobOut
  }),
  'sync.update': defineMethod({
    summary: 'Turn a sync job on or off, or change how often it runs',
    effect: 'local',
    input: z.object({ id: idSchema, enabled: z.boolean().optional(), intervalSec: syncIntervalSchema.optional() }).strict(),
    output: jobOut
  }),
  'sync.remove': defineMethod({
    summary: 'Remove a sync job (a pass running is cancelled); what it kept stays in the cache',
    effect: 'local',
    input: jobId,
    output: z.object({ removed: z.boolean() }).strict()
  }),
  'sync.runNow': defineMethod({
    summary: 'Run a pass of a sync job now (after the pass of another job, if one runs); a pass already running goes on',
    effect: 'local',
    input: jobId,
    output: jobOut
  }),
  'sync.cancel': defineMethod({
    summary: 'Stop the running pass of a sync job after the page it is fetching; the next pass goes on from there',
    effect: 'local',
    input: jobId,
    output: z.object({ cancelled: z.boolean() }).strict()
  })
} as const

export const syncEvents = {
  'sync.changed': defineEvent({ summary: 'A sync job was added, changed, removed, or its pass moved on', payload: z.object({ jobs: z.array(syncJobSchema) }).strict() })
} as const
