import { z } from 'zod'
import { defineEvent, defineMethod } from '../rpc/contract-types'
import { probeReportSchema } from './connection'
import { nodeIdSchema } from '../domain/ids'
import { baseUrlSchema, emptyInput, idSchema, networkSchema } from './common'

export const DEFAULT_NODE_URL = 'http://127.0.0.1:9650'
export const DEFAULT_DATA_URL = 'https://data-api.avax.network'
export const DEFAULT_METRICS_URL = 'https://metrics.avax.network'

/** The bech32 prefix of P-/X-Chain addresses per network, as the reference material shows. */
export const DEFAULT_HRP = { mainnet: 'avax', fuji: 'fuji', testnet: 'fuji' } as const

const hrpSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9]{0,19}$/, 'must be lower-case letters and digits, e.g. avax')

/**
 * The node's base address: the app adds /ext/info, /ext/bc/C/rpc and the rest itself, so a URL with a path
 * (a pasted http://host:9650/ext/info) would make every call go to /ext/info/ext/…. A trailing slash is fine.
 */
export const nodeUrlSchema = baseUrlSchema.pipe(
  z.string().superRefine((v, ctx) => {
    const path = new URL(v).pathname
    if (path !== '/' && path !== '')
      ctx.addIssue({
        code: 'custom',
        message: `The node URL must be the node's base address, such as http://127.0.0.1:9650, without a path (remove "${path.replace(/\/+$/, '')}")`
      })
  })
)

/**
 * Where the node writes its CPU, memory and lock profiles, when it runs on this machine: an absolute
 * folder (or ~/…). The app lists and reads the files there, so only the machine chooses it (the desktop app
 * or the CLI: profiles.setProfileDir), never a browser page; it is not one of the fields below.
 */
export const profileDirSchema = z
  .string()
  .trim()
  .min(1, 'is empty: give a folder, or null for the node\'s default')
  .max(4_096)
  .refine((v) => v.startsWith('/') || /^[A-Za-z]:[\\/]/.test(v) || v.startsWith('~/'), 'must be an absolute folder path, such as /home/me/.avalanchego/profiles')

/** What a person edits in the connections panel (the profile folder has its own method: profileDirSchema). */
export const profileFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters'),
    nodeUrl: nodeUrlSchema,
    dataUrl: baseUrlSchema,
    metricsUrl: baseUrlSchema,
    network: networkSchema,
    /**
     * Optional separate C-Chain RPC endpoint (an archive node, or a plain EVM node such as anvil).
     * Unset: the node URL + /ext/bc/C/rpc. Its websocket is the same URL with ws:// or wss://.
     */
    cchainUrl: baseUrlSchema.nullable().optional(),
    /** null or unset: the network's default prefix. */
    addressHrp: hrpSchema.nullable().optional(),
    nodeIds: z.array(nodeIdSchema).max(100, 'at most 100 NodeIDs'),
    /** Not here: said so, rather than "unrecognized key", to whoever still sends it (a script, an old page). */
    profileDir: z
      .never({ message: 'is chosen on the machine, not with this method: profiles.setProfileDir, in the desktop app or the CLI' })
      .optional()
  })
  .strict()
export type ProfileFields = z.infer<typeof profileFieldsSchema>

export const apiKeySchema = z
  .string()
  .trim()
  .min(8, 'looks too short for an API key')
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'may only contain printable characters without spaces')

/**
 * How the key is kept: "encrypted" with the OS keychain (desktop); "obfuscated" when the desktop's keychain
 * backend is a fixed built-in password (Linux without a keyring: Chromium's basic_text), which anyone who can
 * read the file can undo; "unencrypted" in the database file (browser mode, CLI).
 */
export const secretStorageSchema = z.enum(['encrypted', 'obfuscated', 'unencrypted'])
export type SecretStorage = z.infer<typeof secretStorageSchema>

export const profileViewSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    nodeUrl: z.string(),
    dataUrl: z.string(),
    metricsUrl: z.string(),
    network: networkSchema,
    cchainUrl: z.string().nullable(),
    addressHrp: z.string(),
    nodeIds: z.array(z.string()),
    profileDir: z.string().nullable(),
    active: z.boolean(),
    /** Never the key itself: the renderer only learns whether one is set and how it is stored. */
    apiKey: z.object({ set: z.boolean(), storage: secretStorageSchema.nullable() }).strict(),
    createdAt: z.number().int(),
    updatedAt: z.number().int()
  })
  .strict()
export type ProfileView = z.infer<typeof profileViewSchema>

export const profileMethods = {
  'profiles.list': defineMethod({
    summary: 'List connection profiles and which one is active',
    effect: 'read',
    input: emptyInput,
    output: z.object({ profiles: z.array(profileViewSchema), activeId: idSchema.nullable() }).strict()
  }),
  'profiles.create': defineMethod({
    summary: 'Create a connection profile (optionally with a data-service API key); with no active profile, it becomes the active one (active: true)',
    effect: 'local',
    input: z.object({ profile: profileFieldsSchema, apiKey: apiKeySchema.optional() }).strict(),
    output: profileViewSchema
  }),
  'profiles.update': defineMethod({
    summary: 'Change fields of a connection profile',
    effect: 'local',
    input: z.object({ id: idSchema, profile: profileFieldsSchema.partial().strict() }).strict(),
    output: profileViewSchema
  }),
  'profiles.setProfileDir': defineMethod({
    summary:
      "Set or clear (null) the folder where the profile's node writes its profiles (desktop app and CLI only: a browser page cannot choose which folder the app reads); the folder must exist and be readable",
    effect: 'local',
    desktopOnly: true,
    input: z.object({ id: idSchema, profileDir: profileDirSchema.nullable() }).strict(),
    output: profileViewSchema
  }),
  'profiles.delete': defineMethod({
    summary: 'Delete a connection profile (not the active one)',
    effect: 'local',
    input: z.object({ id: idSchema }).strict(),
    output: z.object({ deleted: z.literal(true) }).strict()
  }),
  'profiles.setApiKey': defineMethod({
    summary: 'Set or clear the data-service API key of a profile',
    effect: 'local',
    input: z.object({ id: idSchema, apiKey: apiKeySchema.nullable() }).strict(),
    output: profileViewSchema
  }),
  'profiles.activate': defineMethod({
    summary: 'Make a profile the active one and probe each part of the interface',
    effect: 'local',
    input: z.object({ id: idSchema }).strict(),
    output: probeReportSchema
  })
} as const

export const profileEvents = {
  'profiles.changed': defineEvent({
    summary: 'Profiles were created, changed, deleted or activated',
    payload: z.object({ activeId: idSchema.nullable() }).strict()
  })
} as const
