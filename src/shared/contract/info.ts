import { z } from 'zod'
import { nodeIdSchema } from '../domain/ids'
import { defineCachedRead } from './envelope'

/**
 * The node's identity and health (/ext/info, /ext/health): the first reads on the cached data path.
 * The data schemas are the app's view of what the node sends: bounded text, integers as decimal
 * strings, no transforms (an answer read back from the cache passes them again).
 */
const text = (max = 200) => z.string().max(max)
const decimal = z.string().regex(/^\d+$/).max(40)
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/).max(400)
/** Chain alias (P, X, C) or a blockchain id. */
export const chainAliasSchema = z
  .string()
  .trim()
  .min(1, 'is required: a chain alias such as P, X or C, or a blockchain id')
  .max(100)
  .regex(/^[A-Za-z0-9-]+$/, 'must be a chain alias such as P, X or C, or a blockchain id')

export const nodeIdentitySchema = z
  .object({ nodeID: text(100), nodePOP: z.object({ publicKey: hex, proofOfPossession: hex }).strict().nullable() })
  .strict()

export const nodeVersionSchema = z
  .object({
    version: text(),
    databaseVersion: text().optional(),
    rpcProtocolVersion: decimal.optional(),
    gitCommit: text().optional(),
    vmVersions: z.record(text(), text())
  })
  .strict()

export const peerSchema = z
  .object({
    nodeID: text(100),
    ip: text(),
    publicIP: text().optional(),
    version: text(),
    lastSent: text(),
    lastReceived: text(),
    /** percent, 0–100, as the node observed this peer */
    observedUptime: decimal.optional(),
    trackedSubnets: z.array(text(100)).max(1_000),
    benched: z.array(text(100)).max(1_000)
  })
  .strict()
export type Peer = z.infer<typeof peerSchema>

export const peersSchema = z.object({ numPeers: decimal, peers: z.array(peerSchema).max(100_000) }).strict()

export const healthCheckSchema = z
  .object({
    name: text(),
    healthy: z.boolean(),
    /** The check's details as JSON text (any shape), cut short. */
    message: text(4_000).optional(),
    /** Why it fails, in the node's words. */
    error: text(2_000).optional(),
    timestamp: text().optional(),
    contiguousFailures: z.number().int().nonnegative().optional(),
    timeOfFirstFailure: text().optional()
  })
  .strict()
export type HealthCheck = z.infer<typeof healthCheckSchema>

export const healthSchema = z.object({ healthy: z.boolean(), checks: z.array(healthCheckSchema).max(10_000) }).strict()

export const infoMethods = {
  'info.getNodeID': defineCachedRead({
    summary: "The node's id and its BLS public key with proof of possession",
    from: 'node',
    input: z.object({}).strict(),
    data: nodeIdentitySchema
  }),
  'info.getNodeVersion': defineCachedRead({
    summary: "The node's version and the versions of its database, protocol and VMs",
    from: 'node',
    input: z.object({}).strict(),
    data: nodeVersionSchema
  }),
  'info.isBootstrapped': defineCachedRead({
    summary: 'Whether a chain (P, X, C or a blockchain id) is done bootstrapping',
    from: 'node',
    input: z.object({ chain: chainAliasSchema }).strict(),
    data: z.object({ chain: text(100), isBootstrapped: z.boolean() }).strict()
  }),
  'info.peers': defineCachedRead({
    summary: 'The peers the node is connected to (all, or those of nodeIDs)',
    from: 'node',
    input: z.object({ nodeIDs: z.array(nodeIdSchema).max(1_000).optional() }).strict(),
    data: peersSchema
  }),
  'health.health': defineCachedRead({
    summary: "The node's health checks, each with its message (tags select a subnet's checks)",
    from: 'node',
    input: z.object({ tags: z.array(z.string().trim().min(1).max(100)).max(100).optional() }).strict(),
    data: healthSchema
  })
} as const
