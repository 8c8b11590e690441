import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { contract } from '../../src/shared/contract'
import type { Db } from '../../src/main/cache/database'
import { memoryDb } from '../support/memory-db'
import { EntitiesStore } from '../../src/main/cache/entities-store'
import { entitiesOf } from '../../src/main/cache/entity-extract'
import { alertEntity, controlActionEntity } from '../../src/main/cache/entity-extract/journals'
import { answerFromEntities } from '../../src/main/services/entities/offline'
import { termsOfQuery } from '../../src/main/services/cache/search'

let db: Db
let store: EntitiesStore
beforeEach(() => {
  db = memoryDb()
  store = new EntitiesStore(db)
})
afterEach(() => db.close())

const hash = (c: string) => `0x${c.repeat(64)}`
const addr = (c: string) => `0x${c.repeat(40)}`
const block = contract.methods['cchain.getBlock'].data.parse({
  chain: 'C',
  head: { number: '42', hash: hash('A'), parentHash: hash('b'), timestamp: '1700000000', gasUsed: '1', gasLimit: '2', txCount: 1, miner: addr('c') },
  stateRoot: hash('d'),
  transactions: [{ hash: hash('E'), from: addr('f'), to: null, value: '0', gas: '21000', nonce: '0', type: '0x2', input: '0x', inputBytes: 0 }]
})
const meta = { network: 'fuji' as const, profileId: 'p', scope: 'http://node', source: 'cchain.getBlock', fetchedAt: 5 }

describe('extraction', () => {
  it('a C-Chain block: found by its hash (lower-cased), its height and its txs, keyed by hash', () => {
    const [e] = entitiesOf('cchain.getBlock', { chain: 'C', number: '42' }, block, 5)
    expect(e).toMatchObject({ kind: 'block', chain: 'C', key: hash('a'), sort: 1_700_000_000_000 })
    expect(e!.terms).toEqual(expect.arrayContaining([hash('a'), '42', hash('e')]))
  })

  it('a validator of a subnet is a row apart from the same NodeID on the Primary Network; a method with no entities gives none', () => {
    const v = { nodeID: 'NodeID-1', kind: 'subnet' as const, startTime: '10', weight: '5' }
    const [sub] = entitiesOf('validators.get', { nodeID: 'NodeID-1', subnetID: 'Sub1' }, { subnetID: 'Sub1', validator: v, delegators: [] }, 1)
    const [primary] = entitiesOf('validators.list', {}, { subnetID: null, validators: [v], totals: {} }, 1)
    expect([sub!.key, primary!.key]).toEqual(['NodeID-1/Sub1', 'NodeID-1'])
    expect(entitiesOf('info.getNodeID', {}, { nodeID: 'NodeID-1' }, 1)).toEqual([])
  })

  it('leaves out a thing whose key does not fit and cuts a long label', () => {
    const long = { nodeID: `NodeID-${'x'.repeat(300)}`, kind: 'primary' as const, startTime: '1', weight: '1' }
    expect(entitiesOf('validators.list', {}, { subnetID: null, validators: [long], totals: {} }, 1)).toEqual([])
    const a = alertEntity({ id: 'a1', profileId: 'p', profileName: 'n', nodeUrl: 'u', rule: 'uptimeLow', subject: 'NodeID-9:1d', severity: 'warning', message: 'm'.repeat(900), firedAt: 3, clearedAt: null, acknowledgedAt: null })
    expect(a.label.length).toBeLessThanOrEqual(500)
    expect(a.terms).toContain('NodeID-9')
    expect(controlActionEntity({ id: 'j', scope: 's', action: 'setLogLevel', params: { level: 'debug' }, origin: 'operator', requestedAt: 1, finishedAt: 2, outcome: 'ok', error: null })!.kind).toBe('logLevel')
  })
})

describe('offline answers', () => {
  it('cchain.getBlock by hash from a block read by its number, and by number from one read by hash', () => {
    store.ingest(meta, entitiesOf('cchain.getBlock', { chain: 'C', number: '42' }, block, 5))
    const c = { store, network: 'fuji' as const, scope: 'http://node' }
    expect(answerFromEntities('cchain.getBlock', { chain: 'C', hash: hash('A') }, c)).toMatchObject({ data: block, fetchedAt: 5 })
    expect(answerFromEntities('cchain.getBlock', { chain: 'C', number: '42' }, c)?.data).toEqual(block)
    expect(answerFromEntities('cchain.getBlock', { chain: 'C', number: '43' }, c)).toBeUndefined()
    expect(answerFromEntities('cchain.getBlock', { chain: 'C', number: '42' }, { ...c, network: 'mainnet' })).toBeUndefined()
  })
})

describe('search terms of a query', () => {
  it('recognise addresses with or without their chain, hex in any case, heights', () => {
    expect(termsOfQuery('X-avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqzn4w4w')).toEqual(['avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqzn4w4w'])
    expect(termsOfQuery(addr('AB'))).toEqual([addr('ab')])
    expect(termsOfQuery('A'.repeat(64))).toEqual(['A'.repeat(64), 'a'.repeat(64), `0x${'a'.repeat(64)}`])
    expect(termsOfQuery('0042')).toEqual(['0042', '42'])
    expect(() => termsOfQuery('a b')).toThrow(/no spaces/)
  })
})
