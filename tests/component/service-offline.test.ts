/**
 * A data service that answered at its URL and now cannot be reached is down or cut off, not misconfigured:
 * the panel that needs it says so instead of telling the operator to check the URL in Connections (the
 * advice review 2 N9 found wrong for the node, which the second review's re-walk found again on the Data
 * lookups, Signature aggregation and Metrics panels once their services stopped).
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

const state = (ui: MountedApp, part: string): string | undefined => (ui.has(`status-${part}`) ? ui.get(`status-${part}`).attributes('data-state') : undefined)

test('the data service gone after it answered: no advice to check its URL, which needs no change', async () => {
  const ui = await mountApp({ path: '/data' })
  await ui.profileAt(sim, 'Service goes')
  await ui.until(() => state(ui, 'dataService') === 'available', 'the data service available')

  sim.faults.add({ service: 'data', kind: 'drop' })
  await ui.click('status-probe')
  await ui.until(() => ui.has('panel-needs-dataService'), 'the panel to say the data service is unavailable')
  const said = ui.text('panel-needs-dataService')
  expect(said).not.toMatch(/Check the data service URL/)
  expect(said).toContain(`The data service answered at ${sim.dataUrl.replace(/\/$/, '')}`)
  expect(said).toContain('The URL needs no change unless it moved')
})
