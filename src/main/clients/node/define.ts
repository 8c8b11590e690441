import type { z } from 'zod'
import { AppError, badInput } from '../../../shared/rpc/errors'
import type { JsonRpcEndpoint, RemoteEffect, RequestOptions } from '../transport/types'

/** The node's JSON-RPC APIs, one endpoint each (paths in ./endpoints.ts). */
export type NodeApi = 'cchain' | 'admin' | 'core' | 'pchain' | 'info' | 'health'
export type NodeApis = Record<NodeApi, JsonRpcEndpoint>

export interface RpcMethodDecl<P extends z.ZodType, R extends z.ZodType> {
  api: NodeApi
  /** The method name sent on the wire. */
  method: string
  effect: RemoteEffect
  /** What the function takes; checked before anything is sent. */
  params: P
  /** What the node answers; checked before anyone uses it. Accepts every shape a real node may send. */
  result: R
  /** How params travel; default: the params object itself (gorilla services take an object). */
  wire?: (params: z.output<P>) => unknown
}

export type RpcFunction<P extends z.ZodType, R extends z.ZodType> = ((
  node: NodeApis,
  params: z.input<P>,
  opts?: Omit<RequestOptions, 'effect'>
) => Promise<z.output<R>>) & { readonly decl: RpcMethodDecl<P, R> }

/**
 * One function per remote method: `await getCurrentSupply(node, {})`. A panel or service never writes a
 * method name or a result schema inline; it calls the function.
 */
export function defineRpcMethod<P extends z.ZodType, R extends z.ZodType>(decl: RpcMethodDecl<P, R>): RpcFunction<P, R> {
  const fn = async (node: NodeApis, params: z.input<P>, opts: Omit<RequestOptions, 'effect'> = {}): Promise<z.output<R>> => {
    const p = decl.params.safeParse(params)
    if (!p.success) throw badInput(p.error.issues)
    const endpoint = node[decl.api]
    const raw = await endpoint.request(decl.method, decl.wire ? decl.wire(p.data) : p.data, { ...opts, effect: decl.effect })
    return checkResult(endpoint, decl.method, decl.result, raw)
  }
  return Object.assign(fn, { decl })
}

/** Validates what a node answered; a mismatch is the node's fault (UPSTREAM_INVALID), not the person's. */
export function checkResult<R extends z.ZodType>(endpoint: JsonRpcEndpoint, method: string, schema: R, raw: unknown): z.output<R> {
  const parsed = schema.safeParse(raw)
  if (!parsed.success)
    throw new AppError('UPSTREAM_INVALID', `The ${endpoint.service} answered ${method} with an unexpected shape`, {
      method,
      issues: parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`.slice(0, 300))
    })
  return parsed.data
}
