/**
 * P-Chain API (/ext/bc/P): one function per remote method.
 *
 * Result policy (shared/reference/node-rpc, "Strings vs numbers" and "Shapes that drifted"):
 * - Objects are loose: fields a newer node adds pass through untouched.
 * - Integers the node sends as avajson strings (amounts, weights, times, counts) stay decimal strings,
 *   checked with /^\d+$/; they are never turned into JS numbers (a supply is above 2^53).
 * - Every shape a real node sent at some point is accepted. Where a reader would otherwise need to know
 *   the history, the result is normalised: `weight` whatever the node called it (`stakeAmount` before
 *   2025), `signer.proofOfPossession` whichever spelling arrived (the spec writes `proofOfPosession`),
 *   the two reward owners of a pre-2023 validator from its single `rewardOwner`. The original fields
 *   stay beside the normalised ones, except the misspelt signer field.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { z } from 'zod'
import { decodeHexChecksum, encodeCb58 } from '../../../shared/domain/encoding'
import { cb58IdSchema, cb58TextSchema, chainAddressSchema, checksummedHexSchema, nodeIdSchema } from '../../../shared/domain/ids'
import { defineRpcMethod } from './define'

// ---- building blocks -------------------------------------------------------------------------------

/** An avajson integer: a non-negative decimal string (amounts in nAVAX, weights, unix times, counts). */
const uint = z.string().regex(/^\d+$/, { error: 'expected a decimal integer string' })
/** An avajson Float32: a decimal string such as "10.0000" (delegation fee, uptime in percent). */
const decimal = z.string().regex(/^\d+(\.\d+)?$/, { error: 'expected a decimal number string' })
/** An id the node prints in cb58 (not decoded: a reply is not re-verified id by id). */
const id = cb58TextSchema
/** Bytes the node prints as 0x-hex without a checksum (BLS keys, signatures). */
const hexBytes = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, { error: 'expected 0x-prefixed hex bytes' })
const hexWithChecksum = checksummedHexSchema

/** An owner of outputs or rewards: { locktime, threshold, addresses }. */
const owner = z.looseObject({ locktime: uint, threshold: uint, addresses: z.array(z.string()) })

/** A BLS signer. The node spells it proofOfPossession, the spec proofOfPosession: either is read, one is given. */
const signer = z
  .looseObject({ publicKey: hexBytes, proofOfPossession: hexBytes.optional(), proofOfPosession: hexBytes.optional() })
  .refine((s) => s.proofOfPossession !== undefined || s.proofOfPosession !== undefined, { error: 'signer without a proof of possession' })
  .transform(({ proofOfPosession, ...s }) => ({ ...s, proofOfPossession: (s.proofOfPossession ?? proofOfPosession) as string }))

/** `weight` since 2025, `stakeAmount` before: one of them must be there; `weight` is always given. */
function withWeight<T extends { weight?: string | undefined; stakeAmount?: string | undefined }>(v: T): T & { weight: string } {
  return { ...v, weight: (v.weight ?? v.stakeAmount) as string }
}
const hasWeight = (v: { weight?: string | undefined; stakeAmount?: string | undefined }) => v.weight !== undefined || v.stakeAmount !== undefined

const delegator = z
  .looseObject({
    txID: id.optional(),
    startTime: uint,
    endTime: uint,
    weight: uint.optional(),
    stakeAmount: uint.optional(),
    nodeID: z.string(),
    rewardOwner: owner.optional(),
    potentialReward: uint.optional()
  })
  .refine(hasWeight, { error: 'delegator without weight or stakeAmount' })
  .transform(withWeight)

/**
 * A current validator. Three kinds share this shape (which fields appear says which it is):
 * Primary Network (txID, endTime, reward owners, delegationFee, uptime, connected, signer, delegators),
 * permissioned subnet (txID, endTime, connected) and L1 (validationID, publicKey, balance, minNonce, the
 * remaining-balance and deactivation owners; no txID, endTime or uptime).
 */
const validator = z
  .looseObject({
    nodeID: z.string(),
    startTime: uint,
    endTime: uint.optional(),
    weight: uint.optional(),
    /** before 2025 */
    stakeAmount: uint.optional(),
    txID: id.optional(),
    // L1 validators (ACP-77)
    validationID: id.optional(),
    publicKey: hexBytes.optional(),
    remainingBalanceOwner: owner.optional(),
    deactivationOwner: owner.optional(),
    minNonce: uint.optional(),
    balance: uint.optional(),
    // Primary Network validators
    validationRewardOwner: owner.optional(),
    delegationRewardOwner: owner.optional(),
    /** before 2023: one owner for both rewards */
    rewardOwner: owner.optional(),
    potentialReward: uint.optional(),
    accruedDelegateeReward: uint.optional(),
    /** percent with 4 decimals, "10.0000" */
    delegationFee: decimal.optional(),
    /** the fee in parts per million, "100000" */
    exactDelegationFee: uint.optional(),
    /** percent 0–100 with 4 decimals; absent outside the Primary Network */
    uptime: decimal.optional(),
    connected: z.boolean().optional(),
    signer: signer.optional(),
    delegatorCount: uint.optional(),
    delegatorWeight: uint.optional(),
    /** only when exactly one nodeID was asked for */
    delegators: z.array(delegator).nullish()
  })
  .refine(hasWeight, { error: 'validator without weight or stakeAmount' })
  .transform((v) => {
    const out = withWeight(v)
    // A pre-2023 validator had one rewards owner, which received both its reward and its delegation fees.
    if (v.rewardOwner !== undefined) {
      out.validationRewardOwner ??= v.rewardOwner
      out.delegationRewardOwner ??= v.rewardOwner
    }
    return out
  })

const encoding = z.enum(['hex', 'json']).default('hex')

/** A P-Chain block: hex bytes with checksum, or the JSON form (where integers are real JSON numbers). */
const jsonBlock = z.looseObject({
  parentID: id,
  height: z.number().int().nonnegative(),
  /** standard blocks: txs; proposal blocks: tx */
  txs: z.array(z.unknown()).optional(),
  tx: z.unknown().optional()
})
const blockResult = z.discriminatedUnion('encoding', [
  z.looseObject({ encoding: z.literal('hex'), block: hexWithChecksum }),
  z.looseObject({ encoding: z.literal('json'), block: jsonBlock })
])

const assetAmounts = z.record(z.string(), uint)

// ---- methods ---------------------------------------------------------------------------------------

/**
 * Balance of P-Chain addresses (deprecated by the node since v1.9.12, still served). Old nodes answer
 * with the AVAX totals only, late-2022 nodes with the per-asset maps only, current ones with both:
 * whichever arrived is given; at least one form is required.
 */
export const getBalance = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getBalance',
  effect: 'read',
  params: z.strictObject({ addresses: z.array(chainAddressSchema).min(1).max(1024) }),
  result: z
    .looseObject({
      balance: uint.optional(),
      unlocked: uint.optional(),
      lockedStakeable: uint.optional(),
      lockedNotStakeable: uint.optional(),
      balances: assetAmounts.optional(),
      unlockeds: assetAmounts.optional(),
      lockedStakeables: assetAmounts.optional(),
      lockedNotStakeables: assetAmounts.optional(),
      utxoIDs: z.array(z.looseObject({ txID: id, outputIndex: z.number().int().nonnegative() })).nullish()
    })
    .refine((r) => r.balance !== undefined || r.balances !== undefined, { error: 'neither balance nor balances' })
})

export const getBlock = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getBlock',
  effect: 'read',
  params: z.strictObject({ blockID: cb58IdSchema, encoding }),
  result: blockResult
})

/** The height travels as a decimal string (the node takes a number or a string; a string stays exact). */
export const getBlockByHeight = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getBlockByHeight',
  effect: 'read',
  params: z.strictObject({
    height: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.bigint().nonnegative(), uint]).transform((h) => String(h)),
    encoding
  }),
  result: blockResult
})

/** Every blockchain but the P-Chain (deprecated by the node since v1.9.12, still served). */
export const getBlockchains = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getBlockchains',
  effect: 'read',
  params: z.strictObject({}),
  result: z.looseObject({
    blockchains: z.array(z.looseObject({ id, name: z.string(), subnetID: id, vmID: id }))
  })
})

/**
 * Validating | Created | Preferred | Syncing | Unknown (a well-formed id nobody knows is "Unknown", not
 * an error); any string is accepted, a newer node may add one.
 */
export const getBlockchainStatus = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getBlockchainStatus',
  effect: 'read',
  params: z.strictObject({ blockchainID: cb58IdSchema }),
  result: z.looseObject({ status: z.string() })
})

/** Upper bound of the tokens that can stake a subnet; `height` (the P-Chain height) since 2023. */
export const getCurrentSupply = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getCurrentSupply',
  effect: 'read',
  params: z.strictObject({ subnetID: cb58IdSchema.optional() }),
  result: z.looseObject({ supply: uint, height: uint.optional() })
})

/**
 * What the node knows of one subnet (avalanchego v1.11+; not in the interface spec): its owner, and what
 * it is. A permissioned subnet has isPermissioned true; an elastic one a subnetTransformationTxID and an
 * L1 a conversionID (each ids.Empty otherwise). An ID the node does not know: the method error "not
 * found"; the Primary Network's: "the primary network isn't a subnet". An older node: "can't find method".
 */
export const getSubnet = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getSubnet',
  effect: 'read',
  params: z.strictObject({ subnetID: cb58IdSchema }),
  result: z.looseObject({
    isPermissioned: z.boolean(),
    controlKeys: z.array(z.string()).nullish(),
    threshold: uint,
    locktime: uint.optional(),
    subnetTransformationTxID: id.optional(),
    conversionID: id.optional(),
    managerChainID: id.optional(),
    /** types.JSONByteSlice: 0x-hex, "0x" when the subnet is not an L1 */
    managerAddress: hexBytes.nullish()
  })
})

/** Omitted subnetID: the Primary Network; omitted nodeIDs: every current validator. */
export const getCurrentValidators = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getCurrentValidators',
  effect: 'read',
  params: z.strictObject({ subnetID: cb58IdSchema.optional(), nodeIDs: z.array(nodeIdSchema).max(10_000).optional() }),
  result: z.looseObject({
    validators: z.array(validator),
    /** 2020 only: the delegators again, beside the validators */
    delegators: z.array(delegator).optional()
  })
})

/**
 * The L1 validators' continuous fee (ACP-77): `price` is what each active L1 validator pays, in nAVAX
 * per second. Not in the interface spec; real avalanchego (1.12+) serves it, and the watch reads it to
 * tell how long an L1 validator's balance lasts. A node without it answers "method not found".
 */
const uintOrNumber = z.union([uint, z.number().int().nonnegative().transform(String)])

export const getValidatorFeeState = defineRpcMethod({
  api: 'pchain',
  method: 'platform.getValidatorFeeState',
  effect: 'read',
  params: z.strictObject({}),
  // gas.Gas and gas.Price are plain uint64 in avalanchego's reply: numbers on the wire, strings in some proxies.
  result: z.looseObject({ excess: uintOrNumber, price: uintOrNumber, timestamp: z.string() })
})

export type CurrentSupply = z.output<typeof getCurrentSupply.decl.result>
export type Validator = z.output<typeof validator>
export type Delegator = z.output<typeof delegator>
export type Owner = z.output<typeof owner>
export type BlockResult = z.output<typeof blockResult>

/** Banff block types (proposal, abort, commit, standard) carry a time before their parent. */
const BANFF_BLOCK_TYPES = new Set([29, 30, 31, 32])

/**
 * What a P-Chain block's bytes say of it (reference: codec version u16, type id u32, [time u64 for Banff
 * blocks], parent ID 32 bytes, height u64): its ID is the cb58 of sha256 of the bytes.
 */
export function decodeBlockHeader(hex: string): { blockID: string; parentID: string; height: string; time?: string; typeID: number } {
  const bytes = decodeHexChecksum(hex)
  if (bytes.length < 46) throw new Error(`a block of ${bytes.length} bytes is too short to hold a header`)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const typeID = view.getUint32(2)
  const banff = BANFF_BLOCK_TYPES.has(typeID)
  const at = banff ? 14 : 6
  if (bytes.length < at + 40) throw new Error(`a block of ${bytes.length} bytes is too short to hold a header`)
  return {
    blockID: encodeCb58(sha256(bytes)),
    parentID: encodeCb58(bytes.subarray(at, at + 32)),
    height: view.getBigUint64(at + 32).toString(),
    ...(banff ? { time: view.getBigUint64(6).toString() } : {}),
    typeID
  }
}
