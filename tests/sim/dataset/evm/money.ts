/**
 * Prices and values per currency, in integer micro-units (1e-6) so no float ever touches an amount.
 * The spec gives Price.value as a string ("42.42"), the real service a number: the data service's
 * switch picks the form it sends (data-service/forms.ts).
 */

export const CURRENCIES = ['usd', 'eur', 'aud', 'cad', 'chf', 'clp', 'cny', 'czk', 'dkk', 'gbp', 'hkd', 'huf', 'jpy', 'nzd'] as const
export type Currency = (typeof CURRENCIES)[number]

/** units of the currency per 1 USD, in micro-units (fixed, so answers never change) */
const PER_USD_MICRO: Record<Currency, bigint> = {
  usd: 1_000_000n,
  eur: 921_500n,
  aud: 1_521_300n,
  cad: 1_362_800n,
  chf: 881_200n,
  clp: 940_150_000n,
  cny: 7_241_000n,
  czk: 23_104_000n,
  dkk: 6_873_400n,
  gbp: 789_600n,
  hkd: 7_819_900n,
  huf: 360_420_000n,
  jpy: 151_320_000n,
  nzd: 1_661_700n,
}

export function convertMicro(usdMicro: bigint, currency: Currency): bigint {
  return (usdMicro * PER_USD_MICRO[currency]) / 1_000_000n
}

/** micro-units to a decimal string with at most `places` decimals, trailing zeros trimmed */
export function formatMicro(micro: bigint, places = 6): string {
  const neg = micro < 0n
  const abs = neg ? -micro : micro
  const whole = abs / 1_000_000n
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').slice(0, places).replace(/0+$/, '')
  return `${neg ? '-' : ''}${whole}${frac ? '.' + frac : ''}`
}

/** value of `balance` base units of a token with `decimals`, priced at `priceMicro` per whole token */
export function valueMicro(balance: bigint, decimals: number, priceMicro: bigint): bigint {
  return (balance * priceMicro) / 10n ** BigInt(decimals)
}

export interface Price {
  currencyCode: Currency
  value: string
}

export function priceIn(usdMicro: bigint, currency: Currency): Price {
  return { currencyCode: currency, value: formatMicro(convertMicro(usdMicro, currency)) }
}

export function balanceValueIn(balance: bigint, decimals: number, usdMicro: bigint, currency: Currency): Price {
  return { currencyCode: currency, value: formatMicro(valueMicro(balance, decimals, convertMicro(usdMicro, currency)), 2) }
}
