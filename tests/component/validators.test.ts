/**
 * The Validators panel for given data: with the node gone and the page reloaded, my validators, the set and
 * the drawers from the cache, marked so with their age, and the drawer of a validator never opened saying which
 * part was not kept instead of showing it empty; a profile without NodeIDs shows the node's own validator (the
 * one its watch checks) and fills it in with one click, the history fits its first range to where the samples
 * start, and an uptime just under its threshold keeps the digits that put it there. (The card, the whole set
 * and the drawer live: validators-set.test.ts; the history over checks and an alert: validators-history.test.ts;
 * the set scrolled to its end in a real browser's layout stays end-to-end: tests/e2e/validators.spec.ts.)
 */
import type { DOMWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeEach(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterEach(() => sim.stop())

const marker = (ui: MountedApp, testId: string): DOMWrapper<Element> => ui.get(testId).find('[data-testid="source-marker"]')
const toast = (text: string | RegExp): boolean =>
  [...document.querySelectorAll('.n-message')].some((m) => (typeof text === 'string' ? m.textContent?.includes(text) : text.test(m.textContent ?? '')))

test('with the node gone and the page reloaded: my validators and the set marked cached with their age, a check says so; a drawer read before shows its delegators, one never opened comes from the cached set and says its delegator list was not kept', async () => {
  const self = sim.dataset.nodes.self
  const ui = await mountApp({ path: '/validators' })
  await ui.profileAt(sim, 'Offline', { nodeIds: [self, sim.dataset.nodes.notValidator] })
  const card = () => ui.get('my-validators').find(`[data-testid="my-validator"][data-node-id="${self}"]`)
  await ui.until(() => ui.text('set-count') === '2,000' && card().exists(), 'the whole set and my validator')
  // Two validators with delegators: one opened while the node answers, one never opened.
  const { data } = await ui.client.call('validators.list', { view: 'table' })
  const [opened, never] = data.validators.filter((v) => Number(v.delegatorCount ?? 0) > 1 && v.nodeID !== self)
  const drawerShows = (nodeID: string) => ui.get('drawer-node-id').attributes('data-text') === nodeID
  await ui.go(`/validators?node=${opened!.nodeID}`)
  await ui.until(() => drawerShows(opened!.nodeID) && ui.text('drawer-delegator-count') === opened!.delegatorCount, 'the delegators, live')

  await sim.stop()
  await ui.go('/validators')
  await ui.reload()
  await ui.until(() => card().exists() && marker(ui, 'my-validators').attributes('data-source') === 'cache' && ui.text('set-count') === '2,000', 'my validators and the set from the cache')
  expect(marker(ui, 'my-validators').text()).toMatch(/cached · (just now|\d+ s ago)/)
  expect(marker(ui, 'validator-set').attributes('data-source')).toBe('cache')
  expect(marker(ui, 'validator-set').text()).toContain('cached · ')
  // The header says the node is gone as soon as a panel read from the cache, not at the next minute's probe.
  await ui.until(() => ui.has('node-state') && ui.get('node-state').attributes('data-state') === 'unreachable', 'the node said unreachable')
  expect(ui.text('node-state')).toContain('unreachable since')
  // A check of a node that does not answer says so, and what is shown instead.
  await ui.click('validators-refresh')
  await ui.until(() => toast(/The node cannot be reached; showing the data cached (\d+ s|\d+ min) ago/), 'the check said unreachable')
  expect(toast('nothing is cached')).toBe(false)

  await ui.go(`/validators?node=${opened!.nodeID}`)
  await ui.until(() => drawerShows(opened!.nodeID) && ui.get('validator-drawer').find('[data-testid="source-marker"]').attributes('data-source') === 'cache', 'the drawer from the cache')
  expect(ui.text('drawer-delegator-count')).toBe(opened!.delegatorCount)
  expect(ui.has('drawer-delegators-not-kept')).toBe(false)

  await ui.go(`/validators?node=${never!.nodeID}`)
  await ui.until(() => drawerShows(never!.nodeID) && ui.has('drawer-delegators-not-kept'), 'the delegator list said not kept')
  // validators.get of this NodeID was never asked: answered from the cached set's entities, marked cached.
  expect(marker(ui, 'validator-drawer').attributes('data-source')).toBe('cache')
  expect(ui.text('fact-Own stake')).toContain('AVAX')
  expect(ui.text('validator-drawer')).not.toContain('nothing is cached')
  // The summary's count and what is said below agree: no "0", no "No current delegators".
  expect(ui.text('fact-Delegators')).toBe(never!.delegatorCount)
  expect(ui.text('drawer-delegators-not-kept')).toContain('The delegator list was not kept')
  expect(ui.text('drawer-delegators-not-kept')).toContain(`which says ${never!.delegatorCount} delegators`)
  expect(ui.has('drawer-delegator-count')).toBe(false)
  expect(ui.has('drawer-no-delegators')).toBe(false)
  expect(ui.text('validator-drawer')).not.toContain('No current delegators')
})

test("a profile without NodeIDs shows the node's own validator, as its watch checks it, and one click fills it in; the history fits the last hour; an uptime just under the threshold stays under it", async () => {
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
  // One click fills it into the profile: then it is listed, no longer "not listed".
  await ui.click('fill-node-ids')
  await ui.until(
    () => ui.text('fill-result') === `Added ${self}, this node's NodeID, to “No NodeIDs”.` && !ui.has('my-validators-own') && card()?.find('[data-testid="my-validator-own"]').exists() === false,
    'the NodeID filled in, its card listed'
  )
  expect((await ui.client.call('profiles.list', {})).profiles.find((p) => p.name === 'No NodeIDs')?.nodeIds).toEqual([self])

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
