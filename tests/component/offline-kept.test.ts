/**
 * Offline, every view that answers from the cache says which parts it does not have (issue 33 point 2): a part
 * never read while the node answered is said to be not kept, never shown as an empty list, a zero or a blank
 * that reads as one. One app and one page: a few parts read online, the sim stopped, then each view in turn.
 * - P-Chain: a block at a height never read, and a balance never read, say nothing is cached for them (no
 *   empty block, no "0 AVAX"); a block read before shows cached;
 *   for a node that never answered, the blockchains are said not kept (not Naive UI's "No Data", which reads
 *   as a node without blockchains).
 * - UTXOs: an address read before shows its page cached, and its next page, never read, says nothing is cached
 *   (no "fetched 0"); an address never read says the same, not an empty page.
 * - Atomic transactions: a tx looked up before shows its status cached; one never looked up says nothing is
 *   cached, with no status tag.
 * - Metrics: the average TPS never read says so, not "0 points" over an empty chart.
 * - Fleet: a node never checked says "not checked" and "not kept" in its row, not "none" alerts or a bare dash.
 * (The validators, status, C-Chain and cache views have theirs: validators*.test.ts, status-live.test.ts,
 * service-offline.test.ts, cchain-offline.test.ts, cache.test.ts.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { closedPort } from '../support/ports'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
let stopped = false
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(async () => {
  if (!stopped) await sim.stop()
})

const NOTHING_CACHED = 'Cannot reach the node and nothing is cached yet.'
/** The text of the element with this test id inside the one with that test id ('' when there is none). */
const inside = (ui: MountedApp, outer: string, testId: string): string => {
  const found = ui.get(outer).find(`[data-testid="${testId}"]`)
  return found.exists() ? found.text() : ''
}
const sourceOf = (ui: MountedApp, outer: string): string | undefined => ui.get(outer).find('[data-testid="source-marker"]').attributes('data-source')

test('offline, each view says what was not kept: a block, the blockchains, a UTXO page, an atomic tx, the TPS, a node never checked', async () => {
  const ds = sim.dataset
  const ui = await mountApp({ path: '/connections' })
  const id = await ui.profileAt(sim, 'Kept offline')
  // A second node, its watch off: never checked, and never answered (nothing of it is kept).
  const nowhere = `http://127.0.0.1:${await closedPort()}`
  const other = await ui.client.call('profiles.create', { profile: { name: 'Never checked', network: 'mainnet', nodeUrl: nowhere, dataUrl: nowhere, metricsUrl: nowhere, nodeIds: [] } })
  await ui.client.call('watch.setSettings', { profileId: other.id, enabled: false })

  // Online, a few parts read as the panels read them (a second window would): each is kept.
  const mid = Math.floor(ds.pBlocks.length / 2)
  const [keptBlock, neverBlock] = [ds.pBlocks[mid]!, ds.pBlocks[mid + 3]!]
  await ui.client.call('pchain.getBlockByHeight', { height: keptBlock.height.toString(), encoding: 'json' })
  await ui.client.call('core.getUTXOs', { addresses: [ds.signer.cChain], sourceChain: 'X', limit: 5 })
  const [keptTx, neverTx] = ds.transactions.filter((t) => t.chain === 'C')
  await ui.client.call('core.getAtomicTx', { txID: keptTx!.txHash })
  await ui.client.call('core.getAtomicTxStatus', { txID: keptTx!.txHash })
  await ui.client.call('watch.check', { profileId: id })

  stopped = true
  await sim.stop()
  await ui.click('status-probe')
  await ui.until(() => ui.has('node-banner'), 'the node banner')

  // P-Chain: a height never read, then a block read before.
  await ui.go(`/pchain?height=${neverBlock.height}`)
  await ui.until(() => inside(ui, 'pchain-block', 'error-notice').includes(NOTHING_CACHED), 'the block never read said not cached')
  expect(ui.text('pchain-block')).toContain('Could not read the block')
  expect(ui.has('pchain-block-id')).toBe(false)
  expect(ui.text('pchain-block')).not.toMatch(/Transactions \(0\)|Height /)
  // A P-Chain balance never read: no fields, none of them "0 AVAX" or "none".
  await ui.fill('pchain-balance-input', ds.wellKnown.operator.pChain)
  await ui.click('pchain-balance-go')
  await ui.until(() => inside(ui, 'pchain-balance', 'error-notice').includes(NOTHING_CACHED), 'the balance never read said not cached')
  expect(ui.text('pchain-balance')).toContain('Could not read the balances')
  expect(ui.has('pchain-balance-fields')).toBe(false)
  await ui.go(`/pchain?height=${keptBlock.height}`)
  await ui.until(() => ui.text('pchain-block-id') === keptBlock.blockId, 'the block read before')
  expect(sourceOf(ui, 'pchain-block')).toBe('cache')
  expect(inside(ui, 'pchain-block', 'source-marker')).toMatch(/^cached · /)

  // UTXOs: the address read before, its page cached and its next page never read; then an address never read.
  await ui.go(`/utxos?address=${ds.signer.cChain}&limit=5`)
  await ui.until(() => ui.get('utxo-page').findAll('[data-testid="utxo-row"]').length === 5, 'the kept page of 5')
  expect(sourceOf(ui, 'utxo-page')).toBe('cache')
  expect(inside(ui, 'utxo-page', 'source-marker')).toMatch(/^cached · /)
  await ui.click('utxo-next-page')
  await ui.until(() => ui.get('utxo-page').attributes('data-page') === '2' && inside(ui, 'utxo-page', 'error-notice').includes(NOTHING_CACHED), 'page 2 said not cached')
  expect(ui.has('utxo-page-info')).toBe(false)
  expect(ui.text('utxo-page')).not.toMatch(/fetched 0|No Data/)
  await ui.go(`/utxos?address=${ds.wellKnown.operator.cChain}`)
  await ui.until(() => inside(ui, 'utxo-page', 'error-notice').includes(NOTHING_CACHED), 'the address never read said not cached')
  expect(ui.text('utxo-page')).toContain('Could not read the UTXOs')
  expect(ui.has('utxo-page-info')).toBe(false)
  expect(ui.has('utxo-page-table')).toBe(false)
  // "Load all" never ran for it: said so, with no totals that would read as zero.
  expect(ui.text('utxo-set')).toContain('Nothing loaded for these addresses yet')
  expect(ui.has('totals-by-asset')).toBe(false)

  // Atomic transactions: a tx never looked up, then the one looked up before.
  await ui.go(`/atomic?tx=${neverTx!.txHash}`)
  // (Both reads settled: a probe reads every view again, "reading…" meanwhile.)
  await ui.until(() => ui.text('tx-lookup').includes('Could not read the status') && ui.text('tx-lookup').includes('Could not read the transaction') && !ui.text('tx-status').includes('reading…'), 'the tx never read')
  expect(ui.all('error-notice').filter((n) => n.text().includes(NOTHING_CACHED))).toHaveLength(2)
  expect(ui.has('tx-status-value')).toBe(false)
  expect(ui.text('tx-lookup')).not.toContain('Unknown')
  await ui.go(`/atomic?tx=${keptTx!.txHash}`)
  await ui.until(() => ui.text('tx-status-value') === 'Accepted', 'the kept status')
  expect(sourceOf(ui, 'tx-lookup')).toBe('cache')

  // Metrics: the average TPS was never read.
  await ui.go('/metrics')
  await ui.until(() => ui.text('tps-last-run').includes('never read'), 'the TPS said not kept')
  expect(ui.text('tps-last-run')).toBe('No TPS of this chain is kept: it was never read from the metrics service.')
  expect(ui.text('avg-tps')).not.toMatch(/0 points|last update/)
  expect(ui.has('tps-chart')).toBe(false)

  // Fleet: the node never checked, beside the one checked while it answered.
  await ui.go('/fleet')
  const row = (name: string) => ui.all('fleet-row').find((r) => r.attributes('data-profile-name') === name)
  await ui.until(() => row('Never checked') !== undefined && row('Kept offline') !== undefined, 'both rows')
  const never = row('Never checked')!
  const cell = (testId: string): string => never.find(`[data-testid="${testId}"]`).text()
  expect(never.attributes('data-state')).toBe('unchecked')
  expect(cell('fleet-row-reach')).toBe('not checked yet')
  expect(cell('fleet-row-alerts')).toBe('not checked')
  expect(cell('fleet-row-uptime')).toBe('not kept')
  expect(cell('fleet-row-stake-end')).toBe('not kept')
  expect(never.find('[data-testid="fleet-row-uptime-not-kept"]').attributes('title')).toBe('No check kept yet: its validators were never read')
  expect(cell('fleet-row-last-check')).toContain('none yet')
  // The node checked while it answered keeps its figures.
  expect(row('Kept offline')!.find('[data-testid="fleet-row-uptime"]').text()).toMatch(/^\d+\.\d{2} %$/)

  // The node that never answered made active: its P-Chain blockchains (read at connect, for the chains' names,
  // so kept for the first node) were never read.
  await ui.client.call('profiles.activate', { id: other.id })
  await ui.until(() => ui.text('status-profile').includes('Never checked'), 'the other profile active')
  await ui.go('/pchain')
  await ui.until(() => ui.text('pchain-blockchains-empty').includes('not kept'), 'the blockchains said not kept')
  expect(ui.text('pchain-blockchains-empty')).toBe('The list of blockchains was not kept: it was never read from this node. It shows once the node answers.')
  expect(ui.text('pchain-blockchains')).not.toContain('No Data')
})
