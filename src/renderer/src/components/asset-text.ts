/**
 * Words for the assets and times of UTXOs and atomic transactions, shared by the UTXOs and Atomic panels:
 * amounts exact in the asset's units, well-known asset and chain names, locktimes.
 */
import { avax, chainName, dateTime, integer, unixSecondsToMs, utcText } from '../../../shared/domain/format'

/** AVAX on mainnet and Fuji: 9 decimals (nAVAX). Other assets are shown in their own units. */
const AVAX_ASSETS = new Set(['FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK'])

export function assetName(assetID: string): string {
  return AVAX_ASSETS.has(assetID) ? 'AVAX' : assetID
}

/** An amount in the asset's units, exact: "2,000.000000001 AVAX" for AVAX, "18,446,744,073,709,551,615 units" otherwise. */
export function amountText(amount: string, assetID: string): string {
  return AVAX_ASSETS.has(assetID) ? avax(amount) : `${integer(amount)} units`
}

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
