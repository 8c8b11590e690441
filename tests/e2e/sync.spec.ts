/**
 * The Sync panel in Chromium against the sim: an operator adds an address of the active profile, watches its
 * job sync page by page until it says since when it is in sync, then adds a second one slowed by the sim's
 * latency knob, cancels its pass half-way (it says it goes on from its last page) and removes both. An
 * address of another network is refused beside the field, in words that say what to fix.
 */
import { activateSimProfile, expect, openPanel, shot, test } from './fixtures'

test('add an address, watch it sync, cancel a pass half-way, remove', async ({ app: page, sim }) => {
  test.setTimeout(120_000)
  await activateSimProfile(page, sim, 'Sync sim')
  await openPanel(page, 'sync')
  const op = sim.dataset.wellKnown.operator

  // Another network's address: refused by main, shown beside the field.
  await page.getByTestId('sync-addresses').fill(`P-fuji1${op.bech32.slice('avax1'.length)}`)
  await page.getByTestId('sync-add-addresses').click()
  await expect(page.getByTestId('sync-add')).toContainText(/not a bech32 address|another network/)

  await page.getByTestId('sync-addresses').fill(op.pChain)
  await page.getByTestId('sync-add-addresses').click()
  const first = page.getByTestId('sync-job').first()
  await expect(first.getByTestId('sync-job-title')).toContainText(op.pChain.slice(0, 8))
  await expect(first.getByTestId('sync-job-since')).toContainText(/In sync since .+ \((just now|\d+ s ago)\)/, { timeout: 60_000 })
  await expect(first).toHaveAttribute('data-state', 'idle')
  await shot(page, 'sync-in-sync')

  // A slow one: cancelled while it runs, it stays "stopped part way".
  const slow = sim.faults.add({ service: 'data', kind: 'latency', match: '/transactions', ms: 400 })
  try {
    await page.getByTestId('sync-addresses').fill(sim.dataset.wellKnown.rich.xChain)
    await page.getByTestId('sync-keep').getByText('UTXOs').click()
    await page.getByTestId('sync-add-addresses').click()
    const second = page.getByTestId('sync-job').nth(1)
    await expect(second).toHaveAttribute('data-state', 'running', { timeout: 30_000 })
    await expect(second.getByTestId('sync-job-progress')).toContainText(/page \d+/, { timeout: 30_000 })
    await shot(page, 'sync-running')
    await second.getByTestId('sync-job-cancel').click()
    await expect(second).toHaveAttribute('data-state', 'paused')
    await expect(second.getByTestId('sync-job-state')).toHaveText('Stopped part way: goes on from its last page')
    await expect(second.getByTestId('sync-job-since')).toContainText('Not in sync yet')
  } finally {
    sim.faults.remove(slow)
  }

  for (let n = 2; n > 0; n--) {
    await page.getByTestId('sync-job').first().getByTestId('sync-job-remove').click()
    await page.getByRole('button', { name: 'Remove', exact: true }).last().click()
    await expect(page.getByTestId('sync-job')).toHaveCount(n - 1)
  }
  await expect(page.getByTestId('sync-empty')).toBeVisible()
})
