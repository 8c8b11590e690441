/**
 * The one list of data-service and metrics endpoints tests go by: the app's endpoint tables
 * (src/main/clients/data and metrics), and the spec's own mentions of them, read from the spec file,
 * to check the tables against. No test keeps a hand-copied list of names.
 */
import { readFileSync } from 'node:fs'
import { dataEndpoints } from '../../src/main/clients/data/endpoints'
import { metricsEndpoints } from '../../src/main/clients/metrics/endpoints'
import { specPath } from './shared'

/** Every endpoint of both tables, by name. */
export const endpointTables = { ...dataEndpoints, ...metricsEndpoints }
export type EndpointName = keyof typeof endpointTables
export const ENDPOINT_NAMES = (Object.keys(endpointTables) as EndpointName[]).sort()

export interface SpecEndpoint {
  service: 'data' | 'metrics'
  method: 'GET' | 'POST'
  template: string
}

/** `GET /v1/...` and `POST /v1/...` mentions of the spec; `{metrics_url}` marks the metrics service. */
export function endpointsFromSpec(text: string = readFileSync(specPath(), 'utf8')): SpecEndpoint[] {
  const found = new Map<string, SpecEndpoint>()
  for (const m of text.matchAll(/\b(GET|POST)\s+(\{metrics_url\})?(\/v[0-9]+\/[A-Za-z0-9_{}/:.-]+)/g)) {
    const template = (m[3] ?? '').replace(/[.:]+$/, '')
    const e: SpecEndpoint = { service: m[2] ? 'metrics' : 'data', method: m[1] as 'GET' | 'POST', template }
    found.set(specKey(e), e)
  }
  // Named in prose only: "the supported list is available from a /chains endpoint" (data service, /v1 as the rest).
  if (/available from a \/chains endpoint/.test(text)) found.set('data GET /v1/chains', { service: 'data', method: 'GET', template: '/v1/chains' })
  return [...found.values()]
}

/** "data GET /v1/blocks": how an endpoint is named across the spec, the tables and the sim's samples. */
export function specKey(e: SpecEndpoint): string {
  return `${e.service} ${e.method} ${e.template}`
}

/** The same key for a table entry. */
export function tableKey(name: EndpointName): string {
  const def = endpointTables[name] as { service: 'data' | 'metrics'; method: 'GET' | 'POST'; path: string }
  return specKey({ service: def.service, method: def.method, template: def.path })
}
