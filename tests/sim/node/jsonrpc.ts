/**
 * JSON-RPC envelopes of the two server kinds behind the node: gorilla/rpc json2 (P-Chain, core, admin:
 * method errors are code -32000 with data null) and geth (C-Chain /rpc: -32601/-32602, no data).
 */

export type RpcId = string | number | null

export interface RpcRequest {
  jsonrpc?: unknown
  id?: unknown
  method?: unknown
  params?: unknown
}

/** An error a gorilla method returns (code -32000, the Go error text as message). */
export class MethodError extends Error {}

/** Thrown by param parsing: gorilla's "couldn't unmarshal an argument" error. */
export class InvalidArgument extends MethodError {
  constructor() {
    super('couldn\'t unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls')
  }
}

export function idOf(req: RpcRequest): RpcId {
  const id = req.id
  return typeof id === 'string' || typeof id === 'number' ? id : null
}

export function result(id: RpcId, value: unknown) {
  return { jsonrpc: '2.0', result: value, id }
}

export function gorillaError(id: RpcId, message: string, code = -32000) {
  return { jsonrpc: '2.0', error: { code, message, data: null }, id }
}

export function gethError(id: RpcId, code: number, message: string) {
  return { jsonrpc: '2.0', id, error: { code, message } }
}

/** gorilla accepts params as an object or as a one-element array holding it; [] or none = {} */
export function objectParams(params: unknown): Record<string, unknown> {
  if (params === undefined || params === null) return {}
  if (Array.isArray(params)) {
    if (params.length === 0) return {}
    if (params.length === 1 && typeof params[0] === 'object' && params[0] !== null && !Array.isArray(params[0])) {
      return params[0] as Record<string, unknown>
    }
    throw new InvalidArgument()
  }
  if (typeof params === 'object') return params as Record<string, unknown>
  throw new InvalidArgument()
}

export function optString(p: Record<string, unknown>, key: string): string | undefined {
  const v = p[key]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw new InvalidArgument()
  return v
}

export function optStringArray(p: Record<string, unknown>, key: string): string[] | undefined {
  const v = p[key]
  if (v === undefined || v === null) return undefined
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new InvalidArgument()
  return v as string[]
}

/** avajson.Uint64 params accept a JSON number or a decimal string */
export function optUint(p: Record<string, unknown>, key: string): bigint | undefined {
  const v = p[key]
  if (v === undefined || v === null) return undefined
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v)
  throw new InvalidArgument()
}

/** Encoding names are matched case-insensitively; omitted = hex. cb58 is no longer valid. */
export function encodingParam(p: Record<string, unknown>, allowed: readonly string[]): string {
  const e = (optString(p, 'encoding') ?? 'hex').toLowerCase()
  if (e === '') return 'hex'
  if (!allowed.includes(e)) throw new InvalidArgument()
  return e
}

export type GorillaMethod = (params: Record<string, unknown>) => unknown
