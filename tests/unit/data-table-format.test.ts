import { describe, expect, it } from 'vitest'
import { setTimeDisplay } from '../../src/shared/domain/format'
import { columnLabel, columnsOf, csvHeader, shownCell, toCsv } from '../../src/renderer/src/components/result-table/format'

const avax = (amount: string) => ({ assetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1', amount })
const usdc = (amount: string) => ({ assetId: '2xyz', name: 'USD Coin', symbol: 'USDC', denomination: 6, type: 'secp256k1', amount })

describe('data tables: labels per kind of record', () => {
  it('names the fields as people do, with a readable fallback for fields it does not know', () => {
    expect(columnLabel('listPendingPrimaryNetworkRewards', 'amountStaked')).toBe('Amount staked')
    expect(columnLabel('listPendingPrimaryNetworkRewards', 'estimatedReward')).toBe('Estimated reward')
    expect(columnLabel('listL1Validators', 'remainingBalance')).toBe('Remaining balance')
    expect(columnLabel('listLatestPrimaryNetworkTransactions', 'blockTimestamp')).toBe('Time')
    expect(columnLabel('nft-holders', 'sortKey')).toBe('Position')
    expect(columnLabel('listErc20Balances', 'address')).toBe('Contract')
    expect(columnLabel('anything', 'txHash')).toBe('Tx hash')
    expect(columnLabel('anything', 'someNewFieldId')).toBe('Some new field ID')
  })
})

describe('data tables: cells', () => {
  it('raw nAVAX as AVAX with the unit, AssetAmounts by their denomination and symbol, exactly', () => {
    expect(shownCell('amountStaked', '14765000000000').text).toBe('14,765 AVAX')
    expect(shownCell('amountStaked', '14765000000000').title).toBe('14,765,000,000,000 nAVAX')
    expect(shownCell('estimatedReward', avax('24657485035')).text).toBe('24.657485035 AVAX')
    expect(shownCell('remainingBalance', '19900000000').text).toBe('19.9 AVAX')
    expect(shownCell('estimatedReward', usdc('1500000')).text).toBe('1.5 USDC')
  })
  it('the amount column of a transaction: the sum per asset, or "n assets"', () => {
    const tx = { txHash: 'x', value: [avax('1000000000'), avax('500000000')] }
    expect(columnsOf([tx])).toContain('value')
    expect(shownCell('value', tx.value, tx).text).toBe('1.5 AVAX')
    const two = { value: [avax('1'), usdc('2')] }
    expect(shownCell('value', two.value, two)).toMatchObject({ text: '2 assets', title: '0.000000001 AVAX\n0.000002 USDC' })
    expect(shownCell('value', [], { value: [] }).text).toBe('—')
  })
  it('times local with UTC on hover, chains by name', () => {
    setTimeDisplay('utc')
    expect(shownCell('blockTimestamp', 1794000000)).toMatchObject({ text: '2026-11-06 21:20:00 UTC', title: '2026-11-06 21:20:00 UTC' })
    setTimeDisplay('local')
    expect(shownCell('blockTimestamp', 1794000000).title).toBe('2026-11-06 21:20:00 UTC')
    expect(shownCell('blockchainId', '11111111111111111111111111111111LpoYY')).toMatchObject({ text: 'P-Chain', title: '11111111111111111111111111111111LpoYY' })
    expect(shownCell('sourceChain', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5').text).toBe('C-Chain')
    expect(shownCell('progress', 42.5).text).toBe('42.50 %')
  })
})

describe('data tables: CSV', () => {
  it('keeps the exact raw values and names the unit in the header', () => {
    const items = [{ txHash: 'a', amountStaked: '14765000000000', estimatedReward: avax('24657485035'), endTimestamp: 1794000000, value: [avax('1'), avax('2')] }]
    expect(csvHeader('amountStaked', items)).toBe('amountStaked (nAVAX)')
    expect(csvHeader('estimatedReward', items)).toBe('estimatedReward (nAVAX)')
    expect(toCsv(items, ['txHash', 'amountStaked', 'estimatedReward', 'endTimestamp', 'value'])).toBe(
      'txHash,amountStaked (nAVAX),estimatedReward (nAVAX),endTimestamp (unix seconds),value (base units per asset)\r\na,14765000000000,24657485035,1794000000,3 AVAX\r\n'
    )
  })
})
