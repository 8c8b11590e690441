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
