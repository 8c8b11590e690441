/**
 * Metrics service: /v1/avg_tps/{chainId} and nfts:listHolders, UUID page tokens that appear only
 * while more data exists and expire after 24 hours (injectable clock), no authentication, error
 * bodies with `message` as an array of strings, and its own fault switches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WELL_KNOWN_COLLECTIONS } from '../../sim/dataset/evm'
import { startMetricsService } from '../../sim/metrics'
import { TOKEN_LIFETIME_MS } from '../../sim/metrics/uuid-page-tokens'
import { Faults } from '../../sim/faults'
import { collectPages, getJson, schemaErrors } from './data-helpers'
import type { Json } from './data-helpers'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
let clock = 1_000_000
let url = ''
const faults = new Faults()
let close: () => Promise<void> = async () => {}
const holders = (q = ''): string => `${url}/v2/chains/43114/contracts/${WELL_KNOWN_COLLECTIONS.simPunks}/nfts:listHolders${q ? '?' + q : ''}`

beforeAll(async () => {
  const m = await startMetricsService({ port: 0, seed: 9, faults, now: () => clock })
  url = m.url
  close = m.close
})
afterAll(() => close())

describe('avg_tps', () => {
  it('pages daily points newest first with UUID tokens, status and lastRun in the body', async () => {
    const first = await getJson(`${url}/v1/avg_tps/43114`)
    expect(first.status).toBe(200)
    expect(first.body.status).toBe(200)
    expect(typeof first.body.lastRun).toBe('number')
    expect(first.body.nextPageToken).toMatch(UUID)
    const ts = first.body.results.map((p: Json) => p.timestamp)
    expect(ts).toEqual([...ts].sort((a: number, b: number) => b - a))
    const { items, tokens } = await collectPages<Json>(`${url}/v1/avg_tps/43114`, 'results')
    expect(tokens.length).toBeGreaterThan(1)
    expect(new Set(items.map((p) => p.timestamp)).size).toBe(items.length)
    expect(schemaErrors('getAvgTps.json', first.body)).toEqual([])
  })

  it('answers unknown chains with 404 and message as an array of strings', async () => {
    const res = await getJson(`${url}/v1/avg_tps/987654`)
    expect(res.status).toBe(404)
    expect(Array.isArray(res.body.message)).toBe(true)
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' })
    expect(schemaErrors('error.json', res.body)).toEqual([])
  })

  it('needs no authentication (a key header changes nothing)', async () => {
    const a = await fetch(`${url}/v1/avg_tps/43114`).then((r) => r.text())
    const b = await fetch(`${url}/v1/avg_tps/43114`, { headers: { 'x-data-api-key': 'whatever' } }).then((r) => r.text())
    expect(a).toBe(b)
  })
})

describe('NFT holders', () => {
  it('pages holders (default 1000, 1..5000) with totals', async () => {
    const first = await getJson(holders())
    expect(first.body.addresses).toHaveLength(1000)
    expect(first.body.totalHolders).toBeGreaterThan(1000)
    expect(first.body.nftCollectionName).toBe('Sim Punks')
    expect(schemaErrors('getNftHoldersByContractAddress.json', first.body)).toEqual([])
    const all = await collectPages<Json>(holders('pageSize=5000'), 'addresses')
    expect(all.pages).toBe(1)
    expect(all.items.length).toBe(first.body.totalHolders)
    for (const bad of ['0', '5001', 'x']) expect((await getJson(holders(`pageSize=${bad}`))).status).toBe(400)
    expect((await getJson(`${url}/v2/chains/43114/contracts/0x0000000000000000000000000000000000000001/nfts:listHolders`)).status).toBe(404)
  })

  it('expires page tokens after 24 hours and refuses unknown or malformed ones', async () => {
    const first = await getJson(holders('pageSize=10'))
    const token: string = first.body.nextPageToken
    expect(token).toMatch(UUID)
    clock += TOKEN_LIFETIME_MS - 1000
    expect((await getJson(holders(`pageSize=10&pageToken=${token}`))).status).toBe(200)
    const again = await getJson(holders('pageSize=10'))
    expect(again.body.nextPageToken).toBe(token)
    clock += TOKEN_LIFETIME_MS + 1000
    const expired = await getJson(holders(`pageSize=10&pageToken=${token}`))
    expect(expired.status).toBe(400)
    expect(expired.body.message[0]).toMatch(/expired/)
    expect((await getJson(holders('pageToken=00000000-0000-4000-8000-000000000000'))).status).toBe(400)
    expect((await getJson(holders('pageToken=abc'))).status).toBe(400)
  })
})

describe('faults', () => {
  it('metrics faults use the metrics error body and stay on the metrics service', async () => {
    faults.add({ service: 'metrics', kind: 'status503', match: '/v1/avg_tps', count: 1 })
    const res = await getJson(`${url}/v1/avg_tps/43114`)
    expect(res.status).toBe(503)
    expect(res.body).toEqual({ message: ['Service Unavailable'], error: 'Service Unavailable', statusCode: 503 })
    faults.add({ service: 'metrics', kind: 'malformed', count: 1 })
    await expect(fetch(holders('pageSize=1')).then((r) => r.json())).rejects.toThrow()
    expect((await getJson(holders('pageSize=1'))).status).toBe(200)
  })
})
