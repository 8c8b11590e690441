import { contract, type Method } from '../../shared/contract'
import type { MethodSpec } from '../../shared/rpc/contract-types'
import type { CallContext, Handlers } from '../../shared/rpc/server'
import type { Contract } from '../../shared/contract'

export type AnyHandler = (input: unknown, ctx: CallContext) => unknown

/** The contract methods that `handlers` has no function for. */
export function missingHandlers(handlers: object): Method[] {
  return (Object.keys(contract.methods) as Method[]).filter((m) => typeof (handlers as Record<string, unknown>)[m] !== 'function')
}

/**
 * The one way the app's layers wrap handlers (data path, invalidation, effect policy): `wrap` is given
 * each contract method with its declaration and its handler, and returns what is served in its place.
 * A method without a handler throws here, naming it, so a wrapper can never hide a missing handler
 * behind a function of its own.
 */
export function wrapEachMethod(
  handlers: object,
  wrap: (method: Method, spec: MethodSpec, handler: AnyHandler) => AnyHandler
): Handlers<Contract> {
  const missing = missingHandlers(handlers)
  if (missing.length > 0) throw new Error(`No handler for ${missing.join(', ')}`)
  const out: Record<string, AnyHandler> = {}
  for (const method of Object.keys(contract.methods) as Method[]) {
    out[method] = wrap(method, contract.methods[method] as MethodSpec, (handlers as Record<string, AnyHandler>)[method]!)
  }
  return out as Handlers<Contract>
}
