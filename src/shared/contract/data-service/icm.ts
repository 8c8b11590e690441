/**
 * Interchain (ICM / Teleporter) messages: three shapes told apart by `status`. A pending message has
 * only its source transaction, a delivered one both, and one delivered before its source chain was
 * indexed only the destination transaction.
 */
import { z } from 'zod'
import { erc20TokenFields, listEnvelope, quantity, timestamp } from './common'

export const ICM_STATUSES = ['pending', 'delivered', 'delivered_source_not_indexed'] as const

export const icmReceipt = z.looseObject({ receivedMessageNonce: quantity, relayerRewardAddress: z.string() })

/** The fee token paid to the relayer, and how much. */
export const icmRewardDetails = z.looseObject({ ...erc20TokenFields, value: quantity })

export const icmSourceTransaction = z.looseObject({ txHash: z.string(), timestamp, gasSpent: quantity })

export const icmDestinationTransaction = z.looseObject({
  txHash: z.string(),
  timestamp,
  gasSpent: quantity,
  rewardRedeemer: z.string(),
  delivererAddress: z.string()
})

const common = {
  messageId: z.string(),
  icmContractAddress: z.string(),
  sourceBlockchainId: z.string(),
  destinationBlockchainId: z.string(),
  sourceEvmChainId: z.string(),
  destinationEvmChainId: z.string(),
  messageNonce: quantity,
  from: z.string(),
  to: z.string(),
  data: z.string().optional(),
  messageExecuted: z.boolean(),
  receipts: z.array(icmReceipt),
  receiptDelivered: z.boolean(),
  rewardDetails: icmRewardDetails
}

export const pendingIcmMessage = z.looseObject({ ...common, sourceTransaction: icmSourceTransaction, status: z.literal('pending') })

export const deliveredIcmMessage = z.looseObject({
  ...common,
  sourceTransaction: icmSourceTransaction,
  destinationTransaction: icmDestinationTransaction,
  status: z.literal('delivered')
})

export const deliveredSourceNotIndexedIcmMessage = z.looseObject({
  ...common,
  destinationTransaction: icmDestinationTransaction,
  status: z.literal('delivered_source_not_indexed')
})

export const icmMessage = z.discriminatedUnion('status', [pendingIcmMessage, deliveredIcmMessage, deliveredSourceNotIndexedIcmMessage])

/** Newest first. */
export const listIcmMessagesResponse = listEnvelope('messages', icmMessage)
