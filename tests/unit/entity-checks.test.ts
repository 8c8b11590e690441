/**
 * The stamp a kept transaction carries (migration 16): the shape the contract checked it as, when its page
 * matched the shape its chainName names; 0 when that is not known. A "load all" keeps its checked pages'
 * transactions stamped, and leaves out a page the contract refuses.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/main/cache/database'
import { EntitiesStore } from '../../src/main/cache/entities-store'
import { checkedStamp, primaryTxStampOfChain } from '../../src/main/cache/entity-checks'
import { primaryTxEntities } from '../../src/main/cache/entity-extract/data-service'
import { EntityRecorder } from '../../src/main/services/entities/recorder'
import { contract } from '../../src/shared/contract'
import { FIXTURE_ADDRESS, fixtureTx } from '../bench/tx-fixture'
import { memoryDb } from '../support/memory-db'

let db: Db
beforeEach(() => (db = memoryDb()))
afterEach(() => db.close())

const METHOD = 'data.listLatestPrimaryNetworkTransactions'
const INPUT = { network: 'mainnet' as const, blockchainId: 'p-chain', addresses: [FIXTURE_ADDRESS], pageSize: 3 }
const body = (from: number, chainName = 'p-chain') => ({ transactions: [0, 1, 2].map((k) => fixtureTx(from + k, 100)), chainInfo: { chainName, network: 'mainnet' } })
const parse = (b: unknown) => contract.methods[METHOD].data.parse(b)

describe('the contract stamp of kept transactions', () => {
  it('is one per shape, never 0, the same each time', () => {
    const stamps = (['p-chain', 'x-chain', 'c-chain'] as const).map(checkedStamp)
    expect(new Set(stamps).size).toBe(3)
    expect(stamps.every((s) => Number.isSafeInteger(s) && s > 0)).toBe(true)
    expect(checkedStamp('p-chain')).toBe(stamps[0])
    expect(primaryTxStampOfChain('P')).toBe(stamps[0])
    expect(primaryTxStampOfChain('2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5')).toBe(0)
  })

  it('is given to the transactions of a page that matched the shape its chainName names, and to no others', () => {
    expect(primaryTxEntities(INPUT, parse(body(10))).map((e) => e.checked)).toEqual(Array(3).fill(checkedStamp('p-chain')))
    // P-Chain transactions under an X-Chain name: accepted as the shape they fit, but not stamped as either.
    expect(primaryTxEntities(INPUT, parse(body(10, 'x-chain'))).map((e) => e.checked)).toEqual([0, 0, 0])
    // The same page not checked by the contract (a plain object): not stamped.
    expect(primaryTxEntities(INPUT, body(10) as never).map((e) => e.checked)).toEqual([0, 0, 0])
  })

  it('is kept by a "load all" for the pages the contract accepts; a page it refuses is left out', () => {
    const store = new EntitiesStore(db)
    const warnings: string[] = []
    const sink = new EntityRecorder({ store, warn: (m) => warnings.push(m) }).for(() => ({ network: 'mainnet', profileId: null }))
    const broken = { ...body(20), transactions: [{ ...fixtureTx(20, 100), blockTimestamp: 'yesterday' }] }
    sink.recordPages(METHOD, INPUT, [body(0), broken, body(3)], 5, 'http://data')
    const rows = db.prepare<[], { key: string; checked: number }>("SELECT key, checked FROM entities WHERE kind = 'transaction'").all()
    expect(rows).toHaveLength(6)
    expect(new Set(rows.map((r) => r.checked))).toEqual(new Set([checkedStamp('p-chain')]))
    expect(rows.map((r) => r.key)).not.toContain(fixtureTx(20, 100).txHash)
    expect(warnings).toEqual([])
  })
})
