/**
 * The C-Chain live view in Chromium against the sim: the live block list advancing through two websocket
 * drops with no missing and no repeated height (checked against anvil), the fee chart, the chain config, a
 * block's transactions, a second EVM instance's live view; and browser mode's own websocket to the app lost,
 * the badge then saying 'stale' rather than 'live'. (The heads and fees kept offline and the node back are a
 * component test: tests/component/cchain.test.ts; the P-Chain explorer: tests/component/pchain.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startSim, type Sim } from '../sim/index'
import { dateTime, utcText } from '../../src/shared/domain/format'
import { activateSimProfile, expect, openPanel, readServeUrl, shot, startServe, stop, test } from './fixtures'

let sim: Sim | undefined

test.afterEach(async () => {
  await sim?.stop()
  sim = undefined
})

async function openChainPanel(page: Page, s: Sim, name: string, panel: 'pchain' | 'cchain'): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' })
  await activateSimProfile(page, s, name)
  await openPanel(page, panel)
  await expect(page.getByTestId(`${panel}-panel`)).toBeVisible()
}

async function anvil(url: string, method: string, params: unknown[] = []): Promise<any> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await r.json()) as { result: unknown }).result
}

test('C-Chain live: advances through two websocket drops with no gap, fees, config, a block; a second instance', async ({ app: page }) => {
  test.setTimeout(150_000)
  const s = (sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, blockTime: 1 }))
  await openChainPanel(page, s, 'C-Chain sim', 'cchain')
  await expect(page.getByTestId('cchain-chain-id')).toHaveText('43114')
  await expect(page.getByTestId('cchain-network-id')).toHaveText(/^\d+$/)
  const live = page.getByTestId('cchain-live')
  await expect(live.getByTestId('cchain-live-state')).toHaveText('live')
  await expect(live.getByTestId('head-number').first()).toBeVisible()

  s.faults.add({ service: 'node', kind: 'wsDrop', match: '/ext/bc/C/ws eth_subscription', count: 2 })
  await expect(live.getByTestId('cchain-live-meta')).toContainText('reconnects 2', { timeout: 60_000 })
  expect(s.faults.list()).toEqual([])
  const afterDrops = BigInt((await live.getByTestId('head-number').first().textContent())!)
  await expect.poll(async () => BigInt((await live.getByTestId('head-number').first().textContent())!), { timeout: 30_000 }).toBeGreaterThan(afterDrops + 2n)
  await expect(live.getByTestId('cchain-live-state')).toHaveText('live')

  // every row shown: consecutive heights, newest first, each one anvil's own block
  // read in one go: a new head may arrive between two reads and shift the rows
  const rows = await live.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.children[0]?.textContent ?? '', tr.children[1]?.querySelector('[data-id]')?.getAttribute('data-id') ?? '']))
  const numbers = rows.map(([n]) => BigInt(n!))
  const hashes = rows.map(([, h]) => h)
  expect(numbers.length).toBeGreaterThan(5)
  for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[i - 1]! - 1n)
  for (let i = 0; i < numbers.length; i++) {
    const b = (await anvil(s.anvilUrl, 'eth_getBlockByNumber', [`0x${numbers[i]!.toString(16)}`, false])) as { hash: string }
    expect(hashes[i]).toBe(b.hash)
  }
  await expect.poll(async () => Number(await page.getByTestId('cchain-fees').getAttribute('data-points'))).toBeGreaterThan(2)
  await expect(page.getByTestId('cchain-fee-chart').locator('canvas')).toBeVisible()
  await expect(page.getByTestId('cchain-config')).toContainText('chainId: 43114')
  // Fork times are local dates with the raw unix seconds on hover (review #29).
  const granite = page.getByTestId('config-time').filter({ hasText: /^graniteTimestamp: / })
  await expect(granite).toHaveText(`graniteTimestamp: ${dateTime(253399622400 * 1000)}`)
  await expect(granite).toHaveAttribute('title', `253399622400 (unix seconds) · ${utcText(253399622400 * 1000)}`)
  await shot(page, 'cchain-live')
  await page.getByTestId('cchain-fees').scrollIntoViewIfNeeded()
  await shot(page, 'cchain-fees')

  // a block with a transaction opens to its header and transactions
  const [from, to] = (await anvil(s.anvilUrl, 'eth_accounts')) as string[]
  const txHash = (await anvil(s.anvilUrl, 'eth_sendTransaction', [{ from, to, value: '0x2a' }])) as string
  const receiptOf = async () => (await anvil(s.anvilUrl, 'eth_getTransactionReceipt', [txHash])) as { blockNumber: string; blockHash: string } | null
  await expect.poll(receiptOf, { timeout: 20_000 }).not.toBeNull()
  const receipt = (await receiptOf())!
  const n = BigInt(receipt.blockNumber).toString()
  await expect(live.getByTestId('head-number').filter({ hasText: new RegExp(`^${n}$`) })).toBeVisible({ timeout: 20_000 })
  await live.getByTestId('head-number').filter({ hasText: new RegExp(`^${n}$`) }).click()
  const drawer = page.getByTestId('cchain-block-drawer')
  await expect(drawer.getByTestId('cchain-block-header')).toContainText(receipt.blockHash)
  await expect(drawer.locator(`[data-testid="ctx-hash"][data-id="${txHash}"]`)).toBeVisible()
  await expect(drawer.locator(`[data-testid="ctx-from"][data-id="${from!.toLowerCase()}"], [data-testid="ctx-from"][data-id="${from}"]`).first()).toBeVisible()
  await expect(drawer.getByTestId('cblock-miner-open')).toBeVisible()
  await shot(page, 'cchain-block')
  // The parent hash opens the parent block in the drawer; back returns to this one.
  const parentHash = (await anvil(s.anvilUrl, 'eth_getBlockByNumber', [`0x${(BigInt(n) - 1n).toString(16)}`, false])) as { hash: string }
  await drawer.getByTestId('cblock-parent-open').click()
  await expect(page).toHaveURL(new RegExp(`#/cchain\\?block=${BigInt(n) - 1n}`))
  await expect(drawer.getByTestId('cblock-hash')).toHaveAttribute('data-text', parentHash.hash)
  await page.goBack()
  await expect(drawer.getByTestId('cblock-number')).toHaveText(n)
  await page.screenshot({ path: test.info().outputPath('cchain-block-drawer.png') })
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  // the second EVM instance, chosen from the node's blockchains
  const inst = s.evmInstances[0]!
  await page.getByTestId('cchain-instance').click()
  await page.locator('.n-base-select-option', { hasText: inst.blockchainId.slice(0, 10) }).click()
  await expect(page.getByTestId('cchain-chain-id')).toHaveText(String(inst.evmChainId))
  await expect(live.getByTestId('cchain-live-state')).toHaveText('live')
  await expect(live.getByTestId('head-number').first()).toBeVisible()
  const [instRow] = await live.locator('tbody tr').evaluateAll((trs) => trs.slice(0, 1).map((tr) => [tr.children[0]?.textContent ?? '', tr.children[1]?.querySelector('[data-id]')?.getAttribute('data-id') ?? '']))
  const instBlock = (await anvil(inst.anvilUrl, 'eth_getBlockByNumber', [`0x${BigInt(instRow![0]!).toString(16)}`, false])) as { hash: string }
  expect(instRow![1]).toBe(instBlock.hash)
  await expect(page.getByTestId('cchain-config')).toContainText(`chainId: ${inst.evmChainId}`)
  await shot(page, 'cchain-second-instance')
})

test("C-Chain live: the browser's link to the app gone, the badge says 'stale', not 'live' (review #16)", async ({ page }) => {
  test.setTimeout(90_000)
  // A server of its own, so that stopping it leaves the shared one alone.
  const dataDir = await mkdtemp(join(tmpdir(), 'companion-e2e-cchain-stale-'))
  const serve = startServe(dataDir)
  try {
    const s = (sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, blockTime: 1 }))
    await page.goto(await readServeUrl(serve))
    await openChainPanel(page, s, 'C-Chain stale', 'cchain')
    const live = page.getByTestId('cchain-live')
    await expect(live.getByTestId('cchain-live-state')).toHaveText('live')
    await stop(serve)
    await expect(live.getByTestId('cchain-live-state')).toHaveText('stale')
    await expect(live.getByTestId('cchain-live-state')).toHaveAttribute('title', /link to the app is down/)
  } finally {
    await stop(serve)
    await rm(dataDir, { recursive: true, force: true })
  }
})
