/**
 * Metrics service: /v1/avg_tps/{chainId} and nfts:listHolders, UUID page tokens that appear only
 * while more data exists and expire after 24 hours (injectable clock), no authentication, error
 * bodies with `message` as an array of strings, and its own fault switches. Both forms: the real
 * service's by default (avg_tps paged by startKey/nextPageStartKey, sortKey a string, the collection's
 * name and symbol lists), the spec's behind POST /__sim/metrics-config {forms: "spec"}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WELL_KNOWN_COLLECTIONS } from '../../sim/dataset/evm'
import { startMetricsService } from '../../sim/metrics'
import { TOKEN_LIFETIME_MS } from '../../sim/metrics/uuid-page-tokens'
import { Faults } from '../../sim/faults'
import { SIM_DEFAULT_SEED } from '../../sim/defaults'
import { START_KEY, collectPages, getJson, postJson, schemaErrors } from './data-helpers'
import type { Forms } from './data-helpers'
import type { Json } from './data-helpers'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
let clock = 1_000_000
let url = ''
const faults = new Faults()
let close: () => Promise<void> = async () => {}
const holders = (q = ''): string => `${url}/v2/chains/43114/contracts/${WELL_KNOWN_COLLECTIONS.simPunks}/nfts:listHolders${q ? '?' + q : ''}`

beforeAll(async () => {
  const m = await startMetricsService({ port: 0, seed: SIM_DEFAULT_SEED, faults, now: () => clock })
  url = m.url
  close = m.close
})
afterAll(() => close())

/** runs `body` with the service in the spec's forms, and puts the real ones back */
async function inSpecForms(body: () => Promise<void>): Promise<void> {
  const set = async (forms: Forms) => expect((await postJson(`${url}/__sim/metrics-config`, { forms })).body).toEqual({ forms })
  await set('spec')
  try {
    await body()
  } finally {
    await set('real')
  }
}

describe('avg_tps', () => {
  it('pages daily points newest first by startKey/nextPageStartKey (the real route), status and lastRun in the body', async () => {
    const first = await getJson(`${url}/v1/avg_tps/43114`)
    expect(first.status).toBe(200)
    expect(first.body.status).toBe(200)
    expect(typeof first.body.lastRun).toBe('number')
    expect(first.body.nextPageStartKey).toMatch(UUID)
    expect(first.body).not.toHaveProperty('nextPageToken')
    const ts = first.body.results.map((p: Json) => p.timestamp)
    expect(ts).toEqual([...ts].sort((a: number, b: number) => b - a))
    const { items, tokens } = await collectPages<Json>(`${url}/v1/avg_tps/43114`, 'results', 1_000, START_KEY)
    expect(tokens.length).toBeGreaterThan(1)
    expect(new Set(items.map((p) => p.timestamp)).size).toBe(items.length)
    expect(schemaErrors('getAvgTps.json', first.body)).toEqual([])
    // the real route knows no pageToken: it answers the first page again; a startKey it cannot use is a 400 that names it
    expect((await getJson(`${url}/v1/avg_tps/43114?pageToken=${first.body.nextPageStartKey}`)).body).toEqual(first.body)
    const bad = await getJson(`${url}/v1/avg_tps/43114?startKey=abc`)
    expect([bad.status, bad.body.message]).toEqual([400, ['startKey must be a UUID']])
  })

  it('pages by pageToken/nextPageToken in the spec forms, the same points', async () => {
    const real = await collectPages<Json>(`${url}/v1/avg_tps/43114`, 'results', 1_000, START_KEY)
    await inSpecForms(async () => {
      const first = await getJson(`${url}/v1/avg_tps/43114`)
      expect(first.body.nextPageToken).toMatch(UUID)
      expect(first.body).not.toHaveProperty('nextPageStartKey')
      expect(schemaErrors('getAvgTps.json', first.body, 'spec')).toEqual([])
      const spec = await collectPages<Json>(`${url}/v1/avg_tps/43114`, 'results')
      expect(spec.items).toEqual(real.items)
      expect((await getJson(`${url}/v1/avg_tps/43114?pageToken=abc`)).body.message).toEqual(['pageToken must be a UUID'])
    })
  })

  it('the forms switch takes only "real" or "spec", and nothing else', async () => {
    expect((await getJson(`${url}/__sim/metrics-config`)).body).toEqual({ forms: 'real' })
    const bad = await postJson(`${url}/__sim/metrics-config`, { forms: 'seed' })
    expect([bad.status, bad.body.message]).toEqual([400, ['forms must be one of "real", "spec"']])
    const unknown = await postJson(`${url}/__sim/metrics-config`, { forms: 'spec', rateLimit: 1 })
    expect([unknown.status, unknown.body.message]).toEqual([400, ['unknown field rateLimit: the config takes forms']])
    expect((await getJson(`${url}/__sim/metrics-config`)).body).toEqual({ forms: 'real' })
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
    // the real service's forms: the name and symbol as lists, sortKey a decimal string
    expect(first.body.nftCollectionName).toEqual(['Sim Punks'])
    expect(first.body.addresses[0].sortKey).toMatch(/^\d+$/)
    expect(schemaErrors('getNftHoldersByContractAddress.json', first.body)).toEqual([])
    await inSpecForms(async () => {
      const spec = await getJson(holders())
      expect(spec.body.nftCollectionName).toBe('Sim Punks')
      expect(spec.body.addresses.map((a: Json) => String(a.sortKey))).toEqual(first.body.addresses.map((a: Json) => a.sortKey))
      expect(Number.isInteger(spec.body.addresses[0].sortKey)).toBe(true)
      expect(schemaErrors('getNftHoldersByContractAddress.json', spec.body, 'spec')).toEqual([])
    })
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
