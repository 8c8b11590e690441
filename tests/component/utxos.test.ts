/**
 * The UTXOs panel for given data: addresses checked before anything is sent, the signer's UTXOs decoded page
 * by page with the real nodes' repeat left out, a row opened to every field with the raw hex beside them.
 * (Loading all of them, the exports and the offline journey stay end-to-end: tests/e2e/utxos.spec.ts.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

test('addresses checked before sending: an X- address and another network’s are named, and nothing is sent', async () => {
  const ds = sim.dataset
  const ui = await mountApp({ path: '/utxos' })
  await ui.profileAt(sim)
  await ui.until(() => ui.has('utxos-panel'), 'the UTXOs panel')
  await ui.fill('utxo-addresses', `${ds.signer.xChain} C-fuji1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq`)
  await ui.fill('utxo-limit', '5')
  await ui.click('utxo-show')
  await ui.until(() => ui.all('utxo-problem').length === 2, 'two problems')
  expect(ui.text('utxo-problems')).toContain('starts with X-: write it as C-avax1…')
  expect(ui.text('utxo-problems')).toContain('C-fuji1')
  expect(ui.has('utxo-page')).toBe(false)
})

test('the signer UTXOs page by page, the real nodes’ repeat left out; a row opens every field with its hex; a tx opens on its chain', async () => {
  const ds = sim.dataset
  const ui = await mountApp({ path: '/utxos' })
  await ui.profileAt(sim, 'UTXO pages')
  await ui.until(() => ui.has('utxos-panel'), 'the UTXOs panel')
  const want = ds.atomicUtxos(ds.params.xChainId, ds.signer.shortIdHex)
  expect(want).toHaveLength(12)
  const byId = new Map(want.map((u) => [u.utxoId, u]))
  const rows = (): string[] => ui.get('utxo-page-table').findAll('[data-testid="utxo-row"]').map((r) => r.attributes('data-utxo')!)
  const pageNumber = (): string | undefined => (ui.has('utxo-page') ? ui.get('utxo-page').attributes('data-page') : undefined)

  await ui.fill('utxo-addresses', ds.signer.cChain)
  await ui.fill('utxo-limit', '5')
  // A number field takes what was typed when it loses focus, as a person's click elsewhere does.
  await ui.get('utxo-limit').trigger('blur')
  await ui.click('utxo-show')
  await ui.until(() => ui.has('utxo-page-table') && rows().length === 5, 'a page of 5')
  expect(ui.has('utxo-problems')).toBe(false)
  expect(ui.get('utxo-page').find('[data-testid="source-marker"]').attributes('data-source')).toBe('live')
  const first = rows()
  for (const id of first) expect(byId.has(id)).toBe(true)
  // The view is in the address.
  expect(window.location.hash).toContain(`#/utxos?address=${ds.signer.cChain}&limit=5`)

  // A row opens every field, exact, with the raw hex beside them (on its ID: the row's other cells hold links).
  const u = byId.get(first[0]!)!
  await ui.get('utxo-page-table').find(`[data-testid="utxo-row"][data-utxo="${u.utxoId}"] [role="cell"]`).trigger('click')
  await ui.until(() => ui.has('utxo-detail'), 'the UTXO detail')
  const detail = ui.text('utxo-detail')
  expect(detail).toContain(u.txHash)
  expect(detail).toContain('secp256k1 transfer output (type ID 7)')
  expect(ui.text('utxo-detail-amount')).toContain(' AVAX')
  expect(detail).toContain(`${u.amount.toLocaleString('en-US')} base units`)
  expect(detail).toContain(ds.signer.cChain)
  expect(ui.get('utxo-detail').find('[data-testid="hex"]').text()).toMatch(/^0x[0-9a-f]+$/)

  // 12 UTXOs in pages of 5: 5, then 4 new after the repeat, then the last 3 (a short page ends the list).
  await ui.click('utxo-next-page')
  await ui.until(() => pageNumber() === '2' && rows().length === 4, 'page 2 with 4 new rows')
  expect(ui.text('utxo-page-info')).toContain("the first was the previous page's last, left out")
  const second = rows()
  expect(second.filter((id) => first.includes(id))).toEqual([])
  await ui.click('utxo-next-page')
  await ui.until(() => pageNumber() === '3' && rows().length === 3, 'page 3 with the last 3')
  expect(ui.text('utxo-page-info')).toContain('this is the last page')
  expect(ui.get('utxo-next-page').attributes('disabled')).toBeDefined()
  expect(new Set([...first, ...second, ...rows()])).toEqual(new Set(want.map((x) => x.utxoId)))

  // A UTXO's tx opens on its source chain (Data lookups), for its owners there.
  const last = rows()[0]!
  await ui.get('utxo-page-table').find(`[data-testid="utxo-row"][data-utxo="${last}"] [data-testid="utxo-tx-open"]`).trigger('click')
  await ui.until(() => window.location.hash.startsWith('#/data?'), 'Data lookups opened')
  expect(window.location.hash).toContain(`tx=${byId.get(last)!.txHash}`)
  expect(window.location.hash).toContain('chain=x-chain')
})
