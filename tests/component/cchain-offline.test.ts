/**
 * C-Chain live with the node gone before any block was read: the heads list says none are kept instead of
 * Naive UI's "No Data", which reads as a chain without blocks (issue 33 point 2: offline, a part that was not
 * kept is said to be missing, never shown empty). The second review's re-walk found "No Data" there.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp } from './mount'

let sim: Sim
let stopped = false
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(async () => {
  if (!stopped) await sim.stop()
})

test('no heads read before the node stopped: the list says none are kept', async () => {
  const ui = await mountApp({ path: '/connections' })
  await ui.profileAt(sim, 'Gone before C-Chain')
  stopped = true
  await sim.stop()
  await ui.click('status-probe')
  await ui.until(() => ui.has('node-banner'), 'the node banner')

  await ui.go('/cchain')
  await ui.until(() => ui.has('cchain-heads-empty'), 'the empty heads list to say why')
  expect(ui.text('cchain-heads-empty')).toContain('No heads of this chain are kept')
  expect(ui.text('cchain-heads')).not.toContain('No Data')
})
