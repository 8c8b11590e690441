/**
 * The Fleet view's head colours each of its counts as the rows colour their tags (issue 33, point 3): with a
 * warning nobody handled and a critical alert acknowledged, the head reads "1 warning · 1 acknowledged" with
 * the warning in amber and the acknowledged dimmed, never all in red (the second review's re-walk found the
 * whole line red for "3 warning · 1 acknowledged · 1 muted", while no row had a red tag).
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

test('the fleet head: a warning in amber, an acknowledged critical dimmed, nothing red', async () => {
  const ui = await mountApp({ path: '/fleet' })
  const self = sim.dataset.nodes.self
  // The validator not connected (critical), acknowledged, before the profile exists: a check the activation starts
  // may read the validators before the test's own, and the test's check then takes that answer.
  sim.validators.disconnect(self)
  const id = await ui.profileAt(sim, 'sim-A')
  // Fewer peers than the threshold (a warning).
  await ui.client.call('alerts.setRules', { profileId: id, rules: [{ rule: 'lowPeers', threshold: 100_000 }] })
  // Checked until both fire: on a loaded machine a check may miss the sim's answer (it runs in this worker) and
  // rightly conclude nothing of the validators.
  const fired = async (): Promise<string[]> => {
    await ui.client.call('watch.check', { profileId: id })
    return (await ui.client.call('alerts.list', { profileId: id })).open.map((a) => `${a.rule} ${a.severity}`).sort()
  }
  let rules = await fired()
  for (let again = 0; again < 5 && rules.length < 2; again++) rules = await fired()
  expect(rules).toEqual(['lowPeers warning', 'validatorNotConnected critical'])
  const { open } = await ui.client.call('alerts.list', { profileId: id })
  await ui.client.call('alerts.acknowledge', { id: open.find((a) => a.rule === 'validatorNotConnected')!.id })

  await ui.until(() => ui.has('fleet-open-alerts') && ui.text('fleet-open-alerts') === '1 warning · 1 acknowledged', 'the head counts')
  const tones = ui.all('fleet-open-alerts').flatMap((l) => l.findAll('[data-tone]').map((p) => [p.text(), p.attributes('data-tone')]))
  expect(tones).toEqual([
    ['1 warning', 'warning'],
    ['1 acknowledged', 'default']
  ])
  // The row says the same: an amber warning tag, the acknowledged one grey.
  const row = ui.get('fleet-row')
  expect(row.find('[data-testid="fleet-row-alerts-warning"]').text()).toBe('1 warning')
  expect(row.find('[data-testid="fleet-row-alerts-critical"]').exists()).toBe(false)
})
