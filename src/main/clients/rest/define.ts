import type { z } from 'zod'

/**
 * One REST endpoint of the data or metrics service, declared once in its service's table
 * (../data/endpoints.ts, ../metrics/endpoints.ts) and called through ./client.ts.
 */
export interface EndpointDef<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType
> {
  /** The operation's name, as the contract method after the dot: "listErc20Balances". */
  name: string
  service: 'data' | 'metrics'
  method: 'GET' | 'POST'
  /** Path template with {name} placeholders: "/v1/chains/{chainId}/addresses/{address}/balances:listErc20". */
  path: string
  /** Values of the path placeholders (each is URI-encoded into the path). */
  pathParams: P
  /** Query parameters; arrays are sent comma-separated. */
  query: Q
  /** JSON body of a POST. */
  body: B
  /** For lists: the page-size rule of the spec and the name of the list field. */
  page?: { min: number; max: number; default: number; listField: string }
  /** Whether the x-data-api-key header is sent (the data service's endpoints; never the metrics service's). */
  sendsApiKey: boolean
  /** The response, checked before it is used or cached. */
  response: R
}

export function defineEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType | undefined, R extends z.ZodType>(
  def: EndpointDef<P, Q, B, R>
): EndpointDef<P, Q, B, R> {
  return def
}

export type PathParamsOf<E extends EndpointDef> = z.input<E['pathParams']>
export type QueryOf<E extends EndpointDef> = z.input<E['query']>
export type BodyOf<E extends EndpointDef> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined
export type ResponseOf<E extends EndpointDef> = z.output<E['response']>

export interface EndpointArgs<E extends EndpointDef> {
  path: PathParamsOf<E>
  query?: QueryOf<E>
  body?: BodyOf<E>
}
