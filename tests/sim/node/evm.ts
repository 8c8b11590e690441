/**
 * /ext/bc/C/rpc: a geth-style server. The Ethereum method families go to anvil; the sim answers the
 * C-Chain additions (eth_baseFee, eth_getChainConfig) itself. Batches over 40 items are refused, as on
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

/** Answers one request locally, or returns undefined to forward it to anvil. */
async function local(req: RpcRequest, deps: EvmDeps, call: ReturnType<typeof evmCaller>): Promise<Single | undefined> {
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
  if (m === 'eth_getChainConfig') return result(id, chainConfig(deps.evmChainId))
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
    const answers: (Single | undefined)[] = await Promise.all(body.map((r) => local(r as RpcRequest, deps, call)))
    const forward = body.filter((_, i) => answers[i] === undefined)
    if (forward.length > 0) {
      const upstream = (await anvilCall(deps.anvilUrl, forward)) as Single[]
      const byId = new Map(upstream.map((u) => [JSON.stringify(u.id), u]))
      body.forEach((r, i) => {
        if (answers[i] === undefined) answers[i] = byId.get(JSON.stringify((r as RpcRequest).id ?? null))
      })
    }
    return answers
  }
  if (typeof body !== 'object' || body === null) return gethError(null, -32600, 'invalid request')
  return (await local(body as RpcRequest, deps, call)) ?? (await anvilCall(deps.anvilUrl, body))
}
