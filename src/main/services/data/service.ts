import type { z } from 'zod'
import { callEndpoint, type RestClient } from '../../clients/rest/client'
import type { EndpointArgs, EndpointDef, ResponseOf } from '../../clients/rest/define'
import { explainServiceError } from './errors'

/** The active profile's client of one service, and whether a key is set (for what a 401 or 403 means). */
export interface ServiceAccess {
  client: RestClient
  hasKey: boolean
}

/**
 * Splits a contract method's flat input into the endpoint's path, query and body (by the names
 * each part declares) and calls it. The input was checked by the contract; the client checks it
 * again against the same schemas before sending.
 */
export function argsOf<E extends EndpointDef>(def: E, input: Record<string, unknown>): EndpointArgs<E> {
  const pathKeys = new Set(Object.keys((def.pathParams as unknown as z.ZodObject).shape))
  const queryKeys = new Set(Object.keys((def.query as unknown as z.ZodObject).shape))
  const path: Record<string, unknown> = {}
  const query: Record<string, unknown> = {}
  const body: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue
    if (pathKeys.has(k)) path[k] = v
    else if (queryKeys.has(k)) query[k] = v
    else body[k] = v
  }
  return { path, query, ...(def.body ? { body } : {}) } as EndpointArgs<E>
}

/** Calls one endpoint with a contract input; its errors explained for a person (./errors.ts). */
export async function callWithInput<E extends EndpointDef>(access: ServiceAccess, def: E, input: object, signal?: AbortSignal): Promise<ResponseOf<E>> {
  try {
    return await callEndpoint(access.client, def, argsOf(def, input as Record<string, unknown>), signal ? { signal } : {})
  } catch (err) {
    throw explainServiceError(err, access.client.service === 'metrics service' ? 'metrics service' : 'data service', access.hasKey)
  }
}
