/** The latest indexed blocks of each EVM chain (what GET /v1/blocks lists across chains). */
import type { Rng } from '../../lib/prng'
import { derivedHash } from './random'
import type { EvmBlockSummary, EvmChain } from './types'

const BLOCKS_PER_CHAIN = 150

export function buildLatestBlocks(rng: Rng, chains: readonly EvmChain[], referenceTime: number): EvmBlockSummary[] {
  const out: EvmBlockSummary[] = []
  for (const chain of chains) {
    // a running total that ends near a realistic cumulative count at the head
    let cumulative = BigInt(chain.headBlock) * BigInt(chain.isCChain ? 9 : 3)
    const baseFee = chain.isCChain ? 25_000_000_000n : 1_000_000_000n
    for (let n = chain.headBlock; n > chain.headBlock - BLOCKS_PER_CHAIN; n--) {
      const txCount = rng.int(0, chain.isCChain ? 30 : 6)
      const gasUsed = BigInt(txCount) * BigInt(rng.int(21_000, 180_000))
      const fee = baseFee + BigInt(rng.int(0, 3_000_000_000))
      out.push({
        chainId: chain.chainId,
        blockNumber: String(n),
        blockTimestamp: referenceTime - (chain.headBlock - n) * chain.blockTime,
        blockHash: derivedHash('block', chain.chainId, n),
        txCount,
        baseFee: fee.toString(),
        gasUsed: gasUsed.toString(),
        gasLimit: chain.isCChain ? '15000000' : '12000000',
        gasCost: '0',
        parentHash: derivedHash('block', chain.chainId, n - 1),
        feesSpent: (gasUsed * fee).toString(),
        cumulativeTransactions: cumulative.toString(),
      })
      cumulative -= BigInt(txCount)
    }
  }
  // newest first across chains; ties by chain id then number so the order is total
  return out.sort(
    (a, b) => b.blockTimestamp - a.blockTimestamp || a.chainId.localeCompare(b.chainId) || Number(BigInt(b.blockNumber) - BigInt(a.blockNumber)),
  )
}
