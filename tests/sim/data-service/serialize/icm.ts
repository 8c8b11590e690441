/** Wire shape of an ICM message, one of three variants chosen by `status`. */
import { priceIn } from '../../dataset/evm/money'
import type { IcmMessage } from '../../dataset/evm/types'
import { moneyOut } from '../forms'
import type { FormsSwitch } from '../forms'

export function icmMessage(m: IcmMessage, forms: FormsSwitch): Record<string, unknown> {
  const t = m.reward.token
  const rewardDetails: Record<string, unknown> = { address: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, logoUri: t.logoUri, ercType: 'ERC-20' }
  if (t.usdMicroPrice !== undefined) rewardDetails.price = moneyOut(priceIn(t.usdMicroPrice, 'usd'), forms)
  rewardDetails.value = m.reward.value.toString()
  const out: Record<string, unknown> = {
    messageId: m.messageId,
    icmContractAddress: m.source.icmContractAddress,
    sourceBlockchainId: m.source.blockchainId,
    destinationBlockchainId: m.destination.blockchainId,
    sourceEvmChainId: m.source.chainId,
    destinationEvmChainId: m.destination.chainId,
    messageNonce: m.messageNonce,
    from: m.from,
    to: m.to,
    data: m.data,
    messageExecuted: m.messageExecuted,
    receipts: m.receipts,
    receiptDelivered: m.receiptDelivered,
    rewardDetails,
  }
  // pending: source only; delivered: both; delivered_source_not_indexed: destination only
  if (m.sourceTransaction) out.sourceTransaction = m.sourceTransaction
  if (m.destinationTransaction) out.destinationTransaction = m.destinationTransaction
  out.status = m.status
  return out
}
