/**
 * The Cache panel against the sim (issue 21): what reading the validators kept, per kind and profile; "/"
 * focuses its search; a kind exported as CSV (the file the page hands the browser to save); a clear that asks
 * first; browser mode's backup commands. Then issue 21's acceptance: validators, a UTXO page and an address's
 * transactions (loaded whole) browsed; with the sim stopped and the page reloaded, each shows marked cached,
 * page 2 of the kept set (never asked by itself) opens, and the search finds a transaction by hash and a
 * validator by NodeID and opens them (its drawer, offline).
 */
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { catchDownloads, layOut, mountApp, type MountedApp } from './mount'

let sim: Sim
beforeEach(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterEach(() => sim.stop())

const markerIn = (ui: MountedApp, testId: string): { source: string | null; text: string } => {
  const m = ui.get(testId).element.querySelector('[data-testid="source-marker"]')
  return { source: m?.getAttribute('data-source') ?? null, text: m?.textContent ?? '' }
}
const cachedIn = (ui: MountedApp, testId: string): boolean => ui.has(testId) && markerIn(ui, testId).source === 'cache' && markerIn(ui, testId).text.includes('cached · ')
/** The row of the Cache panel's table with all these words. */
const cacheRow = (...words: string[]): HTMLElement | undefined =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="cache-table"] .n-data-table-tbody .n-data-table-tr')].find((tr) => words.every((w) => tr.textContent?.includes(w)))
/** The button of an open confirmation with this text. */
const confirmButton = (text: string): HTMLButtonElement | undefined => [...document.querySelectorAll<HTMLButtonElement>('.n-popconfirm button')].find((b) => b.textContent?.trim() === text)

async function openValidators(ui: MountedApp, name: string): Promise<void> {
  await ui.profileAt(sim, name, { nodeIds: [sim.dataset.nodes.self] })
  await ui.go('/validators')
  await ui.until(() => ui.text('set-count') === '2,000', 'the validator set')
}

test('what was read is kept per kind and profile; "/" searches; a kind exports; a clear asks first; backup is a command here', async () => {
  const ui = await mountApp({ path: '/connections' })
  await openValidators(ui, 'Cache kept')
  await ui.go('/cache')
  await ui.until(() => cacheRow('Validators', 'Cache kept') !== undefined, 'the validators kept')
  const { activeId } = await ui.client.call('profiles.list', {})
  const kept = (await ui.client.call('cache.stats', {})).rows.find((r) => r.kind === 'validator' && r.network === 'mainnet' && r.profileId === activeId)!
  expect(kept).toBeDefined()
  expect(cacheRow('Validators', 'Cache kept')!.textContent).toContain(kept.count.toLocaleString('en-US'))
  expect(cacheRow('Validators', 'Cache kept')!.textContent).toContain('mainnet')
  expect(ui.text('cache-answers')).toContain('Answers kept whole')
  expect(ui.text('cache-file-size')).toContain('of its 2.0 GiB limit')

  // "/" focuses the search box, as in every panel.
  ;(document.activeElement as HTMLElement | null)?.blur()
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }))
  await ui.until(() => document.activeElement === ui.get('cache-search-input').find('input').element, 'the search box focused')

  // Browser mode cannot choose a file on the machine: the commands that do, with this data folder.
  expect(ui.get('cache-backup-command').attributes('data-text')).toBe(`companion call cache.backup '{"path":"/absolute/path/companion-backup.sqlite"}' --data-dir ${ui.dataDir}`)
  expect(ui.has('cache-backup-button')).toBe(false)

  // A kind as CSV: the file the page saves.
  const downloads = catchDownloads()
  try {
    ;[...cacheRow('Validators', 'Cache kept')!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'CSV')!.click()
    await ui.until(() => downloads.files.length === 1, 'the CSV saved')
  } finally {
    downloads.stop()
  }
  const [saved] = downloads.files
  expect(saved!.name).toMatch(/^companion-validator-.*\.csv$/)
  const csv = await saved!.text()
  expect(csv.split('\r\n')[0]).toBe('kind,key,network,chain,label,profileId,source,sort,fetchedAt,pinned,data')
  expect(csv).toContain(sim.dataset.nodes.self)

  // Clearing asks first, saying what goes; "Keep" sends nothing.
  cacheRow('Validators', 'Cache kept')!.querySelector<HTMLElement>('[data-testid="cache-clear-row"]')!.click()
  await ui.until(() => confirmButton('Keep') !== undefined, 'the confirmation')
  expect(document.querySelector('.n-popconfirm')!.textContent).toContain('unpinned validators of Cache kept')
  confirmButton('Keep')!.click()
  await ui.until(() => document.querySelector('.n-popconfirm') === null, 'the confirmation closed')
  expect(cacheRow('Validators', 'Cache kept')).toBeDefined()
  cacheRow('Validators', 'Cache kept')!.querySelector<HTMLElement>('[data-testid="cache-clear-row"]')!.click()
  await ui.until(() => confirmButton('Clear') !== undefined, 'the confirmation again')
  confirmButton('Clear')!.click()
  await ui.until(() => /Removed [\d,]+ cached validators/.test(document.body.textContent ?? '') && cacheRow('Validators', 'Cache kept') === undefined, 'the validators cleared')
})

test('with the sim gone and the page reloaded: what was browsed shows cached, the search finds a tx by hash and a validator by NodeID and opens them, page 2 of a kept set opens', async () => {
  const nodeId = sim.dataset.nodes.self
  const operator = sim.dataset.wellKnown.operator.pChain
  const rich = sim.dataset.richAddress.cChain
  const askUtxos = async (): Promise<void> => {
    await ui.until(() => ui.has('utxo-addresses'), 'the UTXOs form')
    await ui.fill('utxo-addresses', rich)
    await ui.fill('utxo-limit', '50')
    await ui.get('utxo-limit').trigger('blur')
    await ui.click('utxo-show')
  }
  const searchCache = async (query: string, kind: string): Promise<void> => {
    await ui.go('/cache')
    await ui.until(() => ui.has('cache-search-input'), 'the search box')
    await ui.fill('cache-search-input', query)
    const hits = (): Element[] => [...document.querySelectorAll(`[data-testid="cache-group-${kind}"] [data-testid="cache-hit"]`)]
    await ui.until(() => hits().length === 1 && /cached (just now|\d+ s ago|\d+ min ago)/.test(hits()[0]!.textContent ?? ''), `one cached ${kind} found`)
    document.querySelector<HTMLElement>(`[data-testid="cache-group-${kind}"] [data-testid="cache-hit-link"]`)!.click()
  }

  // Browse: the validators, a page of UTXOs, and the transactions of an address loaded whole (10 a page).
  const ui = await mountApp({ path: '/connections' })
  await openValidators(ui, 'Cache offline')
  await ui.go('/utxos')
  await askUtxos()
  await ui.until(() => ui.has('utxo-page') && ui.get('utxo-page').find('[data-testid="utxo-count"]').text() === '50 shown', 'a page of 50 UTXOs')
  await ui.go('/data')
  await ui.click('group-primary')
  await ui.click('lookup-txs')
  await ui.until(() => ui.has('lookup-form-submit'), 'the lookup form')
  await ui.fill('field-blockchainId', 'p-chain')
  await ui.fill('field-addresses', operator)
  await ui.fill('field-pageSize', '10')
  await ui.click('lookup-form-submit')
  await ui.until(() => ui.text('page-info').includes('more pages follow'), 'the first page')
  await ui.click('load-all-start')
  await ui.until(() => ui.has('load-all-state') && ui.get('load-all-state').attributes('data-state') === 'done', 'all pages loaded')
  const ask = { network: 'mainnet' as const, blockchainId: 'p-chain', addresses: [operator], pageSize: 10 }
  const all = (await ui.client.call('data.listLatestPrimaryNetworkTransactions', ask)).data as { transactions: { txHash: string }[]; nextPageToken?: string }
  const tx = all.transactions[3]!.txHash
  const page2 = (await ui.client.call('data.listLatestPrimaryNetworkTransactions', { ...ask, pageToken: all.nextPageToken! })).data as { transactions: { txHash: string }[] }

  await sim.stop()
  await ui.reload()
  await ui.until(() => ui.text('connection-state') === 'connected', 'the page connected again')

  // The transactions: the kept set, marked cached with its age; page 2 of it (never asked for by itself) too.
  await ui.until(() => ui.text('panel-title') === 'Data lookups' && cachedIn(ui, 'lookup-result'), 'the transactions, cached')
  expect(ui.text('load-all-kept')).toMatch(/kept · /)
  await ui.click('show-pages')
  await ui.click('next-page')
  await ui.until(() => ui.get('lookup-result').attributes('data-page') === '2' && ui.get('page-table').attributes('data-rows') === '10', 'page 2')
  await layOut(ui, 'page-table')
  await ui.until(() => ui.get('page-table').find('[data-testid="cell-txHash"]').attributes('data-id') === page2.transactions[0]!.txHash, 'page 2’s first transaction')
  expect(cachedIn(ui, 'lookup-result')).toBe(true)

  // The validators and the UTXO page, the same, marked cached with their age.
  await ui.go('/validators')
  await ui.until(() => ui.text('set-count') === '2,000' && cachedIn(ui, 'validator-set'), 'the validators, cached')
  await ui.go('/utxos')
  await askUtxos()
  await ui.until(() => cachedIn(ui, 'utxo-page') && ui.get('utxo-page').find('[data-testid="utxo-count"]').text() === '50 shown', 'the UTXO page, cached')

  // The search: a transaction by its hash opens it in Data lookups, marked, from the cache.
  await searchCache(tx, 'transaction')
  // It opens where it was kept: in the whole set loaded, not on a page.
  await ui.until(() => ui.text('panel-title') === 'Data lookups' && ui.has('load-all-table'), 'Data lookups again, the set loaded')
  await layOut(ui, 'load-all-table')
  await ui.until(() => ui.has('highlighted-row'), 'the transaction opened')
  expect(ui.get('highlighted-row').find('[data-testid="cell-txHash"]').attributes('data-id')).toBe(tx)
  expect(markerIn(ui, 'lookup-result').source).toBe('cache')

  // A validator by its NodeID opens its drawer in Validators, from the cached set.
  await searchCache(nodeId, 'validator')
  await ui.until(() => ui.text('panel-title') === 'Validators' && ui.has('drawer-node-id') && ui.get('drawer-node-id').attributes('data-text') === nodeId, 'the validator’s drawer')
  await ui.until(() => markerIn(ui, 'validator-drawer').source === 'cache' && ui.text('fact-Own stake').includes('AVAX'), 'its facts, from the cache')
  expect(ui.text('validator-drawer')).not.toContain('nothing is cached')
})
