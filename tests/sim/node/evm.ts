/**
 * /ext/bc/C/rpc (and /ext/bc/{blockchainID}/rpc of another EVM instance): a geth-style server. Only the
 * method families a node serves (spec: web3_, net_, eth_, personal_, txpool_, debug_) go to anvil; its
 * own test methods (anvil_, hardhat_, evm_, ots_) are refused with geth's -32601, as a node refuses any
 * method it does not have. The sim answers the C-Chain additions (eth_baseFee, eth_getChainConfig)
 * itself. A request without an `id` is a notification: it is carried out and gets no answer (an HTTP
 * body of nothing, as geth sends; in a batch it is left out). Batches over 40 items are refused, as on
 * the public API node; debug_ can be switched off the same way.
 */
import type { RpcRequest } from './jsonrpc'
import { gethError, idOf, result } from './jsonrpc'

export const BATCH_LIMIT = 40
const FAMILIES = ['web3_', 'net_', 'eth_', 'personal_', 'txpool_', 'debug_']

export interface EvmDeps {
  anvilUrl: string
  debugApi: () => boolean
  evmChainId: number
  /** eth_getChainConfig's answer; default the C-Chain's (chainConfig(evmChainId)) */
  chainConfig?: Record<string, unknown>
  /** eth_getProof's window: see proofWindowError */
  proof?: ProofWindow
}

/**
 * The spec's eth_getProof rule. Archival nodes (pruning off) reject a proof older than
 * historical-proof-query-window blocks before the last accepted block (coreth's default, 43200
 * blocks, is 24 hours of 2-second blocks; 0 accepts any block). Pruning nodes always reject
 * outside the 32 most recent blocks.
 */
export interface ProofWindow {
  pruning: boolean
  historicalProofQueryWindow: number
}
export const DEFAULT_PROOF_WINDOW: ProofWindow = { pruning: false, historicalProofQueryWindow: 43200 }
const PRUNING_PROOF_WINDOW = 32n

async function proofWindowError(params: unknown[], window: ProofWindow, call: ReturnType<typeof evmCaller>): Promise<string | undefined> {
  const latest = BigInt((await call('eth_blockNumber')) as string)
  const tag = params[2]
  let requested = latest
  if (typeof tag === 'string' && /^0x[0-9a-fA-F]+$/.test(tag)) requested = BigInt(tag)
  else if (tag === 'earliest') requested = 0n
  else if (tag && typeof tag === 'object' && 'blockHash' in tag) {
    const block = (await call('eth_getBlockByHash', [(tag as { blockHash: unknown }).blockHash, false])) as { number?: string } | null
    if (block?.number) requested = BigInt(block.number)
  } else if (tag && typeof tag === 'object' && 'blockNumber' in tag) requested = BigInt(String((tag as { blockNumber: unknown }).blockNumber))
  const limit = window.pruning ? PRUNING_PROOF_WINDOW : BigInt(window.historicalProofQueryWindow)
  if (!window.pruning && limit === 0n) return undefined
  if (latest - requested <= limit) return undefined
  // Message text is ours: the spec states the rule, not the words.
  return window.pruning
    ? `block ${requested} is outside the ${limit}-block window kept by this pruning node (last accepted ${latest})`
    : `block ${requested} is older than the historical proof query window of ${limit} blocks (last accepted ${latest})`
}

export async function anvilCall(anvilUrl: string, body: unknown): Promise<unknown> {
  const res = await fetch(anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return res.json()
}

export function evmCaller(anvilUrl: string) {
  let n = 0
  return async (method: string, params: unknown[] = []): Promise<unknown> => {
    const r = (await anvilCall(anvilUrl, { jsonrpc: '2.0', id: ++n, method, params })) as { result?: unknown; error?: { message: string } }
    if (r.error) throw new Error(r.error.message)
    return r.result
  }
}

/** chain config as coreth reports it (numbers, not hex), for the mainnet C-Chain */
export function chainConfig(chainId: number) {
  const ts = 1607144400
  return {
    chainId, homesteadBlock: 0, daoForkBlock: 0, daoForkSupport: true, eip150Block: 0, eip155Block: 0, eip158Block: 0,
    byzantiumBlock: 0, constantinopleBlock: 0, petersburgBlock: 0, istanbulBlock: 0, muirGlacierBlock: 0, berlinBlock: 0, londonBlock: 0,
    apricotPhase1BlockTimestamp: ts, apricotPhase2BlockTimestamp: ts, apricotPhase3BlockTimestamp: ts, apricotPhase4BlockTimestamp: ts,
    apricotPhase5BlockTimestamp: ts, apricotPhasePre6BlockTimestamp: ts, apricotPhase6BlockTimestamp: ts, apricotPhasePost6BlockTimestamp: ts,
    banffBlockTimestamp: ts, cortinaBlockTimestamp: ts, durangoBlockTimestamp: ts, etnaTimestamp: ts, fortunaTimestamp: ts,
    graniteTimestamp: 253399622400, shanghaiTime: ts, cancunTime: ts,
  }
}

type Single = Record<string, unknown>

/** geth: a request with no `id` member at all is a notification (an explicit null id is not). */
export function isNotification(req: unknown): boolean {
  return typeof req === 'object' && req !== null && !Array.isArray(req) && !('id' in req)
}

/** Answers one request locally, or returns undefined to forward it to anvil. */
export async function evmLocal(req: RpcRequest, deps: EvmDeps, call: ReturnType<typeof evmCaller>): Promise<Single | undefined> {
  const id = idOf(req)
  if (req.jsonrpc !== '2.0' || typeof req.method !== 'string') return gethError(id, -32600, 'invalid request')
  const m = req.method
  if (!FAMILIES.some((f) => m.startsWith(f)) || (m.startsWith('debug_') && !deps.debugApi())) {
    return gethError(id, -32601, `the method ${m} does not exist/is not available`)
  }
  if (req.params !== undefined && req.params !== null && !Array.isArray(req.params)) {
    return gethError(id, -32602, 'non-array args')
  }
  if (m === 'eth_baseFee') {
    const block = (await call('eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: string }
    return result(id, block.baseFeePerGas ?? '0x0')
  }
  if (m === 'eth_getChainConfig') return result(id, deps.chainConfig ?? chainConfig(deps.evmChainId))
  if (m === 'eth_getProof') {
    const refused = await proofWindowError((req.params ?? []) as unknown[], deps.proof ?? DEFAULT_PROOF_WINDOW, call)
    if (refused) return gethError(id, -32000, refused)
  }
  return undefined
}

/** Handles a parsed body (single or batch) and returns the response body, or undefined for none. */
export async function handleEvm(body: unknown, deps: EvmDeps): Promise<unknown> {
  const call = evmCaller(deps.anvilUrl)
  if (Array.isArray(body)) {
    if (body.length === 0) return gethError(null, -32600, 'empty batch')
    if (body.length > BATCH_LIMIT) return gethError(null, -32600, `batch too large: ${body.length} items, limit is ${BATCH_LIMIT}`)
    const answers: (Single | undefined)[] = await Promise.all(body.map((r) => (typeof r === 'object' && r !== null ? evmLocal(r as RpcRequest, deps, call) : gethError(null, -32600, 'invalid request'))))
    // anvil gets the rest under ids of our own, so notifications are carried out and answers matched by position
    const forwardIdx = body.map((_, i) => i).filter((i) => answers[i] === undefined)
    if (forwardIdx.length > 0) {
      const upstream = (await anvilCall(deps.anvilUrl, forwardIdx.map((i) => ({ ...(body[i] as RpcRequest), id: i })))) as Single[]
      const byIdx = new Map(upstream.map((u) => [u.id as number, u]))
      for (const i of forwardIdx) {
        const u = byIdx.get(i)
        answers[i] = u ? { ...u, id: idOf(body[i] as RpcRequest) } : gethError(idOf(body[i] as RpcRequest), -32603, 'no answer')
      }
    }
    const out = answers.filter((_, i) => !isNotification(body[i]))
    return out.length > 0 ? out : undefined
  }
  if (typeof body !== 'object' || body === null) return gethError(null, -32600, 'invalid request')
  const answer = (await evmLocal(body as RpcRequest, deps, call)) ?? (await anvilCall(deps.anvilUrl, isNotification(body) ? { ...body, id: 0 } : body))
  return isNotification(body) ? undefined : answer
}
