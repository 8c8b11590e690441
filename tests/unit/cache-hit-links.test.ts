/** Where each kind of cached entity opens from the Cache panel's search: the app's own deep links. */
import { describe, expect, it } from 'vitest'
import { hitLink } from '../../src/renderer/src/panels/cache/hit-links'

const hit = (kind: Parameters<typeof hitLink>[0]['kind'], key: string, chain = '', label = key) => hitLink({ kind, key, chain, label })

describe('hitLink', () => {
  it('opens a validator in its drawer, a block in its chain panel, a tx in Data lookups or Atomic', () => {
    expect(hit('validator', 'NodeID-abc', 'P')).toEqual({ path: '/validators', query: { node: 'NodeID-abc' } })
    expect(hit('block', '123', 'P')).toEqual({ path: '/pchain', query: { height: '123' } })
    expect(hit('block', '2Yx…id', 'P')).toEqual({ path: '/pchain', query: { block: '2Yx…id' } })
    expect(hit('block', '0xbeef', 'C')).toEqual({ path: '/cchain', query: { block: '0xbeef' } })
    expect(hit('block', '0xbeef', 'chainIdOfAnL1')).toEqual({ path: '/cchain', query: { block: '0xbeef', chain: 'chainIdOfAnL1' } })
    expect(hit('transaction', 'txP', 'P')).toEqual({ path: '/data', query: { tab: 'transactions', chain: 'p-chain', tx: 'txP' } })
    expect(hit('transaction', 'txX', 'X')).toMatchObject({ query: { chain: 'x-chain' } })
    // with the addresses it moves funds of: the list of the first (the spender), where the cache answers offline
    expect(hitLink({ kind: 'transaction', key: 'txP', chain: 'P', label: 'txP', addresses: ['P-avax1spender', 'P-avax1other'] })).toEqual({
      path: '/data',
      query: { tab: 'transactions', chain: 'p-chain', tx: 'txP', addresses: 'P-avax1spender' }
    })
    expect(hit('transaction', 'atomicId', 'C')).toEqual({ path: '/atomic', query: { tx: 'atomicId' } })
    expect(hit('issuedTx', 'atomicId', 'C')).toEqual({ path: '/atomic', query: { tx: 'atomicId' } })
  })

  it("opens a UTXO at its owner's UTXOs when the label names one, an ICM message by its ID, the journals in their panels", () => {
    const owner = 'C-avax1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzs23v3'
    expect(hit('utxo', 'utxoId', 'C', `1.5 AVAX to ${owner}`)).toEqual({ path: '/utxos', query: { address: owner } })
    expect(hit('utxo', 'utxoId', 'C', 'no owner here')).toEqual({ path: '/utxos' })
    expect(hit('icmMessage', 'm1')).toEqual({ path: '/data', query: { tab: 'icm-one', messageId: 'm1' } })
    expect(hit('balance', '0x0000000000000000000000000000000000000001')).toMatchObject({ query: { tab: 'balances' } })
    expect(hit('alert', 'a1')).toEqual({ path: '/alerts' })
    expect(hit('logLevel', 'l1')).toEqual({ path: '/control' })
  })
})
