import { chainName, shortId, tokenAmount } from '../../../shared/domain/format'
import type { EntityInput } from '../entities-store'

/** The longest label, key and chain the contract's entityHitSchema takes: longer values are cut or left out. */
export const MAX_LABEL = 500
export const MAX_KEY = 200
export const MAX_CHAIN = 100

/** A label a person reads: one line, cut to what a search hit holds. */
export function label(...parts: (string | undefined | null | false)[]): string {
  const text = parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ')
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text
}

/** A chain in a label: "X" → "X-Chain", a known blockchain ID by name, any other ID short. */
export function chainLabel(chain: string): string {
  return chain.length <= 2 ? `${chain}-Chain` : (chainName(chain) ?? shortId(chain))
}

/** A token amount in its units with its symbol ("1.5 USDC"), exactly; an amount that is not an integer as it came. */
export function tokenLabel(base: string, decimals: number, symbol: string): string {
  return /^\d{1,100}$/.test(base) && Number.isSafeInteger(decimals) && decimals >= 0 && decimals <= 255 ? tokenAmount(base, decimals, symbol) : `${base} ${symbol}`
}

/** A key or chain that does not fit is not an ID this app can keep: the entity is left out. */
export function fits(e: EntityInput): boolean {
  return e.key.length > 0 && e.key.length <= MAX_KEY && e.chain.length <= MAX_CHAIN
}

/** UNIX seconds (a number, or a decimal string) as ms; 0 when it is not one. */
export function secondsToMs(s: number | string | undefined | null): number {
  const n = typeof s === 'string' ? (/^\d{1,15}$/.test(s) ? Number(s) : NaN) : typeof s === 'number' ? s : NaN
  return Number.isSafeInteger(n) && n >= 0 ? n * 1000 : 0
}

/** A decimal height (string) as a number for sort; 0 when it is beyond 2^53 or not a number. */
export function heightOf(s: string | number | undefined | null): number {
  const n = typeof s === 'string' ? (/^\d{1,15}$/.test(s) ? Number(s) : NaN) : typeof s === 'number' ? s : NaN
  return Number.isSafeInteger(n) ? n : 0
}

/** What one read brings, given the parsed input, the validated data and when it was fetched. */
export type Extractor<I = never, D = never> = (input: I, data: D, fetchedAt: number) => EntityInput[]
