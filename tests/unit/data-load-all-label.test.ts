import { describe, expect, it } from 'vitest'
import { loadAllLabel } from '../../src/main/services/data/load-all'

describe('a "load all" job in words (the Jobs menu)', () => {
  it('names the list, its chain and what it is about, not the endpoint', () => {
    expect(loadAllLabel('listPendingPrimaryNetworkRewards', { network: 'mainnet', addresses: ['P-avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq'] })).toBe('Load all pending rewards · P-avax1qqq…qqqqqqqqq')
    expect(loadAllLabel('listLatestPrimaryNetworkTransactions', { network: 'mainnet', blockchainId: 'x-chain', addresses: 'X-avax1aaaaaaaaaaaaaaaaaaaaaaaaaaaa,X-avax1bbbbbbbbbbbbbbbbbbbbbbbbbbb' })).toBe(
      'Load all transactions on X-Chain · X-avax1aaa…aaaaaaaaa and 1 more'
    )
    expect(loadAllLabel('listSubnets', { network: 'mainnet', pageSize: 2 })).toBe('Load all subnets')
    expect(loadAllLabel('listErc20Balances', { chainId: '43114', address: '0x1234567890abcdef1234567890abcdef12345678' })).toBe('Load all ERC-20 balances · 0x12345678…f12345678')
  })
})
