import { z } from 'zod'
import { defineEvent, defineMethod } from '../rpc/contract-types'
import { emptyInput, idSchema, networkSchema } from './common'

/**
 * The cache area. Reads of remote data are cached by the one data path in main; this event tells the
 * renderer which answers may have changed, so each view reloads what it shows and nothing else.
 *
 * What the app reads is also kept as entities (issue 21): one row per thing of a network, searchable by
 * the terms that find it, browsable offline where the exact request was never made, bounded in size.
 */
export const cacheEvents = {
  'cache.changed': defineEvent({
    summary: 'Answers of these methods may have changed (all of them: methods is ["*"]); profileId is the active profile, another one than before meaning it changed',
    payload: z
      .object({ profileId: z.string().max(100).nullable(), methods: z.array(z.string().max(100)).max(1_000) })
      .strict()
  })
} as const

/** The kinds of entity the cache keeps, each opened by its own panel. */
export const ENTITY_KINDS = [
  'validator',
  'utxo',
  'transaction',
  'block',
  'icmMessage',
  'balance',
  'issuedTx',
  'profileFile',
  'logLevel',
  'profiler',
  'alert'
] as const
export const entityKindSchema = z.enum(ENTITY_KINDS, { message: `must be one of ${ENTITY_KINDS.join(', ')}` })
export type EntityKind = z.infer<typeof entityKindSchema>

/** One cached entity as a search result or an exported row. */
export const entityHitSchema = z
  .object({
    kind: entityKindSchema,
    /** The thing's own ID (tx hash or ID, NodeID, UTXO ID, block hash…). */
    key: z.string().max(200),
    network: networkSchema,
    /** 'P', 'X', 'C', a blockchain ID, or '' where there is none. */
    chain: z.string().max(100),
    label: z.string().max(500),
    /** The profile that read it last, null once that profile was deleted. */
    profileId: z.string().max(100).nullable(),
    /** The contract method (or journal) that brought it. */
    source: z.string().max(100),
    /** A time in ms or a height: what "newest first" orders by. */
    sort: z.number().int(),
    fetchedAt: z.number().int(),
    pinned: z.boolean(),
    /**
     * A data-service transaction: the addresses it moves funds of (as its chain writes them, "P-avax1…"),
     * the spender's first. No data-service method reads one tx by its ID: it opens in the list of an address.
     */
    addresses: z.array(z.string().max(100)).max(20).optional()
  })
  .strict()
export type EntityHit = z.infer<typeof entityHitSchema>

const searchQuerySchema = z
  .string()
  .trim()
  .min(1, 'type an address, NodeID, tx ID or hash, block height or hash, subnet or blockchain ID')
  .max(200, 'is longer than any ID (200 characters at most)')

const bytesSchema = z.number().int().nonnegative()

/** At least 64 MiB, at most 1 TiB; the default is 2 GiB. */
export const cacheLimitSchema = z
  .number()
  .int()
  .min(64 * 1024 * 1024, 'must be at least 64 MiB (67108864 bytes)')
  .max(1024 ** 4, 'must be at most 1 TiB')
export const DEFAULT_CACHE_LIMIT = 2 * 1024 ** 3

/** A file on the machine main runs on: an absolute path. */
const hostFileSchema = z
  .string()
  .min(2)
  .max(4_096)
  .refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p), 'must be an absolute path on the machine the app runs on')

/**
 * What a restore did (issue 31: a restore brings data, not authority): the settings of this machine it kept
 * whatever the file said, the profile folders it cleared (profiles.setProfileDir's check refused them) and the
 * alert channels it disabled (alerts.addChannel's rules refused them), each with why.
 */
export const restoreReportSchema = z
  .object({
    restoredFrom: z.string(),
    schemaVersion: z.number().int(),
    /** this machine's settings, kept; differed: the file said otherwise (its value is never answered) */
    kept: z.array(z.object({ setting: z.string().max(200), differed: z.boolean() }).strict()),
    profileFoldersCleared: z.array(z.object({ profileId: z.string(), profileName: z.string(), folder: z.string().max(4_096), reason: z.string().max(500) }).strict()),
    channelsDisabled: z.array(z.object({ channelId: z.string(), channelName: z.string(), kind: z.string().max(40), reason: z.string().max(500) }).strict())
  })
  .strict()
export type RestoreReport = z.infer<typeof restoreReportSchema>

export const cacheMethods = {
  'cache.search': defineMethod({
    summary:
      "Find an address, NodeID, tx ID or hash, block height or hash, subnet or blockchain ID across everything cached for the active profile's network; results grouped by kind, newest first",
    effect: 'read',
    input: z
      .object({
        query: searchQuerySchema,
        kinds: z.array(entityKindSchema).max(ENTITY_KINDS.length).optional(),
        /** Hits per kind. */
        limit: z.number().int().min(1).max(200).default(20)
      })
      .strict(),
    output: z
      .object({
        network: networkSchema,
        groups: z.array(
          z
            .object({
              kind: entityKindSchema,
              /** How many match, counted up to 1,000 (more is shown as 1,000+). */
              total: z.number().int().nonnegative(),
              hits: z.array(entityHitSchema)
            })
            .strict()
        )
      })
      .strict()
  }),
  'cache.stats': defineMethod({
    summary: 'What the cache holds: count, size and age of each kind per profile, the database size and its limit',
    effect: 'read',
    input: emptyInput,
    output: z
      .object({
        /** The database file with its -wal. */
        fileBytes: bytesSchema,
        limitBytes: cacheLimitSchema,
        rows: z.array(
          z
            .object({
              kind: entityKindSchema,
              profileId: z.string().max(100).nullable(),
              network: networkSchema,
              count: z.number().int().nonnegative(),
              /** The bytes of its JSON and terms, an estimate of what clearing it frees. */
              bytes: bytesSchema,
              oldest: z.number().int(),
              newest: z.number().int(),
              pinned: z.number().int().nonnegative()
            })
            .strict()
        ),
        /** Answers kept whole (one per request), apart from the entities. */
        answers: z.object({ count: z.number().int().nonnegative(), bytes: bytesSchema, oldest: z.number().int().nullable() }).strict(),
        /** Set when the database failed its check at start and was moved aside: where it is now. */
        quarantined: z.string().max(4_096).optional()
      })
      .strict()
  }),
  'cache.clear': defineMethod({
    summary: 'Drop cached rows by kind, profile and/or age (fetched before olderThan); pinned rows only when includePinned',
    effect: 'local',
    input: z
      .object({
        kind: entityKindSchema.optional(),
        profileId: idSchema.optional(),
        olderThan: z.number().int().positive().optional(),
        includePinned: z.boolean().default(false),
        /**
         * What to drop: the entities (the default), the answers kept whole (the reads of the profile's services;
         * they have no kind), or both. Answers of a service two profiles share go with either profile's.
         */
        what: z.enum(['entities', 'answers', 'all']).default('entities')
      })
      .strict()
      .refine((v) => v.kind === undefined || v.what === 'entities', {
        message: 'answers have no kind: leave kind out to clear answers, or clear only entities',
        path: ['what']
      }),
    output: z.object({ removed: z.number().int().nonnegative() }).strict(),
    invalidates: ['cache.search', 'cache.stats']
  }),
  'cache.export': defineMethod({
    summary: 'One kind of cached entity as CSV or JSON (at most 100,000 rows, newest first; truncated says there were more)',
    effect: 'read',
    input: z
      .object({
        kind: entityKindSchema,
        profileId: idSchema.optional(),
        format: z.enum(['csv', 'json'])
      })
      .strict(),
    output: z
      .object({ filename: z.string().max(200), mime: z.string().max(100), text: z.string(), rows: z.number().int().nonnegative(), truncated: z.boolean() })
      .strict()
  }),
  'cache.setLimit': defineMethod({
    summary: 'Set the size limit of the cache: past it the oldest unpinned rows are dropped first',
    effect: 'local',
    input: z.object({ limitBytes: cacheLimitSchema }).strict(),
    output: z.object({ limitBytes: cacheLimitSchema, removed: z.number().int().nonnegative() }).strict(),
    invalidates: ['cache.stats', 'cache.search']
  }),
  'cache.pin': defineMethod({
    summary: 'Pin (keep whatever the size limit) or unpin one cached entity',
    effect: 'local',
    input: z.object({ kind: entityKindSchema, network: networkSchema, chain: z.string().max(100), key: z.string().min(1).max(200), pinned: z.boolean() }).strict(),
    output: z.object({ pinned: z.boolean() }).strict(),
    invalidates: ['cache.search', 'cache.stats']
  }),
  'cache.backup': defineMethod({
    summary:
      'Back up the whole database to a file on this machine (SQLite online backup; desktop app and CLI only: a browser page cannot choose where the app writes)',
    effect: 'local',
    desktopOnly: true,
    input: z
      .object({
        path: hostFileSchema,
        /** Replace a file that is there (the desktop's save dialog asked the person already); refused otherwise. */
        overwrite: z.boolean().default(false)
      })
      .strict(),
    output: z.object({ path: z.string(), bytes: bytesSchema }).strict()
  }),
  'cache.chooseFile': defineMethod({
    summary:
      "The desktop app's save or open dialog for a backup file: the path the person chose, or null when they cancelled (desktop app only: the command line takes the path itself)",
    effect: 'read',
    desktopOnly: true,
    input: z.object({ purpose: z.enum(['backup', 'restore']) }).strict(),
    output: z.object({ path: z.string().max(4_096).nullable() }).strict()
  }),
  'cache.dismissQuarantine': defineMethod({
    summary: 'The operator has read that the database was moved aside at start: cache.stats stops saying so (the file stays where it is)',
    effect: 'local',
    input: emptyInput,
    output: z.object({ dismissed: z.boolean() }).strict(),
    invalidates: ['cache.stats']
  }),
  'cache.restore': defineMethod({
    summary:
      "Replace the database with a backup file on this machine: checked first (integrity, schema no newer than this app), then restored and migrated (desktop app and CLI only). This machine's security settings are kept, not taken from the file; profile folders and alert channels are checked again as if entered now, and the report names each one that failed (folder cleared, channel disabled)",
    effect: 'local',
    desktopOnly: true,
    input: z.object({ path: hostFileSchema }).strict(),
    output: restoreReportSchema,
    invalidates: ['*']
  })
} as const
