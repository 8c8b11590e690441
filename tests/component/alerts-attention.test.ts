/**
 * What needs a person stands out (issue 33, point 3; review N5 and N11): an acknowledged alert and one whose
 * is silenced are counted apart and dimmed, in the Alerts panel, the Fleet view and the Validators page's
 * alert list, and the Fleet view lists one line per node, worst first, with a filter.
 *
 * Three profiles, as the review had them: "sim-A" on a sim whose validator is disconnected (a critical alert,
 * acknowledged), "Dead-B" and "Dead-C" on a port where nothing listens (unreachable after one failed check:
 * B's rule silenced, C's alert new).
 */
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { closedPort } from '../support/ports'
import { choose, mountApp, type MountedApp } from './mount'

let sim: Sim
beforeEach(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterEach(() => sim.stop())

const attention = (ui: MountedApp) =>
  Object.fromEntries(ui.all('alert-row').map((r) => [r.attributes('data-profile-id'), [r.attributes('data-attention'), r.find('[data-testid="alert-severity"]').text()]]))
const fleetNames = (ui: MountedApp) => ui.all('fleet-row').map((r) => r.attributes('data-profile-name'))
const rowOf = (ui: MountedApp, name: string) => ui.all('fleet-row').find((r) => r.attributes('data-profile-name') === name)!

test('acknowledged and silenced alerts are counted apart and dimmed everywhere; the fleet is one line per node, worst first, filtered', async () => {
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
  // B silenced from its alert in the panel: the form starts on its profile and rule, and asks why and who.
  const rowOfAlert = (profileId: string) => ui.all('alert-row').find((r) => r.attributes('data-profile-id') === profileId)!
  await ui.until(() => ui.all('alert-row').length === 3, 'the three open alerts')
  await rowOfAlert(b!).find('[data-testid="alert-silence"]').trigger('click')
  await ui.until(() => ui.has('silence-form'), 'the silence form')
  await ui.click('silence-save')
  expect(ui.get('silence-form').text()).toMatch(/reason must not be empty[\s\S]*by \(who sets it\) must not be empty/)
  await ui.fill('silence-reason', 'reboot')
  await ui.fill('silence-by', 'ops')
  await ui.click('silence-save')
  await ui.until(() => !ui.has('silence-form'), 'the silence form to close once saved')

  // The Alerts panel: the tab counts what needs a person apart; the new one first, the handled dimmed and grey.
  await ui.until(() => ui.get('alerts-tab-alerts').text() === 'Alerts (1 critical · 1 acknowledged · 1 silenced)', 'the tab to count the handled apart')
  expect(ui.text('alerts-open-count')).toBe('1 critical · 1 acknowledged · 1 silenced')
  expect(ui.all('alert-row')[0]!.attributes('data-profile-id')).toBe(c)
  expect(attention(ui)).toEqual({
    [a]: ['acknowledged', 'critical · acknowledged'],
    [b!]: ['silenced', 'critical · silenced'],
    [c!]: ['needs', 'critical']
  })
  expect(ui.all('alert-row').map((r) => r.classes('handled'))).toEqual([false, true, true])
  // A silenced alert says by what and until when; the silence is listed with what it matches, why and who.
  expect(rowOfAlert(b!).find('[data-testid="alert-silenced"]').text()).toMatch(/^silenced by ops: reboot, not sent until .+ \(in (59|60) min\)$/)
  expect(ui.all('silence-row').map((r) => r.text())).toEqual([expect.stringMatching(/^Node unreachable on Dead-B\s*until .+ · reboot · by ops\s*End$/)])
  expect(rowOfAlert(b!).find('[data-testid="alert-end-silence"]').exists()).toBe(true)

  // The Fleet view: the same counts; the node whose critical alert nobody handled first, then the one down
  // (silenced), then the acknowledged one; each line with its state, alerts, uptime, stake end and last check.
  await ui.go('/fleet')
  await ui.until(() => ui.all('fleet-row').length === 3 && ui.text('fleet-open-alerts') === '1 critical · 1 acknowledged · 1 silenced', 'the fleet rows')
  expect(fleetNames(ui)).toEqual(['Dead-C', 'Dead-B', 'sim-A'])
  expect(ui.get('fleet-open-alerts').classes('needs')).toBe(true)
  const rowC = rowOf(ui, 'Dead-C')
  expect(rowC.find('[data-testid="fleet-row-reach"]').text()).toMatch(/^down/)
  expect(rowC.find('[data-testid="fleet-row-alerts-critical"]').text()).toBe('1 critical')
  const rowB = rowOf(ui, 'Dead-B')
  expect(rowB.find('[data-testid="fleet-row-alerts-critical"]').exists()).toBe(false)
  expect(rowB.find('[data-testid="fleet-row-alerts-silenced"]').text()).toBe('1 silenced')
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
  // "Nothing new": sim-A, whose one alert was acknowledged (B and C are down, silenced or not).
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

  // A maintenance window added in the panel (every profile; cron, every minute for an hour: in force now)
  // silences C; B's silence ended from the list, the window holds B too.
  await ui.go('/alerts')
  await ui.click('window-new')
  await ui.fill('window-name', 'always')
  await choose(ui, 'window-kind', 'cron expression')
  await ui.fill('window-cron', '* * * * 8')
  await ui.click('window-save')
  await ui.until(() => /day of week field "8" must stay within 0-7/.test(ui.text('window-form')), 'the cron problem at its field')
  await ui.fill('window-cron', '* * * * *')
  await ui.click('window-save')
  await ui.until(() => ui.has('window-in-force') && !ui.has('window-form'), 'the window, in force')
  expect(ui.get('window-row').text()).toMatch(/^always · every profile\s*cron \* \* \* \* \* for 1 h 00 min \(UTC\)/)
  await ui.until(() => rowOfAlert(c!).attributes('data-attention') === 'silenced', 'C silenced by the window')
  expect(rowOfAlert(c!).find('[data-testid="alert-silenced"]').text()).toMatch(/^maintenance window “always”, not sent until /)
  expect(rowOfAlert(c!).find('[data-testid="alert-end-silence"]').exists()).toBe(false)
  await ui.click('silence-expire')
  await ui.until(() => !ui.has('silence-row'), 'the silence ended')
  expect(rowOfAlert(b!).find('[data-testid="alert-silenced"]').text()).toMatch(/^maintenance window “always”, not sent until /)
  expect(ui.text('alerts-open-count')).toBe('1 acknowledged · 2 silenced')
})
