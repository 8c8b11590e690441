/**
 * Every data-service and metrics endpoint the spec names is (1) routed by the sim and (2) answered
 * by a sample request below, in both of the sim's forms (tests/sim/data-service/forms.ts): by default
 * with the real service's status and exactly the reference schema of the endpoint, and with the spec's
 * forms switched on with the spec's status and the schema with the spec's types where the two differ.
 * The endpoint list is read FROM THE SPEC FILE: an endpoint added to the spec without a route or a
 * sample fails this test.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDataService, dataServiceRoutes } from '../../sim/data-service'
import { createDataContext } from '../../sim/data-service/context'
import { FormsSwitch } from '../../sim/data-service/forms'
import { PageTokens } from '../../sim/data-service/http/page-token'
import { metricsRoutes, startMetricsService } from '../../sim/metrics'
import { UuidPageTokens } from '../../sim/metrics/uuid-page-tokens'
import { Faults } from '../../sim/faults'
import { SIM_DEFAULT_SEED } from '../../sim/defaults'
import { endpointsFromSpec } from '../../support/endpoints'
import { getJson, loadSchema, postJson, schemaDir, schemaErrors } from './data-helpers'
import type { Forms } from './data-helpers'

const DEMO = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const PUNKS = '0x5e11b00000000000000000000000000000000721'
const RICH = 'avax154psshf3yclwacerd7yzzneawlzuv9p4lml99h'

/** One valid request per endpoint (template -> concrete path, body for POST). */
const SAMPLES: Record<string, { path: string; body?: unknown }> = {
  'data POST /v1/signatureAggregator/{network}/aggregateSignatures': { path: '/v1/signatureAggregator/mainnet/aggregateSignatures', body: { justification: '0x0001abcdabcfff' } },
  'data GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}': { path: '/v1/signatureAggregator/mainnet/aggregateSignatures/{l1TxHash}' },
  'data GET /v1/networks/{network}/blockchains/{blockchainId}/transactions': { path: '/v1/networks/mainnet/blockchains/p-chain/transactions?pageSize=5' },
  'data GET /v1/networks/{network}/blockchains/{blockchainId}/vertices': { path: '/v1/networks/mainnet/blockchains/x-chain/vertices' },
  'data GET /v1/networks/{network}/subnets': { path: '/v1/networks/mainnet/subnets' },
  'data GET /v1/networks/{network}/l1Validators': { path: '/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true' },
  'data GET /v1/networks/{network}/rewards:listPending': { path: `/v1/networks/mainnet/rewards:listPending?addresses=${RICH}` },
  'data GET /v1/networks/{network}/addresses:listChainIds': { path: `/v1/networks/mainnet/addresses:listChainIds?addresses=${RICH}` },
  'data GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721': { path: `/v1/chains/43114/addresses/${DEMO}/transactions:listErc721` },
  'data GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155': { path: `/v1/chains/43114/addresses/${DEMO}/transactions:listErc1155` },
  'data GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20': { path: `/v1/chains/43114/addresses/${DEMO}/balances:listErc20` },
  'data GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles': { path: `/v1/chains/43114/addresses/${DEMO}/balances:listCollectibles` },
  'data GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}': { path: `/v1/chains/43114/nfts/collections/${PUNKS}/tokens/7` },
  'data GET /v1/icm/messages': { path: '/v1/icm/messages?network=mainnet' },
  'data GET /v1/icm/addresses/{address}/messages': { path: `/v1/icm/addresses/${DEMO}/messages?network=mainnet` },
  'data GET /v1/icm/messages/{messageId}': { path: '/v1/icm/messages/{messageId}' },
  'data GET /v1/blocks': { path: '/v1/blocks?network=mainnet' },
  'data GET /v1/chains': { path: '/v1/chains' },
  'data GET /v1/subnetRpcUsageMetrics': { path: '/v1/subnetRpcUsageMetrics?groupBy=rpcMethod' },
  'metrics GET /v1/avg_tps/{chainId}': { path: '/v1/avg_tps/43114' },
  'metrics GET /v2/chains/{chainId}/contracts/{address}/nfts:listHolders': { path: `/v2/chains/43114/contracts/${PUNKS}/nfts:listHolders?pageSize=10` },
}

interface IndexEntry {
  service: string
  method: string
  pathTemplate: string
  successStatus: number
  schema: string
  variantsByPathParam?: { param: string; variants: { values: string[]; schema: string }[] }
}

const spec = endpointsFromSpec()
const index = (JSON.parse(readFileSync(`${schemaDir()}/index.json`, 'utf8')) as { endpoints: IndexEntry[] }).endpoints

let dataUrl = ''
let metricsUrl = ''
let closers: (() => Promise<void>)[] = []
const placeholders: Record<string, string> = {}
/** one switch for both services, as startSim gives them */
const forms = new FormsSwitch()

beforeAll(async () => {
  const faults = new Faults()
  const d = await startDataService({ port: 0, seed: SIM_DEFAULT_SEED, faults, forms })
  const m = await startMetricsService({ port: 0, seed: SIM_DEFAULT_SEED, faults, forms })
  dataUrl = d.url
  metricsUrl = m.url
  closers = [d.close, m.close]
  const icm = await getJson(`${dataUrl}/v1/icm/messages?network=mainnet&pageSize=1`)
  placeholders['{messageId}'] = icm.body.messages[0].messageId
  // a P-Chain tx of an L1 validation: the tx-hash form of signature aggregation needs one
  const v = (await getJson(`${dataUrl}/v1/networks/mainnet/l1Validators?pageSize=1`)).body.validators[0]
  const txs = await getJson(`${dataUrl}/v1/networks/mainnet/blockchains/p-chain/transactions?l1ValidationId=${v.validationId}`)
  placeholders['{l1TxHash}'] = txs.body.transactions[0].txHash
})

afterAll(async () => {
  for (const c of closers) await c()
})

describe('spec coverage', () => {
  it('reads the data-service and metrics endpoints from the spec', () => {
    expect(spec.filter((e) => e.service === 'data').length).toBeGreaterThanOrEqual(18)
    expect(spec.filter((e) => e.service === 'metrics').length).toBe(2)
  })

  it('routes every endpoint of the spec', () => {
    const ctx = createDataContext({ seed: 1, tokens: new PageTokens(1), forms: new FormsSwitch(), nodeUrl: '', unavailableSubnets: [], load: () => { throw new Error('not loaded') } })
    const routes = {
      data: dataServiceRoutes(ctx).map((r) => `${r.method} ${r.template}`),
      metrics: metricsRoutes(ctx, new UuidPageTokens(1)).map((r) => `${r.method} ${r.template}`),
    }
    const missing = spec.filter((e) => !routes[e.service].includes(`${e.method} ${e.template}`))
    expect(missing).toEqual([])
  })

  it('has a sample request for every endpoint of the spec', () => {
    const missing = spec.filter((e) => SAMPLES[`${e.service} ${e.method} ${e.template}`] === undefined)
    expect(missing).toEqual([])
  })

  /** the sample's answer in the given forms, with the reference index entry and schema of its endpoint */
  const answer = async (e: (typeof spec)[number], mode: Forms) => {
    const key = `${e.service} ${e.method} ${e.template}`
    const sample = SAMPLES[key]
    if (!sample) throw new Error(`no sample for ${key}`)
    let path = sample.path
    for (const [k, v] of Object.entries(placeholders)) path = path.replace(k, v)
    const base = e.service === 'data' ? dataUrl : metricsUrl
    forms.value = mode
    try {
      const res = sample.body === undefined ? await getJson(base + path) : await postJson(base + path, sample.body)
      const entry = index.find((x) => x.service === e.service && x.method === e.method && x.pathTemplate === e.template)
      if (!entry) throw new Error(`reference index has no ${key}`)
      const variant = entry.variantsByPathParam?.variants.find((x) => x.values.some((val) => path.includes(`/${val}/`)))
      const schema = variant?.schema ?? entry.schema
      expect(loadSchema(schema)).toBeTruthy()
      return { res, entry, schema }
    } finally {
      forms.value = 'real'
    }
  }

  for (const e of spec) {
    const key = `${e.service} ${e.method} ${e.template}`
    it(`answers ${key} with the real status, exactly in the reference schema (default forms)`, async () => {
      const { res, entry, schema } = await answer(e, 'real')
      expect(res.status, JSON.stringify(res.body)).toBe(entry.successStatus)
      expect(schemaErrors(schema, res.body, 'real')).toEqual([])
    })
    it(`answers ${key} with 200 in the spec's forms (forms "spec")`, async () => {
      const { res, schema } = await answer(e, 'spec')
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(schemaErrors(schema, res.body, 'spec')).toEqual([])
    })
  }

  it('the forms differ exactly where the reference says: aggregator status, Money.value, sortKey, holder names, avg_tps paging', async () => {
    const find = (service: string, template: string) => spec.find((x) => x.service === service && x.template === template)!
    const agg = find('data', '/v1/signatureAggregator/{network}/aggregateSignatures/{txHash}')
    expect([(await answer(agg, 'real')).res.status, (await answer(agg, 'spec')).res.status]).toEqual([201, 200])
    const balances = find('data', '/v1/chains/{chainId}/addresses/{address}/balances:listErc20')
    const priceOf = (body: any) => body.nativeTokenBalance.price.value
    expect(typeof priceOf((await answer(balances, 'real')).res.body)).toBe('number')
    expect(priceOf((await answer(balances, 'spec')).res.body)).toMatch(/^\d+(\.\d+)?$/)
    const holders = find('metrics', '/v2/chains/{chainId}/contracts/{address}/nfts:listHolders')
    const real = (await answer(holders, 'real')).res.body
    const seed = (await answer(holders, 'spec')).res.body
    expect(real.addresses[0].sortKey).toBe(String(seed.addresses[0].sortKey))
    expect(Number.isInteger(seed.addresses[0].sortKey)).toBe(true)
    expect(real.nftCollectionName).toEqual([seed.nftCollectionName])
    const tps = find('metrics', '/v1/avg_tps/{chainId}')
    const tpsReal = (await answer(tps, 'real')).res.body
    const tpsSpec = (await answer(tps, 'spec')).res.body
    expect(tpsReal.nextPageStartKey).toEqual(expect.any(String))
    expect(tpsReal).not.toHaveProperty('nextPageToken')
    expect(tpsSpec.nextPageToken).toEqual(expect.any(String))
    expect(tpsSpec).not.toHaveProperty('nextPageStartKey')
  })
})
