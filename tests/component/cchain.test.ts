/**
 * The C-Chain live view against the sim (a block a second) when the node refuses and the page is reloaded:
 * the heads and fee samples kept shown, marked cached with their age, and live again when the node is back,
 * with no gap and the marks gone. (The live list through websocket drops, the fee chart's picture and the
 * page's own link to the app lost stay end-to-end: tests/e2e/chains.spec.ts.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, blockTime: 1 })
})
afterAll(() => sim.stop())

/** The live table's rows, newest first: each height and the hash its row links. */
const heads = (): { number: bigint; hash: string }[] =>
  [...document.querySelectorAll('[data-testid="cchain-heads"] .n-data-table-tbody .n-data-table-tr')].map((tr) => ({
    number: BigInt(tr.querySelector('[data-testid="head-number"]')?.textContent?.trim() || '-1'),
    hash: tr.children[1]?.querySelector('[data-id]')?.getAttribute('data-id') ?? ''
  }))
const newest = (): bigint => heads()[0]?.number ?? -1n
const consecutive = (rows: { number: bigint }[]): boolean => rows.every((r, i) => i === 0 || r.number === rows[i - 1]!.number - 1n)
const liveState = (ui: MountedApp): string => ui.text('cchain-live-state')
const marker = (ui: MountedApp, block: string): string | null => ui.get(block).element.querySelector('[data-testid="source-marker"]')?.getAttribute('data-source') ?? null
/** The panel opened with a profile at the sim active, as a person opens it from the menu. */
async function openLive(name: string): Promise<MountedApp> {
  const ui = await mountApp({ path: '/connections' })
  await ui.profileAt(sim, name)
  await ui.go('/cchain')
  return ui
}
const feePoints = (ui: MountedApp): number => Number(ui.get('cchain-fees').attributes('data-points'))

test('C-Chain live: the node refusing and the page reloaded, the heads and fees kept shown marked cached; the node back, live again with no gap and the marks gone', async () => {
  const ui = await openLive('C-Chain back sim')
  await ui.until(() => liveState(ui) === 'live' && heads().length > 3 && feePoints(ui) > 1, 'a few live heads and fee samples')
  expect(marker(ui, 'cchain-live')).toBeNull()
  expect(marker(ui, 'cchain-fees')).toBeNull()

  sim.setConfig({ unresponsive: 'refuse' })
  try {
    await ui.until(() => liveState(ui) !== 'live', 'the live view to see the node gone')
    const seen = newest()
    await ui.reload()
    await ui.until(() => marker(ui, 'cchain-live') === 'cache' && marker(ui, 'cchain-fees') === 'cache' && heads().length > 3, 'the kept heads, marked cached')
    // The kept heads: at least what the page showed (a head in flight as the node began refusing may be kept too).
    expect(newest()).toBeGreaterThanOrEqual(seen)
    const rows = heads()
    expect(consecutive(rows)).toBe(true)
    expect(ui.get('cchain-live').find('[data-testid="source-marker"]').text()).toMatch(/cached · (just now|\d+ s)/)
    expect(ui.get('cchain-fees').find('[data-testid="source-marker"]').text()).toMatch(/cached · (just now|\d+ s)/)
    expect(liveState(ui)).not.toBe('live')
    expect(ui.text('cchain-live-cached')).toContain(`showing the last ${rows.length} heads kept, newest read`)
    expect(feePoints(ui)).toBeGreaterThan(1)
  } finally {
    sim.setConfig({ unresponsive: null })
  }
  const kept = newest()
  await ui.until(() => liveState(ui) === 'live' && newest() > kept + 1n, 'live again')
  await ui.until(() => marker(ui, 'cchain-live') === null && !ui.has('cchain-live-cached') && marker(ui, 'cchain-fees') === null, 'the marks gone')
  await ui.until(() => marker(ui, 'cchain-config') === 'live', 'the config read live again')
  // No gap where the node was away: the kept heads and the new ones join.
  expect(consecutive(heads())).toBe(true)
})

test('C-Chain live opened before any profile is active: it says so, and follows the node once a profile is made active', async () => {
  const ui = await mountApp({ path: '/cchain' })
  await ui.until(() => liveState(ui) === 'not followed' && ui.text('cchain-live').includes('No active connection profile'), 'the view to say there is no profile')
  await ui.profileAt(sim, 'C-Chain first profile')
  await ui.until(() => liveState(ui) === 'live' && heads().length > 1, 'live heads from the profile made active')
  expect(ui.text('cchain-live')).not.toContain('No active connection profile')
  expect(consecutive(heads())).toBe(true)
})
