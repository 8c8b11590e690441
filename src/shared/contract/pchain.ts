import { z } from 'zod'
import { cb58IdSchema, chainAddressSchema } from '../domain/ids'
import { defineCachedRead } from './envelope'

/**
 * The P-Chain explorer: blocks by ID or height (hex, with the JSON tree when asked), the node's
 * blockchains with their status, the current supply of a subnet and balances of addresses. Heights and
 * amounts are decimal strings (a supply is above 2^53).
 */
const uint = z.string().regex(/^\d+$/).max(40)
const idText = z.string().max(100)

/** A block height as a person types it: a whole number 0 or more (as a JSON number or a decimal string). */
export const blockHeightSchema = z
  .union([z.number(), z.string()], { error: 'must be a block height: a whole number 0 or more, such as 1000001' })
  .superRefine((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim()
    if (!/^\d{1,20}$/.test(text) || BigInt(text) > 2n ** 64n - 1n)
      ctx.addIssue({ code: 'custom', message: `must be a block height: a whole number 0 or more, such as 1000001 (got ${JSON.stringify(v).slice(0, 40)})` })
  })
  .transform((v) => BigInt(typeof v === 'number' ? v : v.trim()).toString())

export const blockEncodingSchema = z.enum(['hex', 'json'], { error: 'must be hex or json' }).default('hex')

/** Deprecated by the node as of v1.9.12 (spec "Versioning"), still served: the UI and CLI say so. */
export const DEPRECATED_PCHAIN_METHODS = {
  'platform.getBalance': 'deprecated by the node as of v1.9.12; still served',
  'platform.getBlockchains': 'deprecated by the node as of v1.9.12; still served'
} as const

/** What each status of platform.getBlockchainStatus means (spec "States and transitions"). */
export const BLOCKCHAIN_STATUS_MEANINGS: Record<string, string> = {
  Validating: 'the blockchain is being validated by the queried node',
  Created: 'the blockchain exists but the queried node is not validating it',
  Preferred: 'creation was proposed and is likely, but the transaction is not yet accepted',
  Syncing: 'the queried node takes part as a non-validating node',
  Unknown: 'the blockchain was not proposed, or its proposal is not preferred; the proposal may be resubmitted'
}

export function blockchainStatusMeaning(status: string): string {
  return BLOCKCHAIN_STATUS_MEANINGS[status] ?? 'a status this app does not know (a newer node may have added it)'
}

export const pBlockSchema = z
  .object({
    blockID: idText,
    parentID: idText,
    height: uint,
    /** unix seconds, for blocks that carry a time (Banff and later) */
    time: uint.optional(),
    /** the codec's block type id (Apricot 0–4, Banff 29–32) */
    typeID: z.number().int().nonnegative(),
    encoding: z.enum(['hex', 'json']),
    /** the raw block as the node sends it: 0x + bytes + 4-byte checksum */
    hex: z.string().max(8_000_000),
    /** the JSON form (transactions, inputs, outputs, credentials), when json was asked for */
    json: z.json().optional(),
    previousHeight: uint.nullable(),
    /** null while the node has no block above this one */
    nextHeight: uint.nullable()
  })
  .strict()
export type PBlock = z.infer<typeof pBlockSchema>

const statusFields = { status: z.string().max(40), meaning: z.string().max(300) }

export const blockchainSchema = z
  .object({ id: idText, name: z.string().max(200), subnetID: idText, vmID: idText, ...statusFields, evm: z.boolean() })
  .strict()
export type BlockchainView = z.infer<typeof blockchainSchema>

const amounts = z.record(idText, uint)

export const pBalanceSchema = z
  .object({
    addresses: z.array(z.string().max(200)).max(100),
    balance: uint.optional(),
    unlocked: uint.optional(),
    lockedStakeable: uint.optional(),
    lockedNotStakeable: uint.optional(),
    // Each field only when the node sent it: old nodes send the AVAX totals only, late-2022 ones the maps only.
    // A map the node did not send is absent, never an empty map (which would read as "no assets").
    balances: amounts.optional(),
    unlockeds: amounts.optional(),
    lockedStakeables: amounts.optional(),
    lockedNotStakeables: amounts.optional(),
    utxoIDs: z.array(z.object({ txID: idText, outputIndex: z.number().int().nonnegative() }).strict()).max(100_000).optional(),
    deprecated: z.string().max(200)
  })
  .strict()
export type PBalance = z.infer<typeof pBalanceSchema>

export const pchainMethods = {
  'pchain.getBlock': defineCachedRead({
    summary: 'A P-Chain block by its ID (cb58): raw hex, or the JSON tree too, with the previous and next height',
    from: 'node',
    input: z.object({ blockID: cb58IdSchema, encoding: blockEncodingSchema }).strict(),
    data: pBlockSchema
  }),
  'pchain.getBlockByHeight': defineCachedRead({
    summary: 'A P-Chain block by its height: raw hex, or the JSON tree too, with the previous and next height',
    from: 'node',
    input: z.object({ height: blockHeightSchema, encoding: blockEncodingSchema }).strict(),
    data: pBlockSchema
  }),
  'pchain.getBlockchains': defineCachedRead({
    summary: 'Every blockchain but the P-Chain, each with its status and what it means (platform.getBlockchains is deprecated as of v1.9.12)',
    from: 'node',
    input: z.object({}).strict(),
    data: z.object({ blockchains: z.array(blockchainSchema).max(10_000), deprecated: z.string().max(200) }).strict()
  }),
  'pchain.getBlockchainStatus': defineCachedRead({
    summary: "One blockchain's status (Validating, Created, Preferred, Syncing, Unknown) and what it means",
    from: 'node',
    input: z.object({ blockchainID: cb58IdSchema }).strict(),
    data: z.object({ blockchainID: idText, ...statusFields }).strict()
  }),
  'pchain.getCurrentSupply': defineCachedRead({
    summary: 'The current supply of a subnet in nAVAX, exact (the Primary Network when subnetID is omitted)',
    from: 'node',
    input: z.object({ subnetID: cb58IdSchema.optional() }).strict(),
    data: z.object({ subnetID: idText.nullable(), supply: uint, height: uint.optional() }).strict()
  }),
  'pchain.getBalance': defineCachedRead({
    summary: 'Balances of P-Chain addresses, every field the node sends (platform.getBalance is deprecated as of v1.9.12)',
    from: 'node',
    input: z.object({ addresses: z.array(chainAddressSchema).min(1, 'give at least one address').max(100) }).strict(),
    data: pBalanceSchema
  })
} as const
