/**
 * My validator over a series of checks, against the sim, with the watch's own checks off so that only the test's
 * count: the history chart gains a point per check whatever range is chosen, an alert fires once when the
 * validator disconnects (shown, acknowledged, notified in the browser once), not again at the next check, and
 * clears when a check this page did not ask for finds it back; an outage is a grey unknown band, not a made-up
 * point, and "Day" spans 24 h on main's clock. (Formerly end-to-end; what the chart looks like is a real
 * browser's canvas, pictured by tests/e2e/layout.spec.ts; the real browser's notifications, with their permission
 * asked and granted, are tests/e2e/fleet.spec.ts's.)
 */
import { afterEach, beforeAll, afterAll, expect, test } from 'vitest'
import { OffsetClock } from '../../src/main/clock'
import { startSim, type Sim } from '../sim/index'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

/**
 * The browser's Notification API, which happy-dom lacks, standing in for Chromium's with the permission granted:
 * it records what the page shows.
 */
const shown: { title: string; body: string }[] = []
class RecordedNotification {
  static permission: NotificationPermission = 'granted'
  static requestPermission = (): Promise<NotificationPermission> => Promise.resolve('granted')
  constructor(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body ?? '' })
  }
}
afterEach(() => {
  delete (window as { Notification?: unknown }).Notification
  shown.length = 0
})

/** "Check now" on the page, over when the page counts it done and its history has `samples` points. */
async function checkNow(ui: MountedApp, samples: number): Promise<void> {
  await ui.until(() => !ui.get('validators-refresh').classes().includes('n-button--loading'), 'the last check to end')
  const done = Number(ui.get('validators-refresh').attributes('data-checks'))
  await ui.click('validators-refresh')
  await ui.until(
    () => Number(ui.get('validators-refresh').attributes('data-checks')) === done + 1 && ui.get('history-summary').attributes('data-samples') === String(samples),
    `the check to end with ${samples} samples`
  )
}

const toast = (text: string): boolean => [...document.querySelectorAll('.n-message')].some((m) => m.textContent?.includes(text))

test('a point per check in every range; an alert fires once, is acknowledged, and clears when found back; an outage is a grey band, "Day" 24 h', async () => {
  Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: RecordedNotification })
  const clock = new OffsetClock()
  const self = sim.dataset.nodes.self
  const ui = await mountApp({ path: '/alerts', app: { clock } })
  const profileId = await ui.profileAt(sim, 'Alerts', { nodeIds: [self, sim.dataset.nodes.notValidator] })
  // Only the test's checks add samples and alerts; a check of the watch's already running is waited out by the next one.
  await ui.client.call('watch.setSettings', { profileId, enabled: false })
  // The alert as the page shows it, fired by the first check that sees it (the "for N checks" wait is tested in alert-engine).
  await ui.client.call('alerts.setRules', { profileId, rules: [{ rule: 'validatorNotConnected', forChecks: 1 }] })
  // This browser's notifications: turned on where every alert's are, in the Alerts panel.
  await ui.get('browser-notify-switch').trigger('click')
  await ui.until(() => ui.get('browser-notify').attributes('data-permission') === 'granted' && ui.get('browser-notify-switch').classes().includes('n-switch--active'), 'notifications on')
  await ui.go('/validators')
  await ui.client.call('validators.refresh', {})
  const kept = (await ui.client.call('validators.history', { range: 'day', nodeID: self })).points.length
  await ui.until(() => ui.has('history-summary') && ui.get('history-summary').attributes('data-samples') === String(kept), 'the samples kept so far')
  expect(ui.has('alerts-none')).toBe(true)

  sim.validators.setUptime(self, 91.5)
  await checkNow(ui, kept + 1)
  // Disconnected: the alert fires, in a message, the list and the browser's notifications.
  sim.validators.disconnect(self)
  await checkNow(ui, kept + 2)
  await ui.until(() => toast(`Alerts (${sim.nodeUrl}): validator ${self} is not connected`), 'the alert message')
  const items = () => ui.get('alerts').findAll('[data-testid="alert-row"]')
  expect(items()).toHaveLength(1)
  expect(items()[0]!.attributes('data-rule')).toBe('validatorNotConnected')
  expect(items()[0]!.attributes('data-open')).toBe('true')
  expect(items()[0]!.find('[data-testid="alert-subject"]').attributes('data-id')).toBe(self)
  expect(items()[0]!.text()).toContain('not connected')
  // Open: it can be acknowledged (and silenced) right here.
  expect(ui.get('alerts-list-open').find('[data-testid="alert-silence"]').exists()).toBe(true)
  await items()[0]!.find('[data-testid="alert-acknowledge"]').trigger('click')
  await ui.until(() => items()[0]!.find('[data-testid="alert-acknowledged"]').exists() && ui.text('alerts-open') === '1 acknowledged', 'the alert acknowledged')
  expect(items()[0]!.find('[data-testid="alert-acknowledged"]').text()).toContain('acknowledged')
  const card = ui.get('my-validators').find(`[data-testid="my-validator"][data-node-id="${self}"]`)
  expect(card.find('[data-testid="my-validator-connected"]').text()).toBe('not connected')
  expect(shown).toEqual([{ title: 'critical: Validator not connected · Alerts', body: expect.stringContaining(`validator ${self} is not connected`) }])

  // Still disconnected at the next check (its uptime down, still over the 80 % threshold): nothing new.
  sim.validators.setUptime(self, 85.25)
  await checkNow(ui, kept + 3)
  expect(items()).toHaveLength(1)
  expect(shown).toHaveLength(1)

  // The points are the checks' samples, the last three as the node said at each; each range shows them all.
  const { points } = await ui.client.call('validators.history', { range: 'day', nodeID: self })
  expect(points.slice(-3).map((p) => [p.uptime === undefined ? undefined : Number(p.uptime), p.connected])).toEqual([
    [91.5, true],
    [91.5, false],
    [85.25, false]
  ])
  const chart = () => ui.get('history-chart')
  const n = String(kept + 3)
  expect(chart().attributes('data-points')).toBe(n)
  expect(chart().findAll('canvas')).toHaveLength(1)
  expect(ui.text('history-summary')).toContain(`${n} samples`)
  expect(chart().find('.u-legend').text()).toContain('Uptime (%)')
  for (const r of ['week', 'all', 'day', 'hour'] as const) {
    await ui.click(`history-range-${r}`)
    await ui.until(() => ui.get(`history-range-${r}`).classes().includes('n-radio-button--checked') && chart().attributes('data-points') === n, `the ${r} with ${n} points`)
  }

  // Back, found by a check this page did not ask for (another window; the watch's own checks are the same check
  // on a timer) while another panel is open: the message shows there, and the alert is cleared.
  sim.validators.connect(self)
  await ui.go('/connections')
  const back = await ui.client.call('validators.refresh', {})
  expect(back.cleared.map((a) => `${a.rule} ${a.subject}`)).toEqual([`validatorNotConnected ${self}`])
  await ui.until(() => toast('Resolved: Validator not connected on Alerts'), 'the resolved message')
  await ui.go('/validators')
  await ui.until(() => ui.has('alerts-list-cleared') && ui.get('history-summary').attributes('data-samples') === String(kept + 4), 'the alert cleared')
  expect(items()).toHaveLength(1)
  expect(items()[0]!.attributes('data-open')).toBe('false')
  expect(items()[0]!.text()).toContain('cleared')
  expect(ui.has('alerts-list-open')).toBe(false)
  expect(ui.has('alerts-open')).toBe(false)
  expect(shown.map((s) => s.title)).toEqual(['critical: Validator not connected · Alerts', 'resolved: Validator not connected · Alerts'])

  // Over a day: the node stops answering, and the check is kept as unknown (no made-up point), a grey band.
  await ui.click('history-range-day')
  const summary = () => ui.get('history-summary')
  await ui.until(() => ui.get('history-range-day').classes().includes('n-radio-button--checked') && chart().attributes('data-points') === String(kept + 4), 'the day chosen')
  const before = (await ui.client.call('validators.history', { range: 'day', nodeID: self })).unknown?.length ?? 0
  expect(summary().attributes('data-unknown')).toBe(String(before))
  const bands = Number(chart().attributes('data-bands'))
  sim.setConfig({ unresponsive: 'refuse' })
  await checkNow(ui, kept + 4)
  await ui.until(() => summary().attributes('data-unknown') === String(before + 1), 'the check with no answer')
  expect(chart().attributes('data-bands')).toBe(String(bands + 1))
  expect(summary().text()).toContain(`${before + 1} check${before === 0 ? '' : 's'} with no answer (grey)`)
  // Ten minutes later (main's clock moved, not waited for) it answers again: one band, from the failed check to this one.
  clock.advance(10 * 60_000)
  sim.setConfig({ unresponsive: null })
  await checkNow(ui, kept + 5)
  expect(chart().attributes('data-bands')).toBe(String(bands + 1))
  const { unknown, from, to } = await ui.client.call('validators.history', { range: 'day', nodeID: self })
  expect(unknown).toHaveLength(before + 1)
  expect(unknown!.at(-1)!.reachable).toBe(false)
  // "Day" is the last 24 hours, whatever the samples in it.
  expect(to! - from!).toBeGreaterThanOrEqual(86_400_000)
  expect(to! - from!).toBeLessThan(86_400_000 + 60_000)
  const span = () => Number(chart().attributes('data-to')) - Number(chart().attributes('data-from'))
  expect(span()).toBe(86_400_000)
  await ui.click('history-range-week')
  await ui.until(() => span() === 7 * 86_400_000, 'a week')
})
