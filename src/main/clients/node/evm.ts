/**
 * The C-Chain (and other EVM instances) through viem, over our JSON-RPC transport: viem formats blocks
 * and quantities, our transport batches, retries reads and turns JSON-RPC errors into AppErrors.
 *
 * Every function takes the node's APIs (and uses `node.cchain`) or the endpoint of another EVM instance
 * (/ext/bc/{blockchainID}/rpc). Quantities come back as bigint, or as decimal strings where the node
 * sends decimal text (net_version); never as JS numbers that could pass 2^53 (the chain id is a number,
 * as viem gives it). Errors are always AppErrors: viem's wrappers are taken off (see toAppError).
 */
import { BaseError, BlockNotFoundError, createPublicClient, custom, hexToBigInt, rpcSchema } from 'viem'
import type { Block, BlockTag, CustomTransport, Hex, PublicClient, PublicRpcSchema } from 'viem'
import { z } from 'zod'
import { AppError, badInput } from '../../../shared/rpc/errors'
import type { JsonRpcEndpoint, RequestOptions } from '../transport/types'
import { checkResult } from './define'
import type { NodeApis } from './define'

/** The node's APIs (the C-Chain is used) or the endpoint of another EVM instance. */
export type EvmTarget = NodeApis | JsonRpcEndpoint
export type EvmOptions = Omit<RequestOptions, 'effect'>

/** The C-Chain's additions to the Ethereum API (spec: "C-Chain Ethereum-compatible API"). */
type AvalancheEvmRpcSchema = [
  { Method: 'eth_baseFee'; Parameters?: []; ReturnType: Hex },
  { Method: 'eth_getChainConfig'; Parameters?: []; ReturnType: unknown }
]

function endpointOf(target: EvmTarget): JsonRpcEndpoint {
  return typeof (target as Partial<JsonRpcEndpoint>).request === 'function' ? (target as JsonRpcEndpoint) : (target as NodeApis).cchain
}

/**
 * A viem public client whose requests go through `endpoint`. viem's own retries are off (the transport
 * retries reads) and so is its cache (every call asks the node).
 */
export type EvmClient = PublicClient<CustomTransport, undefined, undefined, [...PublicRpcSchema, ...AvalancheEvmRpcSchema]>

export function evmClient(endpoint: JsonRpcEndpoint, opts: EvmOptions = {}): EvmClient {
  return createPublicClient({
    transport: custom(
      { request: ({ method, params }: { method: string; params?: unknown }) => endpoint.request(method, params ?? [], { ...opts, effect: 'read' }) },
      { retryCount: 0, name: endpoint.service, key: 'node' }
    ),
    rpcSchema: rpcSchema<[...PublicRpcSchema, ...AvalancheEvmRpcSchema]>(),
    cacheTime: 0
  })
}

/**
 * What a caller receives when a call fails: the AppError our transport threw (viem wraps it, once or
 * more, in its own errors: the first AppError down the `.cause` chain is it), or for a failure of viem's
 * own (an answer it could not format) an AppError naming the endpoint and method.
 */
export function toAppError(err: unknown, endpoint: JsonRpcEndpoint, method: string): AppError {
  let e: unknown = err
  for (let depth = 0; e !== null && e !== undefined && depth < 16; depth++) {
    if (e instanceof AppError) return e
    e = (e as { cause?: unknown }).cause
  }
  if (err instanceof BlockNotFoundError) return new AppError('NOT_FOUND', `The ${endpoint.service} has no such block`, undefined, { cause: err })
  const code = (err as { code?: unknown }).code
  if (err instanceof BaseError && typeof code === 'number' && Number.isInteger(code)) {
    return new AppError('RPC', `The ${endpoint.service} refused ${method}`, { rpcCode: code, method: method.slice(0, 100), upstreamMessage: err.shortMessage.slice(0, 500) }, { cause: err })
  }
  return new AppError('UPSTREAM_INVALID', `The ${endpoint.service} answered ${method} with an unexpected value`, { method }, { cause: err })
}

/** One client per endpoint for calls without a signal (building one costs more than a call). */
const shared = new WeakMap<JsonRpcEndpoint, EvmClient>()

function clientFor(endpoint: JsonRpcEndpoint, opts: EvmOptions): EvmClient {
  if (opts.signal) return evmClient(endpoint, opts)
  let c = shared.get(endpoint)
  if (!c) shared.set(endpoint, (c = evmClient(endpoint)))
  return c
}

async function run<T>(target: EvmTarget, method: string, opts: EvmOptions, fn: (client: EvmClient, endpoint: JsonRpcEndpoint) => Promise<T>): Promise<T> {
  const endpoint = endpointOf(target)
  try {
    return await fn(clientFor(endpoint, opts), endpoint)
  } catch (e) {
    throw toAppError(e, endpoint, method)
  }
}

const netVersionSchema = z.string().regex(/^\d+$/, { error: 'expected a decimal string' })
const hexQuantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/, { error: 'expected a 0x-hex quantity' })
  .transform((v) => hexToBigInt(v as Hex))

/** eth_chainId: 43114 on mainnet, 43113 on the test network. */
export function chainId(target: EvmTarget, opts: EvmOptions = {}): Promise<number> {
  return run(target, 'eth_chainId', opts, (c) => c.getChainId())
}

/** net_version as the node sends it, a decimal string (the C-Chain answers its chain id since 2021-12, not "1"). */
export function netVersion(target: EvmTarget, opts: EvmOptions = {}): Promise<string> {
  return run(target, 'net_version', opts, async (c, endpoint) =>
    checkResult(endpoint, 'net_version', netVersionSchema, await c.request({ method: 'net_version' }))
  )
}

/** eth_blockNumber: the last accepted block. */
export function blockNumber(target: EvmTarget, opts: EvmOptions = {}): Promise<bigint> {
  return run(target, 'eth_blockNumber', opts, (c) => c.getBlockNumber({ cacheTime: 0 }))
}

const BLOCK_TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const
const blockRef = z.union([
  z.strictObject({ blockNumber: z.union([z.bigint().nonnegative(), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform((n) => BigInt(n)) }),
  z.strictObject({ blockTag: z.enum(BLOCK_TAGS) })
])
export type BlockRef = z.input<typeof blockRef>

/** A block by number or tag (default: latest), with transaction hashes only. A block that does not exist is NOT_FOUND. */
export async function getBlock(target: EvmTarget, ref: BlockRef = { blockTag: 'latest' }, opts: EvmOptions = {}): Promise<Block<bigint, false, BlockTag>> {
  const r = blockRef.safeParse(ref)
  if (!r.success) throw badInput(r.error.issues)
  const by = r.data
  return run(target, 'eth_getBlockByNumber', opts, (c) =>
    'blockTag' in by ? c.getBlock({ blockTag: by.blockTag, includeTransactions: false }) : c.getBlock({ blockNumber: by.blockNumber, includeTransactions: false })
  )
}

/** eth_baseFee: the base fee of the next block, in wei. */
export function baseFee(target: EvmTarget, opts: EvmOptions = {}): Promise<bigint> {
  return run(target, 'eth_baseFee', opts, async (c, endpoint) => checkResult(endpoint, 'eth_baseFee', hexQuantity, await c.request({ method: 'eth_baseFee', params: [] })))
}

/** eth_maxPriorityFeePerGas: the tip the node estimates for inclusion, in wei. */
export function maxPriorityFeePerGas(target: EvmTarget, opts: EvmOptions = {}): Promise<bigint> {
  return run(target, 'eth_maxPriorityFeePerGas', opts, async (c, endpoint) =>
    checkResult(endpoint, 'eth_maxPriorityFeePerGas', hexQuantity, await c.request({ method: 'eth_maxPriorityFeePerGas' }))
  )
}

/** eth_getChainConfig: the EVM's chain config (JSON numbers; its field set grows with each network upgrade). */
export const chainConfigSchema = z.record(z.string(), z.unknown())

export function getChainConfig(target: EvmTarget, opts: EvmOptions = {}): Promise<Record<string, unknown>> {
  return run(target, 'eth_getChainConfig', opts, async (c, endpoint) =>
    checkResult(endpoint, 'eth_getChainConfig', chainConfigSchema, await c.request({ method: 'eth_getChainConfig', params: [] }))
  )
}

/** Result schemas of the raw EVM methods, for tests against the reference cases. */
export const resultSchemas = {
  eth_chainId: hexQuantity,
  net_version: netVersionSchema,
  eth_baseFee: hexQuantity,
  eth_maxPriorityFeePerGas: hexQuantity,
  eth_getChainConfig: chainConfigSchema
} as const
