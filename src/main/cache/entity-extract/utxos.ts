import type { UtxoView } from '../../../shared/codec'
import type { EntityInput } from '../entities-store'
import { TermSet } from '../entity-terms'
import { amountText } from '../../../shared/domain/format'
import { chainLabel, label } from './common'

/**
 * A decoded UTXO of the C-Chain's shared memory (core API), found by its ID, its tx and its owners. A UTXO
 * carries no time: it sorts by when it was read. One whose bytes do not decode has no ID to keep.
 */
export function utxoEntity(v: UtxoView, sourceChain: string, fetchedAt: number): EntityInput | undefined {
  if (!v.ok) return undefined
  const u = v.utxo
  return {
    kind: 'utxo',
    chain: 'C',
    key: u.utxoID,
    sort: fetchedAt,
    label: label(u.utxoID, amountText(u.amount, u.assetID), `from ${chainLabel(sourceChain)}`),
    data: v,
    terms: new TermSet().add(u.utxoID, u.txID, u.addresses).list()
  }
}

export function utxoEntities(views: readonly UtxoView[], sourceChain: string, fetchedAt: number): EntityInput[] {
  const out: EntityInput[] = []
  for (const v of views) {
    const e = utxoEntity(v, sourceChain, fetchedAt)
    if (e) out.push(e)
  }
  return out
}
