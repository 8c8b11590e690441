/**
 * The cache's administration through the contract (issue 21): what cache.stats says the cache holds, clearing
 * by kind, profile and age (pinned rows kept unless asked), the answers cache cleared by profile and age
 * after real reads of the sim, export to CSV and JSON newest first, and pin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CACHE_LIMIT } from '../../../src/shared/contract/cache'
import { startSim, type Sim } from '../../sim/index'
import { entityKeys, putEntities } from '../../support/cache-rows'
import { activateSim, appsPerTest, failure } from './helpers'

const apps = appsPerTest()
const DAY = 86_400_000
const NOW = Date.now()

/** Two profiles' worth of rows: validators and transactions, one pinned, of several ages. */
function fill(dataDir: string, a: string, b: string): void {
  putEntities(dataDir, [
    { kind: 'validator', key: 'NodeID-old', profileId: a, fetchedAt: NOW - 10 * DAY },
    { kind: 'validator', key: 'NodeID-new', profileId: a, fetchedAt: NOW - DAY },
    { kind: 'validator', key: 'NodeID-pinned', profileId: a, fetchedAt: NOW - 20 * DAY, pinned: true },
    { kind: 'transaction', key: 'tx-a', profileId: a, fetchedAt: NOW - 5 * DAY, chain: 'C' },
    { kind: 'transaction', key: 'tx-b', profileId: b, fetchedAt: NOW - 3 * DAY, chain: 'C' },
    { kind: 'transaction', key: 'tx-fuji', profileId: b, fetchedAt: NOW - 2 * DAY, network: 'fuji', chain: 'C' }
  ])
}

async function twoProfiles(client: ReturnType<typeof apps.open>['client']): Promise<[string, string]> {
  const make = (name: string) =>
    client.call('profiles.create', { profile: { name, nodeUrl: `http://127.0.0.1:${name === "a" ? 11 : 12}`, dataUrl: 'http://127.0.0.1:2', metricsUrl: 'http://127.0.0.1:3', network: 'mainnet', nodeIds: [] } })
  return [(await make('a')).id, (await make('b')).id]
}

describe('cache.stats', () => {
  it('counts, sizes and ages each kind per profile and network, with the answers, the file and the limit', async () => {
    const { client, dataDir } = apps.open()
    const empty = await client.call('cache.stats', {})
    expect(empty).toMatchObject({ rows: [], answers: { count: 0, bytes: 0, oldest: null }, limitBytes: DEFAULT_CACHE_LIMIT })
    expect(empty.fileBytes).toBeGreaterThan(0)
    expect(empty.quarantined).toBeUndefined()

    const [a, b] = await twoProfiles(client)
    fill(dataDir, a, b)
    const stats = await client.call('cache.stats', {})
    const group = (kind: string, profileId: string, network = 'mainnet') => stats.rows.find((r) => r.kind === kind && r.profileId === profileId && r.network === network)
    expect(group('validator', a)).toMatchObject({ count: 3, pinned: 1, oldest: NOW - 20 * DAY, newest: NOW - DAY })
    expect(group('validator', a)!.bytes).toBeGreaterThan(0)
    expect(group('transaction', a)).toMatchObject({ count: 1, pinned: 0 })
    expect(group('transaction', b)).toMatchObject({ count: 1 })
    // One network's rows never counted with another's.
    expect(group('transaction', b, 'fuji')).toMatchObject({ count: 1 })
    expect(stats.rows).toHaveLength(4)
  })
})

describe('cache.clear', () => {
  it('drops by kind, profile and age; pinned rows only when asked; their terms go with them', async () => {
    const { client, dataDir } = apps.open()
    const [a, b] = await twoProfiles(client)
    fill(dataDir, a, b)
    expect(await client.call('cache.clear', { olderThan: NOW - 4 * DAY })).toEqual({ removed: 2 }) // NodeID-old, tx-a (pinned stays)
    expect(entityKeys(dataDir).keys).toEqual(['NodeID-new', 'NodeID-pinned', 'tx-b', 'tx-fuji'])
    expect(await client.call('cache.clear', { kind: 'transaction', profileId: b })).toEqual({ removed: 2 })
    expect(await client.call('cache.clear', { kind: 'validator' })).toEqual({ removed: 1 })
    expect(entityKeys(dataDir)).toEqual({ keys: ['NodeID-pinned'], terms: 1 })
    expect(await client.call('cache.clear', { includePinned: true })).toEqual({ removed: 1 })
    expect(entityKeys(dataDir)).toEqual({ keys: [], terms: 0 })
  })

  it('refuses what makes no sense, saying what to fix', async () => {
    const { client } = apps.open()
    const kindOfAnswers = await failure(client.call('cache.clear', { kind: 'utxo', what: 'answers' }))
    expect(kindOfAnswers.code).toBe('BAD_INPUT')
    expect(kindOfAnswers.message).toContain('answers have no kind')
    const unknown = await failure(client.call('cache.clear', { profileId: 'no-such-profile', what: 'answers' }))
    expect(unknown.code).toBe('NOT_FOUND')
    expect((await failure(client.call('cache.clear', { kind: 'nonsense' as never }))).message).toContain('must be one of validator')
  })
})

describe('the answers cache (reads of the sim)', () => {
  let sim: Sim
  beforeAll(async () => {
    sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  })
  afterAll(async () => {
    await sim.stop()
  })

  it('is counted by stats and cleared by profile (its services) and by age', async () => {
    const { client } = apps.open()
    await activateSim(client, sim)
    const other = await client.call('profiles.create', {
      profile: { name: 'elsewhere', nodeUrl: 'http://127.0.0.1:1', dataUrl: 'http://127.0.0.1:1', metricsUrl: 'http://127.0.0.1:1', network: 'mainnet', nodeIds: [] }
    })
    await client.call('info.getNodeID', {})
    await client.call('info.isBootstrapped', { chain: 'P' })
    const stats = await client.call('cache.stats', {})
    // The two reads, and any the activation's probe made.
    expect(stats.answers.count).toBeGreaterThanOrEqual(2)
    expect(stats.answers.bytes).toBeGreaterThan(0)
    const oldest = stats.answers.oldest!
    expect(oldest).toBeLessThanOrEqual(Date.now())

    // Another profile's services answered none of them; entities are not answers (clearing them, the default,
    // leaves every answer; the watch's first check may keep the profile's validators meanwhile); none is older
    // than the oldest.
    expect(await client.call('cache.clear', { profileId: other.id, what: 'answers' })).toEqual({ removed: 0 })
    await client.call('cache.clear', {})
    expect((await client.call('cache.stats', {})).answers.count).toBeGreaterThanOrEqual(stats.answers.count)
    expect(await client.call('cache.clear', { what: 'answers', olderThan: oldest })).toEqual({ removed: 0 })
    const { profiles } = await client.call('profiles.list', {})
    const simId = profiles.find((p) => p.name === 'sim')!.id
    expect((await client.call('cache.clear', { profileId: simId, what: 'all' })).removed).toBeGreaterThanOrEqual(2)
    expect((await client.call('cache.stats', {})).answers.count).toBe(0)
  })
})

describe('cache.export', () => {
  it('writes one kind newest first as CSV (formula cells neutralised) or JSON, of one profile or all', async () => {
    const { client, dataDir } = apps.open()
    const [a, b] = await twoProfiles(client)
    fill(dataDir, a, b)
    putEntities(dataDir, [{ kind: 'alert', key: 'alert-1', fetchedAt: NOW, label: '=HYPERLINK("http://x","y")', profileId: a }])
    const csv = await client.call('cache.export', { kind: 'transaction', format: 'csv' })
    expect(csv).toMatchObject({ mime: 'text/csv', rows: 3, truncated: false })
    expect(csv.filename).toMatch(/^companion-transaction-.*\.csv$/)
    const lines = csv.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe('kind,key,network,chain,label,profileId,source,sort,fetchedAt,pinned,data')
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['tx-fuji', 'tx-b', 'tx-a'])
    const formula = await client.call('cache.export', { kind: 'alert', format: 'csv' })
    expect(formula.text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)

    const json = await client.call('cache.export', { kind: 'validator', profileId: a, format: 'json' })
    expect(json).toMatchObject({ mime: 'application/json', rows: 3, truncated: false })
    const rows = JSON.parse(json.text) as { key: string; pinned: boolean; data: unknown }[]
    expect(rows.map((r) => r.key)).toEqual(['NodeID-new', 'NodeID-old', 'NodeID-pinned'])
    expect(rows[2]).toMatchObject({ pinned: true, data: { id: 'NodeID-pinned' } })
    expect((await client.call('cache.export', { kind: 'validator', profileId: b, format: 'json' })).rows).toBe(0)
  })

  it('stops at 100,000 rows and says there were more', async () => {
    const { client, dataDir } = apps.open()
    putEntities(
      dataDir,
      Array.from({ length: 100_001 }, (_, i) => ({ kind: 'utxo', key: `u${i}`, fetchedAt: NOW, sort: i, data: {} }))
    )
    const out = await client.call('cache.export', { kind: 'utxo', format: 'csv' })
    expect(out).toMatchObject({ rows: 100_000, truncated: true })
    // Newest first: the one left out is the oldest.
    expect(out.text).not.toContain('\r\nutxo,u0,')
    expect(out.text.split('\r\n')[1]).toMatch(/^utxo,u100000,/)
  })
})

describe('cache.pin', () => {
  it('pins and unpins one entity, and says when there is no such entity', async () => {
    const { client, dataDir } = apps.open()
    putEntities(dataDir, [{ kind: 'block', key: '0xabc', chain: 'C', fetchedAt: NOW }])
    expect(await client.call('cache.pin', { kind: 'block', network: 'mainnet', chain: 'C', key: '0xabc', pinned: true })).toEqual({ pinned: true })
    expect((await client.call('cache.stats', {})).rows[0]).toMatchObject({ kind: 'block', pinned: 1 })
    expect(await client.call('cache.clear', {})).toEqual({ removed: 0 })
    expect(await client.call('cache.pin', { kind: 'block', network: 'mainnet', chain: 'C', key: '0xabc', pinned: false })).toEqual({ pinned: false })
    const missing = await failure(client.call('cache.pin', { kind: 'block', network: 'fuji', chain: 'C', key: '0xabc', pinned: true }))
    expect(missing.code).toBe('NOT_FOUND')
    expect(missing.message).toContain('No cached block 0xabc on fuji')
  })
})
