import type { Handlers } from '../../shared/rpc/server'
import type { Contract } from '../../shared/contract'
import { wrapEachMethod } from './each-method'

/**
 * After a method declared with `invalidates` succeeds, tells every window which answers may have
 * changed (cache.changed), so views reload what they show and nothing else, and never by hand.
 */
export function withInvalidation(handlers: Handlers<Contract>, publish: (methods: string[]) => void): Handlers<Contract> {
  return wrapEachMethod(handlers, (_method, spec, handler) => {
    const methods = spec.invalidates
    if (!methods) return handler
    return async (input, ctx) => {
      const result = await handler(input, ctx)
      publish([...methods])
      return result
    }
  })
}
