/**
 * Primary Network records other than transactions: X-Chain vertices, subnets with their blockchains,
 * L1 validators, pending staking rewards, and the chains an address has touched.
 */
import { z } from 'zod'
import { assetAmount, jsonObject, listEnvelope, openEnum, primaryChainInfo, quantity, timestamp, uint } from './common'
import { genesisData } from './genesis'
import { managerDetails, ownershipInfo, rewardType } from './primary-tx'

// ---- vertices ---------------------------------------------------------------------------------------

export const xChainVertex = z.looseObject({
  vertexHash: z.string(),
  parentHashes: z.array(z.string()),
  vertexHeight: uint,
  vertexIndex: uint,
  vertexTimestamp: timestamp,
  txCount: uint,
  transactions: z.array(z.string()),
  vertexSizeBytes: uint
})

export const listXChainVerticesResponse = listEnvelope('vertices', xChainVertex, { chainInfo: primaryChainInfo })

// ---- subnets ----------------------------------------------------------------------------------------

export const subnetBlockchain = z.looseObject({
  createBlockTimestamp: timestamp,
  createBlockNumber: quantity,
  blockchainId: z.string(),
  vmId: z.string(),
  subnetId: z.string(),
  blockchainName: z.string(),
  evmChainId: uint.optional(),
  genesisData: genesisData.optional()
})

export const subnet = z.looseObject({
  createBlockTimestamp: timestamp,
  createBlockIndex: quantity,
  subnetId: z.string(),
  /** deprecated (see subnetOwnershipInfo) but still required */
  ownerAddresses: z.array(z.string()),
  /** deprecated (see subnetOwnershipInfo) but still required */
  threshold: uint,
  /** deprecated (see subnetOwnershipInfo) but still required */
  locktime: uint,
  subnetOwnershipInfo: ownershipInfo,
  isL1: z.boolean(),
  l1ConversionTransactionHash: z.string().optional(),
  l1ValidatorManagerDetails: managerDetails.optional(),
  blockchains: z.array(subnetBlockchain)
})

export const listSubnetsResponse = listEnvelope('subnets', subnet)

// ---- L1 validators ----------------------------------------------------------------------------------

const balanceOwner = z.looseObject({ addresses: z.array(z.string()), threshold: uint })

export const l1Validator = z.looseObject({
  validationId: z.string(),
  validationIdHex: z.string(),
  nodeId: z.string(),
  subnetId: z.string(),
  weight: uint,
  /** nAVAX left to pay the continuous fee (0: inactive) */
  remainingBalance: uint,
  creationTimestamp: timestamp,
  /** contents not shown by the spec */
  blsCredentials: jsonObject,
  remainingBalanceOwner: balanceOwner,
  deactivationOwner: balanceOwner
})

/** `blockHeight`: the P-Chain height the list was read at (a decimal string). */
export const listL1ValidatorsResponse = listEnvelope('validators', l1Validator, { blockHeight: quantity })

// ---- pending rewards --------------------------------------------------------------------------------

export const pendingReward = z.looseObject({
  addresses: z.array(z.string()),
  txHash: z.string(),
  amountStaked: quantity,
  nodeId: z.string(),
  startTimestamp: timestamp,
  endTimestamp: timestamp,
  rewardType,
  /** share of the staking period elapsed */
  progress: z.number(),
  estimatedReward: assetAmount,
  /** newer servers (ACP-236): fixed, autoRenewed */
  stakingType: openEnum(['fixed', 'autoRenewed'] as const).optional()
})

export const listPendingRewardsResponse = listEnvelope('pendingRewards', pendingReward)

// ---- chain interactions -----------------------------------------------------------------------------

export const addressChainIds = z.looseObject({
  address: z.string(),
  /** base58 ids of the P-, X- and C-Chain of either network (never aliases) */
  blockchainIds: z.array(z.string())
})

/** Not a paged list: one entry per address asked for. */
export const chainIdsForAddressesResponse = z.looseObject({ addresses: z.array(addressChainIds) })
