/**
 * What needs a person stands out (issue 33, point 3; review N5 and N11): an acknowledged alert and one whose
 * rule is muted are counted apart and dimmed, in the Alerts panel, the Fleet view and the Validators page's
 * alert list, and the Fleet view lists one line per node, worst first, with a filter.
 *
 * Three profiles, as the review had them: "sim-A" on a sim whose validator is disconnected (a critical alert,
 * acknowledged), "Dead-B" and "Dead-C" on a port where nothing listens (unreachable after one failed check:
 * B's rule muted, C's alert new).
 */
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { closedPort } from '../support/ports'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeEach(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterEach(() => sim.stop())

const attention = (ui: MountedApp) =>
  Object.fromEntries(ui.all('alert-row').map((r) => [r.attributes('data-profile-id'), [r.attributes('data-attention'), r.find('[data-testid="alert-severity"]').text()]]))
const fleetNames = (ui: MountedApp) => ui.all('fleet-row').map((r) => r.attributes('data-profile-name'))
const rowOf = (ui: MountedApp, name: string) => ui.all('fleet-row').find((r) => r.attributes('data-profile-name') === name)!

test('acknowledged and muted alerts are counted apart and dimmed everywhere; the fleet is one line per node, worst first, filtered', async () => {
  const ui = await mountApp({ path: '/alerts' })
  const self = sim.dataset.nodes.self
  // Disconnected before the profile exists: a check the activation starts then finds it too.
  sim.validators.disconnect(self)
  const a = await ui.profileAt(sim, 'sim-A')
  const dead = `http://127.0.0.1:${await closedPort()}`
  const [b, c] = await Promise.all(
    ['Dead-B', 'Dead-C'].map(async (name) => {
      const { id } = await ui.client.call('profiles.create', { profile: { name, network: 'mainnet', nodeUrl: dead, dataUrl: dead, metricsUrl: dead, nodeIds: [] } })
      await ui.client.call('alerts.setRules', { profileId: id, rules: [{ rule: 'unreachable', threshold: 1 }] })
      await ui.client.call('watch.check', { profileId: id })
      return id
    })
  )
  // Checked until it fires: on a loaded machine a check may miss the sim's answer (it runs in this worker) and
  // rightly conclude nothing of the validators.
  const notConnectedAlert = async () => {
    await ui.client.call('watch.check', { profileId: a })
    return (await ui.client.call('alerts.list', { profileId: a })).open.find((x) => x.rule === 'validatorNotConnected')
  }
  let found = await notConnectedAlert()
  for (let again = 0; again < 5 && !found; again++) found = await notConnectedAlert()
  const notConnected = found!
  expect(notConnected.severity).toBe('critical')
  await ui.client.call('alerts.acknowledge', { id: notConnected.id })
  await ui.client.call('alerts.mute', { profileId: b!, rule: 'unreachable', minutes: 15 })

  // The Alerts panel: the tab counts what needs a person apart; the new one first, the handled dimmed and grey.
  await ui.until(() => ui.get('alerts-tab-alerts').text() === 'Alerts (1 critical · 1 acknowledged · 1 muted)', 'the tab to count the handled apart')
  expect(ui.text('alerts-open-count')).toBe('1 critical · 1 acknowledged · 1 muted')
  expect(ui.all('alert-row')[0]!.attributes('data-profile-id')).toBe(c)
  expect(attention(ui)).toEqual({
    [a]: ['acknowledged', 'critical · acknowledged'],
    [b!]: ['muted', 'critical · muted'],
    [c!]: ['needs', 'critical']
  })
  expect(ui.all('alert-row').map((r) => r.classes('handled'))).toEqual([false, true, true])

  // The Fleet view: the same counts; the node whose critical alert nobody handled first, then the one down
  // (muted), then the acknowledged one; each line with its state, alerts, uptime, stake end and last check.
  await ui.go('/fleet')
  await ui.until(() => ui.all('fleet-row').length === 3 && ui.text('fleet-open-alerts') === '1 critical · 1 acknowledged · 1 muted', 'the fleet rows')
  expect(fleetNames(ui)).toEqual(['Dead-C', 'Dead-B', 'sim-A'])
  expect(ui.get('fleet-open-alerts').classes('needs')).toBe(true)
  const rowC = rowOf(ui, 'Dead-C')
  expect(rowC.find('[data-testid="fleet-row-reach"]').text()).toMatch(/^down/)
  expect(rowC.find('[data-testid="fleet-row-alerts-critical"]').text()).toBe('1 critical')
  const rowB = rowOf(ui, 'Dead-B')
  expect(rowB.find('[data-testid="fleet-row-alerts-critical"]').exists()).toBe(false)
  expect(rowB.find('[data-testid="fleet-row-alerts-muted"]').text()).toBe('1 muted')
  const rowA = rowOf(ui, 'sim-A')
  expect(rowA.find('[data-testid="fleet-row-alerts-critical"]').exists()).toBe(false)
  expect(rowA.find('[data-testid="fleet-row-alerts-acknowledged"]').text()).toBe('1 acknowledged')
  expect(rowA.find('[data-testid="fleet-row-reach"]').text()).toBe('healthy')
  expect(rowA.find('[data-testid="fleet-row-uptime"]').text()).toMatch(/^\d+\.\d{2} %$/)
  expect(rowA.find('[data-testid="fleet-row-stake-end"]').text()).toMatch(/^in \d/)
  expect(rowA.find('[data-testid="fleet-row-last-check"]').text()).toMatch(/ago|just now/)
  // The filter: by name, and by state.
  await ui.fill('fleet-filter', 'dead')
  expect(fleetNames(ui)).toEqual(['Dead-C', 'Dead-B'])
  expect(ui.text('fleet-shown')).toBe('2 of 3, worst first')
  await ui.fill('fleet-filter', '')
  await ui.click('fleet-filter-unreachable')
  await ui.until(() => fleetNames(ui).join() === 'Dead-C,Dead-B', 'the unreachable only')
  // "Nothing new": sim-A, whose one alert was acknowledged (B and C are down, muted or not).
  await ui.click('fleet-filter-fine')
  await ui.until(() => fleetNames(ui).join() === 'sim-A', 'only sim-A under "Nothing new"')
  await ui.fill('fleet-filter', 'nothing-called-so')
  expect(ui.has('fleet-none-match')).toBe(true)

  // The Validators page's alert list (the active profile, sim-A): its acknowledged alert counted as such, dimmed.
  await ui.go('/validators')
  await ui.until(() => ui.text('alerts-open') === '1 acknowledged', 'the validators alert count')
  expect(ui.has('alerts-open-critical')).toBe(false)
  const item = ui.get('alerts-list-open').find('[data-testid="alert-row"]')
  expect([item.attributes('data-attention'), item.classes('handled')]).toEqual(['acknowledged', true])
})
