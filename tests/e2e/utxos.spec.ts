/**
 * The UTXOs panel in Chromium against the sim (tests/sim) (the addresses checked before anything is sent and
 * the pages with the real nodes' repeat left out are component tests: tests/component/utxos.test.ts): "load
 * all" of an address with 5,000+ UTXOs as a job with its count moving, then exact totals per asset,
 * then CSV and JSON exports whose rows match the sim's data set; a cancelled load; and with the sim
 * stopped, the page and the kept set still shown, marked cached with their age. (The sim serves only
 * well-formed UTXOs: a UTXO that does not decode is covered by tests/unit/utxo-atomic-panels.test.ts; the
 * Atomic panel's issue button off without --allow-node-changes is in tests/component/atomic.test.ts.)
 */
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { startSim, type Sim } from '../sim/index'
import { activateSimProfile, expect, openPanel, shot, test } from './fixtures'

let sim: Sim | undefined

test.afterEach(async () => {
  await sim?.stop()
  sim = undefined
})

async function openUtxos(page: Page, s: Sim, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' })
  await activateSimProfile(page, s, name)
  await openPanel(page, 'utxos')
  await expect(page.getByTestId('utxos-panel')).toBeVisible()
}

async function ask(page: Page, addresses: string, limit: number): Promise<void> {
  await page.getByTestId('utxo-addresses').fill(addresses)
  await page.getByTestId('utxo-limit').fill(String(limit))
  await page.getByTestId('utxo-limit').blur()
  await page.getByTestId('utxo-show').click()
}

test('load all of 5,000+ UTXOs with progress, exact totals, CSV and JSON matching the data set; cancel; offline', async ({ app: page }) => {
  test.setTimeout(180_000)
  const s = (sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }))
  const ds = s.dataset
  const rich = ds.richAddress
  const want = ds.atomicUtxos(ds.params.xChainId, rich.shortIdHex)
  expect(want.length).toBeGreaterThanOrEqual(5_000)
  await openUtxos(page, s, 'UTXO load all')
  await ask(page, rich.cChain, 50)
  await expect(page.getByTestId('utxo-page').getByTestId('utxo-count')).toHaveText('50 shown')

  // Each page takes a while, so the count can be seen moving.
  const slow = s.faults.add({ service: 'node', kind: 'latency', match: 'core.getUTXOs', ms: 1_500 })
  const set = page.getByTestId('utxo-set')
  await set.getByTestId('utxo-load-all').click()
  const job = set.getByTestId('utxo-job')
  // Every count the page shows, as it shows it (a MutationObserver: no timing involved).
  await job.evaluate((el) => {
    const seen: string[] = [el.getAttribute('data-done') ?? '']
    ;(window as unknown as { seenCounts: string[] }).seenCounts = seen
    new MutationObserver(() => seen.push(el.getAttribute('data-done') ?? '')).observe(el, { attributes: true, attributeFilter: ['data-done'] })
  })
  await expect(job).toHaveAttribute('data-state', 'running')
  await expect(job).toHaveAttribute('data-done', '1024')
  await expect(set.getByTestId('utxo-load-cancel')).toBeVisible()
  await shot(page, 'utxos-04-load-all-running')
  await expect(job).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  await expect(job).toHaveAttribute('data-done', String(want.length))
  // page by page: 1024, then 1023 new after each repeat
  const counts = await page.evaluate(() => [...new Set((window as unknown as { seenCounts: string[] }).seenCounts)])
  expect(counts).toEqual(['0', '1024', '2047', '3070', '4093', String(want.length)])
  s.faults.remove(slow)

  const total = want.reduce((sum, x) => sum + x.amount, 0n).toString()
  const byAsset = set.getByTestId('totals-by-asset')
  await expect(byAsset.getByTestId('total-amount')).toHaveAttribute('data-amount', total)
  await expect(byAsset).toContainText(want.length.toLocaleString('en-US'))
  await expect(set.getByTestId('totals-by-address').getByTestId('total-amount').first()).toHaveAttribute('data-amount', total)
  await expect(set.getByTestId('utxo-count')).toHaveText(`${want.length.toLocaleString('en-US')} shown`)
  // sort by amount (the first click: largest first); filter by a tx ID
  const largest = want.reduce((m, x) => (x.amount > m.amount ? x : m))
  const amountHeader = set.getByTestId('utxo-set-table').getByRole('columnheader', { name: 'Amount' }).getByRole('button')
  await amountHeader.click()
  // (several UTXOs may share the largest amount)
  await expect(set.getByTestId('utxo-row').first().getByTestId('utxo-amount')).toHaveAttribute('title', `${largest.amount} base units`)
  await set.getByTestId('utxo-filter').fill(largest.txHash)
  await expect(set.getByTestId('utxo-count')).toHaveText(new RegExp(`^\\d+ of ${want.length.toLocaleString('en-US')}$`))
  await set.getByTestId('utxo-filter').fill('')
  await shot(page, 'utxos-05-load-all-totals')

  const [csvDownload] = await Promise.all([page.waitForEvent('download'), set.getByTestId('utxo-export-csv').click()])
  expect(csvDownload.suggestedFilename()).toMatch(/^utxos-X-.*\.csv$/)
  const rows = (await readFile((await csvDownload.path())!, 'utf8')).trim().split('\r\n')
  expect(rows[0]).toBe('utxoID,txID,outputIndex,assetID,outputTypeID,amount (nAVAX for AVAX; base units of other assets),locktime (unix seconds),threshold,addresses,hex,error')
  expect(rows).toHaveLength(want.length + 1)
  const byId = new Map(want.map((x) => [x.utxoId, x]))
  // Compared in plain code and asserted once: 5,000 expect() calls would each be a traced step.
  const mismatches = rows.slice(1).filter((row) => {
    const [utxoID, txID, outputIndex, assetID, , amount, , , addresses] = row.split(',')
    const x = byId.get(utxoID!)
    return !x || txID !== x.txHash || Number(outputIndex) !== x.outputIndex || assetID !== x.asset.assetId || amount !== x.amount.toString() || addresses !== rich.cChain
  })
  expect(mismatches).toEqual([])
  expect(new Set(rows.slice(1).map((r) => r.split(',')[0])).size).toBe(want.length)
  const [jsonDownload] = await Promise.all([page.waitForEvent('download'), set.getByTestId('utxo-export-json').click()])
  const json = JSON.parse(await readFile((await jsonDownload.path())!, 'utf8')) as { utxoID: string; amount: string }[]
  expect(json).toHaveLength(want.length)
  expect(json.every((j) => byId.get(j.utxoID)?.amount.toString() === j.amount)).toBe(true)

  // A load cancelled after its first page keeps what came, and says it stopped before the end. Each page
  // takes 4 s, so the cancel lands before the second even on a loaded machine (it aborts the request at once).
  s.faults.add({ service: 'node', kind: 'latency', match: 'core.getUTXOs', ms: 4_000 })
  await set.getByTestId('utxo-load-all').click()
  await expect(job).toHaveAttribute('data-done', '1024')
  await set.getByTestId('utxo-load-cancel').click()
  await expect(job).toHaveAttribute('data-state', 'cancelled')
  await expect(set.getByTestId('utxo-set-age')).toContainText('stopped before the end')
  await expect(set.getByTestId('utxo-count')).toHaveText(/^1,0\d\d shown$/)
  await shot(page, 'utxos-06-load-all-cancelled')
  s.faults.clear()

  // With the node gone, the page seen before and the kept set still show, marked cached with their age.
  await s.stop()
  sim = undefined
  // Away and back, each panel shown before the next click (a click while the first navigation is under
  // way would cancel it and leave the panel as it was).
  await openPanel(page, 'validators')
  await openPanel(page, 'utxos')
  await ask(page, rich.cChain, 50)
  const pageCard = page.getByTestId('utxo-page')
  await expect(pageCard.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
  await expect(pageCard.getByTestId('source-marker')).toContainText('cached ·')
  await expect(pageCard.getByTestId('utxo-count')).toHaveText('50 shown')
  await expect(set.getByTestId('utxo-set-age')).toContainText('loaded')
  await expect(set.getByTestId('utxo-count')).toHaveText(/^1,0\d\d shown$/)
  await shot(page, 'utxos-07-offline')
  // The sets loaded before are listed; reloaded with the address in the link, the page shows from the cache.
  await expect(page.getByTestId('utxo-kept-set').first()).toContainText('UTXOs')
  await page.reload()
  await expect(page.getByTestId('utxo-addresses')).toHaveValue(rich.cChain)
  await expect(page.getByTestId('utxo-page').getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
})
