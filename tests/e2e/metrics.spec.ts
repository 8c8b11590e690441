/**
 * Metrics in Chromium against the sim (issue 10): average TPS drawn by uPlot with its last update, NFT
 * holders page by page with totals and the page-size rule refused in the form, and subnet RPC usage
 * charts with interval and group-by.
 */
import { WELL_KNOWN_COLLECTIONS } from '../sim/dataset/evm'
import { activateSimProfile, expect, openPanel, shot, test } from './fixtures'

test('average TPS chart, NFT holders paging, subnet RPC usage charts', async ({ app: page, sim }) => {
  await activateSimProfile(page, sim, 'Metrics sim')
  await openPanel(page, 'metrics')

  const tps = page.getByTestId('avg-tps')
  await expect(tps.getByTestId('tps-chart').locator('canvas')).toBeVisible()
  await expect(tps.getByTestId('tps-last-run')).toContainText(/last update \d/)
  await expect(tps.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')
  await shot(page, 'metrics-01-avg-tps')

  const holders = page.getByTestId('nft-holders')
  await holders.getByTestId('field-address').fill(WELL_KNOWN_COLLECTIONS.simPunks)
  await holders.getByTestId('field-pageSize').fill('5001')
  await holders.getByTestId('holders-form-submit').click()
  await expect(holders.getByTestId('form-problems')).toContainText('pageSize must be a whole number from 1 to 5000 (default 1000)')
  await holders.getByTestId('field-pageSize').fill('5')
  await holders.getByTestId('holders-form-submit').click()
  await expect(holders.getByTestId('holders-table')).toHaveAttribute('data-rows', '5')
  await expect(holders.getByTestId('holders-totals')).toContainText('holders')
  await holders.getByTestId('holders-next').click()
  await expect(holders.getByTestId('holders-totals')).toContainText('page 2')

  const usage = page.getByTestId('rpc-usage')
  await usage.getByTestId('field-startTimestamp').fill('1794000000')
  await usage.getByTestId('field-endTimestamp').fill('1794600000')
  await usage.getByTestId('usage-form-submit').click()
  await expect(usage.getByTestId('usage-totalRequests').locator('canvas')).toBeVisible()
  await expect(usage.getByTestId('usage-info')).toContainText('groups')
  await usage.getByTestId('usage-apiCreditsUsed').scrollIntoViewIfNeeded()
  await shot(page, 'metrics-02-rpc-usage')
})
