/**
 * Admin API of the C-Chain (/ext/bc/C/admin): one function per remote method.
 *
 * The name conflict (shared/reference/node-rpc README, "Admin naming conflict"): the spec names the
 * methods `admin_startCPUProfiler` etc. with `params: []`, but a real node registers a gorilla service
 * `admin`, routes only `admin.startCPUProfiler` (params an object) and answers the underscore form with
 * a -32000 "rpc: service/method request ill-formed" error. Each function here sends the spec's name
 * first; when the node says it does not know that name (and only then: a real error of the method, such
 * as "cpu profiler already running", is passed on as it is) it asks once more with the other form and
 * remembers, per endpoint, the form that the node routes, so later calls go straight to it.
 *
 * Replies are `{}` (current nodes) or `{"success": true}` (before v1.7.14); both are accepted.
 */
import { z } from 'zod'
import { AppError, badInput } from '../../../shared/rpc/errors'
import type { JsonRpcEndpoint, RemoteEffect, RequestOptions } from '../transport/types'
import { checkResult } from './define'
import type { NodeApis } from './define'

/** The two spellings of an admin method: the spec's `admin_x`, the node's `admin.x`. */
export type AdminNaming = 'spec' | 'dot'

export interface AdminMethodDecl<P extends z.ZodType, R extends z.ZodType> {
  /** The method's name after the service: "startCPUProfiler". */
  name: string
  effect: RemoteEffect
  params: P
  result: R
}

export type AdminRpcFunction<P extends z.ZodType, R extends z.ZodType> = ((
  node: NodeApis,
  params: z.input<P>,
  opts?: Omit<RequestOptions, 'effect'>
) => Promise<z.output<R>>) & {
  readonly decl: AdminMethodDecl<P, R> & { api: 'admin'; method: string; dotMethod: string }
}

// ---- which spelling an endpoint routes --------------------------------------------------------------

/**
 * Remembered per endpoint URL (credential-free), so a fresh NodeApis for the same node does not probe
 * again. Small and bounded: the oldest entry goes first.
 */
const namingByEndpoint = new Map<string, AdminNaming>()
const MAX_REMEMBERED = 64

function remember(endpoint: JsonRpcEndpoint, naming: AdminNaming): void {
  const key = endpoint.endpoint
  namingByEndpoint.delete(key)
  namingByEndpoint.set(key, naming)
  while (namingByEndpoint.size > MAX_REMEMBERED) namingByEndpoint.delete(namingByEndpoint.keys().next().value as string)
}

/** The spelling this endpoint is known to route, if any call has told us yet. */
export function adminNamingOf(endpoint: JsonRpcEndpoint): AdminNaming | undefined {
  return namingByEndpoint.get(endpoint.endpoint)
}

/** Forgets what was learned (all endpoints, or one): for tests and for a node that was replaced. */
export function forgetAdminNaming(endpoint?: JsonRpcEndpoint): void {
  if (endpoint) namingByEndpoint.delete(endpoint.endpoint)
  else namingByEndpoint.clear()
}

/**
 * The node's "I do not know this method name" answer, as opposed to an error of the method itself:
 * gorilla's -32000 with "service/method request ill-formed" (a name without a dot) or "can't find
 * method", or a geth-style -32601 "does not exist/is not available" / "method not found".
 */
const UNKNOWN_NAME = /service\/method request ill-formed|can't find method|does not exist\/is not available|method not found/i

export function isUnknownMethodError(err: unknown): boolean {
  if (!(err instanceof AppError) || !err.is('RPC') || err.details === undefined) return false
  const { rpcCode, upstreamMessage } = err.details
  if (rpcCode !== -32000 && rpcCode !== -32601) return false
  return UNKNOWN_NAME.test(upstreamMessage) || UNKNOWN_NAME.test(err.message)
}

// ---- the declaration helper -------------------------------------------------------------------------

/**
 * defineRpcMethod for the admin API: the same checks (params before sending, result with checkResult),
 * plus the name fallback above. Spec form: `admin_x` with params `[]` or `[{...}]`; dot form: `admin.x`
 * with the params object.
 */
export function defineAdminMethod<P extends z.ZodType, R extends z.ZodType>(decl: AdminMethodDecl<P, R>): AdminRpcFunction<P, R> {
  const method = `admin_${decl.name}`
  const dotMethod = `admin.${decl.name}`
  const wire = (naming: AdminNaming, params: unknown): unknown => {
    const empty = typeof params === 'object' && params !== null && Object.keys(params).length === 0
    if (naming === 'dot') return params
    return empty ? [] : [params]
  }
  const fn = async (node: NodeApis, params: z.input<P>, opts: Omit<RequestOptions, 'effect'> = {}): Promise<z.output<R>> => {
    const p = decl.params.safeParse(params)
    if (!p.success) throw badInput(p.error.issues)
    const endpoint = node.admin
    const first: AdminNaming = adminNamingOf(endpoint) ?? 'spec'
    const call = async (naming: AdminNaming): Promise<z.output<R>> => {
      const name = naming === 'spec' ? method : dotMethod
      let raw: unknown
      try {
        raw = await endpoint.request(name, wire(naming, p.data), { ...opts, effect: decl.effect })
      } catch (e) {
        // A real error of the method proves the node routes this spelling.
        if (e instanceof AppError && e.is('RPC') && !isUnknownMethodError(e)) remember(endpoint, naming)
        throw e
      }
      remember(endpoint, naming)
      return checkResult(endpoint, name, decl.result, raw)
    }
    let firstError: unknown
    try {
      return await call(first)
    } catch (e) {
      if (!isUnknownMethodError(e)) throw e
      firstError = e
    }
    try {
      return await call(first === 'spec' ? 'dot' : 'spec')
    } catch (e) {
      // Neither spelling is known (an older node without this method): the dot form's answer names the
      // method as the node routes it ("can't find method admin.X"), the clearer of the two.
      throw isUnknownMethodError(e) && first === 'dot' ? firstError : e
    }
  }
  return Object.assign(fn, { decl: { ...decl, api: 'admin' as const, method, dotMethod } })
}

// ---- methods ---------------------------------------------------------------------------------------

/** `{}` today, `{"success": true}` before v1.7.14; `success: false` is not a reply a node gives. */
const ack = z
  .looseObject({ success: z.boolean().optional() })
  .refine((r) => r.success !== false, { error: 'the node answered success: false' })
  .transform((): Record<string, never> => ({}))

const noParams = z.strictObject({})

/** Starts a CPU profile; the node writes it to its profile directory when stopped. */
export const startCPUProfiler = defineAdminMethod({ name: 'startCPUProfiler', effect: 'node', params: noParams, result: ack })

/** Stops the CPU profile and writes it to a file. */
export const stopCPUProfiler = defineAdminMethod({ name: 'stopCPUProfiler', effect: 'node', params: noParams, result: ack })

/** Writes a memory (heap) profile to a file. */
export const memoryProfile = defineAdminMethod({ name: 'memoryProfile', effect: 'node', params: noParams, result: ack })

/** Writes a mutex (lock) profile to a file. */
export const lockProfile = defineAdminMethod({ name: 'lockProfile', effect: 'node', params: noParams, result: ack })

/** Log levels the EVM knows; the node checks the value (an unknown one is an RPC error). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'crit'] as const

/** Sets the EVM's log level. */
export const setLogLevel = defineAdminMethod({
  name: 'setLogLevel',
  effect: 'node',
  params: z.strictObject({ level: z.string().trim().min(1).max(20) }),
  result: ack
})

/** The VM's configuration (coreth's config fields; their set changes between versions). */
export const getVMConfig = defineAdminMethod({
  name: 'getVMConfig',
  effect: 'read',
  params: noParams,
  result: z.looseObject({ config: z.record(z.string(), z.unknown()) })
})
