/**
 * The response schemas of the data/metrics endpoint tables accept what the real services send: every
 * example body of shared/reference/data-service/examples parses with the schema of its endpoint. Also:
 * the spec's forms of the fields where spec and reference disagree (README §5) are accepted and
 * normalised, unknown fields pass, and known fields keep their types.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { dataEndpoints } from '../../src/main/clients/data/endpoints'
import {
  listCChainAtomicTransactionsResponse,
  listPChainTransactionsResponse,
  listXChainTransactionsResponse
} from '../../src/shared/contract/data-service/primary-tx'
import { metricsEndpoints } from '../../src/main/clients/metrics/endpoints'
import { nextPageOf } from '../../src/shared/contract/data-service/metrics'
import type { EndpointDef } from '../../src/main/clients/rest/define'
import { ENDPOINT_NAMES } from '../support/endpoints'
import { dataReferenceDir } from '../support/shared'

const examplesDir = join(dataReferenceDir(), 'examples')

interface Example {
  file: string
  kind: string
  schema: string
  conformsToSchema?: boolean
  body: unknown
  request?: unknown
}

const examples: Example[] = readdirSync(examplesDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, ...(JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as Omit<Example, 'file'>) }))

const endpoints = { ...dataEndpoints, ...metricsEndpoints } as Record<string, { response: z.ZodType }>


/** The per-chain variants of the transactions list, by the example schema file's middle part. */
const TX_VARIANTS: Record<string, z.ZodType> = {
  'p-chain': listPChainTransactionsResponse,
  'x-chain': listXChainTransactionsResponse,
  'c-chain': listCChainAtomicTransactionsResponse
}

const endpointOf = (ex: Example): string => ex.schema.split('.')[0] ?? ''

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root
  for (const k of path) v = (v as Record<PropertyKey, unknown>)[k]
  return v
}

function setAt(root: unknown, path: readonly PropertyKey[], value: unknown): void {
  const parent = valueAt(root, path.slice(0, -1)) as Record<PropertyKey, unknown>
  parent[path[path.length - 1] as PropertyKey] = value
}

/**
 * Parses a Speakeasy-generated example. Where the generator filled an integer field (a timestamp, a
 * count) with a random fraction such as 5368.44 (README §2: "generator filler, not data"), the schema's
 * integer rule refuses it: those issues, and only those, are allowed; with the fillers truncated the
 * body must then parse.
 */
function parseSdkDoc(schema: z.ZodType, body: unknown): { fillers: string[]; result: ReturnType<z.ZodType['safeParse']> } {
  const first = schema.safeParse(body)
  if (first.success) return { fillers: [], result: first }
  const copy = structuredClone(body)
  const fillers: string[] = []
  for (const issue of first.error.issues) {
    const v = valueAt(body, issue.path)
    const isFiller = issue.code === 'invalid_type' && issue.expected === 'int' && typeof v === 'number' && !Number.isInteger(v)
    if (!isFiller) return { fillers, result: first }
    fillers.push(issue.path.join('.'))
    setAt(copy, issue.path, Math.trunc(v))
  }
  return { fillers, result: schema.safeParse(copy) }
}

const issuesOf = (r: ReturnType<z.ZodType['safeParse']>): string[] => (r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))

describe('reference examples', () => {
  it('has an example for every endpoint of both tables, and a table entry for every example', () => {
    const covered = new Set(examples.map(endpointOf))
    for (const name of ENDPOINT_NAMES) expect(covered.has(name), name).toBe(true)
    // the only example that is not an endpoint's success body is the error body
    expect(examples.filter((ex) => !endpoints[endpointOf(ex)]).map((ex) => ex.file)).toEqual(['error.400.docs.json'])
  })

  const conforming = examples.filter((ex) => endpoints[endpointOf(ex)] && ex.conformsToSchema !== false)

  it.each(conforming.map((ex) => [ex.file, ex] as const))('%s parses with the schema of its endpoint', (_file, ex) => {
    const schema = endpoints[endpointOf(ex)]!.response
    if (ex.kind.startsWith('sdk-doc')) {
      const { result } = parseSdkDoc(schema, ex.body)
      expect(issuesOf(result)).toEqual([])
    } else {
      expect(issuesOf(schema.safeParse(ex.body))).toEqual([])
    }
    const variant = ex.schema.split('.')[1]
    if (variant && TX_VARIANTS[variant]) expect(issuesOf(TX_VARIANTS[variant].safeParse(ex.body))).toEqual([])
  })

  it('needs the filler allowance only for integer fields the generator filled with fractions', () => {
    const fillers = conforming.filter((ex) => ex.kind.startsWith('sdk-doc')).flatMap((ex) => parseSdkDoc(endpoints[endpointOf(ex)]!.response, ex.body).fillers.map((f) => `${ex.file}: ${f}`))
    // all of them timestamps, counts, heights, thresholds, weights: integers in the spec
    for (const f of fillers) expect(f).toMatch(/(timestamp|Timestamp|weight|remainingBalance|threshold|vertexHeight|vertexIndex|txCount|vertexSizeBytes)$/)
  })

  it('refuses the examples the reference marks non-conforming, for exactly the missing required fields', () => {
    const docsSample = examples.find((ex) => ex.file === 'listErc20Balances.docs-sample.json')!
    const r1 = dataEndpoints.listErc20Balances.response.safeParse(docsSample.body)
    expect(r1.success).toBe(false)
    expect(new Set(r1.error?.issues.map((i) => String(i.path.at(-1))))).toEqual(new Set(['nativeTokenBalance', 'tokenReputation']))
    const oldBlocks = examples.find((ex) => ex.file === 'related.chainBlocks.docs-captured.json')!
    const r2 = dataEndpoints.listLatestBlocksAllChains.response.safeParse(oldBlocks.body)
    expect(r2.success).toBe(false)
    expect(new Set(r2.error?.issues.map((i) => String(i.path.at(-1))))).toEqual(new Set(['chainId']))
  })

  it('accepts the request body example of aggregateSignatures', () => {
    const ex = examples.find((e) => e.file === 'aggregateSignatures.openapi-example.json')!
    expect(issuesOf(dataEndpoints.aggregateSignatures.body.safeParse(ex.request))).toEqual([])
  })
})

describe('the tables', () => {
  const table = { ...dataEndpoints, ...metricsEndpoints } as Record<string, EndpointDef>

  it.each(ENDPOINT_NAMES)('%s: name, service, path placeholders, key header and page rule agree', (name) => {
    const def = table[name]!
    expect(def.name).toBe(name)
    const isMetrics = name === 'getAvgTps' || name === 'getNftHoldersByContractAddress'
    expect(def.service).toBe(isMetrics ? 'metrics' : 'data')
    // the key goes to every data-service endpoint and never to the metrics service
    expect(def.sendsApiKey).toBe(!isMetrics)
    const placeholders = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
    expect(Object.keys((def.pathParams as z.ZodObject).shape).sort()).toEqual(placeholders)
    expect(def.body === undefined).toBe(def.method === 'GET')
    const query = (def.query as z.ZodObject).shape
    if (def.page) {
      // a paged list: pageSize with the rule's default, pageToken, and the list field in the examples
      expect(def.query.parse(def.name === 'listPendingPrimaryNetworkRewards' ? { nodeIds: ['NodeID-111111111111111111116DBWJs'] } : {})).toMatchObject({ pageSize: def.page.default })
      const ex = examples.find((e) => endpointOf(e) === name && e.conformsToSchema !== false)!
      expect(Array.isArray((ex.body as Record<string, unknown>)[def.page.listField]), def.page.listField).toBe(true)
    } else {
      expect(Object.keys(query)).not.toContain('pageSize')
    }
  })
})

describe('spec and reference disagreements (README §5): both forms accepted, one form given on', () => {
  const example = (file: string): any => structuredClone(examples.find((e) => e.file === file)!.body)

  it('Money.value: reference number and spec string both become a decimal string', () => {
    const body = example('listErc20Balances.sdk-doc.json')
    const fromNumber = dataEndpoints.listErc20Balances.response.parse(body)
    expect(fromNumber.nativeTokenBalance.price?.value).toBe('42.42')
    body.nativeTokenBalance.price.value = '25.31'
    body.nativeTokenBalance.balanceValue.value = 0.0000001
    const fromString = dataEndpoints.listErc20Balances.response.parse(body)
    expect(fromString.nativeTokenBalance.price?.value).toBe('25.31')
    expect(fromString.nativeTokenBalance.balanceValue?.value).toBe('0.0000001')
    body.nativeTokenBalance.price.value = 'about 25'
    expect(dataEndpoints.listErc20Balances.response.safeParse(body).success).toBe(false)
  })

  it('NFT holders: sortKey integer or string, collection name and symbol string or string[]', () => {
    const body = example('getNftHoldersByContractAddress.sdk-doc.json')
    const real = metricsEndpoints.getNftHoldersByContractAddress.response.parse(body)
    expect(real.addresses[0]?.sortKey).toBe('123')
    expect(real.nftCollectionName).toEqual(['NFT Project'])
    const spec = metricsEndpoints.getNftHoldersByContractAddress.response.parse({ ...body, addresses: [{ address: '0xabc', sortKey: 7 }], nftCollectionName: 'Sim Punks', nftSymbol: 'SPUNK' })
    expect(spec.addresses[0]?.sortKey).toBe('7')
    expect(spec.nftCollectionName).toEqual(['Sim Punks'])
    expect(spec.nftSymbol).toEqual(['SPUNK'])
  })

  it('avg_tps: the spec pages with nextPageToken, the real route with nextPageStartKey; both pass', () => {
    const body = example('getAvgTps.docs-captured.json')
    expect(metricsEndpoints.getAvgTps.response.parse({ ...body, nextPageToken: 'a1b2' }).nextPageToken).toBe('a1b2')
    expect(metricsEndpoints.getAvgTps.response.parse({ ...body, nextPageStartKey: 'k' }).nextPageStartKey).toBe('k')
    expect(metricsEndpoints.getAvgTps.response.safeParse({ ...body, nextPageStartKey: '' }).success).toBe(false)
  })

  it('nextPageOf: the next request by the key the page gave; a startKey only where the endpoint takes one', () => {
    expect(nextPageOf({ nextPageToken: 't' }, true)).toEqual({ pageToken: 't' })
    expect(nextPageOf({ nextPageStartKey: 'k' }, true)).toEqual({ startKey: 'k' })
    expect(nextPageOf({ nextPageToken: 't', nextPageStartKey: 'k' }, true)).toEqual({ pageToken: 't' })
    expect(nextPageOf({ nextPageStartKey: 'k' }, false)).toBeNull()
    expect(nextPageOf({ nextPageToken: '', nextPageStartKey: 7 }, true)).toBeNull()
    expect(nextPageOf({}, true)).toBeNull()
  })
})

describe('loose objects, strict field types', () => {
  it('passes fields a newer server adds, on the envelope and on items', () => {
    const body: any = structuredClone(examples.find((e) => e.file === 'supportedChains.sdk-doc.json')!.body)
    expect(body.chains.length).toBeGreaterThan(0)
    body.addedLater = { x: 1 }
    body.chains[0].gasToken = 'AVAX'
    const parsed = dataEndpoints.supportedChains.response.parse(body) as any
    expect(parsed.addedLater).toEqual({ x: 1 })
    expect(parsed.chains[0].gasToken).toBe('AVAX')
  })

  it('keeps large quantities as strings: an amount sent as a JSON number is refused', () => {
    const body: any = structuredClone(examples.find((e) => e.file === 'listErc20Balances.sdk-doc.json')!.body)
    body.nativeTokenBalance.balance = 1e30
    expect(dataEndpoints.listErc20Balances.response.safeParse(body).success).toBe(false)
  })

  it('refuses integers beyond 2^53 (they cannot be held exactly) and fractional timestamps', () => {
    const body: any = structuredClone(examples.find((e) => e.file === 'listL1Validators.sdk-doc.json')!.body)
    const v = body.validators[0]
    Object.assign(v, { weight: 2 ** 60, remainingBalance: 5, creationTimestamp: 1_700_000_000, remainingBalanceOwner: { addresses: [], threshold: 1 }, deactivationOwner: { addresses: [], threshold: 1 } })
    expect(dataEndpoints.listL1Validators.response.safeParse(body).error?.issues.map((i) => i.path.join('.'))).toEqual(['validators.0.weight'])
    v.weight = 100
    expect(dataEndpoints.listL1Validators.response.safeParse(body).success).toBe(true)
    v.creationTimestamp = 1.5
    expect(dataEndpoints.listL1Validators.response.safeParse(body).success).toBe(false)
  })

  it('tells the shapes apart by ercType, ICM status and C-Chain txType', () => {
    const erc1155 = examples.find((e) => e.file === 'getTokenDetails.erc1155.sdk-doc.json')!.body as any
    expect(dataEndpoints.getTokenDetails.response.parse(erc1155).ercType).toBe('ERC-1155')
    expect(dataEndpoints.getTokenDetails.response.safeParse({ ...erc1155, ercType: 'ERC-20' }).success).toBe(false)
    const pending = examples.find((e) => e.file === 'getIcmMessage.pending.sdk-doc.json')!.body as any
    // a delivered message needs its destination transaction
    expect(dataEndpoints.getIcmMessage.response.safeParse({ ...pending, sourceTransaction: { txHash: '0x1', timestamp: 1, gasSpent: '1' }, status: 'delivered' }).success).toBe(false)
  })

  it('reports a transactions list that fits none of the shapes against the shape its chainInfo names', () => {
    const r = dataEndpoints.listLatestPrimaryNetworkTransactions.response.safeParse({ transactions: [{ txHash: 'x' }], chainInfo: { chainName: 'p-chain', network: 'mainnet' } })
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain('transactions.0.blockTimestamp')
  })
})
