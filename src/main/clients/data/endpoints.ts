/**
 * Every endpoint of the data service (spec "Endpoints", from "Conventions for the data service" to
 * "Subnet RPC usage metrics"), declared once: path, parameters with the spec's rules (from
 * src/shared/contract/data-service/inputs.ts, which the contract takes too), page rule and the
 * response schema. Call them through ../rest/client.ts (callEndpoint, pages). Names are the real
 * services' operation ids (shared/reference/data-service/schemas/index.json).
 */
import { PAGE_RULES } from '../../../shared/contract/data-service/params'
import { defineEndpoint } from '../rest/define'
import {
  listChainsResponse,
  listCollectibleBalancesResponse,
  listErc1155TransactionsResponse,
  listErc20BalancesResponse,
  listErc721TransactionsResponse,
  listEvmBlocksResponse,
  tokenDetailsResponse
} from '../../../shared/contract/data-service/evm'
import { icmMessage, listIcmMessagesResponse } from '../../../shared/contract/data-service/icm'
import { dataParams as P } from '../../../shared/contract/data-service/inputs'
import { chainIdsForAddressesResponse, listL1ValidatorsResponse, listPendingRewardsResponse, listSubnetsResponse, listXChainVerticesResponse } from '../../../shared/contract/data-service/primary'
import { listLatestPrimaryNetworkTransactionsResponse } from '../../../shared/contract/data-service/primary-tx'
import { aggregateSignaturesBody, signatureAggregationResponse } from '../../../shared/contract/data-service/signatures'
import { subnetRpcUsageMetricsResponse } from '../../../shared/contract/data-service/usage'

export const dataEndpoints = {
  // ---- signature aggregation ----
  aggregateSignatures: defineEndpoint({
    name: 'aggregateSignatures',
    service: 'data',
    method: 'POST',
    path: '/v1/signatureAggregator/{network}/aggregateSignatures',
    pathParams: P.aggregateSignatures.path,
    query: P.aggregateSignatures.query,
    body: aggregateSignaturesBody,
    sendsApiKey: true,
    response: signatureAggregationResponse
  }),
  getAggregatedSignatures: defineEndpoint({
    name: 'getAggregatedSignatures',
    service: 'data',
    method: 'GET',
    path: '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}',
    pathParams: P.getAggregatedSignatures.path,
    query: P.getAggregatedSignatures.query,
    body: undefined,
    sendsApiKey: true,
    response: signatureAggregationResponse
  }),

  // ---- Primary Network ----
  listLatestPrimaryNetworkTransactions: defineEndpoint({
    name: 'listLatestPrimaryNetworkTransactions',
    service: 'data',
    method: 'GET',
    path: '/v1/networks/{network}/blockchains/{blockchainId}/transactions',
    pathParams: P.listLatestPrimaryNetworkTransactions.path,
    query: P.listLatestPrimaryNetworkTransactions.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'transactions' },
    sendsApiKey: true,
    response: listLatestPrimaryNetworkTransactionsResponse
  }),
  listLatestXChainVertices: defineEndpoint({
    name: 'listLatestXChainVertices',
    service: 'data',
    method: 'GET',
    path: '/v1/networks/{network}/blockchains/{blockchainId}/vertices',
    pathParams: P.listLatestXChainVertices.path,
    query: P.listLatestXChainVertices.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'vertices' },
    sendsApiKey: true,
    response: listXChainVerticesResponse
  }),
  listSubnets: defineEndpoint({
    name: 'listSubnets',
    service: 'data',
    method: 'GET',
    path: '/v1/networks/{network}/subnets',
    pathParams: P.listSubnets.path,
    query: P.listSubnets.query,
    body: undefined,
    page: { ...PAGE_RULES.subnets, listField: 'subnets' },
    sendsApiKey: true,
    response: listSubnetsResponse
  }),
  listL1Validators: defineEndpoint({
    name: 'listL1Validators',
    service: 'data',
    method: 'GET',
    path: '/v1/networks/{network}/l1Validators',
    pathParams: P.listL1Validators.path,
    query: P.listL1Validators.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'validators' },
    sendsApiKey: true,
    response: listL1ValidatorsResponse
  }),
  listPendingPrimaryNetworkRewards: defineEndpoint({
    name: 'listPendingPrimaryNetworkRewards',
    service: 'data',
    method: 'GET',
    path: '/v1/networks/{network}/rewards:listPending',
    pathParams: P.listPendingPrimaryNetworkRewards.path,
    query: P.listPendingPrimaryNetworkRewards.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'pendingRewards' },
    sendsApiKey: true,
    response: listPendingRewardsResponse
  }),
  getChainIdsForAddresses: defineEndpoint({
    name: 'getChainIdsForAddresses',
    service: 'data',
    method: 'GET',
    path: '/v1/networks/{network}/addresses:listChainIds',
    pathParams: P.getChainIdsForAddresses.path,
    query: P.getChainIdsForAddresses.query,
    body: undefined,
    sendsApiKey: true,
    response: chainIdsForAddressesResponse
  }),

  // ---- EVM chains ----
  listErc721Transactions: defineEndpoint({
    name: 'listErc721Transactions',
    service: 'data',
    method: 'GET',
    path: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc721',
    pathParams: P.listErc721Transactions.path,
    query: P.listErc721Transactions.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'transactions' },
    sendsApiKey: true,
    response: listErc721TransactionsResponse
  }),
  listErc1155Transactions: defineEndpoint({
    name: 'listErc1155Transactions',
    service: 'data',
    method: 'GET',
    path: '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
    pathParams: P.listErc1155Transactions.path,
    query: P.listErc1155Transactions.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'transactions' },
    sendsApiKey: true,
    response: listErc1155TransactionsResponse
  }),
  listErc20Balances: defineEndpoint({
    name: 'listErc20Balances',
    service: 'data',
    method: 'GET',
    path: '/v1/chains/{chainId}/addresses/{address}/balances:listErc20',
    pathParams: P.listErc20Balances.path,
    query: P.listErc20Balances.query,
    body: undefined,
    page: { ...PAGE_RULES.balances, listField: 'erc20TokenBalances' },
    sendsApiKey: true,
    response: listErc20BalancesResponse
  }),
  listCollectibleBalances: defineEndpoint({
    name: 'listCollectibleBalances',
    service: 'data',
    method: 'GET',
    path: '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
    pathParams: P.listCollectibleBalances.path,
    query: P.listCollectibleBalances.query,
    body: undefined,
    page: { ...PAGE_RULES.balances, listField: 'collectibleBalances' },
    sendsApiKey: true,
    response: listCollectibleBalancesResponse
  }),
  getTokenDetails: defineEndpoint({
    name: 'getTokenDetails',
    service: 'data',
    method: 'GET',
    path: '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}',
    pathParams: P.getTokenDetails.path,
    query: P.getTokenDetails.query,
    body: undefined,
    sendsApiKey: true,
    response: tokenDetailsResponse
  }),

  // ---- interchain messaging ----
  listIcmMessages: defineEndpoint({
    name: 'listIcmMessages',
    service: 'data',
    method: 'GET',
    path: '/v1/icm/messages',
    pathParams: P.listIcmMessages.path,
    query: P.listIcmMessages.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'messages' },
    sendsApiKey: true,
    response: listIcmMessagesResponse
  }),
  listIcmMessagesByAddress: defineEndpoint({
    name: 'listIcmMessagesByAddress',
    service: 'data',
    method: 'GET',
    path: '/v1/icm/addresses/{address}/messages',
    pathParams: P.listIcmMessagesByAddress.path,
    query: P.listIcmMessagesByAddress.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'messages' },
    sendsApiKey: true,
    response: listIcmMessagesResponse
  }),
  getIcmMessage: defineEndpoint({
    name: 'getIcmMessage',
    service: 'data',
    method: 'GET',
    path: '/v1/icm/messages/{messageId}',
    pathParams: P.getIcmMessage.path,
    query: P.getIcmMessage.query,
    body: undefined,
    sendsApiKey: true,
    response: icmMessage
  }),

  // ---- blocks, usage, chains ----
  listLatestBlocksAllChains: defineEndpoint({
    name: 'listLatestBlocksAllChains',
    service: 'data',
    method: 'GET',
    path: '/v1/blocks',
    pathParams: P.listLatestBlocksAllChains.path,
    query: P.listLatestBlocksAllChains.query,
    body: undefined,
    page: { ...PAGE_RULES.standard, listField: 'blocks' },
    sendsApiKey: true,
    response: listEvmBlocksResponse
  }),
  getSubnetRpcUsageMetrics: defineEndpoint({
    name: 'getSubnetRpcUsageMetrics',
    service: 'data',
    method: 'GET',
    path: '/v1/subnetRpcUsageMetrics',
    pathParams: P.getSubnetRpcUsageMetrics.path,
    query: P.getSubnetRpcUsageMetrics.query,
    body: undefined,
    sendsApiKey: true,
    response: subnetRpcUsageMetricsResponse
  }),
  /** The supported chains (the spec names the list but not its shape; the reference gives it). Not paged. */
  supportedChains: defineEndpoint({
    name: 'supportedChains',
    service: 'data',
    method: 'GET',
    path: '/v1/chains',
    pathParams: P.supportedChains.path,
    query: P.supportedChains.query,
    body: undefined,
    sendsApiKey: true,
    response: listChainsResponse
  })
} as const

export type DataEndpoints = typeof dataEndpoints
export type DataEndpointName = keyof DataEndpoints
