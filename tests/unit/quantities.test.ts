import { describe, expect, it } from 'vitest'
import { formatUnits, hexQuantityToDecimal } from '../../src/shared/domain/quantities'

describe('quantities stay exact', () => {
  it('converts hex quantities above 2^53 without loss', () => {
    expect(hexQuantityToDecimal('0x513d06e78bd12ef')).toBe('365865167637779183')
    expect(hexQuantityToDecimal('0xa86a')).toBe('43114')
  })
  it('refuses what is not a hex quantity', () => {
    expect(() => hexQuantityToDecimal('43114')).toThrow(/not a hex quantity/)
  })
  it('formats base units with decimals exactly', () => {
    expect(formatUnits('365865167637779183', 9)).toBe('365,865,167.637779183')
    expect(formatUnits(1500000000n, 9)).toBe('1.5')
    expect(formatUnits('0', 18)).toBe('0')
  })
})
