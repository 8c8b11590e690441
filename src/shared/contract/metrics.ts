import { metricsParams as P, endpointInput } from './data-service/inputs'
import { avgTpsResponse, nftHoldersResponse } from './data-service/metrics'
import { defineCachedRead } from './envelope'

/**
 * The metrics service: average TPS per chain and the holders of an NFT collection. No key is ever
 * sent there. Holders page by `pageToken` (default 1000 a page, up to 5000).
 */
export const metricsInputs = {
  getAvgTps: endpointInput(P.getAvgTps),
  getNftHoldersByContractAddress: endpointInput(P.getNftHoldersByContractAddress)
} as const

export const metricsMethods = {
  'metrics.getAvgTps': defineCachedRead({
    summary: 'Daily average transactions per second of a chain, newest first, with the time of the last update',
    from: 'metrics',
    input: metricsInputs.getAvgTps,
    data: avgTpsResponse
  }),
  'metrics.getNftHoldersByContractAddress': defineCachedRead({
    summary: 'Holders of an NFT collection, biggest first, with totals (pageSize 1–5000, default 1000)',
    from: 'metrics',
    input: metricsInputs.getNftHoldersByContractAddress,
    data: nftHoldersResponse
  })
} as const
