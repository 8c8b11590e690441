import { metricsEndpoints } from '../../clients/metrics/endpoints'
import type { Connections } from '../connection/clients'
import { callWithInput, type ServiceAccess } from '../data/service'
import type { AreaHandlers } from '../handlers'

/** The metrics area: cached reads of the metrics service (no key is ever sent there). */
export function metricsHandlers(connections: Connections): AreaHandlers<'metrics'> {
  const access = (): ServiceAccess => ({ client: connections.get().metrics, hasKey: false })
  return {
    'metrics.getAvgTps': (input, { signal }) => callWithInput(access(), metricsEndpoints.getAvgTps, input, signal),
    'metrics.getNftHoldersByContractAddress': (input, { signal }) => callWithInput(access(), metricsEndpoints.getNftHoldersByContractAddress, input, signal)
  }
}
