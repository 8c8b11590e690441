import { AppError } from '../../shared/rpc/errors'
import type { Handlers } from '../../shared/rpc/server'
import type { Contract } from '../../shared/contract'
import { wrapEachMethod } from './each-method'

export interface EffectPolicy {
  /** Whether node-changing methods may be called over browser mode's websocket (read at each call). */
  nodeChangesOverWebsocket: () => boolean
}

/**
 * What each transport may do, read from each method's declaration: node-changing methods are refused
 * over browser mode's websocket unless the operator turned them on (serve's flag or the desktop
 * setting), and `desktopOnly` methods, the settings that grant such rights, always are. (The desktop
 * window and the CLI confirm node changes with a person before calling; the CLI asks for --yes.)
 */
export function withEffectPolicy(handlers: Handlers<Contract>, policy: EffectPolicy): Handlers<Contract> {
  return wrapEachMethod(handlers, (method, spec, handler) => {
    if (spec.desktopOnly)
      return (input, ctx) => {
        if (ctx.transport === 'ws') throw new AppError('FORBIDDEN', `${method} can only be changed in the desktop app or with the command line, not from browser mode`)
        return handler(input, ctx)
      }
    if (spec.effect !== 'node') return handler
    return (input, ctx) => {
      if (ctx.transport === 'ws' && !policy.nodeChangesOverWebsocket())
        throw new AppError(
          'FORBIDDEN',
          `${method} changes the node, and browser mode does not allow that: start it with "npm run serve -- --allow-node-changes", or use the desktop app`
        )
      return handler(input, ctx)
    }
  })
}
