/**
 * The fields of platform.getBalance as the Balances card shows them. A field the node did not send (old nodes
 * send the AVAX totals only, late-2022 ones the per-asset maps only) is said to be not sent, never shown as an
 * empty map or list, which would read as "no assets" or "no UTXOs".
 */
import { amountText, assetName } from '../../../../shared/domain/format'

export const NOT_SENT = 'not sent by this node'

/** An AVAX total in nAVAX: "5 AVAX", or that the node did not send it. */
export function totalText(nAvax: string | undefined, avax: (n: string) => string): string {
  return nAvax === undefined ? NOT_SENT : avax(nAvax)
}

/** A map from asset ID to amount, one line each ("5 AVAX", "12 units of 2Z9…"): "none" when the node sent it empty. */
export function assetMapText(m: Readonly<Record<string, string>> | undefined): string {
  if (m === undefined) return NOT_SENT
  const lines = Object.entries(m).map(([asset, v]) => (assetName(asset) === 'AVAX' ? amountText(v, asset) : `${amountText(v, asset)} of ${asset}`))
  return lines.length === 0 ? 'none' : lines.join('\n')
}

/** The UTXO IDs ("txID:index", one a line): "none" when the node sent an empty list. */
export function utxoIdsText(ids: readonly { txID: string; outputIndex: number }[] | undefined): string {
  if (ids === undefined) return NOT_SENT
  return ids.length === 0 ? 'none' : ids.map((u) => `${u.txID}:${u.outputIndex}`).join('\n')
}
