import { z } from 'zod'
import type { MethodSpec, RemoteService } from '../rpc/contract-types'

/**
 * The one answer shape of every read of remote data (node, data service, metrics service): the data,
 * when it was fetched, and whether it is live or from the cache because the source could not be
 * reached (then `offline` says why, in our words).
 */
export const sourceSchema = z.enum(['live', 'cache'])
export type Source = z.infer<typeof sourceSchema>

export function envelopeSchema<D extends z.ZodType>(data: D) {
  return z
    .object({
      data,
      /** ms since epoch, when the source answered */
      fetchedAt: z.number().int(),
      source: sourceSchema,
      /**
       * Only from the cache: why the live read failed. `partial`: the answer holds what the cache keeps, which
       * may not be all the source has (a list assembled from kept rows): where it ends, what is kept ends.
       */
      offline: z.object({ code: z.string().max(40), message: z.string().max(2_000), partial: z.literal(true).optional() }).strict().optional()
    })
    .strict()
}

export type Envelope<D> = { data: D; fetchedAt: number; source: Source; offline?: { code: string; message: string; partial?: true } }

/**
 * Lighter views of a read's data that a caller asks for by name in its input's `view` (a table's rows
 * without what only a detail shows). Each takes the whole data, already checked, and keeps a part of it that
 * still fits `data` (only leaving out what the schema has as optional). The data path reads, caches and
 * keeps entities of the whole answer as always, under the input without `view`, and sends the view of it.
 * Not for a method whose offline answers carry kept rows as JSON text (entities/offline.ts: JsonTexts): a view
 * takes parsed data.
 */
export type DataViews<D extends z.ZodType> = Readonly<Record<string, (data: z.output<D>) => z.output<D>>>

/** A read of remote data through the cache: its output is the envelope of `data`. */
export function defineCachedRead<I extends z.ZodType, D extends z.ZodType, const F extends RemoteService>(spec: {
  summary: string
  from: F
  input: I
  data: D
  views?: DataViews<D>
}): MethodSpec<I, ReturnType<typeof envelopeSchema<D>>> & { effect: 'read'; data: D; from: F; views?: DataViews<D> } {
  return {
    summary: spec.summary,
    from: spec.from,
    input: spec.input,
    data: spec.data,
    output: envelopeSchema(spec.data),
    effect: 'read',
    ...(spec.views ? { views: spec.views } : {})
  }
}
