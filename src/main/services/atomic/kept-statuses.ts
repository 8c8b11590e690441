import { atomicTxSchema, txStatusSchema } from '../../../shared/contract'
import { canonicalKey, type ReadsStore } from '../../cache/reads-store'
import type { SeenStatus } from './known'

/**
 * The statuses of a tx kept from the node's answers to reads made through the app: the last
 * core.getAtomicTxStatus, and core.getAtomicTx, whose height the node gives only once the tx is accepted.
 * Both are checked again as they come out of the cache (a row of an older version may not fit).
 */
export function keptStatuses(reads: ReadsStore, scope: string, txID: string): SeenStatus[] {
  const key = canonicalKey({ txID })
  const out: SeenStatus[] = []
  const status = reads.get(scope, 'core.getAtomicTxStatus', key)
  const s = status ? txStatusSchema.safeParse(status.data) : undefined
  if (status && s?.success) out.push({ status: s.data.status, at: status.fetchedAt, from: 'a status read', ...(s.data.blockHeight !== undefined ? { blockHeight: s.data.blockHeight } : {}) })
  const tx = reads.get(scope, 'core.getAtomicTx', key)
  const t = tx ? atomicTxSchema.safeParse(tx.data) : undefined
  if (tx && t?.success && t.data.blockHeight !== undefined) out.push({ status: 'Accepted', blockHeight: t.data.blockHeight, at: tx.fetchedAt, from: 'a tx read' })
  return out
}
