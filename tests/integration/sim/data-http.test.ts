/**
 * Data service, cross-cutting rules: error bodies, pageSize ranges of every list, opaque page
 * tokens (present only when a further page exists, tampered ones refused), rate limits with and
 * without x-data-api-key, a subnet switched to 503, fault injection, and determinism per seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDataService } from '../../sim/data-service'
import { Faults } from '../../sim/faults'
import { SIM_DEFAULT_SEED } from '../../sim/defaults'
import { collectPages, getJson, schemaErrors } from './data-helpers'

const DEMO = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const RICH = 'avax154psshf3yclwacerd7yzzneawlzuv9p4lml99h'

let url = ''
const faults = new Faults()
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  const d = await startDataService({ port: 0, seed: SIM_DEFAULT_SEED, faults })
  url = d.url
  closers.push(d.close)
})
afterAll(async () => {
  for (const c of closers) await c()
})

/** every list of the spec with its pageSize range (spec, Limits) */
const RANGES: { path: string; max: number }[] = [
  { path: '/v1/networks/mainnet/blockchains/p-chain/transactions', max: 100 },
  { path: '/v1/networks/mainnet/blockchains/x-chain/vertices', max: 100 },
  { path: '/v1/networks/mainnet/subnets', max: 10_000 },
  { path: '/v1/networks/mainnet/l1Validators', max: 100 },
  { path: `/v1/networks/mainnet/rewards:listPending?addresses=${RICH}`, max: 100 },
  { path: `/v1/chains/43114/addresses/${DEMO}/transactions:listErc721`, max: 100 },
  { path: `/v1/chains/43114/addresses/${DEMO}/transactions:listErc1155`, max: 100 },
  { path: `/v1/chains/43114/addresses/${DEMO}/balances:listErc20`, max: 500 },
  { path: `/v1/chains/43114/addresses/${DEMO}/balances:listCollectibles`, max: 500 },
  { path: '/v1/icm/messages?network=mainnet', max: 100 },
  { path: `/v1/icm/addresses/${DEMO}/messages?network=mainnet`, max: 100 },
  { path: '/v1/blocks?network=mainnet', max: 100 },
]
const withQuery = (path: string, q: string): string => `${path}${path.includes('?') ? '&' : '?'}${q}`

describe('errors', () => {
  it('answers an unknown route with a 404 error body', async () => {
    const res = await getJson(`${url}/v1/no/such/route`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Cannot GET /v1/no/such/route', statusCode: 404, error: 'Not Found' })
    expect(schemaErrors('error.json', res.body)).toEqual([])
  })

  it('refuses an unknown network with 400 and a string message', async () => {
    const res = await getJson(`${url}/v1/networks/devnet/subnets`)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Bad Request')
    expect(res.body.statusCode).toBe(400)
    expect(typeof res.body.message).toBe('string')
  })

  it('answers 404 for an unsupported EVM chain', async () => {
    const res = await getJson(`${url}/v1/chains/999999/addresses/${DEMO}/balances:listErc20`)
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('Not Found')
  })

  it('answers 400 "Invalid address format" for a malformed EVM address', async () => {
    const res = await getJson(`${url}/v1/chains/43114/addresses/0x123/balances:listErc20`)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/Invalid address format/)
  })
})

describe('pageSize ranges', () => {
  for (const r of RANGES) {
    it(`${r.path}: 1..${r.max}`, async () => {
      for (const bad of ['0', String(r.max + 1), 'abc', '1.5', '-1']) {
        const res = await getJson(url + withQuery(r.path, `pageSize=${bad}`))
        expect(res.status, `pageSize=${bad}`).toBe(400)
        expect(res.body.error).toBe('Bad Request')
      }
      for (const ok of ['1', String(r.max)]) expect((await getJson(url + withQuery(r.path, `pageSize=${ok}`))).status).toBe(200)
    })
  }

  it('uses the default page size when none is given', async () => {
    expect((await getJson(`${url}/v1/blocks?network=mainnet`)).body.blocks).toHaveLength(10)
    expect((await getJson(`${url}/v1/networks/mainnet/blockchains/x-chain/transactions`)).body.transactions.length).toBeLessThanOrEqual(10)
  })
})

describe('page tokens', () => {
  it('walks a list to its end; the last page has no nextPageToken and nothing repeats', async () => {
    const { items, pages } = await collectPages<{ chainId: string; blockNumber: string }>(`${url}/v1/blocks?network=mainnet&pageSize=100`, 'blocks')
    expect(pages).toBeGreaterThan(1)
    const keys = items.map((b) => `${b.chainId}:${b.blockNumber}`)
    expect(new Set(keys).size).toBe(keys.length)
    const last = await getJson(`${url}/v1/networks/mainnet/subnets?pageSize=10000`)
    expect(last.body.nextPageToken).toBeUndefined()
    expect('nextPageToken' in last.body).toBe(false)
  })

  it('refuses a tampered, invented or foreign page token with 400', async () => {
    const first = await getJson(`${url}/v1/blocks?network=mainnet`)
    const token: string = first.body.nextPageToken
    expect(typeof token).toBe('string')
    const [payload, sig] = token.split('.')
    const forged = Buffer.from(JSON.stringify({ o: 50, s: 'x' })).toString('base64url') + '.' + sig
    for (const bad of [forged, `${payload}.AAAA`, 'not-a-token', token + 'x']) {
      const res = await getJson(`${url}/v1/blocks?network=mainnet&pageToken=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(400)
    }
    // the same token on another list (other filters) is refused too
    const other = await getJson(`${url}/v1/blocks?network=fuji&pageToken=${encodeURIComponent(token)}`)
    expect(other.status).toBe(400)
    expect((await getJson(`${url}/v1/blocks?network=mainnet&pageToken=${encodeURIComponent(token)}`)).status).toBe(200)
  })

  it('sortOrder asc and desc give the same items in opposite order', async () => {
    const asc = await collectPages<{ subnetId: string }>(`${url}/v1/networks/mainnet/subnets?sortOrder=asc&pageSize=3`, 'subnets')
    const desc = await collectPages<{ subnetId: string }>(`${url}/v1/networks/mainnet/subnets?sortOrder=desc&pageSize=3`, 'subnets')
    expect(asc.items.map((s) => s.subnetId)).toEqual(desc.items.map((s) => s.subnetId).reverse())
    expect((await getJson(`${url}/v1/networks/mainnet/subnets?sortOrder=up`)).status).toBe(400)
  })
})

describe('rate limits', () => {
  it('limits clients without a key lower than clients with one; 429 carries Retry-After', async () => {
    const d = await startDataService({ port: 0, seed: SIM_DEFAULT_SEED, faults: new Faults(), rateLimit: { perMinuteWithoutKey: 2, perMinuteWithKey: 4 } })
    closers.push(d.close)
    const path = `${d.url}/v1/networks/mainnet/subnets?pageSize=1`
    expect((await getJson(path)).status).toBe(200)
    expect((await getJson(path)).status).toBe(200)
    const limited = await getJson(path)
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' })
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const keyed = { headers: { 'x-data-api-key': 'test-key' } }
    for (let i = 0; i < 4; i++) expect((await getJson(path, keyed)).status).toBe(200)
    expect((await getJson(path, keyed)).status).toBe(429)
  })
})

describe('unavailable subnet', () => {
  it('answers 503 on the routes of a subnet switched off, and only there', async () => {
    const subnets = (await getJson(`${url}/v1/networks/mainnet/subnets`)).body.subnets as { subnetId: string; blockchains: { evmChainId: number }[] }[]
    const target = subnets.find((s) => s.blockchains.length > 0)!
    const d = await startDataService({ port: 0, seed: SIM_DEFAULT_SEED, faults: new Faults(), unavailableSubnets: [target.subnetId] })
    closers.push(d.close)
    const chainId = target.blockchains[0]!.evmChainId
    const down = await getJson(`${d.url}/v1/chains/${chainId}/addresses/${DEMO}/balances:listErc20`)
    expect(down.status).toBe(503)
    expect(down.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' })
    expect((await getJson(`${d.url}/v1/networks/mainnet/l1Validators?subnetId=${target.subnetId}`)).status).toBe(503)
    expect((await getJson(`${d.url}/v1/chains/43114/addresses/${DEMO}/balances:listErc20`)).status).toBe(200)
    const chains = (await getJson(`${d.url}/v1/chains?network=mainnet`)).body.chains as { chainId: string; status: string }[]
    expect(chains.find((c) => c.chainId === String(chainId))?.status).toBe('UNAVAILABLE')
  })
})

describe('faults', () => {
  const blocks = (): string => `${url}/v1/blocks?network=mainnet&pageSize=1`

  it('latency delays but still answers', async () => {
    faults.add({ service: 'data', kind: 'latency', ms: 50, count: 1 })
    expect((await getJson(blocks())).status).toBe(200)
    expect(faults.list()).toEqual([])
  })

  it('hang never answers', async () => {
    faults.add({ service: 'data', kind: 'hang', count: 1 })
    await expect(fetch(blocks(), { signal: AbortSignal.timeout(300) })).rejects.toThrow()
  })

  it('drop closes the connection', async () => {
    faults.add({ service: 'data', kind: 'drop', count: 1 })
    await expect(fetch(blocks())).rejects.toThrow()
  })

  it('malformed sends a body that is not JSON', async () => {
    faults.add({ service: 'data', kind: 'malformed', count: 1 })
    const res = await fetch(blocks())
    expect(res.status).toBe(200)
    await expect(res.json()).rejects.toThrow()
  })

  it('status429 and status503 bursts answer with the error body, then stop', async () => {
    faults.add({ service: 'data', kind: 'status429', ms: 7, count: 2 })
    for (let i = 0; i < 2; i++) {
      const res = await getJson(blocks())
      expect(res.status).toBe(429)
      expect(res.headers.get('retry-after')).toBe('7')
      expect(schemaErrors('error.json', res.body)).toEqual([])
    }
    expect((await getJson(blocks())).status).toBe(200)
    faults.add({ service: 'data', kind: 'status503', count: 1 })
    expect((await getJson(blocks())).status).toBe(503)
  })

  it('a rule with match applies to that endpoint only; a metrics rule leaves the data service alone', async () => {
    const id = faults.add({ service: 'data', kind: 'status503', match: '/subnets' })
    faults.add({ service: 'metrics', kind: 'status503' })
    expect((await getJson(`${url}/v1/networks/mainnet/subnets`)).status).toBe(503)
    expect((await getJson(blocks())).status).toBe(200)
    faults.remove(id)
    faults.clear()
    expect((await getJson(`${url}/v1/networks/mainnet/subnets`)).status).toBe(200)
  })
})

describe('determinism', () => {
  // The Primary Network data set's generation is shown deterministic in node-determinism.test.ts; this service
  // has its own copy of it, and its EVM data set, lookups and page tokens made again.
  it('a separately built service of the same seed gives byte-identical answers', async () => {
    const fresh = await startDataService({ port: 0, seed: SIM_DEFAULT_SEED, faults: new Faults(), freshData: true })
    closers.push(fresh.close)
    const paths = [
      `/v1/networks/mainnet/blockchains/p-chain/transactions?addresses=${RICH}&pageSize=20`,
      '/v1/networks/mainnet/blockchains/x-chain/transactions?pageSize=20&sortOrder=asc',
      '/v1/networks/mainnet/blockchains/c-chain/transactions?pageSize=20',
      '/v1/networks/mainnet/subnets',
      '/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true&pageSize=50',
      `/v1/chains/43114/addresses/${DEMO}/balances:listErc20?pageSize=50`,
      `/v1/chains/43114/addresses/${DEMO}/transactions:listErc721?pageSize=50`,
      '/v1/icm/messages?network=mainnet&pageSize=50',
      '/v1/blocks?network=mainnet&pageSize=50',
    ]
    for (const p of paths) {
      const [a, b] = await Promise.all([fetch(url + p).then((r) => r.text()), fetch(fresh.url + p).then((r) => r.text())])
      expect(a, p).toBe(b)
    }
  })
})
