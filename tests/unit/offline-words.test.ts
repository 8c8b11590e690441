/** The words of an offline answer that is missing a part: what is kept is said, never "nothing" (review 2 N17). */
import { describe, expect, it } from 'vitest'
import { describeErrorData } from '../../src/renderer/src/errors'
import { avax, keptPagesText } from '../../src/shared/domain/format'
import { contract } from '../../src/shared/contract'
import { balanceView } from '../../src/main/services/chains/pchain-reads'
import { assetMapText, totalText, utxoIdsText } from '../../src/renderer/src/panels/chains/balance-text'

describe('a later page never fetched, offline', () => {
  it('says which pages of the lookup are kept, with their rows', () => {
    expect(keptPagesText(1, 10)).toBe('only page 1 (10 rows) is kept')
    expect(keptPagesText(3, 1_500)).toBe('only pages 1 to 3 (1,500 rows) are kept')
    expect(keptPagesText(2)).toBe('only pages 1 to 2 are kept')
    expect(keptPagesText(0)).toBe('no page of it is kept')
    const m = describeErrorData({ code: 'OFFLINE', message: 'x', details: { unreachable: 'http://data', sourceCode: 'NETWORK', keptPages: 1, keptRows: 10 } }, { from: 'data' })
    expect(m.title).toBe('Cannot reach the data service, and this page was never fetched.')
    expect(m.detail).toBe('Only page 1 (10 rows) is kept for this lookup.')
    expect(`${m.title} ${m.detail}`).not.toMatch(/nothing is cached/)
    // A lookup never made at all is still "nothing is cached yet".
    expect(describeErrorData({ code: 'OFFLINE', message: 'x', details: { sourceCode: 'NETWORK' } }, { from: 'data' }).title).toBe('Cannot reach the data service and nothing is cached yet.')
  })
})

describe('a P-Chain balance the node did not send in full', () => {
  const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'
  it('an old node that sends the AVAX totals only: the maps and UTXO IDs are absent, and said to be not sent, never "{}"', () => {
    const v = balanceView(['P-avax1a'], { balance: '5000000000', unlocked: '5000000000', lockedStakeable: '0', lockedNotStakeable: '0' })
    expect(v).not.toHaveProperty('balances')
    expect(v).not.toHaveProperty('utxoIDs')
    expect(contract.methods['pchain.getBalance'].data.safeParse(v).success).toBe(true)
    expect([assetMapText(v.balances), utxoIdsText(v.utxoIDs)]).toEqual(['not sent by this node', 'not sent by this node'])
    expect(totalText(v.balance, avax)).toBe('5 AVAX')
  })

  it('a node that sends the maps only: the totals are said to be not sent; an empty map it sent is "none"; amounts in their asset', () => {
    const v = balanceView(['P-avax1a'], { balances: { [AVAX]: '1500000000', Other: '12' }, unlockeds: {}, utxoIDs: [] })
    expect(totalText(v.balance, avax)).toBe('not sent by this node')
    expect(assetMapText(v.balances)).toBe('1.5 AVAX\n12 units of Other')
    expect(assetMapText(v.unlockeds)).toBe('none')
    expect(assetMapText(v.lockedStakeables)).toBe('not sent by this node')
    expect(utxoIdsText(v.utxoIDs)).toBe('none')
  })
})
