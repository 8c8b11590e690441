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

test('addresses checked before sending; the signer UTXOs decoded page by page with the repeat left out', async () => {
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
