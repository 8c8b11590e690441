import { z } from 'zod'
import { defineEvent, defineMethod } from '../rpc/contract-types'
import { errorDataSchema } from '../rpc/errors'
import { emptyInput, idSchema } from './common'
import { defineCachedRead, sourceSchema } from './envelope'

/**
 * The node-control area: CPU, memory and lock profiles, log levels that revert themselves, and the
 * VM configuration. The calls that change the node are declared `effect: 'node'`: confirmed by a
 * person, never retried, written to the journal before they are sent, and off in browser mode unless
 * allowed.
 */
const shortText = z.string().max(300)

/** The EVM's log levels; a node may know more, so any short word is accepted too (the node checks it). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'crit'] as const
export const logLevelSchema = z
  .string()
  .trim()
  // A typed "INFO" is info, sent as "info": the EVM's logger names its levels in lower case, and not every
  // version of its parser (LvlFromString) ignores case, so the node is never sent another case.
  .toLowerCase()
  .min(1, 'is required: one of trace, debug, info, warn, error, crit')
  .max(20, 'must be at most 20 characters')
  .regex(/^[a-z]+$/, 'must be one word of letters, such as info or debug (any case)')

export const controlActionSchema = z.enum(['startCPUProfiler', 'stopCPUProfiler', 'memoryProfile', 'lockProfile', 'setLogLevel'])
export type ControlAction = z.infer<typeof controlActionSchema>

/**
 * pending: written, not answered yet; ok / failed: the node answered; unknown: sent, and no answer
 * came (connection lost, time-out): the node may or may not have done it. Never resent by the app.
 */
export const outcomeSchema = z.enum(['pending', 'ok', 'failed', 'unknown'])

export const journalEntrySchema = z
  .object({
    id: idSchema,
    /** Base URL of the node it was sent to. */
    node: shortText,
    action: controlActionSchema,
    params: z.record(z.string(), z.string().max(100)),
    /** Who asked: the operator, a timed profile's timer, a log-level revert (at its time, or at the next start). */
    origin: z.enum(['operator', 'timer', 'revert', 'startup']),
    requestedAt: z.number().int(),
    finishedAt: z.number().int().optional(),
    outcome: outcomeSchema,
    error: errorDataSchema.optional()
  })
  .strict()
export type JournalEntry = z.infer<typeof journalEntrySchema>

export const cpuProfileStateSchema = z
  .object({
    /** ms since epoch */
    startedAt: z.number().int(),
    /** A timed profile stops itself then. */
    stopsAt: z.number().int().optional(),
    journalId: idSchema
  })
  .strict()

export const revertSchema = z
  .object({
    id: idSchema,
    node: shortText,
    /** The level to go back to. */
    level: shortText,
    /** The level that was set. */
    from: shortText,
    dueAt: z.number().int(),
    createdAt: z.number().int(),
    state: z.enum(['scheduled', 'done', 'failed', 'cancelled']),
    doneAt: z.number().int().optional(),
    /** Carried out at the next start because the app was closed when it was due. */
    late: z.boolean().optional()
  })
  .strict()
export type Revert = z.infer<typeof revertSchema>

export const controlStateSchema = z
  .object({
    /** The CPU profile this app started on the active node and has not stopped, if any. */
    cpu: cpuProfileStateSchema.nullable(),
    /** The last level set through the app on this node, if any. */
    logLevel: shortText.nullable(),
    reverts: z.array(revertSchema).max(100),
    /** Reverts carried out at this start because they were due while the app was closed. */
    lateReverts: z.array(revertSchema).max(100)
  })
  .strict()
export type ControlState = z.infer<typeof controlStateSchema>

const actionResult = z.object({ entry: journalEntrySchema, state: controlStateSchema }).strict()

export const vmConfigSchema = z
  .object({
    config: z.record(z.string(), z.unknown()),
    /** Which stored snapshot this is (a new one is kept whenever the config differs from the last). */
    snapshotId: z.number().int()
  })
  .strict()

export const profileFolderSourceSchema = z.enum(['profile', 'node', 'default'])
export type ProfileFolderSource = z.infer<typeof profileFolderSourceSchema>

export const profileKindSchema = z.enum(['cpu', 'memory', 'lock', 'other'])
export const profileFileSchema = z
  .object({ name: shortText, size: z.number().int().nonnegative(), modifiedAt: z.number().int(), kind: profileKindSchema })
  .strict()

/** A profile file name: no folders, no hidden files. */
export const profileFileNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a file name from the list (letters, digits, dot, dash, underscore; no folders)')

/** A profile file the app opened, kept as a copy in its data folder (readable when the node's folder is gone). */
export const keptProfileSchema = z
  .object({
    /** `<yyyymmddThhmmss.mmmZ>-<name>`: the copy's file name in <data-dir>/profiles/<app profile id>/. */
    id: z.string().max(260),
    /** The file's name in the node's folder. */
    name: shortText,
    kind: profileKindSchema,
    size: z.number().int().nonnegative(),
    /** When the app kept it (ms). */
    keptAt: z.number().int(),
    /** When the node wrote the file (ms). */
    modifiedAt: z.number().int(),
    /** The node's base URL. */
    node: shortText,
    sha256: z.string().max(64)
  })
  .strict()
export type KeptProfile = z.infer<typeof keptProfileSchema>
export const keptProfileIdSchema = z
  .string()
  .max(260)
  .regex(/^\d{8}T\d{6}\.\d{3}Z-[A-Za-z0-9][A-Za-z0-9._-]*$/, 'is not the name of a kept copy')

/** Where the log level shown came from: the node's own admin.getLoggerLevel, the last set through the app, or the VM configuration. */
export const logLevelSourceSchema = z.enum(['node', 'app', 'vmConfig', 'none'])

export const profileSummarySchema = z
  .object({
    /** The copy kept of this file (or the copy that was read). */
    kept: keptProfileSchema.optional(),
    name: shortText,
    sampleTypes: z.array(z.object({ type: shortText, unit: shortText }).strict()).max(20),
    valueIndex: z.number().int().nonnegative(),
    samples: z.number().int().nonnegative(),
    /** Sum of the chosen value over all samples (exact, decimal). */
    total: z.string().regex(/^\d+$/),
    durationNanos: z.string().regex(/^\d+$/).optional(),
    /** Functions by flat value: flat is the function's own, cum includes what it called. */
    top: z.array(z.object({ name: shortText, file: shortText, flat: z.string().regex(/^\d+$/), cum: z.string().regex(/^\d+$/) }).strict()).max(1_000),
    /** The call tree, parent before child (parent -1: the root). */
    flame: z
      .array(z.object({ id: z.number().int(), parent: z.number().int(), name: shortText, value: z.string().regex(/^\d+$/), depth: z.number().int() }).strict())
      .max(20_000)
  })
  .strict()
export type ProfileSummary = z.infer<typeof profileSummarySchema>

export const controlMethods = {
  'control.state': defineMethod({
    summary: 'The running CPU profile, the last log level set and the scheduled reverts, for the active node',
    effect: 'read',
    input: emptyInput,
    output: controlStateSchema
  }),
  'control.startCpuProfile': defineMethod({
    summary: 'Start a CPU profile on the node (optionally stopping itself after durationSec)',
    effect: 'node',
    input: z.object({ durationSec: z.number().int().min(1, 'must be at least 1 second').max(3_600, 'must be at most 3600 seconds').optional() }).strict(),
    output: actionResult
  }),
  'control.stopCpuProfile': defineMethod({
    summary: "Stop the node's CPU profile: the node writes the file",
    effect: 'node',
    input: emptyInput,
    output: actionResult
  }),
  'control.memoryProfile': defineMethod({
    summary: 'Write a memory (heap) profile on the node',
    effect: 'node',
    input: emptyInput,
    output: actionResult
  }),
  'control.lockProfile': defineMethod({
    summary: 'Write a lock (mutex contention) profile on the node',
    effect: 'node',
    input: emptyInput,
    output: actionResult
  }),
  'control.setLogLevel': defineMethod({
    summary: "Set the node's log level, optionally going back to the previous level after revertAfterSec",
    effect: 'node',
    input: z
      .object({
        level: logLevelSchema,
        /** Seconds until the previous level is set again (10 s to a day). */
        revertAfterSec: z.number().int().min(10, 'must be at least 10 seconds').max(86_400, 'must be at most 86400 seconds (a day)').optional(),
        /** The level to go back to; default: the last level set through the app, or the VM configuration's. */
        previous: logLevelSchema.optional()
      })
      .strict(),
    output: actionResult
  }),
  'control.cancelRevert': defineMethod({
    summary: 'Cancel a scheduled log-level revert',
    effect: 'local',
    input: z.object({ id: idSchema }).strict(),
    output: controlStateSchema
  }),
  'control.dismissLateRevert': defineMethod({
    summary: 'Stop reporting a revert that was carried out at start (in every window)',
    effect: 'local',
    input: z.object({ id: idSchema }).strict(),
    output: controlStateSchema
  }),
  'control.journal': defineMethod({
    summary: 'Every node-changing call made through the app, newest first, with its outcome',
    effect: 'read',
    input: z.object({ limit: z.number().int().min(1).max(1_000).default(100) }).strict(),
    output: z.object({ entries: z.array(journalEntrySchema) }).strict()
  }),
  'control.vmConfig': defineCachedRead({
    summary: "The C-Chain VM's configuration (a snapshot is kept whenever it differs from the last)",
    from: 'node',
    input: emptyInput,
    data: vmConfigSchema
  }),
  'control.profileFiles': defineMethod({
    summary: "The profile files where the node writes them (a node on this machine): the profile's folder, else the node's admin-api-dir + _coreth_performance_C, else ~/.avalanchego/profiles; and where the folder came from",
    effect: 'read',
    input: emptyInput,
    output: z
      .object({
        /** The folder listed (absolute). */
        dir: z.string().max(4_096),
        /**
         * Where the folder came from: the profile's "Profile folder" (profile); the node's C-Chain
         * admin-api-dir + "_coreth_performance_C", where coreth writes the C-Chain admin API's profiles (node);
         * avalanchego's default profile folder, ~/.avalanchego/profiles (default).
         */
        source: profileFolderSourceSchema,
        /** The admin-api-dir the node's VM configuration names, when it names one (also when it could not be used). */
        adminApiDir: z.string().max(4_096).optional(),
        /** Why the node's admin-api-dir was not used (source default). */
        note: z.string().max(4_096).optional(),
        /** The VM configuration the folder was worked out from: read live now, or the last kept (offline). */
        vmConfig: z.object({ read: sourceSchema, fetchedAt: z.number().int() }).strict().optional(),
        /** false: the folder does not exist (yet: the node makes it on its first profile). */
        exists: z.boolean(),
        /** The newest files (at most 1,000). */
        files: z.array(profileFileSchema).max(10_000),
        /** How many profile files the folder holds, given when it holds more than are listed. */
        total: z.number().int().nonnegative().optional()
      })
      .strict()
  }),
  'control.openProfile': defineMethod({
    summary: 'Read a CPU, memory or lock profile from the profile directory: top functions and the call tree',
    effect: 'read',
    input: z.object({ name: profileFileNameSchema, valueIndex: z.number().int().min(0).max(19).optional() }).strict(),
    output: profileSummarySchema
  }),
  'control.keptProfiles': defineMethod({
    summary: 'The copies the app kept of the profile files it opened (this app profile), newest first; at most `max` are kept',
    effect: 'read',
    input: emptyInput,
    output: z.object({ max: z.number().int(), dir: z.string().max(4_096), profiles: z.array(keptProfileSchema).max(1_000) }).strict()
  }),
  'control.openKeptProfile': defineMethod({
    summary: 'Read a kept copy of a profile: top functions and the call tree (works with the node gone)',
    effect: 'read',
    input: z.object({ id: keptProfileIdSchema, valueIndex: z.number().int().min(0).max(19).optional() }).strict(),
    output: profileSummarySchema
  }),
  'control.keptProfileBytes': defineMethod({
    summary: 'A part of a kept copy, base64 (a download reads it part by part)',
    effect: 'read',
    input: z.object({ id: keptProfileIdSchema, offset: z.number().int().min(0).default(0) }).strict(),
    output: z.object({ kept: keptProfileSchema, offset: z.number().int(), base64: z.string().max(800_000), done: z.boolean() }).strict()
  }),
  'control.logLevel': defineMethod({
    summary: "The node's current log level and where it was read: the node's admin.getLoggerLevel (/ext/admin, logger C), else the last level set through the app, else the VM configuration's log-level",
    effect: 'read',
    input: emptyInput,
    output: z
      .object({
        /** Lower case ("info"); null when nothing says. */
        level: shortText.nullable(),
        source: logLevelSourceSchema,
        /** When it was read (or set, for source app). */
        readAt: z.number().int().optional(),
        /** live: asked now; cache: the last kept VM configuration (the node cannot be asked). */
        read: sourceSchema.optional(),
        /** The VM configuration's log-level, when it says one (its level at start on a real node). */
        configured: shortText.optional()
      })
      .strict()
  }),
  'control.vmConfigSnapshots': defineMethod({
    summary: 'The kept VM configuration snapshots of the active node, newest first',
    effect: 'read',
    input: emptyInput,
    output: z.object({ snapshots: z.array(z.object({ id: z.number().int(), fetchedAt: z.number().int(), config: z.record(z.string(), z.unknown()) }).strict()) }).strict()
  })
} as const

export const controlEvents = {
  'control.changed': defineEvent({ summary: 'The profiler or revert state changed', payload: controlStateSchema })
} as const

