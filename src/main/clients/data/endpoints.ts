/**
 * Every endpoint of the data service (spec "Endpoints", from "Conventions for the data service" to
 * "Subnet RPC usage metrics"), declared once: path, parameters with the spec's rules, page rule and the
 * response schema. Call them through ../rest/client.ts (callEndpoint, pages). Names are the real
 * services' operation ids (shared/reference/data-service/schemas/index.json).
 */
import { z } from 'zod'
import { defineEndpoint } from '../rest/define'
import {
  PAGE_RULES,
  cb58Id,
  currency,
  evmAddress,
  evmChainId,
  flag,
  list,
  listItem,
  network,
  nodeId,
  nonNegativeInt,
  pageSize,
  pageToken,
  primaryBlockchainId,
  sortOrder,
  strictParams,
  text
} from './params'
import {
  listChainsResponse,
  listCollectibleBalancesResponse,
  listErc1155TransactionsResponse,
  listErc20BalancesResponse,
  listErc721TransactionsResponse,
  listEvmBlocksResponse,
  tokenDetailsResponse
} from './schemas/evm'
import { icmMessage, listIcmMessagesResponse } from './schemas/icm'
import { chainIdsForAddressesResponse, listL1ValidatorsResponse, listPendingRewardsResponse, listSubnetsResponse, listXChainVerticesResponse } from './schemas/primary'
import { PRIMARY_NETWORK_TX_TYPES, listLatestPrimaryNetworkTransactionsResponse } from './schemas/primary-tx'
import { aggregateSignaturesBody, signatureAggregationResponse } from './schemas/signatures'
import { USAGE_GROUP_BY, USAGE_TIME_INTERVALS, subnetRpcUsageMetricsResponse } from './schemas/usage'

const path = <S extends z.ZodRawShape>(shape: S) => strictParams(shape, 'path parameter')
const query = <S extends z.ZodRawShape>(shape: S) => strictParams(shape, 'query parameter')
const noQuery = query({})

const networkPath = path({ network })
/** EVM address endpoints: /v1/chains/{chainId}/addresses/{address}/... */
const evmAddressPath = path({ chainId: evmChainId(), address: evmAddress('address') })

const primaryAddresses = list('addresses', listItem('addresses'))
const txTypes = list(
  'txTypes',
  z.enum(PRIMARY_NETWORK_TX_TYPES, { error: `each value of txTypes must be one of ${PRIMARY_NETWORK_TX_TYPES.join(', ')}` })
)

const PRIMARY_ALIASES = ['p-chain', 'x-chain', 'c-chain'] as const

/** startTimestamp must not come after endTimestamp when both are given. */
function timeRangeOk(q: { startTimestamp?: number | undefined; endTimestamp?: number | undefined }): boolean {
  return q.startTimestamp === undefined || q.endTimestamp === undefined || q.startTimestamp <= q.endTimestamp
}
const timeRangeError = { error: 'startTimestamp must not be after endTimestamp', path: ['startTimestamp'] }

/** ERC-721 / ERC-1155 transfers of an address: startBlock inclusive, endBlock exclusive. */
const transfersQuery = query({
  startBlock: nonNegativeInt('startBlock', 'a block number').optional(),
  endBlock: nonNegativeInt('endBlock', 'a block number').optional(),
  pageToken: pageToken.optional(),
  pageSize: pageSize(PAGE_RULES.standard)
}).refine((q) => q.startBlock === undefined || q.endBlock === undefined || q.startBlock < q.endBlock, {
  error: 'startBlock (inclusive) must be below endBlock (exclusive)',
  path: ['startBlock']
})

export const dataEndpoints = {
  // ---- signature aggregation ----
  aggregateSignatures: defineEndpoint({
    name: 'aggregateSignatures',
    service: 'data',
    method: 'POST',
    path: '/v1/signatureAggregator/{network}/aggregateSignatures',
    pathParams: networkPath,
    query: noQuery,
    body: aggregateSignaturesBody,
    sendsApiKey: true,
    response: signatureAggregationResponse
  }),
  getAggregatedSignatures: defineEndpoint({
    name: 'getAggregatedSignatures',
    service: 'data',
    method: 'GET',
    path: '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}',
    pathParams: path({ network, txHash: cb58Id('txHash', 'a P-Chain or X-Chain transaction id (cb58)') }),
    query: noQuery,
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
    pathParams: path({ network, blockchainId: primaryBlockchainId(PRIMARY_ALIASES) }),
    query: query({
      addresses: primaryAddresses.optional(),
      l1ValidationId: text('l1ValidationId').optional(),
      txTypes: txTypes.optional(),
      startTimestamp: nonNegativeInt('startTimestamp', 'a UNIX time in seconds').optional(),
      endTimestamp: nonNegativeInt('endTimestamp', 'a UNIX time in seconds').optional(),
      pageToken: pageToken.optional(),
      pageSize: pageSize(PAGE_RULES.standard),
      sortOrder: sortOrder.optional()
    })
      .refine((q) => q.addresses !== undefined || q.l1ValidationId !== undefined || (q.txTypes === undefined && q.startTimestamp === undefined && q.endTimestamp === undefined), {
        error: 'filtering by txTypes, startTimestamp or endTimestamp needs addresses (or l1ValidationId on the P-Chain): give one, or drop the filters',
        path: ['addresses']
      })
      .refine(timeRangeOk, timeRangeError),
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
    pathParams: path({ network, blockchainId: primaryBlockchainId(['x-chain']) }),
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.standard) }),
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
    pathParams: networkPath,
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.subnets), sortOrder: sortOrder.optional() }),
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
    pathParams: networkPath,
    query: query({
      pageToken: pageToken.optional(),
      pageSize: pageSize(PAGE_RULES.standard),
      /** omitted: all */
      l1ValidationId: text('l1ValidationId').optional(),
      /** default: active validators only */
      includeInactiveL1Validators: flag('includeInactiveL1Validators').optional(),
      nodeId: nodeId('nodeId').optional(),
      /** omitted: all subnets */
      subnetId: cb58Id('subnetId', 'a subnet id (cb58)').optional()
    }),
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
    pathParams: networkPath,
    query: query({
      addresses: primaryAddresses.optional(),
      nodeIds: list('nodeIds', nodeId('each value of nodeIds')).optional(),
      pageToken: pageToken.optional(),
      pageSize: pageSize(PAGE_RULES.standard),
      sortOrder: sortOrder.optional()
    }).refine((q) => q.addresses !== undefined || q.nodeIds !== undefined, {
      error: 'give addresses or nodeIds (or both): pending rewards are listed for reward addresses or nodes',
      path: ['addresses']
    }),
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
    pathParams: networkPath,
    query: query({ addresses: list('addresses', listItem('addresses')) }),
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
    pathParams: evmAddressPath,
    query: transfersQuery,
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
    pathParams: evmAddressPath,
    query: transfersQuery,
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
    pathParams: evmAddressPath,
    query: query({
      /** default: the latest block */
      blockNumber: z.string({ error: 'blockNumber must be a string' }).regex(/^\d{1,20}$/, { error: 'blockNumber must be a decimal block number' }).optional(),
      pageToken: pageToken.optional(),
      pageSize: pageSize(PAGE_RULES.balances),
      /** default true */
      filterSpamTokens: flag('filterSpamTokens').optional(),
      contractAddresses: list('contractAddresses', evmAddress('each value of contractAddresses')).optional(),
      /** default usd */
      currency: currency.optional()
    }),
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
    pathParams: evmAddressPath,
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.balances), contractAddress: evmAddress('contractAddress').optional() }),
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
    pathParams: path({
      chainId: evmChainId(),
      address: evmAddress('address (the collection contract)'),
      tokenId: z.string({ error: 'tokenId must be a string' }).regex(/^\d{1,78}$/, { error: 'tokenId must be a decimal token id (uint256)' })
    }),
    query: noQuery,
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
    pathParams: path({}),
    query: query({
      pageToken: pageToken.optional(),
      pageSize: pageSize(PAGE_RULES.standard),
      /** base58 blockchain id or EVM chain id */
      sourceBlockchainId: evmChainId('sourceBlockchainId').optional(),
      /** base58 blockchain id or EVM chain id */
      destinationBlockchainId: evmChainId('destinationBlockchainId').optional(),
      /** base58 id of either end */
      blockchainId: cb58Id('blockchainId', 'a base58 blockchain id').optional(),
      to: evmAddress('to').optional(),
      from: evmAddress('from').optional(),
      network: network.optional()
    }),
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
    pathParams: path({ address: evmAddress('address') }),
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.standard), network: network.optional() }),
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
    pathParams: path({
      messageId: z.string({ error: 'messageId must be a string' }).regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: 'messageId must be a teleporter message id: 64 hex digits, optionally 0x-prefixed' })
    }),
    query: noQuery,
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
    pathParams: path({}),
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.standard), network: network.optional() }),
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
    pathParams: path({}),
    query: query({
      timeInterval: z.enum(USAGE_TIME_INTERVALS, { error: `timeInterval must be one of ${USAGE_TIME_INTERVALS.join(', ')}` }).optional(),
      /** rounded down to 0:00 UTC of its day by the server */
      startTimestamp: nonNegativeInt('startTimestamp', 'a UNIX time in seconds').optional(),
      /** rounded down to 0:00 UTC of its day by the server */
      endTimestamp: nonNegativeInt('endTimestamp', 'a UNIX time in seconds').optional(),
      groupBy: z.enum(USAGE_GROUP_BY, { error: `groupBy must be one of ${USAGE_GROUP_BY.join(', ')}` }).optional(),
      chainId: text('chainId').optional(),
      responseCode: text('responseCode').optional(),
      rpcMethod: text('rpcMethod').optional(),
      rlBypassApiToken: text('rlBypassApiToken').optional()
    }).refine(timeRangeOk, timeRangeError),
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
    pathParams: path({}),
    query: query({
      network: network.optional(),
      feature: z.enum(['nftIndexing', 'webhooks', 'teleporter'], { error: 'feature must be one of nftIndexing, webhooks, teleporter' }).optional()
    }),
    body: undefined,
    sendsApiKey: true,
    response: listChainsResponse
  })
} as const

export type DataEndpoints = typeof dataEndpoints
export type DataEndpointName = keyof DataEndpoints
