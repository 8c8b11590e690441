import { z } from 'zod'
import { defineMethod } from '../rpc/contract-types'
import { listChainsResponse, listCollectibleBalancesResponse, listErc1155TransactionsResponse, listErc20BalancesResponse, listErc721TransactionsResponse, listEvmBlocksResponse, tokenDetailsResponse } from './data-service/evm'
import { icmMessage, listIcmMessagesResponse } from './data-service/icm'
import { dataParams as P, endpointInput } from './data-service/inputs'
import { chainIdsForAddressesResponse, listL1ValidatorsResponse, listPendingRewardsResponse, listSubnetsResponse, listXChainVerticesResponse } from './data-service/primary'
import { listLatestPrimaryNetworkTransactionsResponse } from './data-service/primary-tx'
import { aggregateSignaturesBodyFields, checkAggregateRules, signatureAggregationResponse } from './data-service/signatures'
import { subnetRpcUsageMetricsResponse } from './data-service/usage'
import { defineCachedRead } from './envelope'
import { idSchema } from './common'
import { jobStartedSchema } from './jobs'

/**
 * The data service: one contract method per endpoint, each taking the endpoint's path and query
 * parameters as one flat input with the spec's rules (./data-service/inputs.ts) and answering the
 * endpoint's checked response inside the cache envelope. Lists answer one page; the next page is the
 * same call with `pageToken` set to the page's nextPageToken. data.loadAll walks every page as a job.
 */
export const dataInputs = {
  supportedChains: endpointInput(P.supportedChains),
  listLatestPrimaryNetworkTransactions: endpointInput(P.listLatestPrimaryNetworkTransactions),
  listLatestXChainVertices: endpointInput(P.listLatestXChainVertices),
  listSubnets: endpointInput(P.listSubnets),
  listL1Validators: endpointInput(P.listL1Validators),
  listPendingPrimaryNetworkRewards: endpointInput(P.listPendingPrimaryNetworkRewards),
  getChainIdsForAddresses: endpointInput(P.getChainIdsForAddresses),
  listErc721Transactions: endpointInput(P.listErc721Transactions),
  listErc1155Transactions: endpointInput(P.listErc1155Transactions),
  listErc20Balances: endpointInput(P.listErc20Balances),
  listCollectibleBalances: endpointInput(P.listCollectibleBalances),
  getTokenDetails: endpointInput(P.getTokenDetails),
  listIcmMessages: endpointInput(P.listIcmMessages),
  listIcmMessagesByAddress: endpointInput(P.listIcmMessagesByAddress),
  getIcmMessage: endpointInput(P.getIcmMessage),
  listLatestBlocksAllChains: endpointInput(P.listLatestBlocksAllChains),
  getSubnetRpcUsageMetrics: endpointInput(P.getSubnetRpcUsageMetrics),
  getAggregatedSignatures: endpointInput(P.getAggregatedSignatures),
  aggregateSignatures: endpointInput(P.aggregateSignatures, { shape: aggregateSignaturesBodyFields, rules: checkAggregateRules })
} as const

/** The paged lists: what "load all" can walk, with the field each page's items are in. */
export const dataLists = {
  listLatestPrimaryNetworkTransactions: { input: dataInputs.listLatestPrimaryNetworkTransactions, page: listLatestPrimaryNetworkTransactionsResponse, listField: 'transactions' },
  listLatestXChainVertices: { input: dataInputs.listLatestXChainVertices, page: listXChainVerticesResponse, listField: 'vertices' },
  listSubnets: { input: dataInputs.listSubnets, page: listSubnetsResponse, listField: 'subnets' },
  listL1Validators: { input: dataInputs.listL1Validators, page: listL1ValidatorsResponse, listField: 'validators' },
  listPendingPrimaryNetworkRewards: { input: dataInputs.listPendingPrimaryNetworkRewards, page: listPendingRewardsResponse, listField: 'pendingRewards' },
  listErc721Transactions: { input: dataInputs.listErc721Transactions, page: listErc721TransactionsResponse, listField: 'transactions' },
  listErc1155Transactions: { input: dataInputs.listErc1155Transactions, page: listErc1155TransactionsResponse, listField: 'transactions' },
  listErc20Balances: { input: dataInputs.listErc20Balances, page: listErc20BalancesResponse, listField: 'erc20TokenBalances' },
  listCollectibleBalances: { input: dataInputs.listCollectibleBalances, page: listCollectibleBalancesResponse, listField: 'collectibleBalances' },
  listIcmMessages: { input: dataInputs.listIcmMessages, page: listIcmMessagesResponse, listField: 'messages' },
  listIcmMessagesByAddress: { input: dataInputs.listIcmMessagesByAddress, page: listIcmMessagesResponse, listField: 'messages' },
  listLatestBlocksAllChains: { input: dataInputs.listLatestBlocksAllChains, page: listEvmBlocksResponse, listField: 'blocks' }
} as const
export type DataList = keyof typeof dataLists
export const DATA_LISTS = Object.keys(dataLists) as DataList[]

type Lists = typeof dataLists
/** One variant per list: its name and its own typed parameters (never an untyped passthrough). */
const loadAllVariants = DATA_LISTS.map((name) => z.strictObject({ endpoint: z.literal(name), params: dataLists[name].input })) as unknown as {
  [K in DataList]: z.ZodObject<{ endpoint: z.ZodLiteral<K>; params: Lists[K]['input'] }, z.core.$strict>
}[DataList][]
const loadedVariants = DATA_LISTS.map((name) =>
  z.strictObject({
    endpoint: z.literal(name),
    state: z.enum(['running', 'done', 'failed', 'cancelled']),
    /** every page fetched so far, in order */
    pages: z.array(dataLists[name].page).max(100_000)
  })
) as unknown as { [K in DataList]: z.ZodObject<{ endpoint: z.ZodLiteral<K>; state: z.ZodEnum<{ running: 'running'; done: 'done'; failed: 'failed'; cancelled: 'cancelled' }>; pages: z.ZodArray<Lists[K]['page']> }, z.core.$strict> }[DataList][]

export const loadAllInputSchema = z.discriminatedUnion('endpoint', loadAllVariants as [(typeof loadAllVariants)[number], ...(typeof loadAllVariants)[number][]])
export const loadedPagesSchema = z.discriminatedUnion('endpoint', loadedVariants as [(typeof loadedVariants)[number], ...(typeof loadedVariants)[number][]])
export type LoadedPages = z.output<typeof loadedPagesSchema>

const read = <I extends z.ZodType, D extends z.ZodType>(summary: string, input: I, data: D) => defineCachedRead({ summary, from: 'data', input, data })

export const dataMethods = {
  'data.supportedChains': read('The EVM chains the data service indexes (to choose a chain for the EVM lookups)', dataInputs.supportedChains, listChainsResponse),
  'data.listLatestPrimaryNetworkTransactions': read(
    'Transactions of a Primary Network chain (P, X or C atomic), by addresses or an L1 validation id, with type and time filters',
    dataInputs.listLatestPrimaryNetworkTransactions,
    listLatestPrimaryNetworkTransactionsResponse
  ),
  'data.listLatestXChainVertices': read('The latest vertices of the X-Chain', dataInputs.listLatestXChainVertices, listXChainVerticesResponse),
  'data.listSubnets': read('Subnets with their blockchains and genesis data', dataInputs.listSubnets, listSubnetsResponse),
  'data.listL1Validators': read('L1 validators (active ones unless inactive are asked for), by validation id, node or subnet', dataInputs.listL1Validators, listL1ValidatorsResponse),
  'data.listPendingPrimaryNetworkRewards': read('Pending staking rewards of addresses or nodes', dataInputs.listPendingPrimaryNetworkRewards, listPendingRewardsResponse),
  'data.getChainIdsForAddresses': read('Which Primary Network chains each address has touched', dataInputs.getChainIdsForAddresses, chainIdsForAddressesResponse),
  'data.listErc721Transactions': read('ERC-721 transfers of an address (startBlock inclusive, endBlock exclusive)', dataInputs.listErc721Transactions, listErc721TransactionsResponse),
  'data.listErc1155Transactions': read('ERC-1155 transfers of an address (startBlock inclusive, endBlock exclusive)', dataInputs.listErc1155Transactions, listErc1155TransactionsResponse),
  'data.listErc20Balances': read('The native balance and ERC-20 balances of an address', dataInputs.listErc20Balances, listErc20BalancesResponse),
  'data.listCollectibleBalances': read('ERC-721 and ERC-1155 tokens an address holds', dataInputs.listCollectibleBalances, listCollectibleBalancesResponse),
  'data.getTokenDetails': read('One NFT: its token URI and metadata', dataInputs.getTokenDetails, tokenDetailsResponse),
  'data.listIcmMessages': read('Interchain (ICM) messages, newest first, with filters', dataInputs.listIcmMessages, listIcmMessagesResponse),
  'data.listIcmMessagesByAddress': read('ICM messages sent or received by an address', dataInputs.listIcmMessagesByAddress, listIcmMessagesResponse),
  'data.getIcmMessage': read('One ICM message by its id', dataInputs.getIcmMessage, icmMessage),
  'data.listLatestBlocksAllChains': read('The latest blocks of every indexed EVM chain', dataInputs.listLatestBlocksAllChains, listEvmBlocksResponse),
  'data.getSubnetRpcUsageMetrics': read('Usage of the public subnet RPC endpoints per interval, grouped and filtered', dataInputs.getSubnetRpcUsageMetrics, subnetRpcUsageMetricsResponse),
  'data.getAggregatedSignatures': read('The aggregated signatures of the message of a P-Chain or X-Chain transaction', dataInputs.getAggregatedSignatures, signatureAggregationResponse),
  'data.aggregateSignatures': read(
    'Collect validator signatures for a Warp message (exactly one of message or justification; quorum 0–100, default 67; buffer 0–100, default 0; their sum at most 100)',
    dataInputs.aggregateSignatures,
    signatureAggregationResponse
  ),
  'data.loadAll': defineMethod({
    summary: 'Walk every page of a data-service list as a job (progress, cancel, waits out rate limits); read the pages with data.loadedPages',
    effect: 'read',
    input: loadAllInputSchema,
    output: jobStartedSchema
  }),
  'data.loadedPages': defineMethod({
    summary: 'The pages a data.loadAll job has fetched so far',
    effect: 'read',
    input: z.strictObject({ jobId: idSchema }),
    output: loadedPagesSchema
  }),
  'data.keptLoad': defineMethod({
    summary: 'The pages of the last data.loadAll of this list and parameters, kept in the cache when it ended (null if none): for offline browsing',
    effect: 'read',
    input: loadAllInputSchema,
    output: z.strictObject({ load: loadedPagesSchema, loadedAt: z.number().int() }).nullable()
  })
} as const
