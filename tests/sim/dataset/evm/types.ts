/**
 * Records of the EVM side of the sim's data set: what the data service indexes about EVM chains
 * (C-Chain and the L1s' EVM chains) and what the metrics service reports. Quantities are decimal
 * strings; timestamps are UNIX seconds taken from the data set's fixed reference time.
 */

export type NetworkKind = 'mainnet' | 'fuji'

/** What the EVM data set needs from the Primary Network data set. */
export interface EvmPrimaryInput {
  network: NetworkKind
  /** the data set's fixed "now" (UNIX seconds) */
  referenceTime: number
  /** base58 id of the C-Chain of this network */
  cChainBlockchainId: string
  /** the Primary Network subnet id (all ones + checksum) */
  primarySubnetId: string
  /** EVM blockchains created on subnets / L1s (not the C-Chain) */
  evmBlockchains: readonly { blockchainId: string; subnetId: string; name: string; evmChainId: number; vmId: string }[]
}

export interface EvmChain {
  /** EVM chain id as a decimal string, e.g. "43114" */
  chainId: string
  blockchainId: string
  subnetId: string
  vmId: string
  chainName: string
  description: string
  isTestnet: boolean
  isCChain: boolean
  token: { name: string; symbol: string; decimals: number }
  /** latest indexed block number */
  headBlock: number
  /** seconds between blocks */
  blockTime: number
  /** ICM (Teleporter) messenger contract on this chain */
  icmContractAddress: string
}

export interface Erc20Token {
  chainId: string
  address: string
  name: string
  symbol: string
  decimals: number
  logoUri: string
  /** USD price in micro-dollars (1e-6), or undefined when the token has no price */
  usdMicroPrice?: bigint
  reputation: 'Malicious' | 'Benign' | null
}

export interface Erc20Holding {
  chainId: string
  owner: string
  token: string
  balance: bigint
}

export type NftStandard = 'ERC-721' | 'ERC-1155'

export interface NftCollection {
  chainId: string
  address: string
  name: string
  symbol: string
  standard: NftStandard
}

export type IndexStatus = 'INDEXED' | 'UNINDEXED' | 'INVALID_TOKEN_URI' | 'UNREACHABLE_TOKEN_URI' | 'INVALID_METADATA_JSON'

export interface NftToken {
  chainId: string
  collection: string
  tokenId: string
  tokenUri: string
  indexStatus: IndexStatus
  metadataLastUpdatedTimestamp: number
  name: string
  description: string
  imageUri: string
  externalUrl: string
  background: string
  /** JSON text of attributes (ERC-721) or properties (ERC-1155), as the API sends them */
  traits: string
  /** current owner (ERC-721 only) */
  owner?: string
}

export interface NftTransfer {
  chainId: string
  collection: string
  standard: NftStandard
  tokenId: string
  blockNumber: number
  blockTimestamp: number
  blockHash: string
  txHash: string
  logIndex: number
  from: string
  to: string
  /** amount moved (ERC-1155); "1" for ERC-721 */
  value: bigint
}

export type IcmStatus = 'pending' | 'delivered' | 'delivered_source_not_indexed'

export interface IcmMessage {
  messageId: string
  status: IcmStatus
  source: EvmChain
  destination: EvmChain
  messageNonce: string
  from: string
  to: string
  data: string
  messageExecuted: boolean
  receipts: { receivedMessageNonce: string; relayerRewardAddress: string }[]
  receiptDelivered: boolean
  reward: { token: Erc20Token; value: bigint }
  sourceTransaction?: { txHash: string; timestamp: number; gasSpent: string }
  destinationTransaction?: { txHash: string; timestamp: number; gasSpent: string; rewardRedeemer: string; delivererAddress: string }
  /** when the message was sent (or, if the source is not indexed, delivered) */
  timestamp: number
}

export interface EvmBlockSummary {
  chainId: string
  blockNumber: string
  blockTimestamp: number
  blockHash: string
  txCount: number
  baseFee: string
  gasUsed: string
  gasLimit: string
  gasCost: string
  parentHash: string
  feesSpent: string
  cumulativeTransactions: string
}

export interface AvgTpsPoint {
  timestamp: number
  value: number
}
