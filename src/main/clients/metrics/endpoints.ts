/**
 * The metrics service's endpoints (spec "Metrics service" and "NFT token details and holders"). No
 * authentication: the API key is never sent here. Call them through ../rest/client.ts.
 */
import { PAGE_RULES, evmAddress, evmChainId, pageSize, pageToken, strictParams } from '../data/params'
import { defineEndpoint } from '../rest/define'
import { avgTpsResponse, nftHoldersResponse } from './schemas'

const path = strictParams({ chainId: evmChainId() }, 'path parameter')

export const metricsEndpoints = {
  /**
   * Daily average TPS of a chain, newest first. Paged by pageToken/nextPageToken as the spec says (no
   * page size). The real route is deprecated and pages by startKey/nextPageStartKey instead; its
   * from/to filters are not part of our interface.
   */
  getAvgTps: defineEndpoint({
    name: 'getAvgTps',
    service: 'metrics',
    method: 'GET',
    path: '/v1/avg_tps/{chainId}',
    pathParams: path,
    query: strictParams({ pageToken: pageToken.optional() }, 'query parameter'),
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
    pathParams: strictParams({ chainId: evmChainId(), address: evmAddress('address (the collection contract)') }, 'path parameter'),
    query: strictParams({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.nftHolders) }, 'query parameter'),
    body: undefined,
    page: { ...PAGE_RULES.nftHolders, listField: 'addresses' },
    sendsApiKey: false,
    response: nftHoldersResponse
  })
} as const

export type MetricsEndpoints = typeof metricsEndpoints
export type MetricsEndpointName = keyof MetricsEndpoints
