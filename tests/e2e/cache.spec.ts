/**
 * The Cache panel against the local network (tests/sim), in Chromium (issue 21): what reading the validators
 * kept shows there per kind and profile; "/" focuses its search box; a kind exported as CSV; a clear that
 * asks first; browser mode shows the backup commands instead of choosing a file. Then, with the sim stopped
 * and the page reloaded, the search finds a validator by NodeID and a transaction by hash and opens them.
 */
import { readFile } from 'node:fs/promises'
import { callApp, expect, openPanel, shot, test } from './fixtures'
import { openValidators } from './validators-helpers'

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
    const kept = (await callApp(companion, 'cache.stats', {})).rows.find((r) => r.kind === 'validator' && r.network === 'mainnet' && r.count >= 2_000)
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

  // cache.search's handler (src/main/services/cache/search.ts, the "entities" branch's) is still the scaffold on
  // main after the entities merge: it answers "being built". Turn this on when the search lands.
  test.fixme('with the sim gone and the page reloaded, the search finds a validator by NodeID and opens its drawer', async ({ app: page, sim: s }) => {
    await openValidators(page, s, 'Cache search', [s.dataset.nodes.self])
    await expect(page.getByTestId('set-count')).toHaveText('2,000')
    const nodeId = s.dataset.nodes.self
    await s.stop()
    await page.reload()
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    await openPanel(page, 'cache')
    await page.getByTestId('cache-search-input').locator('input').fill(nodeId)
    const validators = page.getByTestId('cache-group-validator')
    await expect(validators.getByTestId('cache-hit')).toHaveCount(1)
    await expect(validators).toContainText('cached')
    await shot(page, 'cache-03-search')
    await validators.getByTestId('cache-hit-link').click()
    await expect(page.getByTestId('panel-title')).toHaveText('Validators')
    await expect(page.getByTestId('drawer-node-id')).toHaveAttribute('data-text', nodeId)
  })
})
