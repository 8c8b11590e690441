import type { z } from 'zod'

/** How one contract method is declared: schemas for both sides, and what a person should know of it. */
export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
  summary: string
  /** Changes the node or stored state: the UI asks for confirmation, clients never retry it. */
  mutates?: boolean
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

export function defineMethod<I extends z.ZodType, O extends z.ZodType>(spec: MethodSpec<I, O>): MethodSpec<I, O> {
  return spec
}

export function defineEvent<P extends z.ZodType>(spec: EventSpec<P>): EventSpec<P> {
  return spec
}
