import { contract, type Method } from '../../shared/contract'
import type { MethodSpec } from '../../shared/rpc/contract-types'
import type { CallContext, Handlers } from '../../shared/rpc/server'
import type { Contract } from '../../shared/contract'

/**
 * After a method declared with `invalidates` succeeds, tells every window which answers may have
 * changed (cache.changed), so views reload what they show and nothing else, and never by hand.
 */
export function withInvalidation(handlers: Handlers<Contract>, publish: (methods: string[]) => void): Handlers<Contract> {
  const out: Record<string, (input: unknown, ctx: CallContext) => unknown> = {}
  for (const method of Object.keys(contract.methods) as Method[]) {
    const spec = contract.methods[method] as MethodSpec
    const handler = handlers[method] as (input: unknown, ctx: CallContext) => unknown
    const methods = spec.invalidates
    out[method] = !methods
      ? handler
      : async (input, ctx) => {
          const result = await handler(input, ctx)
          publish([...methods])
          return result
        }
  }
  return out as Handlers<Contract>
}
