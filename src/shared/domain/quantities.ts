import { z } from 'zod'

/**
 * Amounts, balances and heights stay exact: decimal strings on the wire, bigint in arithmetic,
 * never JS numbers (a supply such as 365865167637779183 is above 2^53).
 */
export const decimalStringSchema = z.string().regex(/^(0|[1-9][0-9]*)$/, 'must be a non-negative decimal integer string')

export function hexQuantityToDecimal(hexValue: string): string {
  if (!/^0x[0-9a-fA-F]+$/.test(hexValue)) throw new Error(`"${hexValue.slice(0, 30)}" is not a hex quantity`)
  return BigInt(hexValue).toString(10)
}

/** Formats base units with a number of decimals, exactly: formatUnits("1500000000", 9) === "1.5". */
export function formatUnits(amount: string | bigint, decimals: number): string {
  const v = typeof amount === 'bigint' ? amount : BigInt(amount)
  const neg = v < 0n
  const abs = neg ? -v : v
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  const wholeText = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${neg ? '-' : ''}${wholeText}${frac ? '.' + frac : ''}`
}
