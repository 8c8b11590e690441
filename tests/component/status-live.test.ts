/**
 * The status view's node blocks against the sim: identity, version, bootstrapping, peers (their drawer and its
 * filter) and every health check live, the node ID copied and opening Validators; then the node gone, both
 * blocks from the cache marked "cached", with why in the marker's tooltip. (Once end-to-end, where the browser
 * added nothing; the real clipboard's permission is the shell's and node control's end-to-end tests'.)
 */
import { afterEach, beforeEach, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { layOut, mountApp, type MountedApp } from './mount'

let sim: Sim
beforeEach(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterEach(() => sim.stop())

/** One JSON-RPC call straight to the sim's node, to compare the page with. */
async function nodeCall<T>(path: string, method: string, params: object = {}): Promise<T> {
  const res = await fetch(`${sim.nodeUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await res.json()) as { result: T }).result
}

const within = (ui: MountedApp, block: string, testId: string): Element | null => ui.get(block).element.querySelector(`[data-testid="${testId}"]`)
const attrIn = (ui: MountedApp, block: string, testId: string, name: string): string | null => within(ui, block, testId)?.getAttribute(name) ?? null
const textIn = (ui: MountedApp, block: string, testId: string): string => within(ui, block, testId)?.textContent?.trim() ?? ''

test('identity, version, bootstrapping, peers and health live; the node ID copied and opening Validators; both cached once the node is gone', async () => {
  const ui = await mountApp({ path: '/connections' })
  await ui.profileAt(sim, 'Status sim')
  const self = sim.dataset.nodes.self
  await ui.until(() => ui.text('node-id') === self && attrIn(ui, 'node-block', 'source-marker', 'data-source') === 'live' && textIn(ui, 'node-block', 'source-marker') === 'live', 'the node id, live')
  // Each fact is a read of its own: waited for, each.
  await ui.until(() => ui.text('node-version').includes('avalanchego/1.13.5') && ui.text('node-version-detail') === 'database v1.4.5 · RPC protocol 43', 'the version')
  await ui.until(() => ['P', 'X', 'C'].every((c) => ui.has(`bootstrapped-${c}`) && ui.get(`bootstrapped-${c}`).attributes('data-bootstrapped') === 'true'), 'P, X and C bootstrapped')
  const { numPeers, peers } = await nodeCall<{ numPeers: string; peers: { nodeID: string; ip: string }[] }>('/ext/info', 'info.peers')
  expect(Number(numPeers)).toBeGreaterThan(0)
  await ui.until(() => ui.text('node-peers-count') === numPeers, 'the peer count')

  // The node ID copies as it is.
  await ui.click('node-id-copy')
  await ui.until(() => document.body.textContent?.includes('Node ID copied') ?? false, 'the copy said')
  expect(await navigator.clipboard.readText()).toBe(self)

  // Health: every check of the node, each healthy; a check named by a blockchain ID reads by the chain's name, the ID on hover.
  const report = await nodeCall<{ healthy: boolean; checks: Record<string, unknown> }>('/ext/health', 'health.health')
  expect(report.healthy).toBe(true)
  await ui.until(() => ui.get('health-overall').attributes('data-healthy') === 'true' && attrIn(ui, 'health-block', 'source-marker', 'data-source') === 'live', 'health, live')
  for (const name of Object.keys(report.checks)) expect(ui.get(`health-check-${name}`).attributes('data-healthy')).toBe('true')
  const { blockchains } = await nodeCall<{ blockchains: { id: string; name: string }[] }>('/ext/bc/P', 'platform.getBlockchains')
  const chain = blockchains.find((b) => Object.keys(report.checks).includes(b.id))!
  expect(chain).toBeDefined()
  // The chains' names are a read of their own (platform.getBlockchains), which may answer after the health report.
  const label = (): ReturnType<MountedApp['get']> => ui.get(`health-check-${chain.id}`).find('[data-testid="health-check-name"]')
  const named = `${chain.name} (${chain.id.slice(0, 5)}…${chain.id.slice(-4)})`
  await ui.until(() => label().text() === named, `the check named ${named}`)
  expect(label().attributes('title')).toBe(chain.id)

  // The peers, in a table in a drawer: every column, ages against the node's own clock, a filter by node ID.
  await ui.click('node-peers-open')
  await layOut(ui, 'peers-table')
  await ui.until(() => ui.text('peers-shown') === numPeers && document.querySelectorAll('[data-testid="peers-table"] .n-data-table-tbody .n-data-table-tr').length > 0, 'the peers drawer')
  const heads = [...document.querySelectorAll('[data-testid="peers-table"] .n-data-table-th')].map((th) => th.textContent?.trim())
  expect(heads).toEqual(expect.arrayContaining(['Node ID', 'IP', 'Version', 'Uptime', 'Last received', 'Benched']))
  const body = (): string => document.querySelector('[data-testid="peers-table"] .n-data-table-tbody')?.textContent ?? ''
  expect(body()).toMatch(/\d+ s ago|just now/)
  const wanted = peers[peers.length - 1]!
  await ui.fill('peers-filter', wanted.nodeID)
  await ui.until(() => ui.text('peers-shown') === `1 of ${numPeers}`, 'one peer shown')
  expect(document.querySelectorAll('[data-testid="peers-table"] .n-data-table-tbody .n-data-table-tr')).toHaveLength(1)
  expect(body()).toContain(wanted.nodeID)
  expect(body()).toContain(wanted.ip)

  // The node ID opens the node in Validators.
  await ui.go('/connections')
  await ui.until(() => ui.has('node-id-link-open'), 'the node block again')
  await ui.click('node-id-link-open')
  await ui.until(() => ui.text('panel-title') === 'Validators', 'Validators')
  expect(window.location.hash).toContain(`node=${self}`)

  // The node goes away: the identity and the health are still shown, from the cache.
  await ui.go('/connections')
  sim.faults.add({ service: 'node', kind: 'drop' })
  await ui.until(() => ui.has('status-probe'), 'the status view')
  await ui.click('status-probe')
  await ui.until(() => ui.get('status-info').attributes('data-state') === 'unavailable' && attrIn(ui, 'node-block', 'source-marker', 'data-source') === 'cache', 'the identity from the cache')
  expect(textIn(ui, 'node-block', 'source-marker')).toContain('cached · ')
  expect(ui.text('node-id')).toBe(self)
  await ui.until(() => ui.text('node-version').includes('avalanchego/1.13.5'), 'the version from the cache')
  await ui.until(() => attrIn(ui, 'health-block', 'source-marker', 'data-source') === 'cache', 'health from the cache')
  expect(ui.text('health-overall').replace(/\s+/g, ' ')).toBe('was healthy')
  // Why, in the marker's tooltip.
  await ui.get('node-block').find('[data-testid="source-marker"]').trigger('mouseenter')
  await ui.until(() => ui.text('source-offline') !== '', 'why it is cached')
})
