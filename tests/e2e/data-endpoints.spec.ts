/**
 * Every endpoint of the data service and the metrics service, through the UI in Chromium against the
 * sim (issue 10). The endpoints are read from the spec: one the spec names without a way here to
 * reach it from the UI fails this test, naming it.
 */
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { Sim } from '../sim/index'
import { DEMO_WALLET, WELL_KNOWN_COLLECTIONS } from '../sim/dataset/evm'
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
  'GET /v1/subnetRpcUsageMetrics': async (page) => {
    await openPanel(page, 'metrics')
    const card = page.getByTestId('rpc-usage')
    await card.getByTestId('usage-form-submit').click()
    await expect(card.getByTestId('usage-info')).toContainText('intervals')
  },
  'GET metrics:/v1/avg_tps/{chainId}': async (page) => {
    await openPanel(page, 'metrics')
    await expect(page.getByTestId('avg-tps').getByTestId('tps-chart').locator('canvas')).toBeVisible()
  },
  'GET metrics:/v2/chains/{chainId}/contracts/{address}/nfts:listHolders': async (page) => {
    await openPanel(page, 'metrics')
    const card = page.getByTestId('nft-holders')
    await card.getByTestId('field-address').fill(WELL_KNOWN_COLLECTIONS.simPunks)
    await card.getByTestId('holders-form-submit').click()
    await expect(card.getByTestId('holders-table')).toHaveAttribute('data-rows', '1000')
  }
}

test('every data-service and metrics endpoint of the spec answers through the UI', async ({ app: page, sim }) => {
  const endpoints = specEndpoints()
  expect(endpoints.length).toBeGreaterThanOrEqual(20)
  expect(endpoints.filter((e) => !(e in STEPS)), 'endpoints of the spec the UI does not reach').toEqual([])

  await activateSimProfile(page, sim, 'Endpoints sim')

  for (const e of endpoints) await test.step(e, () => STEPS[e]!(page, sim))
})
