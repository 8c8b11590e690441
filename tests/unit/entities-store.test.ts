import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../src/main/cache/database'
import { memoryDb } from '../support/memory-db'
import { COUNT_CAP, EntitiesStore, PREFIX_KINDS_SQL, prefixEnd, TERM_PAGE_SQL, type EntityInput, type EntityMeta } from '../../src/main/cache/entities-store'
import { normalizeTerm, TermSet } from '../../src/main/cache/entity-terms'

let db: Db
let store: EntitiesStore
beforeEach(() => {
  db = memoryDb()
  store = new EntitiesStore(db)
})
afterEach(() => db.close())

const meta = (over: Partial<EntityMeta> = {}): EntityMeta => ({ network: 'fuji', profileId: 'p1', scope: 'http://data', source: 'data.listLatestPrimaryNetworkTransactions', fetchedAt: 1_000, ...over })
const tx = (i: number, address = 'fuji1alice', sort = i * 1000): EntityInput => ({
  kind: 'transaction',
  chain: 'P',
  key: `tx${i}`,
  sort,
  label: `tx ${i}`,
  data: { txHash: `tx${i}`, n: i },
  terms: [`tx${i}`, address]
})
const termRows = (): { term: string; sort: number }[] => db.prepare('SELECT term, sort FROM entity_terms ORDER BY term, sort').all() as { term: string; sort: number }[]

describe('EntitiesStore', () => {
  it('upserts a newer reading of the same thing, keeps its pin, and adds its terms once', () => {
    store.ingest(meta(), [tx(1)])
    db.prepare('UPDATE entities SET pinned = 1').run()
    store.ingest(meta({ fetchedAt: 2_000, profileId: 'p2' }), [{ ...tx(1), label: 'tx 1 again', data: { txHash: 'tx1', n: 'new' } }])
    const e = store.get('fuji', 'transaction', 'P', 'tx1')!
    expect(e).toMatchObject({ label: 'tx 1 again', fetchedAt: 2_000, profileId: 'p2', pinned: true, scope: 'http://data' })
    expect(JSON.parse(e.data)).toEqual({ txHash: 'tx1', n: 'new' })
    expect(db.prepare('SELECT count(*) AS n FROM entities').get()).toEqual({ n: 1 })
    expect(termRows()).toEqual([
      { term: 'fuji1alice', sort: 1000 },
      { term: 'tx1', sort: 1000 }
    ])
  })

  it("moves a row's terms to its new sort when a newer reading sorts elsewhere (no stale index rows)", () => {
    store.ingest(meta(), [tx(1)])
    store.ingest(meta(), [tx(1, 'fuji1alice', 5_000)])
    expect(termRows()).toEqual([
      { term: 'fuji1alice', sort: 5000 },
      { term: 'tx1', sort: 5000 }
    ])
  })

  it('pages the transactions of one address newest first with a keyset cursor, no row twice or missed', () => {
    store.ingest(meta(), Array.from({ length: 120 }, (_, i) => tx(i)))
    store.ingest(meta(), [tx(500, 'fuji1bob')])
    const seen: string[] = []
    let after: { sort: number; id: number } | undefined
    for (;;) {
      const page = store.pageOfTerm('fuji', 'fuji1alice', { kind: 'transaction', chain: 'P', limit: 50, ...(after ? { after } : {}) })
      if (page.length === 0) break
      seen.push(...page.map((e) => e.key))
      const last = page[page.length - 1]!
      after = { sort: last.sort, id: last.id }
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `tx${119 - i}`))
    expect(store.pageOfTerm('fuji', 'fuji1alice', { kind: 'transaction', chain: 'X', limit: 50 })).toEqual([])
  })

  it("never shows one network's rows to another", () => {
    store.ingest(meta({ network: 'mainnet' }), [tx(1)])
    expect(store.get('fuji', 'transaction', 'P', 'tx1')).toBeUndefined()
    expect(store.pageOfTerm('fuji', 'tx1', { kind: 'transaction', limit: 10 })).toEqual([])
    expect(store.search('fuji', ['tx1'], ['transaction'], 10)).toEqual([])
    expect(store.search('mainnet', ['tx1'], ['transaction'], 10)[0]!.hits[0]!.key).toBe('tx1')
  })

  it('searches grouped by kind, newest first, counting up to the cap', () => {
    store.ingest(meta(), Array.from({ length: COUNT_CAP + 5 }, (_, i) => tx(i)))
    store.ingest(meta({ source: 'validators.list' }), [{ kind: 'validator', chain: 'P', key: 'NodeID-A', sort: 1, label: 'A', data: {}, terms: ['NodeID-A', 'fuji1alice'] }])
    const groups = store.search('fuji', ['fuji1alice'], ['validator', 'transaction'], 3)
    expect(groups.map((g) => [g.kind, g.total, g.hits.map((h) => h.key)])).toEqual([
      ['validator', 1, ['NodeID-A']],
      ['transaction', COUNT_CAP, [`tx${COUNT_CAP + 4}`, `tx${COUNT_CAP + 3}`, `tx${COUNT_CAP + 2}`]]
    ])
  })

  it('finds part of an ID by its start: every term of that prefix, exact matches first, a wildcard typed finds only itself, bounded', () => {
    store.ingest(meta({ source: 'validators.list' }), [
      { kind: 'validator', chain: 'P', key: 'NodeID-NMgCtW3abc', sort: 5, label: 'a', data: {}, terms: ['NodeID-NMgCtW3abc'] },
      { kind: 'validator', chain: 'P', key: 'NodeID-NMgCtW3xyz', sort: 6, label: 'b', data: {}, terms: ['NodeID-NMgCtW3xyz'] },
      { kind: 'validator', chain: 'P', key: 'NodeID-Other', sort: 7, label: 'c', data: {}, terms: ['NodeID-Other', 'fuji1_%x'] }
    ])
    const keys = (terms: string[], prefixes: string[]) => store.search('fuji', terms, ['validator'], 10, prefixes).flatMap((g) => g.hits.map((h) => h.key))
    expect(keys([], ['NodeID-NMgCtW3'])).toEqual(['NodeID-NMgCtW3xyz', 'NodeID-NMgCtW3abc'])
    expect(keys(['NodeID-NMgCtW3abc'], ['NodeID-NMgCtW3abc'])).toEqual(['NodeID-NMgCtW3abc'])
    // LIKE would read "_" and "%" as wildcards; the range does not.
    expect(keys([], ['fuji1_'])).toEqual(['NodeID-Other'])
    expect(keys([], ['fuji1a'])).toEqual([])
    expect(keys([], ['NodeID-Nope'])).toEqual([])
    store.ingest(meta(), Array.from({ length: COUNT_CAP + 5 }, (_, i) => tx(i, `fuji1many${i}`)))
    expect(store.search('fuji', [], ['transaction'], 3, ['fuji1many'])[0]!.total).toBe(COUNT_CAP)
    db.exec('ANALYZE')
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${PREFIX_KINDS_SQL}`).all('fuji', 'fuji1many', prefixEnd('fuji1many'), 10) as { detail: string }[]).map((r) => r.detail)
    expect(plan[0]).toMatch(/^SEARCH t USING PRIMARY KEY \(network=\? AND term>\? AND term<\?\)/)
  })

  it('reads a page of one address from the (network, term, sort) index, in its order (no sort step)', () => {
    store.ingest(meta(), Array.from({ length: 2_000 }, (_, i) => tx(i, i % 2 ? 'fuji1alice' : 'fuji1bob')))
    db.exec('ANALYZE')
    for (const [sql, args] of [
      [TERM_PAGE_SQL.first, ['fuji', 'fuji1alice', 'transaction', 'P', 50]],
      [TERM_PAGE_SQL.after, ['fuji', 'fuji1alice', 'transaction', 'P', 10_000, 10, 50]]
    ] as const) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail)
      expect(plan[0]).toMatch(/^SEARCH t USING PRIMARY KEY \(network=\? AND term=\?/)
      expect(plan[1]).toMatch(/^SEARCH e USING INTEGER PRIMARY KEY \(rowid=\?\)/)
      expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|SCAN/)
    }
  })
})

describe('terms', () => {
  it('have one spelling: hex lower-cased, a chain prefix dropped, IDs as they are', () => {
    expect(normalizeTerm(' 0xABCdef ')).toBe('0xabcdef')
    expect(normalizeTerm('P-avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqzn4w4w')).toBe('avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqzn4w4w')
    expect(normalizeTerm('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')).toBe('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')
    expect(normalizeTerm('2ZtDc6vUk5dMQ3EjYdEYTRWXnjzRCD8SmkmXzjq2xBTkoCBdbK')).toBe('2ZtDc6vUk5dMQ3EjYdEYTRWXnjzRCD8SmkmXzjq2xBTkoCBdbK')
    expect(new TermSet().add('x'.repeat(201), '', 12, ['a', 'a', undefined], null).list()).toEqual(['12', 'a'])
  })
})
