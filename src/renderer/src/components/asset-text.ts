/**
 * Words for the assets and times of UTXOs and atomic transactions, shared by the UTXOs and Atomic panels:
 * amounts exact in the asset's units, well-known asset and chain names, locktimes.
 */
import { chainName, dateTime, unixSecondsToMs, utcText } from '../../../shared/domain/format'

// The cache's search labels (main) write amounts the same way: the one definition is in the format module.
export { amountText, assetName } from '../../../shared/domain/format'

/**
 * A unix-seconds locktime as shown: 0 is "none", anything else its local date (UTC and the exact seconds
 * on hover); one past the dates JS can hold shows its seconds.
 */
export function locktime(locktime: string): { text: string; title: string } {
  if (locktime === '0') return { text: 'none', title: 'No locktime (0)' }
  const ms = /^\d{1,15}$/.test(locktime) ? unixSecondsToMs(locktime) : null
  return ms === null ? { text: locktime, title: `${locktime} (unix seconds)` } : { text: dateTime(ms), title: `${utcText(ms)} · ${locktime} (unix seconds)` }
}

/** Where a source chain's txs open: the X- or P-Chain by alias or by its ID; null for another chain. */
export function sourceChainKind(source: string | undefined): 'x-chain' | 'p-chain' | null {
  if (!source) return null
  if (source === 'X') return 'x-chain'
  if (source === 'P') return 'p-chain'
  const name = chainName(source)
  return name?.startsWith('X-Chain') ? 'x-chain' : name?.startsWith('P-Chain') ? 'p-chain' : null
}
