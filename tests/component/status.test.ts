/**
 * The status view's node blocks for what the node serves: "does not serve" instead of an error for a node
 * without the info or health API, and a failing health check first, open, with the node's words as text.
 * The header pill and the banner while the node goes and comes back, and the Interface list checking itself
 * again (the node back, the active profile's URL saved, the minute's timer). (The node live, then gone and shown
 * from the cache: tests/component/status-live.test.ts.)
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { OffsetClock } from '../../src/main/clock'
import { startSim, type Sim } from '../sim/index'
import { closedPort } from '../support/ports'
import { simConfig } from '../support/sim-config'
import { mountApp, type MountedApp } from './mount'

// One sim for the file (a sim costs seconds of CPU): each test puts back, in a finally, what it switched.
let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

const attr = (ui: MountedApp, testId: string, name: string): string | undefined => (ui.has(testId) ? ui.get(testId).attributes(name) : undefined)

/** "Check again", as the person clicks it; the callers wait for what it finds. */
const checkAgain = (ui: MountedApp): Promise<void> => ui.click('status-probe')

test('a node without the info API: the block says so instead of an error; likewise for health', async () => {
  try {
    await simConfig(sim, { infoApi: false })
    const ui = await mountApp({ path: '/connections' })
    await ui.profileAt(sim, 'No info API')
    await ui.until(() => attr(ui, 'status-info', 'data-state') === 'unavailable' && ui.has('node-not-served'), 'the info API unavailable')
    const node = ui.get('node-block')
    expect(node.find('[data-testid="node-not-served"]').text()).toContain('This node does not serve the info API')
    expect(node.find('[data-testid="error-notice"]').exists()).toBe(false)
    expect(node.find('[data-testid="node-id"]').exists()).toBe(false)
    // Health is a separate API: still there.
    await ui.until(() => attr(ui, 'health-overall', 'data-healthy') === 'true', 'health to answer')

    await simConfig(sim, { infoApi: true, healthApi: false })
    await checkAgain(ui)
    await ui.until(() => attr(ui, 'status-info', 'data-state') === 'available' && ui.text('node-id') === sim.dataset.nodes.self, 'the node id once info answers')
    await ui.until(() => ui.get('health-block').find('[data-testid="health-not-served"]').exists(), 'health not served')
    expect(ui.text('health-not-served')).toContain('This node does not serve the health API')
  } finally {
    await simConfig(sim, { infoApi: true, healthApi: true })
  }
})

test('a failing health check is shown first, open, with the node’s error as text', async () => {
  try {
    const ui = await mountApp({ path: '/connections' })
    await ui.profileAt(sim, 'Unhealthy node')
    await ui.until(() => attr(ui, 'health-overall', 'data-healthy') === 'true', 'a healthy node first')

    await simConfig(sim, { unhealthy: 'network' })
    await checkAgain(ui)
    await ui.until(() => attr(ui, 'health-overall', 'data-healthy') === 'false', 'the node unhealthy')
    expect(ui.text('health-overall')).toBe('unhealthy · 1 failing')
    const check = ui.get('health-check-network')
    expect(check.attributes('data-healthy')).toBe('false')
    expect(check.find('[data-testid="health-check-error"]').text()).toContain('network layer is unhealthy')
    expect(check.find('[data-testid="health-check-message"]').text()).toContain('connectedPeers: 0')
    // Failing checks come first.
    expect(ui.get('health-block').find('[data-testid^="health-check-"][data-healthy]').attributes('data-testid')).toBe('health-check-network')
    // No peers while the network check fails.
    await ui.until(() => ui.text('node-peers-count') === '0', 'no peers')
  } finally {
    await simConfig(sim, { unhealthy: null })
  }
})

test('offline: the cached health checks keep their chains’ names (N8); the node banner alone says the node is gone, no box in the panel, and no advice to change a URL the node answered at (N9)', async () => {
  try {
    const ui = await mountApp({ path: '/utxos' })
    await ui.profileAt(sim, 'Goes offline')
    const named = (): string[] => ui.all('health-check-name').map((n) => n.text())
    const subnetChains = sim.dataset.subnets.flatMap((s) => s.blockchains)
    const isSubnetCheck = (t: string): boolean => subnetChains.some((b) => t === `${b.name} (${b.blockchainId.slice(0, 5)}…${b.blockchainId.slice(-4)})`)
    await ui.until(() => named().some(isSubnetCheck) && attr(ui, 'status-core', 'data-state') === 'available', 'a subnet chain’s check by its name, and the core API, online')
    const online = named().filter(isSubnetCheck)

    sim.faults.add({ service: 'node', kind: 'drop' })
    await checkAgain(ui)
    await ui.until(() => ui.has('node-banner') && attr(ui, 'status-core', 'data-state') === 'unavailable', 'the node banner')
    await ui.until(() => ui.text('health-overall').startsWith('was '), 'the health checks from the cache')
    // N8: "dfk-test (…)" as online, not "7fELu9…mSKA6".
    await ui.until(() => named().filter(isSubnetCheck).length === online.length, 'the names from the cache')
    expect(named().filter(isSubnetCheck)).toEqual(online)
    // N9: one banner; the Interface list does not say to check a URL the node answered at.
    expect(ui.has('panel-availability')).toBe(false)
    const hints = ui.all('status-hint').map((h) => h.text()).join('\n')
    expect(hints).not.toMatch(/Check the node URL/)
    expect(hints).toContain('The URL needs no change unless the node moved')
  } finally {
    sim.faults.clear()
  }
})

test('the node unreachable since hh:mm with a banner, then back: the list checks itself again; so it does when the active profile moves, and every minute', async () => {
  // The page's own timers (the watch's poll, the minute's check) run on a clock the test moves: setInterval
  // alone is faked, so the page's dates, main's timers (its Clock) and the sim's keep their own.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  try {
    const clock = new OffsetClock()
    const ui = await mountApp({ path: '/connections', app: { clock } })
    const id = await ui.profileAt(sim, 'Pill sim')
    await ui.until(() => ui.text('node-state') === 'node reachable' && ui.text('status-summary').includes('9 of 9 available · checked'), 'the node reachable')
    expect(ui.has('node-banner')).toBe(false)
    // The page's link to the app is said apart from the node.
    expect(ui.text('connection-state')).toBe('connected')
    await ui.client.call('watch.setSettings', { profileId: id, intervalSec: 5 })

    await simConfig(sim, { unresponsive: 'refuse' })
    await checkAgain(ui)
    await ui.until(() => attr(ui, 'node-state', 'data-state') === 'unreachable' && ui.has('node-banner'), 'the node unreachable')
    expect(ui.text('node-state')).toMatch(/^node unreachable since \d\d:\d\d$/)
    expect(ui.text('node-banner')).toMatch(/Node unreachable since \d\d:\d\d — showing cached data/)
    expect(attr(ui, 'node-banner-since', 'title')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
    expect(attr(ui, 'status-info', 'data-state')).toBe('unavailable')

    // The node answers again: main's watch sees it at its next check, the page reads that at its next look and
    // checks the Interface list again, with no click (well before the minute's timer).
    await simConfig(sim, { unresponsive: null })
    clock.advance(6_000)
    await vi.waitFor(async () => expect((await ui.client.call('watch.status', {})).profiles.find((p) => p.profileId === id)?.last?.reachable).toBe(true), { timeout: 60_000, interval: 50 })
    vi.advanceTimersByTime(16_000)
    await ui.until(() => attr(ui, 'status-info', 'data-state') === 'available' && ui.text('node-state') === 'node reachable' && !ui.has('node-banner'), 'the node back')
    expect(ui.text('status-summary')).toContain('9 of 9 available')

    // The active profile saved with another node URL: checked again at once.
    const closed = `http://127.0.0.1:${await closedPort()}`
    document.querySelector<HTMLElement>('[data-testid="profile-item"][data-profile-name="Pill sim"] [data-testid="profile-edit"]')!.click()
    await ui.until(() => ui.has('field-nodeUrl'), 'the edit form')
    await ui.fill('field-nodeUrl', closed)
    await ui.get('profile-form').trigger('submit')
    await ui.until(() => !ui.has('profile-form'), 'the form saved')
    await ui.until(() => attr(ui, 'status-info', 'data-state') === 'unavailable', 'the moved node checked')
    expect(ui.text('status-info')).toContain(closed)
    await ui.until(() => attr(ui, 'node-state', 'data-state') === 'unreachable', 'the pill')

    // Back to the sim behind the page's back (another window): the page sees the change and checks again.
    await ui.client.call('watch.setSettings', { profileId: id, enabled: false })
    await ui.client.call('profiles.update', { id, profile: { nodeUrl: sim.nodeUrl } })
    await ui.until(() => attr(ui, 'status-info', 'data-state') === 'available', 'the node at its URL again')
    await ui.until(() => !ui.has('status-probe') || !ui.get('status-probe').classes().includes('n-button--loading'), 'that check over')
    // A minute on: the page's timer checks again by itself (main's clock moved too, so the check is a minute newer).
    const before = attr(ui, 'status-checked', 'title')
    clock.advance(61_000)
    vi.advanceTimersByTime(61_000)
    await ui.until(() => attr(ui, 'status-checked', 'title') !== before && ui.text('status-checked') === 'just now', 'the minute’s check')
  } finally {
    vi.useRealTimers()
    await simConfig(sim, { unresponsive: null })
  }
})
