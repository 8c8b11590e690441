/**
 * EVM chain records: NFT tokens and their metadata, ERC-721/1155 transfers, ERC-20 and collectible
 * balances, the latest blocks of all chains, and the supported-chains list.
 */
import { z } from 'zod'
import { erc20TokenFields, int, listEnvelope, money, openEnum, quantity, timestamp, uint } from './common'

// ---- NFT metadata and tokens ------------------------------------------------------------------------

/** NftTokenMetadataStatus: how far the indexer got with a token's metadata. */
export const NFT_INDEX_STATUSES = [
  'UNKNOWN',
  'MISSING_TOKEN',
  'INVALID_TOKEN_URI',
  'INVALID_TOKEN_URI_SCHEME',
  'UNREACHABLE_TOKEN_URI',
  'THROTTLED_TOKEN_URI',
  'METADATA_CONTENT_TOO_LARGE',
  'INVALID_METADATA',
  'INVALID_METADATA_JSON',
  'INDEXED',
  'UNINDEXED'
] as const

/**
 * Metadata fields are remote, untrusted text (URLs included): they are checked as strings here and go
 * through the renderer's URL check before they are shown as links or images.
 */
const metadataCommon = {
  indexStatus: openEnum(NFT_INDEX_STATUSES),
  metadataLastUpdatedTimestamp: timestamp.optional(),
  name: z.string().optional(),
  symbol: z.string().optional(),
  imageUri: z.string().optional(),
  description: z.string().optional(),
  animationUri: z.string().optional(),
  externalUrl: z.string().optional(),
  background: z.string().optional()
}

export const erc721Metadata = z.looseObject({ ...metadataCommon, attributes: z.string().optional() })
export const erc1155Metadata = z.looseObject({ ...metadataCommon, decimals: uint.optional(), properties: z.string().optional() })

const erc721TokenShape = {
  address: z.string(),
  name: z.string(),
  symbol: z.string(),
  ercType: z.literal('ERC-721'),
  tokenId: z.string(),
  tokenUri: z.string(),
  metadata: erc721Metadata,
  ownerAddress: z.string().optional()
}
const erc1155TokenShape = {
  address: z.string(),
  ercType: z.literal('ERC-1155'),
  tokenId: z.string(),
  tokenUri: z.string(),
  metadata: erc1155Metadata
}

export const erc721Token = z.looseObject(erc721TokenShape)
export const erc1155Token = z.looseObject(erc1155TokenShape)

/** getTokenDetails: an ERC-721 or an ERC-1155 token, told apart by ercType. */
export const tokenDetailsResponse = z.discriminatedUnion('ercType', [erc721Token, erc1155Token])

// ---- transfers --------------------------------------------------------------------------------------

/** A party of a transfer (RichAddress): the address, and token details when it is a contract. */
export const richAddress = z.looseObject({
  address: z.string(),
  name: z.string().optional(),
  symbol: z.string().optional(),
  decimals: uint.optional(),
  logoUri: z.string().optional()
})

const transferCommon = {
  blockNumber: quantity,
  blockTimestamp: timestamp,
  /** newer servers */
  blockTimestampMilliseconds: uint.optional(),
  blockHash: z.string(),
  txHash: z.string(),
  from: richAddress,
  to: richAddress,
  logIndex: uint
}

export const erc721Transfer = z.looseObject({ ...transferCommon, erc721Token })
export const erc1155Transfer = z.looseObject({ ...transferCommon, value: quantity, erc1155Token })

export const listErc721TransactionsResponse = listEnvelope('transactions', erc721Transfer)
export const listErc1155TransactionsResponse = listEnvelope('transactions', erc1155Transfer)

// ---- balances ---------------------------------------------------------------------------------------

export const nativeTokenBalance = z.looseObject({
  name: z.string(),
  symbol: z.string(),
  decimals: uint,
  logoUri: z.string().optional(),
  chainId: z.string(),
  price: money.optional(),
  balance: quantity,
  balanceValue: money.optional()
})

export const erc20TokenBalance = z.looseObject({
  ...erc20TokenFields,
  chainId: z.string(),
  balance: quantity,
  balanceValue: money.optional(),
  /** Malicious, Benign, or null (only known on the C-Chain) */
  tokenReputation: openEnum(['Malicious', 'Benign'] as const).nullable()
})

export const listErc20BalancesResponse = listEnvelope('erc20TokenBalances', erc20TokenBalance, { nativeTokenBalance })

export const erc721TokenBalance = z.looseObject({ ...erc721TokenShape, chainId: z.string() })
export const erc1155TokenBalance = z.looseObject({ ...erc1155TokenShape, chainId: z.string(), balance: quantity })

/** A collectible: an ERC-721 token, or an ERC-1155 token with the units held. */
export const collectibleBalance = z.discriminatedUnion('ercType', [erc721TokenBalance, erc1155TokenBalance])

export const listCollectibleBalancesResponse = listEnvelope('collectibleBalances', collectibleBalance)

// ---- blocks -----------------------------------------------------------------------------------------

export const evmBlock = z.looseObject({
  chainId: z.string(),
  blockNumber: quantity,
  blockTimestamp: timestamp,
  /** newer servers */
  blockTimestampMilliseconds: uint.optional(),
  /** newer servers (after the Granite upgrade) */
  blockMinDelayExcess: z.number().optional(),
  blockHash: z.string(),
  txCount: uint,
  baseFee: quantity,
  gasUsed: quantity,
  gasLimit: quantity,
  gasCost: quantity,
  parentHash: z.string(),
  feesSpent: quantity,
  cumulativeTransactions: quantity
})

export const listEvmBlocksResponse = listEnvelope('blocks', evmBlock)

// ---- supported chains (GET /v1/chains; shape from the reference, the spec only names the list) -------

export const CHAIN_FEATURES = ['nftIndexing', 'webhooks', 'teleporter'] as const

export const supportedChain = z.looseObject({
  chainId: z.string(),
  /** OK, UNAVAILABLE */
  status: openEnum(['OK', 'UNAVAILABLE'] as const),
  chainName: z.string(),
  description: z.string(),
  platformChainId: z.string().optional(),
  subnetId: z.string().optional(),
  vmId: z.string().optional(),
  /** EVM, BITCOIN, ETHEREUM */
  vmName: openEnum(['EVM', 'BITCOIN', 'ETHEREUM'] as const),
  explorerUrl: z.string().optional(),
  rpcUrl: z.string(),
  wsUrl: z.string().optional(),
  isTestnet: z.boolean(),
  utilityAddresses: z.looseObject({ multicall: z.string().optional() }).optional(),
  networkToken: z.looseObject({
    name: z.string(),
    symbol: z.string(),
    decimals: int,
    logoUri: z.string().optional(),
    description: z.string().optional()
  }),
  chainLogoUri: z.string().optional(),
  private: z.boolean().optional(),
  enabledFeatures: z.array(openEnum(CHAIN_FEATURES)).optional()
})

/** Not paged. */
export const listChainsResponse = z.looseObject({ chains: z.array(supportedChain) })
