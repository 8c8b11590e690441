import type { z } from 'zod'

/**
 * Outputs a handler has already checked against its method's output schema, so that the contract server
 * sends them without checking them a second time (an offline page of 50 transactions costs a zod pass of
 * ~1.5 ms; twice was half of the whole call). The mark is kept here, in a module-private WeakMap keyed by
 * the very object and holding the very schema it was checked against: it is not a field of the value, so
 * nothing that arrives as data (JSON, a cached row, a remote answer) can carry or forge it, and a value
 * marked for another schema is checked again. Only code of this app marks, through the two functions below.
 */
const checked = new WeakMap<object, z.ZodType>()

/** Validates `value` against `schema`; a success is marked as checked against that schema (and is not to be changed after). */
export function checkOutput<S extends z.ZodType>(schema: S, value: unknown): z.ZodSafeParseResult<z.output<S>> {
  const result = schema.safeParse(value)
  if (result.success && typeof result.data === 'object' && result.data !== null) checked.set(result.data, schema)
  return result
}

/**
 * Marks a value built by the caller from parts each already checked against the parts of `schema` (the
 * rest checked by checkOutput, then a list of items checked when they were kept put back into it). The
 * caller answers for that; the server then sends it as it is. Never for a value any part of which is
 * unchecked remote data.
 */
export function markChecked(value: object, schema: z.ZodType): void {
  checked.set(value, schema)
}

/** Whether `value` (the object itself) was checked against this very schema. */
export function wasCheckedAgainst(value: unknown, schema: z.ZodType): boolean {
  return typeof value === 'object' && value !== null && checked.get(value) === schema
}
