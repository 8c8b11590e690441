/**
 * Every endpoint of the data service and the metrics service, through the UI in Chromium against the
 * sim (issue 10). The endpoints are read from the spec: one the spec names without a way here to
 * reach it from the UI fails this test, naming it.
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { Sim } from '../sim/index'
import { DEMO_WALLET, WELL_KNOWN_COLLECTIONS } from '../sim/dataset/evm'
import { dateTime, integer } from '../../src/shared/domain/format'
import { specPath } from '../support/shared'
import { GROUP_IDS, pickLookup } from './data-helpers'
import { activateSimProfile, expect, openPanel, test } from './fixtures'

/** "GET /v1/…" and "POST /v1/…" as the spec writes them; "{metrics_url}" marks the metrics service. */
function specEndpoints(): string[] {
  const text = readFileSync(specPath(), 'utf8')
  const out = new Set<string>()
  for (const m of text.matchAll(/\b(GET|POST) (\{metrics_url\})?(\/v[12]\/[^\s|`]+)/g)) out.add(`${m[1]} ${m[2] ? 'metrics:' : ''}${m[3]!.replace(/[.,:;)]+$/, '')}`)
  return [...out]
}

type Step = (page: Page, sim: Sim) => Promise<void>

/** Runs one lookup of the data panel with these fields and waits for a live answer. */
function lookup(group: keyof typeof GROUP_IDS, id: string, fields: (sim: Sim) => Record<string, string> | Promise<Record<string, string>>): Step {
  return async (page, sim) => {
    await openPanel(page, 'data')
    await pickLookup(page, group, id)
    const form = page.getByTestId('lookup-form')
    for (const [k, v] of Object.entries(await fields(sim))) await form.getByTestId(`field-${k}`).fill(v)
    await form.getByTestId('lookup-form-submit').click()
    const result = page.getByTestId('lookup-result')
    await expect(result.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')
    await expect(result.locator('.n-alert--error-type')).toHaveCount(0)
  }
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

/** The sim's own answer to a request, read straight from it. */
async function simJson<T>(url: string): Promise<T> {
  const res = await fetch(url)
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as T
}

async function firstIcmMessageId(sim: Sim): Promise<string> {
  const res = (await (await fetch(`${sim.dataUrl}/v1/icm/messages?network=mainnet&pageSize=1`)).json()) as { messages: { messageId: string }[] }
  return res.messages[0]!.messageId
}

/** How the UI reaches each endpoint of the spec. */
const STEPS: Record<string, Step> = {
  'POST /v1/signatureAggregator/{network}/aggregateSignatures': async (page) => {
    await openPanel(page, 'signatures')
    const card = page.getByTestId('sig-aggregate')
    await card.getByTestId('field-justification').fill('0x0001')
    await card.getByTestId('sig-aggregate-form-submit').click()
    await expect(card.getByTestId('sig-aggregate-hex')).toHaveValue(/^0x[0-9a-f]+$/)
  },
  'GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}': async (page, sim) => {
    await openPanel(page, 'signatures')
    const card = page.getByTestId('sig-bytx')
    await card.getByTestId('field-txHash').fill(sim.dataset.l1Validators[0]!.registrationTxHash)
    await card.getByTestId('sig-bytx-form-submit').click()
    await expect(card.getByTestId('sig-bytx-hex')).toHaveValue(/^0x[0-9a-f]+$/)
  },
  'GET /v1/networks/{network}/blockchains/{blockchainId}/transactions': lookup('Primary Network', 'txs', () => ({})),
  'GET /v1/networks/{network}/blockchains/{blockchainId}/vertices': lookup('Primary Network', 'vertices', () => ({})),
  'GET /v1/networks/{network}/subnets': lookup('Primary Network', 'subnets', () => ({})),
  'GET /v1/networks/{network}/l1Validators': lookup('Primary Network', 'l1', () => ({})),
  'GET /v1/networks/{network}/rewards:listPending': lookup('Primary Network', 'rewards', (sim) => ({ nodeIds: sim.dataset.nodes.self })),
  'GET /v1/networks/{network}/addresses:listChainIds': lookup('Primary Network', 'chainids', (sim) => ({ addresses: sim.dataset.wellKnown.rich.pChain })),
  'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721': lookup('EVM chains', 'erc721', () => ({ address: DEMO_WALLET })),
  'GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155': lookup('EVM chains', 'erc1155', () => ({ address: DEMO_WALLET })),
  'GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20': lookup('EVM chains', 'erc20', () => ({ address: DEMO_WALLET })),
  'GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles': lookup('EVM chains', 'collectibles', () => ({ address: DEMO_WALLET })),
  'GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}': lookup('EVM chains', 'nft', () => ({ address: WELL_KNOWN_COLLECTIONS.simItems, tokenId: '3' })),
  'GET /v1/icm/messages': lookup('Interchain messages', 'icm', () => ({})),
  'GET /v1/icm/addresses/{address}/messages': lookup('Interchain messages', 'icm-address', () => ({ address: DEMO_WALLET })),
  'GET /v1/icm/messages/{messageId}': lookup('Interchain messages', 'icm-one', async (sim) => ({ messageId: await firstIcmMessageId(sim) })),
  'GET /v1/blocks': lookup('Blocks', 'blocks', () => ({})),
  // The metrics steps compare what the page shows with the sim's own answer (tests/e2e/metrics.spec.ts does more).
  'GET /v1/subnetRpcUsageMetrics': async (page, sim) => {
    // the form's defaults: daily, by RPC method, the last 7 days of the data set
    const want = await simJson<UsageAnswer>(`${sim.dataUrl}/v1/subnetRpcUsageMetrics?timeInterval=daily&groupBy=rpcMethod`)
    await openPanel(page, 'metrics')
    const card = page.getByTestId('rpc-usage')
    await card.getByTestId('usage-form-submit').click()
    const day = (t: number): string => dateTime(t * 1_000)
    await expect(card.getByTestId('usage-info')).toContainText(`${want.metrics.length} intervals of ${want.aggregateDuration} from ${day(want.metrics[0]!.timestamp)} to ${day(want.metrics.at(-1)!.timestamp)} ·`)
    const total = want.metrics.flatMap((m) => m.values).reduce((a, v) => a + BigInt(v.totalRequests), 0n)
    await expect(card.getByTestId('usage-totalRequests-summary')).toHaveAttribute('data-total', total.toString())
  },
  'GET metrics:/v1/avg_tps/{chainId}': async (page, sim) => {
    const want = await simJson<{ results: { timestamp: number; value: number }[] }>(`${sim.metricsUrl}/v1/avg_tps/43114`)
    await openPanel(page, 'metrics')
    const chart = page.getByTestId('avg-tps').getByTestId('tps-chart')
    await expect(chart.locator('canvas')).toBeVisible()
    await expect(chart).toHaveAttribute('data-points', String(want.results.length))
    await expect(page.getByTestId('tps-chart-summary')).toHaveAttribute('data-latest', String(want.results[0]!.value))
  },
  'GET metrics:/v2/chains/{chainId}/contracts/{address}/nfts:listHolders': async (page, sim) => {
    const want = await simJson<HoldersAnswer>(`${sim.metricsUrl}/v2/chains/43114/contracts/${WELL_KNOWN_COLLECTIONS.simPunks}/nfts:listHolders`)
    await openPanel(page, 'metrics')
    const card = page.getByTestId('nft-holders')
    await card.getByTestId('field-address').fill(WELL_KNOWN_COLLECTIONS.simPunks)
    await card.getByTestId('holders-form-submit').click()
    await expect(card.getByTestId('holders-table')).toHaveAttribute('data-rows', String(want.addresses.length))
    const [holders, tokens] = [integer(want.totalHolders), integer(want.totalTokens)]
    await expect(card.getByTestId('holders-totals')).toHaveText(`${want.nftCollectionName.join(', ')} ${want.nftSymbol.join(', ')} · ${holders} holders · ${tokens} tokens · page 1`)
    // the biggest holder first, as the sim ranks them
    const first = card.getByTestId('holders-table').locator('.n-data-table-tbody .n-data-table-tr').first().locator('.n-data-table-td')
    await expect(first.nth(1).getByTestId('cell-address')).toHaveAttribute('data-id', want.addresses[0]!.address)
    await expect(first.nth(2)).toHaveText(integer(want.addresses[0]!.sortKey))
  }
}

test('every data-service and metrics endpoint of the spec answers through the UI', async ({ app: page, sim }) => {
  const endpoints = specEndpoints()
  expect(endpoints.length).toBeGreaterThanOrEqual(20)
  expect(endpoints.filter((e) => !(e in STEPS)), 'endpoints of the spec the UI does not reach').toEqual([])

  await activateSimProfile(page, sim, 'Endpoints sim')

  for (const e of endpoints) await test.step(e, () => STEPS[e]!(page, sim))
})
