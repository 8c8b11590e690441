/**
 * The C-Chain (and other EVM instances) through viem, over our JSON-RPC transport: viem formats blocks
 * and quantities, our transport batches, retries reads and turns JSON-RPC errors into AppErrors.
 *
 * Every function takes the node's APIs (and uses `node.cchain`) or the endpoint of another EVM instance
 * (/ext/bc/{blockchainID}/rpc). Quantities come back as bigint, or as decimal strings where the node
 * sends decimal text (net_version); never as JS numbers that could pass 2^53 (the chain id is a number,
 * as viem gives it). Errors are always AppErrors: viem's wrappers are taken off (see toAppError).
 */
import { BaseError, BlockNotFoundError, createClient, custom, hexToBigInt, rpcSchema } from 'viem'
import type { Block, BlockTag, Client, CustomTransport, Hex, PublicRpcSchema } from 'viem'
import { getBlock as viemGetBlock, getBlockNumber, getChainId } from 'viem/actions'
import WebSocket from 'ws'
import { z } from 'zod'
import { AppError, badInput } from '../../../shared/rpc/errors'
import { safeUrl } from '../transport/http'
import type { JsonRpcEndpoint, RequestOptions } from '../transport/types'
import { WS_MAX_PAYLOAD } from '../transport/websocket'
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
 * A viem client whose requests go through `endpoint`, used with viem's actions one by one (viem/actions: the
 * three this module calls, not the public client's whole set, whose types alone took the type check about 20
 * CPU-seconds). viem's own retries are off (the transport retries reads) and so is its cache (every call asks
 * the node).
 */
export type EvmClient = Client<CustomTransport, undefined, undefined, [...PublicRpcSchema, ...AvalancheEvmRpcSchema]>

export function evmClient(endpoint: JsonRpcEndpoint, opts: EvmOptions = {}): EvmClient {
  return createClient({
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
  return run(target, 'eth_chainId', opts, (c) => getChainId(c))
}

/** net_version as the node sends it, a decimal string (the C-Chain answers its chain id since 2021-12, not "1"). */
export function netVersion(target: EvmTarget, opts: EvmOptions = {}): Promise<string> {
  return run(target, 'net_version', opts, async (c, endpoint) =>
    checkResult(endpoint, 'net_version', netVersionSchema, await c.request({ method: 'net_version' }))
  )
}

/** eth_blockNumber: the last accepted block. */
export function blockNumber(target: EvmTarget, opts: EvmOptions = {}): Promise<bigint> {
  return run(target, 'eth_blockNumber', opts, (c) => getBlockNumber(c, { cacheTime: 0 }))
}

const BLOCK_TAGS = ['latest', 'earliest', 'pending', 'safe', 'finalized'] as const
const blockRef = z.union([
  z.strictObject({ blockNumber: z.union([z.bigint().nonnegative(), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform((n) => BigInt(n)) }),
  z.strictObject({ blockTag: z.enum(BLOCK_TAGS) })
])
export type BlockRef = z.input<typeof blockRef>

/** A block by number or tag (default: latest), with transaction hashes only. A block that does not exist is NOT_FOUND. */
export async function getBlock(target: EvmTarget, ref: BlockRef = { blockTag: 'latest' }, opts: EvmOptions = {}): Promise<Block<bigint, false, BlockTag>> {
  // The common case (a plain non-negative block number) skips the schema: this runs once per block when
  // the live view fills a gap of thousands, and the bench compares it with viem's own client.
  let by: z.output<typeof blockRef>
  const n = 'blockNumber' in ref && Object.keys(ref).length === 1 ? ref.blockNumber : undefined
  if (typeof n === 'bigint' && n >= 0n) by = { blockNumber: n }
  else if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) by = { blockNumber: BigInt(n) }
  else {
    const r = blockRef.safeParse(ref)
    if (!r.success) throw badInput(r.error.issues)
    by = r.data
  }
  return run(target, 'eth_getBlockByNumber', opts, (c) =>
    'blockTag' in by ? viemGetBlock(c, { blockTag: by.blockTag, includeTransactions: false }) : viemGetBlock(c, { blockNumber: by.blockNumber, includeTransactions: false })
  )
}

/** A block by number or hash with its transactions in full. A block that does not exist is NOT_FOUND. */
export async function getBlockWithTxs(target: EvmTarget, ref: { blockNumber: bigint } | { blockHash: Hex }, opts: EvmOptions = {}): Promise<Block<bigint, true, BlockTag>> {
  const method = 'blockHash' in ref ? 'eth_getBlockByHash' : 'eth_getBlockByNumber'
  return run(target, method, opts, (c) =>
    'blockHash' in ref ? viemGetBlock(c, { blockHash: ref.blockHash, includeTransactions: true }) : viemGetBlock(c, { blockNumber: ref.blockNumber, includeTransactions: true })
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

export interface NewHeadsHandlers {
  /** eth_subscribe newHeads was accepted: heads follow from now on. */
  onSubscribed(): void
  /** A new head's number (the header itself is read over HTTP, so every block has one shape). */
  onHead(number: bigint): void
  /**
   * The socket is gone (or never opened, or the subscription was refused); called once. `final`: the
   * node serves no websocket there (HTTP 404), so trying again is pointless.
   */
  onClose(reason: string, final: boolean): void
}

/**
 * One websocket to an EVM instance with one newHeads subscription. It does not reconnect: whoever
 * follows the chain decides when to try again (and fills what it missed meanwhile).
 */
export function subscribeNewHeads(wsUrl: string, h: NewHeadsHandlers, timeoutMs = 10_000): { close(): void } {
  const where = safeUrl(wsUrl)
  const ws = new WebSocket(wsUrl, { maxPayload: WS_MAX_PAYLOAD, handshakeTimeout: timeoutMs })
  let subscription: string | undefined
  let done = false
  const finish = (reason: string, final = false): void => {
    if (done) return
    done = true
    clearTimeout(timer)
    ws.removeAllListeners()
    ws.on('error', () => {})
    ws.terminate()
    h.onClose(reason, final)
  }
  const timer = setTimeout(() => finish(`the websocket at ${where} did not accept the subscription within ${timeoutMs} ms`), timeoutMs)
  ws.on('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] })))
  ws.on('message', (data) => {
    let msg: { id?: unknown; result?: unknown; error?: { message?: unknown }; method?: unknown; params?: { subscription?: unknown; result?: { number?: unknown } } }
    try {
      msg = JSON.parse(String(data)) as typeof msg
    } catch {
      return finish(`the websocket at ${where} sent a message that is not JSON`)
    }
    if (msg.id === 1) {
      if (msg.error || typeof msg.result !== 'string') return finish(`the websocket at ${where} refused eth_subscribe newHeads: ${String(msg.error?.message ?? 'no subscription id').slice(0, 200)}`)
      subscription = msg.result
      clearTimeout(timer)
      return h.onSubscribed()
    }
    if (msg.method !== 'eth_subscription' || msg.params?.subscription !== subscription) return
    const n = msg.params?.result?.number
    if (typeof n !== 'string' || !/^0x[0-9a-fA-F]+$/.test(n)) return finish(`the websocket at ${where} sent a head without a number`)
    h.onHead(BigInt(n))
  })
  ws.on('unexpected-response', (_req, res) => finish(`no websocket is served at ${where} (HTTP ${res.statusCode ?? 0})`, res.statusCode === 404))
  ws.on('error', (err) => finish(`could not reach the websocket at ${where}: ${(err as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? 'connection refused' : 'network error'}`))
  ws.on('close', () => finish(`the websocket at ${where} closed`))
  return { close: () => finish('closed by the app') }
}
