/**
 * The metrics service's endpoints (spec "Metrics service" and "NFT token details and holders"). No
 * authentication: the API key is never sent here. Call them through ../rest/client.ts. Parameters are
 * declared once in src/shared/contract/data-service/inputs.ts (the contract takes the same).
 */
import { metricsParams as P } from '../../../shared/contract/data-service/inputs'
import { avgTpsResponse, nftHoldersResponse } from '../../../shared/contract/data-service/metrics'
import { PAGE_RULES } from '../../../shared/contract/data-service/params'
import { defineEndpoint } from '../rest/define'

export const metricsEndpoints = {
  /**
   * Daily average TPS of a chain, newest first, no page size. The spec pages it by pageToken /
   * nextPageToken; the real route (deprecated) by startKey / nextPageStartKey: the query takes both
   * and the next page goes by the key the last page gave (nextPageOf; pages() follows either). The
   * real route's from/to filters are not part of our interface.
   */
  getAvgTps: defineEndpoint({
    name: 'getAvgTps',
    service: 'metrics',
    method: 'GET',
    path: '/v1/avg_tps/{chainId}',
    pathParams: P.getAvgTps.path,
    query: P.getAvgTps.query,
    body: undefined,
    sendsApiKey: false,
    response: avgTpsResponse
  }),
  /** Holders of an NFT collection, biggest first. */
  getNftHoldersByContractAddress: defineEndpoint({
    name: 'getNftHoldersByContractAddress',
    service: 'metrics',
    method: 'GET',
    path: '/v2/chains/{chainId}/contracts/{address}/nfts:listHolders',
    pathParams: P.getNftHoldersByContractAddress.path,
    query: P.getNftHoldersByContractAddress.query,
    body: undefined,
    page: { ...PAGE_RULES.nftHolders, listField: 'addresses' },
    sendsApiKey: false,
    response: nftHoldersResponse
  })
} as const

export type MetricsEndpoints = typeof metricsEndpoints
export type MetricsEndpointName = keyof MetricsEndpoints
