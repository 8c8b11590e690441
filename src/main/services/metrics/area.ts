import type { Area } from '../area'
import type { Connections } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import { metricsHandlers } from './handlers'

/** The metrics service's reads for the active profile. */
export function createMetricsArea(deps: { connections: Connections }): Area<AreaHandlers<'metrics'>> {
  return { handlers: metricsHandlers(deps.connections) }
}
