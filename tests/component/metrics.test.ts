/**
 * The Metrics panel for given data: the Average TPS chain by name, as every panel names chains ("C-Chain",
 * its ID on hover), never as the bare "43114" (review N19). The axes' labels are unit-tested (timeTicks): uPlot
 * cannot draw in this DOM (no canvas), so the metrics service is one that does not answer and no chart is drawn.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { closedPort } from '../support/ports'
import { mountApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

test('Average TPS names its chain: C-Chain with the EVM chain id on hover, and a chain it cannot name by its id', async () => {
  const ui = await mountApp({ path: '/metrics' })
  await ui.profileAt(sim, 'Metrics', { metricsUrl: `http://127.0.0.1:${await closedPort()}` })
  await ui.until(() => ui.has('tps-chain-name'), 'the Average TPS card')
  expect(ui.text('tps-chain-name')).toBe('C-Chain')
  expect(ui.get('tps-chain-name').attributes('title')).toBe('EVM chain id 43114')
  await ui.fill('tps-chain', '53935')
  await ui.click('tps-show')
  await ui.until(() => ui.text('tps-chain-name') === 'chain 53935', 'another chain')
})
