/**
 * Info API (/ext/info): one function per remote method, as AvalancheGo answers them. Integers arrive as
 * avajson decimal strings; where an older node or the docs use a JSON number (numPeers,
 * rpcProtocolVersion, observedUptime) both are accepted and given on as decimal strings. Objects are
 * loose: fields a newer node adds pass through.
 */
import { z } from 'zod'
import { nodeIdSchema } from '../../../shared/domain/ids'
import { defineRpcMethod } from './define'

const uintText = z
  .union([z.string().regex(/^\d+$/, { error: 'expected a decimal integer' }), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => String(v))
const hexBytes = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, { error: 'expected 0x-prefixed hex bytes' })
/** ACP numbers: JSON numbers (a Go set of uint32); a decimal string is read too. */
const acpList = z.array(z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)])).nullish()

/** This node's id and, when it has a BLS key, its public key and proof of possession. */
export const getNodeID = defineRpcMethod({
  api: 'info',
  method: 'info.getNodeID',
  effect: 'read',
  params: z.strictObject({}),
  result: z.looseObject({
    nodeID: z.string(),
    nodePOP: z.looseObject({ publicKey: hexBytes, proofOfPossession: hexBytes }).nullish()
  })
})

/** The node's version ("avalanchego/1.13.5"), and the versions of its database, plugin protocol and VMs. */
export const getNodeVersion = defineRpcMethod({
  api: 'info',
  method: 'info.getNodeVersion',
  effect: 'read',
  params: z.strictObject({}),
  result: z.looseObject({
    version: z.string(),
    databaseVersion: z.string().optional(),
    rpcProtocolVersion: uintText.optional(),
    gitCommit: z.string().optional(),
    /** VM name or id → its version */
    vmVersions: z.record(z.string(), z.string()).optional()
  })
})

/** Whether a chain (alias such as "C", or its id) is done bootstrapping. An unknown chain is an RPC error. */
export const isBootstrapped = defineRpcMethod({
  api: 'info',
  method: 'info.isBootstrapped',
  effect: 'read',
  params: z.strictObject({ chain: z.string().trim().min(1).max(100) }),
  result: z.looseObject({ isBootstrapped: z.boolean() })
})

const peer = z.looseObject({
  /** the address of the connection (for an inbound peer, its ephemeral port) */
  ip: z.string(),
  /** the address it advertises */
  publicIP: z.string().optional(),
  nodeID: z.string(),
  version: z.string(),
  /** RFC 3339 */
  lastSent: z.string(),
  lastReceived: z.string(),
  /** percent, 0–100 */
  observedUptime: uintText.optional(),
  observedSubnetUptimes: z.record(z.string(), uintText).nullish(),
  trackedSubnets: z.array(z.string()).nullish(),
  /** chain ids this peer is benched on */
  benched: z.array(z.string()).nullish(),
  supportedACPs: acpList,
  objectedACPs: acpList
})

/** The connected peers (all, or those of `nodeIDs`). */
export const peers = defineRpcMethod({
  api: 'info',
  method: 'info.peers',
  effect: 'read',
  params: z.strictObject({ nodeIDs: z.array(nodeIdSchema).max(10_000).optional() }),
  result: z.looseObject({ numPeers: uintText, peers: z.array(peer).nullish().transform((p) => p ?? []) })
})

export type Peer = z.output<typeof peer>
