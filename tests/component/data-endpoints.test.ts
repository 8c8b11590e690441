/**
 * Every endpoint of the data service and the metrics service, reached through the panels against the sim
 * (issue 10). The endpoints are read from the spec: one the spec names without a way here to reach it from the
 * UI fails this test, naming it. What each answer looks like in a real browser is the end-to-end tests' (data
 * lookups and paging, the metrics charts): here, that each is reached and answers live.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { DEMO_WALLET, WELL_KNOWN_COLLECTIONS } from '../sim/dataset/evm'
import { dateTime, integer } from '../../src/shared/domain/format'
import { specPath } from '../support/shared'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

/** "GET /v1/…" and "POST /v1/…" as the spec writes them; "{metrics_url}" marks the metrics service. */
function specEndpoints(): string[] {
  const text = readFileSync(specPath(), 'utf8')
  const out = new Set<string>()
  for (const m of text.matchAll(/\b(GET|POST) (\{metrics_url\})?(\/v[12]\/[^\s|`]+)/g)) out.add(`${m[1]} ${m[2] ? 'metrics:' : ''}${m[3]!.replace(/[.,:;)]+$/, '')}`)
  return [...out]
}

type Step = (ui: MountedApp) => Promise<void>

const GROUP_IDS = { 'Primary Network': 'primary', 'EVM chains': 'evm', 'Interchain messages': 'icm', Blocks: 'blocks' } as const
const value = (ui: MountedApp, testId: string): string => {
  const el = ui.get(testId).element
  const input = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? el : el.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')
  return input?.value ?? ''
}
const attr = (ui: MountedApp, testId: string, name: string): string | undefined => (ui.has(testId) ? ui.get(testId).attributes(name) : undefined)

/** Runs one lookup of the data panel with these fields and waits for a live answer with no error. */
function lookup(group: keyof typeof GROUP_IDS, id: string, fields: () => Record<string, string> | Promise<Record<string, string>>): Step {
  return async (ui) => {
    await ui.go('/data')
    await ui.click(`group-${GROUP_IDS[group]}`)
    await ui.click(`lookup-${id}`)
    await ui.until(() => ui.has('lookup-form-submit'), `the form of ${id}`)
    for (const [k, v] of Object.entries(await fields())) await ui.fill(`field-${k}`, v)
    await ui.click('lookup-form-submit')
    await ui.until(
      () => ui.has('lookup-result') && ui.get('lookup-result').find('[data-testid="source-marker"]').attributes('data-source') === 'live',
      `a live answer to ${id}`
    )
    expect(ui.get('lookup-result').find('.n-alert--error-type').exists(), `an error shown for ${id}`).toBe(false)
  }
}

/** The sim's own answer to a request, read straight from it. */
async function simJson<T>(url: string): Promise<T> {
  const res = await fetch(url)
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as T
}

async function firstIcmMessageId(): Promise<string> {
  const res = await simJson<{ messages: { messageId: string }[] }>(`${sim.dataUrl}/v1/icm/messages?network=mainnet&pageSize=1`)
  return res.messages[0]!.messageId
}

interface UsageAnswer {
  aggregateDuration: string
  metrics: { timestamp: number; values: { totalRequests: number }[] }[]
}
/** as the real metrics service sends it (the sim's default): sortKey a decimal string, the names as lists */
interface HoldersAnswer {
  addresses: { address: string; sortKey: string }[]
  nftCollectionName: string[]
  nftSymbol: string[]
  totalHolders: number
  totalTokens: number
}

/** How the UI reaches each endpoint of the spec. */
const STEPS: Record<string, Step> = {
  'POST /v1/signatureAggregator/{network}/aggregateSignatures': async (ui) => {
    await ui.go('/signatures')
    await ui.fill('field-justification', '0x0001')
    await ui.click('sig-aggregate-form-submit')
    await ui.until(() => ui.has('sig-aggregate-hex') && /^0x[0-9a-f]+$/.test(value(ui, 'sig-aggregate-hex')), 'the aggregated signature')
  },
  'GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}': async (ui) => {
    await ui.go('/signatures')
    await ui.fill('field-txHash', sim.dataset.l1Validators[0]!.registrationTxHash)
    await ui.click('sig-bytx-form-submit')
    await ui.until(() => ui.has('sig-bytx-hex') && /^0x[0-9a-f]+$/.test(value(ui, 'sig-bytx-hex')), 'the signature of a tx')
  },
  'GET /v1/networks/{network}/blockchains/{blockchainId}/transactions': lookup('Primary Network', 'txs', () => ({})),
  'GET /v1/networks/{network}/blockchains/{blockchainId}/vertices': lookup('Primary Network', 'vertices', () => ({})),
  'GET /v1/networks/{network}/subnets': lookup('Primary Network', 'subnets', () => ({})),
  'GET /v1/networks/{network}/l1Validators': lookup('Primary Network', 'l1', () => ({})),
  'GET /v1/networks/{network}/rewards:listPending': lookup('Primary Network', 'rewards', () => ({ nodeIds: sim.dataset.nodes.self })),
  'GET /v1/networks/{network}/addresses:listChainIds': lookup('Primary Network', 'chainids', () => ({ addresses: sim.dataset.wellKnown.rich.pChain })),
  'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721': lookup('EVM chains', 'erc721', () => ({ address: DEMO_WALLET })),
  'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155': lookup('EVM chains', 'erc1155', () => ({ address: DEMO_WALLET })),
  'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20': lookup('EVM chains', 'erc20', () => ({ address: DEMO_WALLET })),
  'GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles': lookup('EVM chains', 'collectibles', () => ({ address: DEMO_WALLET })),
  'GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}': lookup('EVM chains', 'nft', () => ({ address: WELL_KNOWN_COLLECTIONS.simItems, tokenId: '3' })),
  'GET /v1/icm/messages': lookup('Interchain messages', 'icm', () => ({})),
  'GET /v1/icm/addresses/{address}/messages': lookup('Interchain messages', 'icm-address', () => ({ address: DEMO_WALLET })),
  'GET /v1/icm/messages/{messageId}': lookup('Interchain messages', 'icm-one', async () => ({ messageId: await firstIcmMessageId() })),
  'GET /v1/blocks': lookup('Blocks', 'blocks', () => ({})),
  // The metrics steps compare what the page shows with the sim's own answer.
  'GET /v1/subnetRpcUsageMetrics': async (ui) => {
    // the form's defaults: daily, by RPC method, the last 7 days of the data set
    const want = await simJson<UsageAnswer>(`${sim.dataUrl}/v1/subnetRpcUsageMetrics?timeInterval=daily&groupBy=rpcMethod`)
    await ui.go('/metrics')
    await ui.click('usage-form-submit')
    const day = (t: number): string => dateTime(t * 1_000)
    const info = `${want.metrics.length} intervals of ${want.aggregateDuration} from ${day(want.metrics[0]!.timestamp)} to ${day(want.metrics.at(-1)!.timestamp)} ·`
    await ui.until(() => ui.text('usage-info').includes(info), `the usage "${info}"`)
    const total = want.metrics.flatMap((m) => m.values).reduce((a, v) => a + BigInt(v.totalRequests), 0n)
    expect(attr(ui, 'usage-totalRequests-summary', 'data-total')).toBe(total.toString())
  },
  'GET metrics:/v1/avg_tps/{chainId}': async (ui) => {
    const want = await simJson<{ results: { timestamp: number; value: number }[] }>(`${sim.metricsUrl}/v1/avg_tps/43114`)
    await ui.go('/metrics')
    await ui.until(() => attr(ui, 'tps-chart', 'data-points') === String(want.results.length), `${want.results.length} TPS points`)
    expect(attr(ui, 'tps-chart-summary', 'data-latest')).toBe(String(want.results[0]!.value))
  },
  'GET metrics:/v2/chains/{chainId}/contracts/{address}/nfts:listHolders': async (ui) => {
    const want = await simJson<HoldersAnswer>(`${sim.metricsUrl}/v2/chains/43114/contracts/${WELL_KNOWN_COLLECTIONS.simPunks}/nfts:listHolders`)
    await ui.go('/metrics')
    await ui.fill('field-address', WELL_KNOWN_COLLECTIONS.simPunks)
    await ui.click('holders-form-submit')
    await ui.until(() => attr(ui, 'holders-table', 'data-rows') === String(want.addresses.length), `${want.addresses.length} holders`)
    const [holders, tokens] = [integer(want.totalHolders), integer(want.totalTokens)]
    expect(ui.text('holders-totals')).toBe(`${want.nftCollectionName.join(', ')} ${want.nftSymbol.join(', ')} · ${holders} holders · ${tokens} tokens · page 1`)
    // Which holder comes first is the end-to-end metrics test's: the table scrolls virtually, and happy-dom, which
    // lays nothing out, gives it no height to put rows in.
  }
}

test('every data-service and metrics endpoint of the spec answers through the panels', async () => {
  const endpoints = specEndpoints()
  expect(endpoints.length).toBeGreaterThanOrEqual(20)
  expect(endpoints.filter((e) => !(e in STEPS)), 'endpoints of the spec the UI does not reach').toEqual([])

  const ui = await mountApp({ path: '/data' })
  await ui.profileAt(sim, 'Endpoints sim')
  for (const e of endpoints) {
    try {
      await STEPS[e]!(ui)
    } catch (err) {
      throw new Error(`${e}: ${(err as Error).message}`)
    }
  }
  // Twenty-two lookups in one page: a few seconds each on a 2-core machine running the other stages beside it.
}, 600_000)
