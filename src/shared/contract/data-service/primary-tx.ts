/**
 * Transactions on the Primary Network chains (GET /v1/networks/{network}/blockchains/{blockchainId}/transactions).
 * One path, three body shapes chosen by the chain: P-Chain (PChainTransaction with PChainUtxo), X-Chain
 * (linear or non-linear transactions with Utxo), C-Chain atomic (export with evmInputs / import with
 * evmOutputs). The X/C shapes carry `timestamp` where the P-Chain carries `blockTimestamp`.
 */
import { z } from 'zod'
import { assetAmount, int, jsonObject, listEnvelope, openEnum, primaryChainInfo, quantity, timestamp, uint } from './common'
import { genesisData } from './genesis'

/** PrimaryNetworkTxType (query txTypes and P/X txType). */
export const PRIMARY_NETWORK_TX_TYPES = [
  'AddValidatorTx',
  'AddSubnetValidatorTx',
  'AddDelegatorTx',
  'CreateChainTx',
  'CreateSubnetTx',
  'ImportTx',
  'ExportTx',
  'AdvanceTimeTx',
  'RewardValidatorTx',
  'RemoveSubnetValidatorTx',
  'TransformSubnetTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
  'BaseTx',
  'TransferSubnetOwnershipTx',
  'ConvertSubnetToL1Tx',
  'RegisterL1ValidatorTx',
  'SetL1ValidatorWeightTx',
  'DisableL1ValidatorTx',
  'IncreaseL1ValidatorBalanceTx',
  'UNKNOWN',
  'CreateAssetTx',
  'OperationTx'
] as const

export const REWARD_TYPES = ['VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE'] as const
export const rewardType = openEnum(REWARD_TYPES)

/** OwnershipInfo / SubnetOwnershipInfo */
export const ownershipInfo = z.looseObject({ locktime: uint, threshold: uint, addresses: z.array(z.string()) })

/** L1 validator manager: the contract that manages an L1's validator set. */
export const managerDetails = z.looseObject({ blockchainId: z.string(), contractAddress: z.string() })

// ---- P-Chain --------------------------------------------------------------------------------------

export const pChainUtxo = z.looseObject({
  addresses: z.array(z.string()),
  asset: assetAmount,
  consumedOnChainId: z.string(),
  consumingTxHash: z.string().optional(),
  createdOnChainId: z.string(),
  utxoId: z.string(),
  utxoBytes: z.string().optional(),
  amount: quantity,
  assetId: z.string(),
  blockNumber: quantity,
  blockTimestamp: timestamp,
  consumingBlockNumber: quantity.optional(),
  consumingBlockTimestamp: timestamp.optional(),
  platformLocktime: uint.optional(),
  outputIndex: uint,
  rewardType: rewardType.optional(),
  stakeableLocktime: uint.optional(),
  staked: z.boolean().optional(),
  threshold: uint.optional(),
  txHash: z.string(),
  utxoEndTimestamp: timestamp.optional(),
  utxoStartTimestamp: timestamp.optional(),
  /** STAKE, TRANSFER */
  utxoType: openEnum(['STAKE', 'TRANSFER'] as const)
})

/** An L1 validator as carried by an L1 transaction. */
export const l1TxValidator = z.looseObject({
  validationId: z.string(),
  validationIdHex: z.string(),
  nodeId: z.string(),
  subnetId: z.string(),
  weight: uint,
  remainingBalance: uint,
  balanceChange: int.optional(),
  blsCredentials: jsonObject.optional()
})

export const pChainTransaction = z.looseObject({
  txHash: z.string(),
  txType: openEnum(PRIMARY_NETWORK_TX_TYPES),
  blockTimestamp: timestamp,
  blockNumber: quantity,
  blockHash: z.string(),
  consumedUtxos: z.array(pChainUtxo),
  emittedUtxos: z.array(pChainUtxo),
  sourceChain: z.string().optional(),
  destinationChain: z.string().optional(),
  value: z.array(assetAmount),
  amountBurned: z.array(assetAmount),
  amountStaked: z.array(assetAmount),
  amountL1ValidatorBalanceBurned: z.array(assetAmount),
  startTimestamp: timestamp.optional(),
  endTimestamp: timestamp.optional(),
  delegationFeePercent: z.string().optional(),
  nodeId: z.string().optional(),
  subnetId: z.string().optional(),
  l1ValidatorManagerDetails: managerDetails.optional(),
  l1ValidatorDetails: z.array(l1TxValidator).optional(),
  estimatedReward: quantity.optional(),
  rewardTxHash: z.string().optional(),
  rewardAddresses: z.array(z.string()).optional(),
  memo: z.string().optional(),
  stakingTxHash: z.string().optional(),
  subnetOwnershipInfo: ownershipInfo.optional(),
  blsCredentials: z.looseObject({ publicKey: z.string(), proofOfPossession: z.string() }).optional(),
  blockchainInfo: z.looseObject({ chainName: z.string(), vmId: z.string(), genesisData: genesisData.optional() }).optional()
})

// ---- X-Chain and C-Chain UTXOs -----------------------------------------------------------------------

const utxoCredential = z.looseObject({ publicKey: z.string().optional(), signature: z.string().optional() })

/** X/C-Chain UTXO: outputIndex is a string here, and the creation time is `timestamp`. */
export const utxo = z.looseObject({
  addresses: z.array(z.string()),
  asset: assetAmount,
  consumedOnChainId: z.string(),
  consumingTxHash: z.string().optional(),
  consumingTxTimestamp: timestamp.optional(),
  createdOnChainId: z.string(),
  creationTxHash: z.string(),
  credentials: z.array(utxoCredential).optional(),
  groupId: uint.optional(),
  locktime: uint,
  outputIndex: z.string(),
  payload: z.string().optional(),
  threshold: uint,
  timestamp,
  utxoBytes: z.string().optional(),
  utxoId: z.string(),
  /** free text (e.g. "mint") */
  utxoType: z.string()
})

// ---- X-Chain ----------------------------------------------------------------------------------------

export const X_CHAIN_TX_TYPES = ['BaseTx', 'CreateAssetTx', 'OperationTx', 'ImportTx', 'ExportTx', 'UNKNOWN'] as const

const xChainTxCommon = {
  txHash: z.string(),
  chainFormat: z.enum(['non-linear', 'linear']),
  timestamp,
  sourceChain: z.string().optional(),
  destinationChain: z.string().optional(),
  memo: z.string(),
  txType: openEnum(X_CHAIN_TX_TYPES),
  amountUnlocked: z.array(assetAmount),
  amountCreated: z.array(assetAmount),
  consumedUtxos: z.array(utxo),
  emittedUtxos: z.array(utxo),
  assetCreated: z
    .looseObject({
      assetId: z.string(),
      name: z.string(),
      symbol: z.string(),
      denomination: uint,
      type: z.string(),
      createdAtTimestamp: timestamp,
      /** fixed, variable */
      cap: openEnum(['fixed', 'variable'] as const)
    })
    .optional()
}

/** An X-Chain transaction of the DAG era, with the vertices that hold it. */
export const xChainNonLinearTransaction = z.looseObject({
  ...xChainTxCommon,
  vertices: z.array(z.looseObject({ hash: z.string(), height: uint, timestamp }))
})

/** An X-Chain transaction of the linear (block) era. */
export const xChainLinearTransaction = z.looseObject({
  ...xChainTxCommon,
  blockHeight: uint,
  blockHash: z.string()
})

export const xChainTransaction = z.union([xChainNonLinearTransaction, xChainLinearTransaction])

// ---- C-Chain atomic ---------------------------------------------------------------------------------

const cChainTxCommon = {
  txHash: z.string(),
  blockHeight: uint,
  blockHash: z.string(),
  timestamp,
  memo: z.string(),
  sourceChain: z.string(),
  destinationChain: z.string(),
  amountUnlocked: z.array(assetAmount),
  amountCreated: z.array(assetAmount)
}

export const cChainExportTransaction = z.looseObject({
  ...cChainTxCommon,
  txType: z.literal('ExportTx'),
  evmInputs: z.array(z.looseObject({ fromAddress: z.string(), asset: assetAmount, credentials: z.array(utxoCredential) })),
  emittedUtxos: z.array(utxo)
})

export const cChainImportTransaction = z.looseObject({
  ...cChainTxCommon,
  txType: z.literal('ImportTx'),
  evmOutputs: z.array(z.looseObject({ toAddress: z.string(), asset: assetAmount })),
  consumedUtxos: z.array(utxo)
})

export const cChainAtomicTransaction = z.discriminatedUnion('txType', [cChainExportTransaction, cChainImportTransaction])

// ---- the three list shapes --------------------------------------------------------------------------

export const listPChainTransactionsResponse = listEnvelope('transactions', pChainTransaction, { chainInfo: primaryChainInfo })
export const listXChainTransactionsResponse = listEnvelope('transactions', xChainTransaction, { chainInfo: primaryChainInfo })
export const listCChainAtomicTransactionsResponse = listEnvelope('transactions', cChainAtomicTransaction, { chainInfo: primaryChainInfo })

const byChainName = {
  'p-chain': listPChainTransactionsResponse,
  'x-chain': listXChainTransactionsResponse,
  'c-chain': listCChainAtomicTransactionsResponse
} as const
const anyChainShape = z.union([listPChainTransactionsResponse, listXChainTransactionsResponse, listCChainAtomicTransactionsResponse])

export type ListLatestPrimaryNetworkTransactionsResponse = z.output<typeof anyChainShape>

/** The three list shapes by the chainName that names each. */
export type PrimaryTxShape = keyof typeof byChainName
export const PRIMARY_TX_SHAPES: Readonly<Record<PrimaryTxShape, z.ZodType>> = byChainName

/**
 * Each parsed answer that matched the very shape its chainName names (module-private: no data can claim
 * it). The cache stamps the transactions of such a page as checked as items of that shape, and an offline
 * page assembled from them is not checked item by item again (src/main/cache/entity-checks.ts).
 */
const matchedShape = new WeakMap<object, PrimaryTxShape>()

/** The shape a parsed answer of this schema matched, when it was the one its chainName names. */
export function primaryTxShapeOf(parsed: unknown): PrimaryTxShape | undefined {
  return typeof parsed === 'object' && parsed !== null ? matchedShape.get(parsed) : undefined
}

/**
 * The answer of listLatestPrimaryNetworkTransactions: the P-, X- or C-Chain shape. chainInfo.chainName
 * (which echoes the blockchainId asked for) names the expected one, so a mismatch is reported against
 * that shape rather than as "matches none of three"; a body that fits another of the three is still
 * accepted (the reference's own examples pair a P-Chain list with chainName "c-chain").
 */
export const listLatestPrimaryNetworkTransactionsResponse = z.unknown().transform((body, ctx): ListLatestPrimaryNetworkTransactionsResponse => {
  const name = (body as { chainInfo?: { chainName?: unknown } } | null)?.chainInfo?.chainName
  const expected = typeof name === 'string' && Object.hasOwn(byChainName, name) ? byChainName[name as keyof typeof byChainName] : undefined
  const first = (expected ?? anyChainShape).safeParse(body)
  if (first.success) {
    if (expected) matchedShape.set(first.data, name as PrimaryTxShape)
    return first.data
  }
  if (expected) {
    const other = anyChainShape.safeParse(body)
    if (other.success) return other.data
  }
  for (const issue of first.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: body })
  return z.NEVER
})
