/**
 * C-Chain native-asset API (/ext/bc/C/core): one function per remote method.
 *
 * Only the "hex" encoding is sent (cb58 was dropped by the node in 2022; a cb58 reply is refused). Hex
 * payloads are checked for their 4-byte checksum; ids stay cb58. Integers the spec calls numbers
 * (numFetched, blockHeight) arrive as decimal strings from real nodes: both are accepted and given on as
 * decimal strings. Statuses are not enumerated: any string is accepted.
 */
import { z } from 'zod'
import { cb58IdSchema, cb58TextSchema, chainAddressSchema, checksummedHexSchema } from '../../../shared/domain/ids'
import { defineRpcMethod } from './define'

/** A count or height: the node's decimal string, or a number as the spec writes it; always a string after. */
const uintText = z
  .union([z.string().regex(/^\d+$/, { error: 'expected a decimal integer' }), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => String(v))
/** An id the node prints in cb58 (not decoded: a reply is not re-verified id by id). */
const id = cb58TextSchema
const hexWithChecksum = checksummedHexSchema
const hexEncoding = z.literal('hex').default('hex')

/** The node caps a page at 1024 UTXOs (and at 1024 addresses). */
export const MAX_UTXOS_PER_PAGE = 1024

/**
 * UTXOs in the C-Chain's shared memory sent from `sourceChain` ("X", "P" or a chain id) to the addresses.
 * Page on by passing the previous reply's `endIndex` as `startIndex`; `numFetched: "0"` ends it.
 */
export const getUTXOs = defineRpcMethod({
  api: 'core',
  method: 'core.getUTXOs',
  effect: 'read',
  params: z.strictObject({
    addresses: z.array(chainAddressSchema).min(1).max(MAX_UTXOS_PER_PAGE),
    sourceChain: z.string().trim().min(1).max(100),
    startIndex: z.strictObject({ address: z.string().min(1).max(200), utxo: z.string().min(1).max(100) }).optional(),
    limit: z.number().int().min(1).max(MAX_UTXOS_PER_PAGE).optional(),
    encoding: hexEncoding
  }),
  result: z.looseObject({
    numFetched: uintText,
    utxos: z.array(hexWithChecksum),
    /** `utxo` is a cb58 UTXO id even with encoding hex */
    endIndex: z.looseObject({ address: z.string(), utxo: z.string() }),
    encoding: z.string()
  })
})

/** Issues a signed atomic tx (hex with checksum). Changes the chain: sent once, never retried. */
export const issueTx = defineRpcMethod({
  api: 'core',
  method: 'core.issueTx',
  effect: 'node',
  params: z.strictObject({ tx: hexWithChecksum, encoding: hexEncoding }),
  result: z.looseObject({ txID: id })
})

/** Accepted | Processing | Dropped | Unknown (an unknown tx is "Unknown", not an error); `blockHeight` only when accepted. */
export const getAtomicTxStatus = defineRpcMethod({
  api: 'core',
  method: 'core.getAtomicTxStatus',
  effect: 'read',
  params: z.strictObject({ txID: cb58IdSchema }),
  result: z.looseObject({ status: z.string(), blockHeight: uintText.optional() })
})

/** A signed atomic tx in hex; `blockHeight` only once accepted. An unknown tx is an RPC error ("could not find tx"). */
export const getAtomicTx = defineRpcMethod({
  api: 'core',
  method: 'core.getAtomicTx',
  effect: 'read',
  params: z.strictObject({ txID: cb58IdSchema, encoding: hexEncoding }),
  result: z.looseObject({ tx: hexWithChecksum, encoding: z.string(), blockHeight: uintText.optional() })
})

/** The VM version string. Removed from nodes in avalanchego v1.14.1: newer nodes answer with an RPC error. */
export const version = defineRpcMethod({
  api: 'core',
  method: 'core.version',
  effect: 'read',
  params: z.strictObject({}),
  result: z.looseObject({ version: z.string() })
})
