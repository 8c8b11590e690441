/**
 * The same cards and details whichever way the node spells its validators: as a real avalanchego does (the
 * sim's default) and as the spec writes it (`validatorShape: "spec"`: the spec's proofOfPosession spelling, a
 * delegation fee without its ppm). (Formerly end-to-end; nothing here needs a real browser.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp, type MountedApp } from './mount'

// One sim for the file (a sim costs seconds of CPU): the spec's shape is switched back in a finally.
let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

/** My validators for the sim's own and not-validating NodeIDs; the own card's countdown and fee; its drawer opened. */
async function openOwnDrawer(name: string): Promise<MountedApp> {
  const ui = await mountApp({ path: '/validators' })
  await ui.profileAt(sim, name, { nodeIds: [sim.dataset.nodes.self, sim.dataset.nodes.notValidator] })
  const card = () => ui.all('my-validator').find((c) => c.attributes('data-node-id') === sim.dataset.nodes.self)
  const field = (id: string): string => card()?.find(`[data-testid="${id}"]`).text() ?? ''
  await ui.until(() => /^\d+ d \d\d:\d\d:\d\d$/.test(field('my-validator-countdown')), 'the own card with its countdown')
  expect(field('my-validator-fee')).toMatch(/^\d+(\.\d+)? %$/)
  await card()!.find('[data-testid="my-validator-details"]').trigger('click')
  await ui.until(() => ui.has('fact-Proof of possession') && ui.text('drawer-delegator-count') !== '', 'the drawer')
  return ui
}

const proof = (ui: MountedApp): string => ui.get('fact-Proof of possession').find('.value').text()

test("a node that answers as a real avalanchego does (the sim's default): the cards and details, the fee in ppm too", async () => {
  expect(sim.setConfig({}).validatorShape).toBeUndefined()
  const ui = await openOwnDrawer('Real shape')
  expect(proof(ui)).toMatch(/^0x[0-9a-f]+$/)
  expect(ui.text('fact-Delegation fee (ppm)')).toMatch(/^\d+$/)
  expect(ui.text('drawer-delegator-count')).not.toBe('0')
})

test('a node that answers as the spec writes it: the same cards and details, no fee in ppm', async () => {
  try {
    sim.setConfig({ validatorShape: 'spec' })
    const ui = await openOwnDrawer('Spec shape')
    // the spec's proofOfPosession spelling is read as the same proof
    expect(proof(ui)).toMatch(/^0x[0-9a-f]+$/)
    expect(ui.text('fact-Delegation fee')).toMatch(/%/)
    expect(ui.has('fact-Delegation fee (ppm)')).toBe(false)
    expect(ui.text('drawer-delegator-count')).not.toBe('0')
  } finally {
    sim.setConfig({ validatorShape: 'real' })
  }
})
