/**
 * The status view's node blocks (identity and health, cached reads) against the local network
 * (tests/sim): live while the node answers, from the cache marked "cached" once it is gone, and "does
 * not serve" for a node without the info or health API (that, and a failing health check, are checked at
 * the component level: tests/component/status.test.ts). Each test starts a sim of its own and points a
 * profile of its own at it; the browser-mode server is the worker's.
 */
import type { Page } from '@playwright/test'
import { startSim, type Sim } from '../sim/index'
import { activateSimProfile, advanceTime, callApp, expect, fillProfile, profileItem, shot, simConfig, test } from './fixtures'

let sim: Sim | undefined

test.beforeEach(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
test.afterEach(async () => {
  await sim?.stop()
  sim = undefined
})

function running(): Sim {
  if (!sim) throw new Error('the sim is not running')
  return sim
}

/** One JSON-RPC call straight to the sim's node, to compare the page with. */
async function nodeCall<T>(path: string, method: string, params: object = {}): Promise<T> {
  const res = await fetch(`${running().nodeUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  })
  const body = (await res.json()) as { result: T }
  return body.result
}

const activateStatusSim = (page: Page, name: string): Promise<void> => activateSimProfile(page, running(), name)

/**
 * "Check again", and wait until the probe is over. A probe gives each part up to 5 s, and a check asked for
 * while the minute's own check runs is made once that one ends: two probes, so up to 10 s and then some.
 */
async function checkAgain(page: Page): Promise<void> {
  const button = page.getByTestId('status-probe')
  await button.click()
  await expect(button).not.toHaveClass(/n-button--loading/, { timeout: 25_000 })
}

test.describe('status view: the node', () => {
  test('identity, version, bootstrapping, peers and health live; the identity cached once the node is gone', async ({ app: page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    const s = running()
    await activateStatusSim(page, 'Status sim')

    const node = page.getByTestId('node-block')
    await expect(node.getByTestId('node-id')).toHaveText(s.dataset.nodes.self)
    await expect(node.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')
    await expect(node.getByTestId('source-marker')).toHaveText('live')
    // The node ID copies as it is.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await node.getByTestId('node-id-copy').click()
    await expect(page.locator('.n-message', { hasText: 'Node ID copied' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(s.dataset.nodes.self)
    await expect(node.getByTestId('node-version')).toContainText('avalanchego/1.13.5')
    await expect(node.getByTestId('node-version-detail')).toHaveText('database v1.4.5 · RPC protocol 43')
    for (const chain of ['P', 'X', 'C']) {
      await expect(node.getByTestId(`bootstrapped-${chain}`)).toHaveAttribute('data-bootstrapped', 'true')
    }
    const { numPeers, peers } = await nodeCall<{ numPeers: string; peers: { nodeID: string; ip: string }[] }>('/ext/info', 'info.peers')
    expect(Number(numPeers)).toBeGreaterThan(0)
    await expect(node.getByTestId('node-peers-count')).toHaveText(numPeers)

    // Health: every check of the node, each healthy.
    const health = page.getByTestId('health-block')
    const report = await nodeCall<{ healthy: boolean; checks: Record<string, unknown> }>('/ext/health', 'health.health')
    expect(report.healthy).toBe(true)
    await expect(health.getByTestId('health-overall')).toHaveAttribute('data-healthy', 'true')
    await expect(health.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')
    for (const name of Object.keys(report.checks)) {
      await expect(health.getByTestId(`health-check-${name}`)).toHaveAttribute('data-healthy', 'true')
    }
    // A check named by a blockchain ID reads by the chain's name (platform.getBlockchains), the ID on hover.
    const { blockchains } = await nodeCall<{ blockchains: { id: string; name: string }[] }>('/ext/bc/P', 'platform.getBlockchains')
    const chain = blockchains.find((b) => Object.keys(report.checks).includes(b.id))
    expect(chain).toBeDefined()
    const label = health.getByTestId(`health-check-${chain!.id}`).getByTestId('health-check-name')
    await expect(label).toHaveText(`${chain!.name} (${chain!.id.slice(0, 5)}…${chain!.id.slice(-4)})`)
    await expect(label).toHaveAttribute('title', chain!.id)
    await shot(page, 'status-01-live-light')

    // The peers, in a table in a drawer.
    await node.getByTestId('node-peers-open').click()
    const drawer = page.locator('.n-drawer')
    await expect(drawer).toBeVisible()
    await expect(drawer.getByTestId('peers-shown')).toHaveText(numPeers)
    const table = drawer.getByTestId('peers-table')
    await expect(table.locator('.n-data-table-th')).toContainText(['Node ID', 'IP', 'Version', 'Uptime', 'Last received', 'Benched'])
    await expect(table.locator('.n-data-table-tbody .n-data-table-tr').first()).toBeVisible()
    // Ages against the node's own clock.
    await expect(table.locator('.n-data-table-tbody')).toContainText(/\d+ s ago|just now/)
    await shot(page, 'status-02-peers-light')
    const wanted = peers[peers.length - 1]!
    await drawer.getByTestId('peers-filter').fill(wanted.nodeID)
    await expect(drawer.getByTestId('peers-shown')).toHaveText(`1 of ${numPeers}`)
    await expect(table.locator('.n-data-table-tbody .n-data-table-tr')).toHaveCount(1)
    await expect(table.locator('.n-data-table-tbody')).toContainText(wanted.nodeID)
    await expect(table.locator('.n-data-table-tbody')).toContainText(wanted.ip)
    await page.emulateMedia({ colorScheme: 'dark' })
    await drawer.getByTestId('peers-filter').fill('')
    await shot(page, 'status-03-peers-dark')
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await shot(page, 'status-04-live-dark')

    // The node ID opens the node in Validators.
    await node.getByTestId('node-id-link-open').click()
    await expect(page.getByTestId('panel-title')).toHaveText('Validators')
    expect(page.url()).toContain(`node=${s.dataset.nodes.self}`)
    // (Validators opens that node's drawer: closed again before going on.)
    await expect(page.locator('.n-drawer')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('.n-drawer')).toBeHidden()

    // The node goes away (the app server stays): the identity is still shown, from the cache.
    await s.stop()
    await checkAgain(page)
    await expect(page.getByTestId('status-info')).toHaveAttribute('data-state', 'unavailable')
    await expect(node.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(node.getByTestId('source-marker')).toContainText('cached · ')
    await expect(node.getByTestId('node-id')).toHaveText(s.dataset.nodes.self)
    await expect(node.getByTestId('node-version')).toContainText('avalanchego/1.13.5')
    await expect(health.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(health.getByTestId('health-overall')).toHaveText('was healthy')
    await shot(page, 'status-05-cached-dark')
    // Why, in the tooltip.
    await node.getByTestId('source-marker').hover()
    await expect(page.getByTestId('source-offline')).not.toBeEmpty()
    await shot(page, 'status-06-cached-why-dark')
    await page.mouse.move(0, 0)
    await expect(page.getByTestId('source-offline')).toBeHidden()
    await page.emulateMedia({ colorScheme: 'light' })
    await shot(page, 'status-07-cached-light')
  })
})

test.describe('the node’s state: header pill, banner and a self-checking Interface list', () => {
  test.use({ pageClock: true })

  test('reachable, then unreachable since hh:mm with a banner, then back: the list is checked again by itself', async ({ app: page, companion }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    const s = running()
    await activateStatusSim(page, 'Pill sim')
    const pill = page.getByTestId('node-state')
    await expect(pill).toHaveText('node reachable')
    await expect(page.getByTestId('status-summary')).toContainText('9 of 9 available · checked')
    await expect(page.getByTestId('node-banner')).toHaveCount(0)
    // The page's link to the app is said apart from the node.
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    const { profiles } = await callApp(companion, 'profiles.list', {})
    const id = profiles.find((p) => p.name === 'Pill sim')!.id
    await callApp(companion, 'watch.setSettings', { profileId: id, intervalSec: 5 })

    await simConfig(s, { unresponsive: 'refuse' })
    await checkAgain(page)
    await expect(pill).toHaveAttribute('data-state', 'unreachable')
    await expect(pill).toHaveText(/^node unreachable since \d\d:\d\d$/)
    const banner = page.getByTestId('node-banner')
    await expect(banner).toContainText(/Node unreachable since \d\d:\d\d — showing cached data/)
    await expect(banner.getByTestId('node-banner-since')).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
    await expect(page.getByTestId('status-info')).toHaveAttribute('data-state', 'unavailable')
    await shot(page, 'status-10-node-unreachable')

    // The node answers again: main's watch sees it at its next check, the page reads that and checks the
    // Interface list again, with no click (less than the minute of the timer).
    await simConfig(s, { unresponsive: null })
    await advanceTime(page, companion, 6_000)
    await expect.poll(async () => (await callApp(companion, 'watch.status', {})).profiles.find((p) => p.profileId === id)?.last?.reachable, { timeout: 15_000 }).toBe(true)
    await advanceTime(page, companion, 16_000)
    await expect(page.getByTestId('status-info')).toHaveAttribute('data-state', 'available')
    await expect(pill).toHaveText('node reachable')
    await expect(banner).toHaveCount(0)
    await expect(page.getByTestId('status-summary')).toContainText('9 of 9 available')
  })

  test('saving the active profile with another node URL checks the list again, and so does the minute timer', async ({ app: page, companion }) => {
    await activateStatusSim(page, 'Moved sim')
    await expect(page.getByTestId('status-info')).toHaveAttribute('data-state', 'available')
    await profileItem(page, 'Moved sim').getByTestId('profile-edit').click()
    await fillProfile(page, { name: 'Moved sim', nodeUrl: companion.closedUrl })
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-form')).toBeHidden()
    const info = page.getByTestId('status-info')
    await expect(info).toHaveAttribute('data-state', 'unavailable')
    await expect(info).toContainText(companion.closedUrl)
    await expect(page.getByTestId('node-state')).toHaveAttribute('data-state', 'unreachable')

    // Back to the sim, behind the page's back (another window): the minute's timer finds it.
    const { profiles } = await callApp(companion, 'profiles.list', {})
    const id = profiles.find((p) => p.name === 'Moved sim')!.id
    await callApp(companion, 'watch.setSettings', { profileId: id, enabled: false })
    await callApp(companion, 'profiles.update', { id, profile: { nodeUrl: running().nodeUrl } })
    await expect(info).toHaveAttribute('data-state', 'available')
    await advanceTime(page, companion, 61_000)
    await expect(page.getByTestId('status-checked')).toHaveText(/^(just now|\d s ago)$/)
  })
})
