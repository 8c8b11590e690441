import type { CachedMethod, Contract, Data, Method, Output, ParsedInput } from '../../shared/contract'
import type { CallContext } from '../../shared/rpc/server'

/**
 * What an area implements for one method. A cached read returns only its data: the one data path
 * (./data-path.ts) fetches through it, writes the answer to the cache and wraps it in the envelope,
 * or answers from the cache when the source cannot be reached. Everything else returns its output.
 */
export type HandlerOf<M extends Method> = M extends CachedMethod
  ? (input: ParsedInput<M>, ctx: CallContext) => Promise<Data<M>>
  : (input: ParsedInput<M>, ctx: CallContext) => Promise<Output<M>> | Output<M>

/** The methods of one area, by their prefix: AreaMethod<'profiles'> = 'profiles.list' | ... */
export type AreaMethod<P extends string> = Extract<Method, `${P}.${string}`>

/** An area's handlers: exactly its methods, each typed from the contract. */
export type AreaHandlers<P extends string> = { [M in AreaMethod<P>]: HandlerOf<M> }

/** Every method of the contract with its handler: what app.ts composes and checks with `satisfies`. */
export type AllHandlers = { [M in Method]: HandlerOf<M> }

export type { Contract }
