import { z } from 'zod'
import { isCb58Id } from '../domain/ids'
import { defineEvent, defineMethod } from '../rpc/contract-types'
import { emptyInput } from './common'
import { defineCachedRead } from './envelope'
import { blockHeightSchema } from './pchain'

/**
 * The C-Chain and the node's other EVM instances: ids, fees, chain config, blocks, and the live list
 * of new blocks (followed in main over the websocket; gaps after a drop are filled over HTTP). Every
 * quantity is a decimal string (wei, gas, heights), never a JS number.
 */
const uint = z.string().regex(/^\d+$/).max(80)
const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/)
const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/)
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)

/** "C" (the C-Chain) or the cb58 blockchain ID of another EVM instance of the node. */
export const evmChainSchema = z
  .string()
  .trim()
  .min(1, 'is required: C, or the blockchain ID of an EVM instance')
  .superRefine((v, ctx) => {
    if (v !== 'C' && !isCb58Id(v)) ctx.addIssue({ code: 'custom', message: `must be C or a blockchain ID (32-byte cb58, such as 2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5); got "${v.slice(0, 60)}"` })
  })

export const headSchema = z
  .object({
    number: uint,
    hash: hex32,
    parentHash: hex32,
    /** unix seconds */
    timestamp: uint,
    baseFeePerGas: uint.optional(),
    gasUsed: uint,
    gasLimit: uint,
    txCount: z.number().int().nonnegative(),
    miner: address
  })
  .strict()
export type Head = z.infer<typeof headSchema>

export const evmTxSchema = z
  .object({
    hash: hex32,
    from: address,
    to: address.nullable(),
    value: uint,
    gas: uint,
    gasPrice: uint.optional(),
    maxFeePerGas: uint.optional(),
    maxPriorityFeePerGas: uint.optional(),
    nonce: uint,
    type: z.string().max(20),
    /** the call data, cut to 10,000 hex digits (inputBytes says how long it was) */
    input: hexData.max(10_002),
    inputBytes: z.number().int().nonnegative()
  })
  .strict()
export type EvmTx = z.infer<typeof evmTxSchema>

export const evmBlockSchema = z
  .object({ chain: z.string().max(100), head: headSchema, stateRoot: hex32, transactions: z.array(evmTxSchema).max(50_000) })
  .strict()
export type EvmBlock = z.infer<typeof evmBlockSchema>

export const feeSampleSchema = z
  .object({ at: z.number().int(), blockNumber: uint, baseFee: uint, maxPriorityFeePerGas: uint })
  .strict()
export type FeeSample = z.infer<typeof feeSampleSchema>

export const liveStatusSchema = z
  .object({
    state: z.enum(['connecting', 'live', 'reconnecting', 'stopped']),
    /** times the websocket was lost and opened again */
    reconnects: z.number().int().nonnegative(),
    /** heights fetched over HTTP because their head never arrived over the websocket */
    filled: z.number().int().nonnegative(),
    lastError: z.string().max(500).optional(),
    /**
     * When the newest head held was read from the node (ms): for heads kept from before (the node gone,
     * the app or the page restarted), the time the cache recorded. Heads held while the state is not
     * "live" are the cached ones, this old.
     */
    newestReadAt: z.number().int().optional()
  })
  .strict()
export type LiveStatus = z.infer<typeof liveStatusSchema>

export const evmInstanceSchema = z
  .object({ chain: z.string().max(100), name: z.string().max(200), blockchainID: z.string().max(100), status: z.string().max(40), vmID: z.string().max(100) })
  .strict()
export type EvmInstance = z.infer<typeof evmInstanceSchema>

/** How many heads the live list keeps in memory (main and window); the cache keeps the rest. */
export const LIVE_WINDOW = 100

const chainInput = z.object({ chain: evmChainSchema.default('C') }).strict()

export const cchainMethods = {
  'cchain.instances': defineCachedRead({
    summary: 'The EVM blockchains the node runs: the C-Chain and each Subnet-EVM chain it validates or syncs',
    from: 'node',
    input: emptyInput,
    data: z.object({ instances: z.array(evmInstanceSchema).max(1_000) }).strict()
  }),
  'cchain.ids': defineCachedRead({
    summary: 'Chain id (eth_chainId) and network id (net_version) of an EVM instance',
    from: 'node',
    input: chainInput,
    data: z.object({ chain: z.string().max(100), chainId: uint, networkId: uint }).strict()
  }),
  'cchain.fees': defineCachedRead({
    summary: 'Base fee of the next block (eth_baseFee) and the priority fee for inclusion (eth_maxPriorityFeePerGas), in wei',
    from: 'node',
    input: chainInput,
    data: z.object({ chain: z.string().max(100), baseFee: uint, maxPriorityFeePerGas: uint }).strict()
  }),
  'cchain.getChainConfig': defineCachedRead({
    summary: "The EVM's chain config (eth_getChainConfig): forks by block or time, and the chain id",
    from: 'node',
    input: chainInput,
    data: z.object({ chain: z.string().max(100), config: z.record(z.string().max(200), z.json()) }).strict()
  }),
  'cchain.getBlock': defineCachedRead({
    summary: 'A block by number or hash with its header and transactions',
    from: 'node',
    input: z
      .object({ chain: evmChainSchema.default('C'), number: blockHeightSchema.optional(), hash: z.string().trim().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte block hash').optional() })
      .strict()
      .refine((v) => (v.number === undefined) !== (v.hash === undefined), { error: 'give exactly one of number or hash' }),
    data: evmBlockSchema
  }),
  'cchain.watch': defineMethod({
    summary: 'Follow the new blocks of an EVM instance (cchain.heads events) and return the live list so far (the heads kept in the cache until the node answers)',
    effect: 'local',
    input: chainInput,
    output: z.object({ chain: z.string().max(100), heads: z.array(headSchema).max(LIVE_WINDOW), status: liveStatusSchema }).strict()
  }),
  'cchain.recentHeads': defineMethod({
    summary: 'The newest heads kept in the cache for an EVM instance (what the live list saw), newest first',
    effect: 'read',
    input: z.object({ chain: evmChainSchema.default('C'), limit: z.number().int().min(1).max(1_000).default(LIVE_WINDOW) }).strict(),
    output: z.object({ chain: z.string().max(100), heads: z.array(headSchema.extend({ seenAt: z.number().int() })).max(1_000) }).strict()
  }),
  'cchain.feeSamples': defineMethod({
    summary: 'Base and priority fee samples taken as new blocks arrived, oldest first (for the chart)',
    effect: 'read',
    input: z.object({ chain: evmChainSchema.default('C'), limit: z.number().int().min(1).max(5_000).default(500) }).strict(),
    output: z.object({ chain: z.string().max(100), samples: z.array(feeSampleSchema).max(5_000) }).strict()
  })
} as const

export const cchainEvents = {
  'cchain.heads': defineEvent({
    summary: 'New blocks of a followed EVM instance, in height order with no gap and no repeat, and the live state',
    payload: z
      .object({ chain: z.string().max(100), heads: z.array(headSchema).max(1_000), fee: feeSampleSchema.optional(), status: liveStatusSchema })
      .strict()
  })
} as const
