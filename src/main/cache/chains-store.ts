import type { FeeSample, Head } from '../../shared/contract'
import type { Db } from './database'

/** How many heads and fee samples are kept per node and chain; older ones are dropped as new ones come. */
export const KEEP_HEADS = 10_000
export const KEEP_FEE_SAMPLES = 10_000

/**
 * Named statements over what the live block list saw: each EVM instance's heads and fee samples, per
 * scope (the node URL) and chain ("C" or a blockchain ID). The live view keeps a bounded window in
 * memory; this keeps the rest, and answers when the node is gone.
 */
export class ChainsStore {
  private readonly s
  constructor(private readonly db: Db) {
    this.s = {
      putHead: db.prepare<[string, string, bigint, string, string, number]>(
        'INSERT OR REPLACE INTO evm_heads (scope, chain, number, hash, data, seen_at) VALUES (?, ?, ?, ?, ?, ?)'
      ),
      recentHeads: db.prepare<[string, string, number], { data: string; seen_at: number }>(
        'SELECT data, seen_at FROM evm_heads WHERE scope = ? AND chain = ? ORDER BY number DESC LIMIT ?'
      ),
      pruneHeads: db.prepare<[string, string, string, string, number]>(
        `DELETE FROM evm_heads WHERE scope = ? AND chain = ? AND number <
           (SELECT number FROM evm_heads WHERE scope = ? AND chain = ? ORDER BY number DESC LIMIT 1 OFFSET ?)`
      ),
      putFee: db.prepare<[string, string, number, bigint, string, string]>(
        'INSERT OR REPLACE INTO evm_fee_samples (scope, chain, at, block_number, base_fee, priority_fee) VALUES (?, ?, ?, ?, ?, ?)'
      ),
      recentFees: db.prepare<[string, string, number], { at: number; block_number: number | bigint; base_fee: string; priority_fee: string }>(
        'SELECT at, block_number, base_fee, priority_fee FROM evm_fee_samples WHERE scope = ? AND chain = ? ORDER BY at DESC LIMIT ?'
      ),
      pruneFees: db.prepare<[string, string, string, string, number]>(
        `DELETE FROM evm_fee_samples WHERE scope = ? AND chain = ? AND at <
           (SELECT at FROM evm_fee_samples WHERE scope = ? AND chain = ? ORDER BY at DESC LIMIT 1 OFFSET ?)`
      )
    }
    this.s.recentFees.safeIntegers(true)
  }

  /** Writes heads in one transaction and drops those beyond KEEP_HEADS. */
  putHeads(scope: string, chain: string, heads: readonly Head[], seenAt: number): void {
    this.db.transaction(() => {
      for (const h of heads) this.s.putHead.run(scope, chain, BigInt(h.number), h.hash, JSON.stringify(h), seenAt)
      this.s.pruneHeads.run(scope, chain, scope, chain, KEEP_HEADS - 1)
    })()
  }

  /** Newest first. */
  recentHeads(scope: string, chain: string, limit: number): (Head & { seenAt: number })[] {
    return this.s.recentHeads.all(scope, chain, limit).map((r) => ({ ...(JSON.parse(r.data) as Head), seenAt: r.seen_at }))
  }

  putFee(scope: string, chain: string, f: FeeSample): void {
    this.db.transaction(() => {
      this.s.putFee.run(scope, chain, f.at, BigInt(f.blockNumber), f.baseFee, f.maxPriorityFeePerGas)
      this.s.pruneFees.run(scope, chain, scope, chain, KEEP_FEE_SAMPLES - 1)
    })()
  }

  /** Oldest first (the last `limit`). */
  recentFees(scope: string, chain: string, limit: number): FeeSample[] {
    return this.s.recentFees
      .all(scope, chain, limit)
      .map((r) => ({ at: Number(r.at), blockNumber: String(r.block_number), baseFee: r.base_fee, maxPriorityFeePerGas: r.priority_fee }))
      .reverse()
  }
}

