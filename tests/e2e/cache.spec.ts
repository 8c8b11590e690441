/**
 * The Cache panel against the local network (tests/sim), in Chromium (issue 21): what reading the validators
 * kept shows there per kind and profile; "/" focuses its search box; a kind exported as CSV; a clear that
 * asks first; browser mode shows the backup commands instead of choosing a file. Then issue 21's acceptance:
 * validators, a UTXO page and an address's transactions (loaded whole) browsed; with the sim stopped and the
 * page reloaded, each shows marked cached with its age, page 2 of the kept set (never asked by itself) opens,
 * and the search finds a transaction by hash and a validator by NodeID and opens them (its drawer, offline).
 */
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { callApp, expect, openPanel, shot, test } from './fixtures'
import { pickLookup } from './data-helpers'
import { openValidators } from './validators-helpers'

/** A page of 50 UTXOs of an address, shown. */
async function askUtxos(page: Page, address: string): Promise<void> {
  await page.getByTestId('utxo-addresses').fill(address)
  await page.getByTestId('utxo-limit').fill('50')
  await page.getByTestId('utxo-limit').blur()
  await page.getByTestId('utxo-show').click()
}

/** The Cache panel's search for one ID: its one hit of that kind, marked cached with its age. */
async function searchCache(page: Page, query: string, kind: string): Promise<Locator> {
  await openPanel(page, 'cache')
  await page.getByTestId('cache-search-input').locator('input').fill(query)
  const group = page.getByTestId(`cache-group-${kind}`)
  await expect(group.getByTestId('cache-hit')).toHaveCount(1)
  await expect(group.getByTestId('cache-hit')).toContainText(/cached (just now|\d+ s ago|\d+ min ago)/)
  return group
}

test.describe('cache panel', () => {
  test.describe.configure({ timeout: 120_000 })

  test('what was read is kept per kind and profile; "/" searches; a kind exports; a clear asks first; backup is a command here', async ({ app: page, sim: s, companion }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openValidators(page, s, 'Cache kept', [s.dataset.nodes.self])
    await expect(page.getByTestId('set-count')).toHaveText('2,000')
    await openPanel(page, 'cache')

    const table = page.getByTestId('cache-table')
    const row = table.locator('.n-data-table-tr', { hasText: 'Validators' }).filter({ hasText: 'Cache kept' })
    await expect(row).toBeVisible()
    // The active profile's row (this test's): the worker's server keeps what earlier tests cached for profiles of their own.
    const { activeId } = await callApp(companion, 'profiles.list', {})
    const kept = (await callApp(companion, 'cache.stats', {})).rows.find((r) => r.kind === 'validator' && r.network === 'mainnet' && r.profileId === activeId)
    expect(kept).toBeDefined()
    await expect(row).toContainText(kept!.count.toLocaleString('en-US'))
    await expect(row).toContainText('mainnet')
    await expect(page.getByTestId('cache-answers')).toContainText('Answers kept whole')
    await expect(page.getByTestId('cache-file-size')).toContainText('of its 2.0 GiB limit')

    // "/" focuses the search box, as in every panel.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('/')
    await expect(page.getByTestId('cache-search-input').locator('input')).toBeFocused()

    // Browser mode cannot choose a file on the machine: the commands that do, with this data folder.
    await expect(page.getByTestId('cache-backup-command')).toHaveAttribute('data-text', `companion call cache.backup '{"path":"/absolute/path/companion-backup.sqlite"}' --data-dir ${companion.dataDir}`)
    await expect(page.getByTestId('cache-backup-button')).toHaveCount(0)
    await shot(page, 'cache-01-kept')

    const download = page.waitForEvent('download')
    await row.getByRole('button', { name: 'CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^companion-validator-.*\.csv$/)
    const csv = await readFile((await file.path())!, 'utf8')
    expect(csv.split('\r\n')[0]).toBe('kind,key,network,chain,label,profileId,source,sort,fetchedAt,pinned,data')
    expect(csv).toContain(s.dataset.nodes.self)

    // Clearing asks first, saying what goes; "Keep" sends nothing.
    await row.getByTestId('cache-clear-row').click()
    await expect(page.locator('.n-popconfirm')).toContainText('unpinned validators of Cache kept')
    await page.locator('.n-popconfirm').getByRole('button', { name: 'Keep' }).click()
    await expect(row).toBeVisible()
    await row.getByTestId('cache-clear-row').click()
    await page.locator('.n-popconfirm').getByRole('button', { name: 'Clear' }).click()
    await expect(page.locator('.n-message', { hasText: /Removed [\d,]+ cached validators/ })).toBeVisible()
    await expect(row).toHaveCount(0)
    await shot(page, 'cache-02-cleared')
  })

  test('with the sim gone and the page reloaded: what was browsed shows cached with its age, the search finds a tx by hash and a validator by NodeID and opens them, page 2 of a kept set opens', async ({ app: page, sim: s, companion }) => {
    test.setTimeout(180_000)
    await page.emulateMedia({ colorScheme: 'light' })
    const nodeId = s.dataset.nodes.self
    const operator = s.dataset.wellKnown.operator.pChain
    const rich = s.dataset.richAddress.cChain

    // Browse: the validators, a page of UTXOs, and the transactions of an address loaded whole (10 a page).
    await openValidators(page, s, 'Cache offline', [nodeId])
    await expect(page.getByTestId('set-count')).toHaveText('2,000')
    await openPanel(page, 'utxos')
    await askUtxos(page, rich)
    await expect(page.getByTestId('utxo-page').getByTestId('utxo-count')).toHaveText('50 shown')
    await openPanel(page, 'data')
    await pickLookup(page, 'Primary Network', 'txs')
    const form = page.getByTestId('lookup-form')
    await form.getByTestId('field-blockchainId').fill('p-chain')
    await form.getByTestId('field-addresses').fill(operator)
    await form.getByTestId('field-pageSize').fill('10')
    await form.getByTestId('lookup-form-submit').click()
    const result = page.getByTestId('lookup-result')
    await expect(result.getByTestId('page-info')).toContainText('more pages follow')
    await result.getByTestId('load-all-start').click()
    await expect(result.getByTestId('load-all-state')).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
    const all = (await callApp(companion, 'data.listLatestPrimaryNetworkTransactions', { network: 'mainnet', blockchainId: 'p-chain', addresses: [operator], pageSize: 10 })).data as {
      transactions: { txHash: string }[]
      nextPageToken?: string
    }
    const tx = all.transactions[3]!.txHash
    const page2 = (await callApp(companion, 'data.listLatestPrimaryNetworkTransactions', { network: 'mainnet', blockchainId: 'p-chain', addresses: [operator], pageSize: 10, pageToken: all.nextPageToken! }))
      .data as { transactions: { txHash: string }[] }

    await s.stop()
    await page.reload()
    await expect(page.getByTestId('connection-state')).toHaveText('connected')

    // The transactions: the kept set, marked cached with its age; page 2 of it (never asked for by itself) too.
    await expect(page.getByTestId('panel-title')).toHaveText('Data lookups')
    await expect(result.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(result.getByTestId('source-marker')).toContainText(/cached · /)
    await expect(result.getByTestId('load-all-kept')).toContainText(/kept · /)
    await shot(page, 'cache-03-offline-kept-transactions')
    await result.getByTestId('show-pages').click()
    await result.getByTestId('next-page').click()
    await expect(result).toHaveAttribute('data-page', '2')
    await expect(result.getByTestId('page-table')).toHaveAttribute('data-rows', '10')
    await expect(result.getByTestId('page-table').getByTestId('cell-txHash').first()).toHaveAttribute('data-id', page2.transactions[0]!.txHash)
    await expect(result.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(result.getByTestId('source-marker')).toContainText(/cached · /)
    await shot(page, 'cache-04-offline-page-2')

    // The validators and the UTXO page, the same, marked cached with their age.
    await openPanel(page, 'validators')
    const set = page.getByTestId('validator-set')
    await expect(set.getByTestId('set-count')).toHaveText('2,000')
    await expect(set.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(set.getByTestId('source-marker')).toContainText(/cached · /)
    await openPanel(page, 'utxos')
    await askUtxos(page, rich)
    const utxos = page.getByTestId('utxo-page')
    await expect(utxos.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(utxos.getByTestId('source-marker')).toContainText(/cached · /)
    await expect(utxos.getByTestId('utxo-count')).toHaveText('50 shown')

    // The search: a transaction by its hash opens it in Data lookups, marked, from the cache.
    const txs = await searchCache(page, tx, 'transaction')
    await shot(page, 'cache-05-search-tx')
    await txs.getByTestId('cache-hit-link').click()
    await expect(page.getByTestId('panel-title')).toHaveText('Data lookups')
    await expect(result.getByTestId('highlighted-row').getByTestId('cell-txHash')).toHaveAttribute('data-id', tx)
    await expect(result.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await shot(page, 'cache-06-tx-opened')

    // A validator by its NodeID opens its drawer in Validators, from the cached set.
    const validators = await searchCache(page, nodeId, 'validator')
    await shot(page, 'cache-07-search-validator')
    await validators.getByTestId('cache-hit-link').click()
    await expect(page.getByTestId('panel-title')).toHaveText('Validators')
    await expect(page.getByTestId('drawer-node-id')).toHaveAttribute('data-text', nodeId)
    await expect(page.getByTestId('validator-drawer').getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(page.getByTestId('fact-Own stake')).toContainText('AVAX')
    await expect(page.getByTestId('validator-drawer')).not.toContainText('nothing is cached')
    await shot(page, 'cache-08-validator-opened')
  })
})
