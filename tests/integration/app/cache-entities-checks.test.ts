/**
 * An offline page of an address's transactions, assembled from kept rows, is checked against today's
 * contract once on its way out: rows this very contract stamped as checked when they were kept are not
 * checked item by item again (only the rest of the answer is), rows kept before migration 16 or by another
 * version of the app (another stamp) are checked item by item, and a page holding a row that no longer
 * matches the contract is refused. The passes are counted on the contract's own P-Chain list and item
 * schemas, in the app's process, through the contract server.
 */
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DB_FILE } from '../../../src/main/cache/database'
import { EntitiesStore, type EntityInput } from '../../../src/main/cache/entities-store'
import { primaryTxEntities } from '../../../src/main/cache/entity-extract/data-service'
import { contract } from '../../../src/shared/contract'
import { listPChainTransactionsResponse, pChainTransaction } from '../../../src/shared/contract/data-service/primary-tx'
import { FIXTURE_ADDRESS, fixtureTx } from '../../bench/tx-fixture'
import { appsPerTest, failure } from './helpers'

const apps = appsPerTest()
const closers: (() => void)[] = []
afterEach(() => {
  closers.splice(0).forEach((close) => close())
  vi.restoreAllMocks()
})

const ROWS = 8
const PARAMS = { network: 'mainnet' as const, blockchainId: 'p-chain', addresses: [`P-${FIXTURE_ADDRESS}`] }
/** A page token of this app's offline pages that starts above every row: the page of the newest. */
const FROM_TOP = `cached:${Number.MAX_SAFE_INTEGER}:1`

/** The address's history as the data path keeps it: a page the contract checked, its entities stamped. */
function keptRows(): EntityInput[] {
  const page = contract.methods['data.listLatestPrimaryNetworkTransactions'].data.parse({
    transactions: Array.from({ length: ROWS }, (_, i) => fixtureTx(i, ROWS)),
    chainInfo: { chainName: 'p-chain', network: 'mainnet' }
  })
  return primaryTxEntities({ ...PARAMS, pageSize: ROWS }, page)
}

/** An app whose profile's services cannot be reached, with `rows` kept in its cache (as another read kept them). */
async function offlineWith(rows: readonly EntityInput[]) {
  const { client, dataDir } = apps.open()
  const unreachable = 'http://127.0.0.1:9'
  const { id } = await client.call('profiles.create', { profile: { name: 'away', nodeUrl: unreachable, dataUrl: unreachable, metricsUrl: unreachable, network: 'mainnet', nodeIds: [] } })
  await client.call('profiles.activate', { id })
  const db = new Database(join(dataDir, DB_FILE))
  closers.push(() => db.close())
  new EntitiesStore(db as never).ingest({ network: 'mainnet', profileId: id, scope: unreachable, source: 'data.listLatestPrimaryNetworkTransactions', fetchedAt: Date.now() }, rows)
  return client
}

/** The contract's passes over a P-Chain transaction list and over its items, from here on. */
function countPasses() {
  return { lists: vi.spyOn(listPChainTransactionsResponse._zod, 'run'), items: vi.spyOn(pChainTransaction._zod, 'run') }
}

const newestFirst = (rows: readonly EntityInput[], n: number) => rows.toSorted((a, b) => b.sort - a.sort).slice(0, n).map((r) => r.data)

describe('offline pages assembled from kept transactions', () => {
  it('from rows this contract checked: the rest of the answer is checked once, the rows not again', async () => {
    const rows = keptRows()
    expect(rows.every((r) => (r.checked ?? 0) > 0)).toBe(true)
    const client = await offlineWith(rows)
    const passes = countPasses()
    const page = await client.call('data.listLatestPrimaryNetworkTransactions', { ...PARAMS, pageSize: 5, pageToken: FROM_TOP })
    expect(page).toMatchObject({ source: 'cache', offline: { code: 'CACHED_PAGE' } })
    expect(page.data.transactions).toEqual(newestFirst(rows, 5))
    expect(passes.lists).toHaveBeenCalledTimes(1)
    expect(passes.items).not.toHaveBeenCalled()
  })

  it('from rows kept before migration 16 or by another version: checked item by item against today\'s contract, once', async () => {
    const rows = keptRows().map((r, i) => ({ ...r, checked: i % 2 ? 0 : 12_345 }))
    const client = await offlineWith(rows)
    const passes = countPasses()
    // The first page: the data service cannot be reached and this request was never made.
    const page = await client.call('data.listLatestPrimaryNetworkTransactions', { ...PARAMS, pageSize: 5 })
    expect(page).toMatchObject({ source: 'cache', offline: { code: 'NETWORK' } })
    expect(page.data.transactions).toEqual(newestFirst(rows, 5))
    expect(page.offline!.message).toMatch(/assembled from cached entities/)
    expect(passes.lists).toHaveBeenCalledTimes(1)
    expect(passes.items).toHaveBeenCalledTimes(5)
  })

  it('holding an older row that no longer matches the contract: refused, not sent', async () => {
    const rows = keptRows()
    const newest = rows.reduce((a, b) => (b.sort > a.sort ? b : a))
    // As an older version kept it: a field today's contract reads as a number of seconds, as text.
    const stale = rows.map((r) => (r === newest ? { ...r, checked: 0, data: { ...(r.data as object), blockTimestamp: 'yesterday' } } : r))
    const client = await offlineWith(stale)
    const next = await failure(client.call('data.listLatestPrimaryNetworkTransactions', { ...PARAMS, pageSize: 5, pageToken: FROM_TOP }))
    expect(next.code).toBe('BAD_INPUT')
    const first = await failure(client.call('data.listLatestPrimaryNetworkTransactions', { ...PARAMS, pageSize: 5 }))
    expect(first.code).toBe('OFFLINE')
    // The rows after it are whole: a page of them is sent.
    const rest = await client.call('data.listLatestPrimaryNetworkTransactions', { ...PARAMS, pageSize: 5, pageToken: `cached:${newest.sort - 1}:${Number.MAX_SAFE_INTEGER}` })
    expect(rest.data.transactions).toHaveLength(5)
  })
})
