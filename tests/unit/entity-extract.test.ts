import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { contract } from '../../src/shared/contract'
import type { Db } from '../../src/main/cache/database'
import { memoryDb } from '../support/memory-db'
import { EntitiesStore } from '../../src/main/cache/entities-store'
import { entitiesOf } from '../../src/main/cache/entity-extract'
import { alertEntity, controlActionEntity } from '../../src/main/cache/entity-extract/journals'
import { answerFromEntities } from '../../src/main/services/entities/offline'
import { cacheSearchHandlers, prefixesOfQuery, termsOfQuery } from '../../src/main/services/cache/search'
import { utxoEntity } from '../../src/main/cache/entity-extract/utxos'

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

describe('labels of search hits, in the app\'s own formats', () => {
  it('AVAX from nAVAX, 2-decimal uptimes, rule names, chains by name; a balance the node did not send says so', () => {
    const v = { nodeID: 'NodeID-1', kind: 'primary' as const, startTime: '10', weight: '2343100753133', uptime: '42.1000' }
    expect(entitiesOf('validators.list', {}, { subnetID: null, validators: [v], totals: {} }, 1)[0]!.label).toBe('NodeID-1 · Primary Network · weight 2,343.100753133 AVAX · uptime 42.10 %')
    const [sub] = entitiesOf('validators.get', { nodeID: 'NodeID-1', subnetID: 'Sub1' }, { subnetID: 'Sub1', validator: { ...v, kind: 'subnet' as const, weight: '20000' }, delegators: [] }, 1)
    expect(sub!.label).toBe('NodeID-1 · subnet Sub1 · weight 20,000 · uptime 42.10 %')
    const alert = alertEntity({ id: 'a1', profileId: 'p', profileName: 'n', nodeUrl: 'u', rule: 'validatorNotConnected', subject: 'NodeID-9', severity: 'critical', message: 'm', firedAt: 3, clearedAt: null, acknowledgedAt: null })
    expect(alert.label).toBe('critical · Validator not connected · m')
    const avaxId = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'
    const u = utxoEntity({ ok: true, utxo: { utxoID: 'U1', txID: 'T1', outputIndex: 0, assetID: avaxId, amount: '6480269378', addresses: [] } } as never, 'X', 1)
    expect(u!.label).toBe('U1 · 6.480269378 AVAX · from X-Chain')
    const balance = (b: string | undefined) =>
      entitiesOf('pchain.getBalance', { addresses: ['P-fuji1a'] }, { addresses: ['P-fuji1a'], ...(b ? { balance: b } : {}), balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {}, utxoIDs: [], deprecated: '' }, 1)[0]!.label
    expect(balance('5000000000')).toBe('5 AVAX · P-fuji1a')
    expect(balance(undefined)).toBe('balance not sent by the node · P-fuji1a')
  })

  it('a row kept by an earlier version, with its words, reads in today\'s words when found; part of its NodeID finds it', () => {
    const v = { nodeID: 'NodeID-NMgCtW3xyz', kind: 'primary' as const, startTime: '10', weight: '2343100753133', uptime: '42.1000' }
    store.ingest({ ...meta, source: 'validators.list' }, [{ ...entitiesOf('validators.list', {}, { subnetID: null, validators: [v], totals: {} }, 1)[0]!, label: 'NodeID-NMgCtW3xyz · Primary Network · weight 2343100753133 · uptime 42.1000 %' }])
    const search = cacheSearchHandlers({ store, owner: () => ({ network: 'fuji', profileId: 'p' }) as never })['cache.search']
    const found = search({ query: 'NMgCtW3', limit: 10 } as never, {} as never) as { groups: { hits: { label: string }[] }[] }
    expect(found.groups[0]!.hits[0]!.label).toBe('NodeID-NMgCtW3xyz · Primary Network · weight 2,343.100753133 AVAX · uptime 42.10 %')
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

  it('part of an ID is looked up by its start: a NodeID without its prefix, an address without its chain, hex in one case', () => {
    expect(prefixesOfQuery('NMgCtW3')).toEqual(['NMgCtW3', 'NodeID-NMgCtW3'])
    expect(prefixesOfQuery('P-avax1qq')).toEqual(['avax1qq'])
    expect(prefixesOfQuery('0xAB12')).toEqual(['0xAB12', '0xab12', 'ab12'])
    expect([prefixesOfQuery('123456'), prefixesOfQuery('NMg')]).toEqual([[], []])
  })
})

/** A kept data-service transaction row: `name` at `second` (its sort and block time), of the addresses given. */
function keptTx(name: string, second: number, txType: string, terms: string[]) {
  return { kind: 'transaction' as const, chain: 'P', key: name, sort: second * 1000, label: name, data: { txHash: name, txType, blockTimestamp: second }, terms }
}
const keepTxs = (items: ReturnType<typeof keptTx>[]): void => store.ingest({ ...meta, network: 'mainnet', source: 'data.listLatestPrimaryNetworkTransactions' }, items)

describe('a filtered page of an address assembled offline', () => {
  const address = 'avax1filtered'
  /** n kept transactions of the address, one a second, newest last; every `every`th an ExportTx, the rest BaseTx. */
  function keep(n: number, every = 1_000): void {
    keepTxs(Array.from({ length: n }, (_, i) => keptTx(`tx${i}`, 1_000 + i, i % every === 0 ? 'ExportTx' : 'BaseTx', [address])))
  }
  const ask = (extra: Record<string, unknown>) =>
    answerFromEntities('data.listLatestPrimaryNetworkTransactions', { network: 'mainnet', blockchainId: 'p-chain', addresses: [address], pageSize: 2, ...extra }, { store, network: 'mainnet', scope: 'x' })!
  const hashes = (a: ReturnType<typeof ask>) => (a.data as { transactions: { txHash: string }[] }).transactions.map((t) => t.txHash)
  const next = (a: ReturnType<typeof ask>) => (a.data as { nextPageToken?: string }).nextPageToken

  it('pages on through a type, two a page', () => {
    keep(12_001)
    const pages: string[][] = []
    let token: string | undefined
    do {
      const page = ask({ txTypes: ['ExportTx'], ...(token ? { pageToken: token } : {}) })
      pages.push(hashes(page))
      token = next(page)
    } while (token && pages.length < 20)
    expect(pages.flat()).toEqual(Array.from({ length: 13 }, (_, k) => `tx${12_000 - k * 1_000}`))
    expect(pages.slice(0, -1).every((p) => p.length === 2)).toBe(true)
  })

  it('matches far apart: each page reads at most 5,000 rows and is short, its token going on from the last row read', () => {
    keep(12_001, 6_000)
    const first = ask({ txTypes: ['ExportTx'] })
    expect(hashes(first)).toEqual(['tx12000'])
    const second = ask({ txTypes: ['ExportTx'], pageToken: next(first) })
    expect(hashes(second)).toEqual(['tx6000'])
    const third = ask({ txTypes: ['ExportTx'], pageToken: next(second) })
    expect(hashes(third)).toEqual(['tx0'])
    expect(next(third)).toBeUndefined()
  })

  it('a time range: both ends in, newest first, and nothing read past its start', () => {
    keep(50)
    const a = ask({ startTimestamp: 1_010, endTimestamp: 1_013 })
    expect(hashes(a)).toEqual(['tx13', 'tx12'])
    expect(hashes(ask({ startTimestamp: 1_010, endTimestamp: 1_013, pageToken: next(a) }))).toEqual(['tx11', 'tx10'])
    // nothing kept in the range: an empty page, not "nothing cached"
    expect(hashes(ask({ startTimestamp: 5_000 }))).toEqual([])
  })
})

describe('a page of several addresses assembled offline', () => {
  /** Kept transactions, one a second: tx<i> of the addresses given; every third an ExportTx. */
  function keep(txs: { i: number; of: string[] }[]): void {
    keepTxs(txs.map(({ i, of }) => keptTx(`tx${i}`, 1_000 + i, i % 3 === 0 ? 'ExportTx' : 'BaseTx', of)))
  }
  const ask = (addresses: string[], extra: Record<string, unknown> = {}) =>
    answerFromEntities('data.listLatestPrimaryNetworkTransactions', { network: 'mainnet', blockchainId: 'p-chain', addresses, pageSize: 3, ...extra }, { store, network: 'mainnet', scope: 'x' })
  /** Every page's hashes, following the tokens. */
  function walk(addresses: string[], extra: Record<string, unknown> = {}): string[][] {
    const pages: string[][] = []
    let token: string | undefined
    do {
      const page = ask(addresses, { ...extra, ...(token ? { pageToken: token } : {}) })!
      pages.push((page.data as { transactions: { txHash: string }[] }).transactions.map((t) => t.txHash))
      token = (page.data as { nextPageToken?: string }).nextPageToken
    } while (token && pages.length < 50)
    return pages
  }

  beforeEach(() => {
    // avax1a: even i; avax1b: odd i; tx10 and tx11 are of both; avax1c: none here.
    keep(Array.from({ length: 20 }, (_, i) => ({ i, of: i === 10 || i === 11 ? ['avax1a', 'avax1b'] : [i % 2 === 0 ? 'avax1a' : 'avax1b'] })))
    keep([{ i: 100, of: ['avax1other'] }])
  })

  it('pages through the union newest first, a tx of both addresses once', () => {
    const pages = walk(['avax1a', 'avax1b'])
    expect(pages.flat()).toEqual(Array.from({ length: 20 }, (_, k) => `tx${19 - k}`))
    expect(pages.slice(0, -1).every((p) => p.length === 3)).toBe(true)
    // the same addresses in another order, with a chain prefix or repeated: the same pages
    expect(walk(['P-avax1b', 'avax1a', 'avax1b'])).toEqual(pages)
    expect(ask(['avax1a', 'avax1b'])!.note).toContain('any of 2 addresses')
  })

  it('filters the union as it does one address', () => {
    expect(walk(['avax1a', 'avax1b'], { txTypes: ['ExportTx'] }).flat()).toEqual(['tx18', 'tx15', 'tx12', 'tx9', 'tx6', 'tx3', 'tx0'])
    expect(walk(['avax1a', 'avax1b'], { startTimestamp: 1_009, endTimestamp: 1_012 }).flat()).toEqual(['tx12', 'tx11', 'tx10', 'tx9'])
  })

  it('a filtered page of them all reads at most about 5,000 rows of their indexes, and goes on from there', () => {
    // 12,001 more, the two addresses taking turns, one ImportTx every 6,000
    keepTxs(Array.from({ length: 12_001 }, (_, i) => keptTx(`far${i}`, 5_000 + i, i % 6_000 === 0 ? 'ImportTx' : 'BaseTx', [i % 2 === 0 ? 'avax1a' : 'avax1b'])))
    const pages = walk(['avax1a', 'avax1b'], { txTypes: ['ImportTx'] })
    // The bound counts the rows read from each address's index (two addresses read about twice the rows they
    // merge): pages come shorter, some empty, each with its token on, and together hold every match once.
    expect(pages.flat()).toEqual(['far12000', 'far6000', 'far0'])
    expect(pages.length).toBeGreaterThan(3)
    expect(pages.length).toBeLessThanOrEqual(6)
  })

  it('an address with nothing kept adds nothing; none of them kept is no answer; more than 64 is not assembled', () => {
    expect(walk(['avax1a', 'avax1c']).flat()).toEqual(['tx18', 'tx16', 'tx14', 'tx12', 'tx11', 'tx10', 'tx8', 'tx6', 'tx4', 'tx2', 'tx0'])
    expect(ask(['avax1c', 'avax1d'])).toBeUndefined()
    expect(ask(Array.from({ length: 65 }, (_, i) => (i === 0 ? 'avax1a' : `avax1n${i}`)))).toBeUndefined()
  })
})
