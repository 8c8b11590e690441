/**
 * The Validators panel for given data: the drawer offline says which part was not kept instead of showing it
 * empty, a profile without NodeIDs shows the node's own validator (the one its watch checks), the history
 * fits its first range to where the samples start, and an uptime just under its threshold keeps the digits
 * that put it there. (The whole set scrolled, sorted and filtered in a real browser, and the journeys with the
 * test clock, stay end-to-end: tests/e2e/validators.spec.ts.)
 */
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp } from './mount'

let sim: Sim
beforeEach(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterEach(() => sim.stop())

test('offline, a drawer read before shows its delegators; one never opened says its delegator list was not kept, never "none"', async () => {
  const ui = await mountApp({ path: '/validators' })
  await ui.profileAt(sim, 'Drawer offline')
  await ui.until(() => ui.text('set-count') === '2,000', 'the whole set')
  // Two validators with delegators: one opened while the node answers, one never opened.
  const { data } = await ui.client.call('validators.list', { view: 'table' })
  const [opened, never] = data.validators.filter((v) => Number(v.delegatorCount ?? 0) > 1 && v.nodeID !== sim.dataset.nodes.self)
  const drawerShows = (nodeID: string) => ui.get('drawer-node-id').attributes('data-text') === nodeID
  await ui.go(`/validators?node=${opened!.nodeID}`)
  await ui.until(() => drawerShows(opened!.nodeID) && ui.text('drawer-delegator-count') === opened!.delegatorCount, 'the delegators, live')

  await sim.stop()
  await ui.go('/validators')
  await ui.go(`/validators?node=${opened!.nodeID}`)
  await ui.until(() => drawerShows(opened!.nodeID) && ui.get('validator-drawer').find('[data-testid="source-marker"]').attributes('data-source') === 'cache', 'the drawer from the cache')
  expect(ui.text('drawer-delegator-count')).toBe(opened!.delegatorCount)
  expect(ui.has('drawer-delegators-not-kept')).toBe(false)

  await ui.go(`/validators?node=${never!.nodeID}`)
  await ui.until(() => drawerShows(never!.nodeID) && ui.has('drawer-delegators-not-kept'), 'the delegator list said not kept')
  // The summary's count and what is said below agree: no "0", no "No current delegators".
  expect(ui.text('fact-Delegators')).toBe(never!.delegatorCount)
  expect(ui.text('drawer-delegators-not-kept')).toContain('The delegator list was not kept')
  expect(ui.text('drawer-delegators-not-kept')).toContain(`which says ${never!.delegatorCount} delegators`)
  expect(ui.has('drawer-delegator-count')).toBe(false)
  expect(ui.has('drawer-no-delegators')).toBe(false)
  expect(ui.text('validator-drawer')).not.toContain('No current delegators')
})

test("a profile without NodeIDs shows the node's own validator, as its watch checks it; the history fits the last hour; an uptime just under the threshold stays under it", async () => {
  const self = sim.dataset.nodes.self
  sim.validators.setUptime(self, '79.9960')
  const ui = await mountApp({ path: '/validators' })
  await ui.profileAt(sim, 'No NodeIDs')
  const card = () => ui.all('my-validator').find((c) => c.attributes('data-node-id') === self)
  await ui.until(() => card() !== undefined && ui.has('my-validator-under'), "the node's own validator, under the threshold")
  expect(ui.text('my-validators-own')).toContain("This profile lists no NodeIDs: shown is the node's own NodeID, the one the watch checks")
  expect(card()!.find('[data-testid="my-validator-own"]').text()).toBe("the node's own NodeID, not listed in this profile")
  expect(ui.has('my-validators-none')).toBe(false)
  // 79.996 % under the default 80 % threshold: not "80.00 %" in red beside "under the 80.00 % threshold".
  expect(card()!.find('[data-testid="my-validator-uptime"]').text()).toBe('79.996 %')
  expect(ui.text('my-validator-under')).toBe('under the 80.00 % threshold')

  // A check that reads the validators (on a loaded machine one may miss the check's deadline: checked again),
  // then one the node refuses: minutes of samples fill the last hour, the outage a band in it.
  for (let tries = 0; tries < 5; tries++) if ((await ui.client.call('validators.refresh', {})).sample.validators) break
  sim.setConfig({ unresponsive: 'refuse' })
  expect((await ui.client.call('validators.refresh', {})).sample.reachable).toBe(false)
  const chart = () => ui.get('history-chart')
  const span = () => Number(chart().attributes('data-to')) - Number(chart().attributes('data-from'))
  const count = (name: string) => Number(chart().attributes(name))
  await ui.until(() => span() === 3_600_000 && count('data-points') > 0 && count('data-bands') > 0, 'the history over the last hour, with the check that got no answer')
  expect(Number(ui.get('history-summary').attributes('data-unknown'))).toBeGreaterThan(0)
  expect(ui.get('history-range-hour').classes()).toContain('n-radio-button--checked')
  // The person's choice holds: a day is the last 24 h.
  await ui.click('history-range-day')
  await ui.until(() => span() === 86_400_000, 'the day chosen')
})
