/**
 * The parameters of every data-service and metrics-service endpoint, declared once with the spec's
 * rules (page-size ranges, required values, formats, rules across fields). The client tables
 * (src/main/clients/data|metrics/endpoints.ts) send them as path and query; the contract
 * (../data.ts, ../metrics.ts) takes the same fields as one flat input, so the form, the CLI and the
 * request refuse bad input with the same words.
 */
import { z } from 'zod'
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
  unixSeconds,
  pageSize,
  pageToken,
  primaryBlockchainId,
  sortOrder,
  startKey,
  strictParams,
  text
} from './params'
import { PRIMARY_NETWORK_TX_TYPES } from './primary-tx'
import { USAGE_GROUP_BY, USAGE_TIME_INTERVALS } from './usage'

const path = <S extends z.ZodRawShape>(shape: S) => strictParams(shape, 'path parameter')
const query = <S extends z.ZodRawShape>(shape: S) => strictParams(shape, 'query parameter')
const noQuery = query({})
const noPath = path({})

const networkPath = path({ network })
/** EVM address endpoints: /v1/chains/{chainId}/addresses/{address}/... */
const evmAddressPath = path({ chainId: evmChainId(), address: evmAddress('address') })

const primaryAddresses = list('addresses', listItem('addresses'))
const txTypes = list('txTypes', z.enum(PRIMARY_NETWORK_TX_TYPES, { error: `each value of txTypes must be one of ${PRIMARY_NETWORK_TX_TYPES.join(', ')}` }))

export const PRIMARY_ALIASES = ['p-chain', 'x-chain', 'c-chain'] as const

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

export type ParamsDef = { path: z.ZodObject; query: z.ZodObject }

/** Path and query parameters of each data-service endpoint (the POST's body is in ./signatures.ts). */
export const dataParams = {
  aggregateSignatures: { path: networkPath, query: noQuery },
  getAggregatedSignatures: { path: path({ network, txHash: cb58Id('txHash', 'a P-Chain or X-Chain transaction id (cb58)') }), query: noQuery },
  listLatestPrimaryNetworkTransactions: {
    path: path({ network, blockchainId: primaryBlockchainId(PRIMARY_ALIASES) }),
    query: query({
      addresses: primaryAddresses.optional(),
      l1ValidationId: text('l1ValidationId').optional(),
      txTypes: txTypes.optional(),
      startTimestamp: unixSeconds('startTimestamp').optional(),
      endTimestamp: unixSeconds('endTimestamp').optional(),
      pageToken: pageToken.optional(),
      pageSize: pageSize(PAGE_RULES.standard),
      sortOrder: sortOrder.optional()
    })
      .refine((q) => q.addresses !== undefined || q.l1ValidationId !== undefined || (q.txTypes === undefined && q.startTimestamp === undefined && q.endTimestamp === undefined), {
        error: 'filtering by txTypes, startTimestamp or endTimestamp needs addresses (or l1ValidationId on the P-Chain): give one, or drop the filters',
        path: ['addresses']
      })
      .refine(timeRangeOk, timeRangeError)
  },
  listLatestXChainVertices: {
    path: path({ network, blockchainId: primaryBlockchainId(['x-chain']) }),
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.standard) })
  },
  listSubnets: {
    path: networkPath,
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.subnets), sortOrder: sortOrder.optional() })
  },
  listL1Validators: {
    path: networkPath,
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
    })
  },
  listPendingPrimaryNetworkRewards: {
    path: networkPath,
    query: query({
      addresses: primaryAddresses.optional(),
      nodeIds: list('nodeIds', nodeId('each value of nodeIds')).optional(),
      pageToken: pageToken.optional(),
      pageSize: pageSize(PAGE_RULES.standard),
      sortOrder: sortOrder.optional()
    }).refine((q) => q.addresses !== undefined || q.nodeIds !== undefined, {
      error: 'give addresses or nodeIds (or both): pending rewards are listed for reward addresses or nodes',
      path: ['addresses']
    })
  },
  getChainIdsForAddresses: { path: networkPath, query: query({ addresses: list('addresses', listItem('addresses')) }) },
  listErc721Transactions: { path: evmAddressPath, query: transfersQuery },
  listErc1155Transactions: { path: evmAddressPath, query: transfersQuery },
  listErc20Balances: {
    path: evmAddressPath,
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
    })
  },
  listCollectibleBalances: {
    path: evmAddressPath,
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.balances), contractAddress: evmAddress('contractAddress').optional() })
  },
  getTokenDetails: {
    path: path({
      chainId: evmChainId(),
      address: evmAddress('address (the collection contract)'),
      tokenId: z.string({ error: 'tokenId must be a string' }).regex(/^\d{1,78}$/, { error: 'tokenId must be a decimal token id (uint256)' })
    }),
    query: noQuery
  },
  listIcmMessages: {
    path: noPath,
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
    })
  },
  listIcmMessagesByAddress: {
    path: path({ address: evmAddress('address') }),
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.standard), network: network.optional() })
  },
  getIcmMessage: {
    path: path({
      messageId: z
        .string({ error: 'messageId must be a string' })
        .regex(/^(0x)?[0-9a-fA-F]{64}$/, { error: 'messageId must be a teleporter message id: 64 hex digits, optionally 0x-prefixed' })
    }),
    query: noQuery
  },
  listLatestBlocksAllChains: {
    path: noPath,
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.standard), network: network.optional() })
  },
  getSubnetRpcUsageMetrics: {
    path: noPath,
    query: query({
      timeInterval: z.enum(USAGE_TIME_INTERVALS, { error: `timeInterval must be one of ${USAGE_TIME_INTERVALS.join(', ')}` }).optional(),
      /** rounded down to 0:00 UTC of its day by the server */
      startTimestamp: unixSeconds('startTimestamp').optional(),
      /** rounded down to 0:00 UTC of its day by the server */
      endTimestamp: unixSeconds('endTimestamp').optional(),
      groupBy: z.enum(USAGE_GROUP_BY, { error: `groupBy must be one of ${USAGE_GROUP_BY.join(', ')}` }).optional(),
      chainId: text('chainId').optional(),
      responseCode: text('responseCode').optional(),
      rpcMethod: text('rpcMethod').optional(),
      rlBypassApiToken: text('rlBypassApiToken').optional()
    }).refine(timeRangeOk, timeRangeError)
  },
  supportedChains: {
    path: noPath,
    query: query({
      network: network.optional(),
      feature: z.enum(['nftIndexing', 'webhooks', 'teleporter'], { error: 'feature must be one of nftIndexing, webhooks, teleporter' }).optional()
    })
  }
} as const

/** Path and query parameters of each metrics-service endpoint. */
export const metricsParams = {
  /**
   * The spec pages avg_tps by pageToken; the real route (deprecated) by startKey, the nextPageStartKey
   * of its previous page. Either one is sent as the previous page gave it, never both.
   */
  getAvgTps: {
    path: path({ chainId: evmChainId() }),
    query: query({ pageToken: pageToken.optional(), startKey: startKey.optional() }).refine((q) => q.pageToken === undefined || q.startKey === undefined, {
      error: 'give pageToken (a nextPageToken) or startKey (a nextPageStartKey), not both',
      path: ['startKey']
    })
  },
  getNftHoldersByContractAddress: {
    path: path({ chainId: evmChainId(), address: evmAddress('address (the collection contract)') }),
    query: query({ pageToken: pageToken.optional(), pageSize: pageSize(PAGE_RULES.nftHolders) })
  }
} as const

/**
 * One flat input for a contract method: the path and query fields side by side, unknown fields
 * refused, and the query's rules across fields (one-of, ranges) checked with their own words.
 * `body` adds the fields of a POST body with its own rules.
 */
export function endpointInput<D extends ParamsDef, B extends z.ZodRawShape = Record<never, never>>(
  def: D,
  body?: { shape: B; rules: (v: z.output<z.ZodObject<B>>, ctx: z.RefinementCtx) => void }
): z.ZodObject<D['path']['shape'] & D['query']['shape'] & B, z.core.$strict> {
  const shape = { ...def.path.shape, ...def.query.shape, ...(body?.shape ?? {}) }
  const queryKeys = Object.keys(def.query.shape)
  return strictParams(shape, 'field').superRefine((v: Record<string, unknown>, ctx) => {
    const q = Object.fromEntries(queryKeys.filter((k) => v[k] !== undefined).map((k) => [k, v[k]]))
    const checked = def.query.safeParse(q)
    // Each field was checked above; only the rules across fields are left to report.
    if (!checked.success) for (const i of checked.error.issues) if (i.code === 'custom') ctx.addIssue({ code: 'custom', message: i.message, path: i.path })
    if (body) body.rules(v as z.output<z.ZodObject<B>>, ctx)
  }) as unknown as z.ZodObject<D['path']['shape'] & D['query']['shape'] & B, z.core.$strict>
}
