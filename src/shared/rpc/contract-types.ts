import type { z } from 'zod'

/**
 * What calling a method does. One flag that confirmations (UI and CLI), retry rules and what browser
 * mode allows all read:
 * - read: reads only; retried on transient failures; allowed everywhere;
 * - local: changes the app's own state (profiles, settings, the cache); never retried;
 * - node: changes the node (admin calls, core.issueTx); confirmed by a person, never retried, and off
 *   in browser mode unless the operator turned it on.
 */
export type Effect = 'read' | 'local' | 'node'

/** The remote services the app reads from. */
export type RemoteService = 'node' | 'data' | 'metrics'

/** How one contract method is declared: schemas for both sides, and what a person should know of it. */
export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
  summary: string
  effect: Effect
  /**
   * A read of remote data that goes through the cache: the output is the envelope of `data`, and when
   * the source cannot be reached the last answer is given from the cache, marked so.
   */
  data?: z.ZodType
  /** For a cached read: which remote service answers it (the cache keeps answers per service URL). */
  from?: RemoteService
  /** Methods whose answers may differ once this one succeeded: sent to the renderer as cache.changed. */
  invalidates?: readonly string[]
  /**
   * Refused over browser mode's websocket whatever else is allowed: a setting that grants browser mode
   * a right (a page must not be able to grant itself one).
   */
  desktopOnly?: true
}

export interface EventSpec<P extends z.ZodType = z.ZodType> {
  payload: P
  summary: string
}

export interface ContractShape {
  methods: Record<string, MethodSpec>
  events: Record<string, EventSpec>
}

export type MethodName<C extends ContractShape> = keyof C['methods'] & string
export type EventName<C extends ContractShape> = keyof C['events'] & string
/** What a caller passes (defaults still optional). */
export type InputOf<C extends ContractShape, M extends MethodName<C>> = z.input<C['methods'][M]['input']>
/** What a handler receives after validation (defaults applied). */
export type ParsedInputOf<C extends ContractShape, M extends MethodName<C>> = z.output<C['methods'][M]['input']>
export type OutputOf<C extends ContractShape, M extends MethodName<C>> = z.output<C['methods'][M]['output']>
export type PayloadOf<C extends ContractShape, E extends EventName<C>> = z.output<C['events'][E]['payload']>
/** Methods read through the cache (declared with `data`). */
export type CachedMethodName<C extends ContractShape> = {
  [M in MethodName<C>]: C['methods'][M] extends { data: z.ZodType } ? M : never
}[MethodName<C>]
/** The data inside the envelope of a cached read. */
export type DataOf<C extends ContractShape, M extends CachedMethodName<C>> = C['methods'][M] extends { data: infer D extends z.ZodType }
  ? z.output<D>
  : never

export function defineMethod<I extends z.ZodType, O extends z.ZodType, const S extends MethodSpec<I, O>>(spec: S & MethodSpec<I, O>): S {
  return spec
}

export function defineEvent<P extends z.ZodType>(spec: EventSpec<P>): EventSpec<P> {
  return spec
}
