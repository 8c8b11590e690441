/**
 * Types of the deterministic Primary Network data set. Amounts are bigint (nAVAX); `jsonSafe()` in
 * ./index turns a record into wire form (bigint -> decimal string). Addresses are bare bech32
 * ("avax1…", no chain prefix) unless a field says otherwise; IDs are cb58.
 */
import type { NetworkName, PrimaryNetworkTxType } from './constants'

export type ChainAlias = 'P' | 'X' | 'C'

/** A named address every part of the sim knows about (for demos and tests). */
export interface WellKnownAddress {
  /** short name, e.g. 'rich' */
  name: string
  /** what it is for */
  description: string
  /** 20-byte short ID, lowercase hex without 0x */
  shortIdHex: string
  /** bare bech32, e.g. avax1… */
  bech32: string
  /** "P-avax1…" */
  pChain: string
  /** "X-avax1…" */
  xChain: string
  /** "C-avax1…" (the form core.getUTXOs takes) */
  cChain: string
  /** 0x EVM address used for its C-Chain side (anvil dev account where it has one) */
  evm: string
}

/** An owner set (OutputOwners) */
export interface Owner {
  /** unix seconds before which it cannot be used */
  locktime: bigint
  /** signatures required */
  threshold: number
  /** bare bech32 addresses */
  addresses: string[]
}

export interface AssetInfo {
  /** cb58 asset ID */
  assetId: string
  name: string
  symbol: string
  /** decimals */
  denomination: number
  /** 'secp256k1' or 'nft' */
  type: 'secp256k1' | 'nft'
}

/** An amount of one asset (AssetAmount on the wire) */
export interface AssetAmount extends AssetInfo {
  amount: bigint
}

/** One UTXO (output) of a Primary Network chain, with where it was created and consumed. */
export interface UtxoRecord {
  /** cb58 UTXO ID = sha256(u64 outputIndex ‖ txID) */
  utxoId: string
  /** cb58 ID of the tx that created it */
  txHash: string
  /** index among the creating tx's outputs (exported outputs follow the regular ones) */
  outputIndex: number
  /** the asset */
  asset: AssetInfo
  /** amount in the asset's smallest unit */
  amount: bigint
  /** owners (bare bech32) */
  addresses: string[]
  /** signatures needed */
  threshold: number
  /** output locktime (platformLocktime on the wire) */
  locktime: bigint
  /** chain where it was created (cb58 blockchain ID) */
  createdOnChainId: string
  /** chain where it is (or will be) consumed: same chain, or the destination of an export */
  consumedOnChainId: string
  /** tx that consumed it, if any */
  consumingTxHash?: string
  /** block height of creation */
  blockNumber: bigint
  /** block time of creation */
  blockTimestamp: number
  /** block height/time of consumption, if consumed */
  consumingBlockNumber?: bigint
  consumingBlockTimestamp?: number
  /** P-Chain only: TRANSFER or STAKE */
  utxoType: 'TRANSFER' | 'STAKE'
  /** true for a stake output (locked until the staking period ends) */
  staked: boolean
  /** staking period of a STAKE output */
  utxoStartTimestamp?: number
  utxoEndTimestamp?: number
  /** VALIDATOR / DELEGATOR / VALIDATOR_FEE for outputs of a RewardValidatorTx */
  rewardType?: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE'
  /** true when it sits in the C-Chain's shared memory (exported to C and not imported yet) */
  atomic: boolean
}

export interface BlsCredentials {
  /** 48-byte compressed BLS public key, 0x-hex */
  publicKey: string
  /** 96-byte proof of possession, 0x-hex */
  proofOfPossession: string
}

/** A delegation on a Primary Network validator */
export interface Delegator {
  /** cb58 AddPermissionlessDelegatorTx ID */
  txID: string
  nodeID: string
  startTime: number
  endTime: number
  /** staked nAVAX */
  weight: bigint
  rewardOwner: Owner
  /** reward if the period completes */
  potentialReward: bigint
}

/** A current Primary Network validator */
export interface PrimaryValidator {
  /** cb58 AddPermissionlessValidatorTx ID */
  txID: string
  /** "NodeID-…" */
  nodeID: string
  startTime: number
  endTime: number
  /** own stake in nAVAX (weight on the wire, delegations excluded) */
  weight: bigint
  potentialReward: bigint
  /** delegation fee in percent units of 10^4 (20000 = 2.0000 %) */
  delegationShares: number
  /** uptime as a percent with 4 decimals, e.g. "99.5000" */
  uptime: string
  connected: boolean
  validationRewardOwner: Owner
  delegationRewardOwner: Owner
  signer: BlsCredentials
  delegators: Delegator[]
  /** reward the validator has accrued from delegation fees so far */
  accruedDelegateeReward: bigint
}

/** EVM genesis of a blockchain (spec "GenesisData"), kept as plain JSON */
export type GenesisData = Record<string, unknown>

/** Status of a blockchain as platform.getBlockchainStatus reports it */
export type BlockchainStatus = 'Validating' | 'Created' | 'Preferred' | 'Syncing' | 'Unknown'

export interface Blockchain {
  /** cb58 blockchain ID (CreateChainTx ID) */
  blockchainId: string
  /** name given at creation */
  name: string
  subnetId: string
  vmId: string
  /** EVM chain id (Subnet-EVM chains) */
  evmChainId: number
  /** status as seen by the sim's node */
  status: BlockchainStatus
  createBlockTimestamp: number
  createBlockNumber: bigint
  genesisData: GenesisData
}

export interface ValidatorManager {
  /** blockchain where the validator manager contract lives */
  blockchainId: string
  /** its 0x address */
  contractAddress: string
}

export interface Subnet {
  /** cb58 subnet ID (CreateSubnetTx ID) */
  subnetId: string
  /** human label used in demos (not on the wire) */
  label: string
  owner: Owner
  isL1: boolean
  /** ConvertSubnetToL1Tx ID for an L1 */
  l1ConversionTransactionHash?: string
  l1ValidatorManagerDetails?: ValidatorManager
  /** an L1's conversion ID (ACP-77): sha256 of its SubnetToL1ConversionData, as platform.getSubnet reports it */
  conversionId?: string
  createBlockTimestamp: number
  createBlockIndex: bigint
  blockchains: Blockchain[]
  /** validators of a permissioned (non-L1) subnet */
  subnetValidators: SubnetValidator[]
}

/** A validator of a permissioned (PoA) subnet */
export interface SubnetValidator {
  txID: string
  nodeID: string
  startTime: number
  endTime: number
  weight: bigint
  connected: boolean
}

/** An L1 validator (ACP-77) */
export interface L1Validator {
  /** cb58 validation ID */
  validationId: string
  /** the same as 0x-hex */
  validationIdHex: string
  nodeID: string
  subnetId: string
  weight: bigint
  /** remaining balance (nAVAX) that pays the continuous fee; 0 = inactive */
  balance: bigint
  active: boolean
  minNonce: bigint
  creationTimestamp: number
  /** tx that registered it (ConvertSubnetToL1Tx or RegisterL1ValidatorTx) */
  registrationTxHash: string
  signer: BlsCredentials
  remainingBalanceOwner: Owner
  deactivationOwner: Owner
}

/** One L1 validator as carried in an L1 tx (L1TxValidator) */
export interface L1TxValidator {
  validationId: string
  validationIdHex: string
  nodeId: string
  subnetId: string
  weight: bigint
  remainingBalance: bigint
  balanceChange: bigint
  blsCredentials: BlsCredentials
}

/** A Primary Network transaction on the P-, X- or C-Chain (C = atomic import/export only). */
export interface PrimaryNetworkTx {
  /** which chain */
  chain: ChainAlias
  /** cb58 tx ID = sha256(signed tx bytes) */
  txHash: string
  txType: PrimaryNetworkTxType
  /** block height on its chain */
  blockNumber: bigint
  /** cb58 block ID (P/X) or 0x hash (C) */
  blockHash: string
  blockTimestamp: number
  consumedUtxos: UtxoRecord[]
  emittedUtxos: UtxoRecord[]
  /** cb58 chain IDs: source of an import / this chain otherwise */
  sourceChain: string
  /** destination of an export / this chain otherwise */
  destinationChain: string
  /** amounts moved to other owners */
  value: AssetAmount[]
  /** fees burned */
  amountBurned: AssetAmount[]
  /** amount put at stake */
  amountStaked: AssetAmount[]
  /** L1 validator balance paid (L1 txs) */
  amountL1ValidatorBalanceBurned: AssetAmount[]
  /** staking period / validator fields (staking txs) */
  startTimestamp?: number
  endTimestamp?: number
  /** e.g. "2.0000" */
  delegationFeePercent?: string
  nodeId?: string
  subnetId?: string
  estimatedReward?: bigint
  /** RewardValidatorTx that paid this staking tx, if ended */
  rewardTxHash?: string
  rewardAddresses?: string[]
  /** 0x-hex memo */
  memo: string
  /** RewardValidatorTx: the staking tx it rewards */
  stakingTxHash?: string
  subnetOwnershipInfo?: Owner
  blsCredentials?: BlsCredentials
  /** CreateChainTx */
  blockchainInfo?: { chainName: string; vmId: string; genesisData: GenesisData }
  l1ValidatorManagerDetails?: ValidatorManager
  l1ValidatorDetails?: L1TxValidator[]
  /** C-Chain atomic txs: EVM side */
  evmInputs?: { fromAddress: string; amount: bigint; nonce: bigint }[]
  evmOutputs?: { toAddress: string; amount: bigint }[]
  /** X-Chain: vertex holding it (older, DAG-era txs) */
  vertexHash?: string
  /** every bare bech32 address involved (index aid; 0x for EVM sides) */
  addresses: string[]
  /** signed tx bytes (hex encodings are built from these) */
  bytes: Uint8Array
}

/** A P-Chain block (Banff standard block) */
export interface PBlock {
  /** cb58 block ID = sha256(bytes) */
  blockId: string
  parentId: string
  height: bigint
  timestamp: number
  /** tx IDs in the block */
  txIds: string[]
  /** block bytes */
  bytes: Uint8Array
}

/** An X-Chain vertex (DAG era) */
export interface XVertex {
  vertexHash: string
  parentHashes: string[]
  vertexHeight: number
  vertexIndex: number
  vertexTimestamp: number
  transactions: string[]
  vertexSizeBytes: number
}

/** Balances of one address on the P-Chain (derived from unspent P-Chain UTXOs) */
export interface PBalance {
  unlocked: bigint
  lockedStakeable: bigint
  lockedNotStakeable: bigint
  utxoIds: { txID: string; outputIndex: number }[]
}

export type { NetworkName, PrimaryNetworkTxType }
