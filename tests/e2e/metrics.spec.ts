/**
 * Metrics in Chromium against the sim (issue 10), for what needs a real canvas and layout: what uPlot draws
 * its lines through, read from its legend with the mouse on the first and last point of a chart (average
 * TPS, its older days joined, and two subnet RPC usage charts, one line per RPC method), compared with the
 * sim's own answer to the same request. Every number the cards write (points, last update, facts, totals,
 * the NFT holders page by page) is a component test: tests/component/metrics.test.ts.
 */
import type { Locator, Page } from '@playwright/test'
import { activateSimProfile, expect, openPanel, shot, test } from './fixtures'

interface AvgTpsAnswer {
  results: { timestamp: number; value: number }[]
  nextPageStartKey?: string
}
type UsageNumber = 'totalRequests' | 'medianResponseTimeMsecs'
interface UsageAnswer {
  metrics: { timestamp: number; values: (Record<UsageNumber, number> & { groupedBy: string; groupValue?: string })[] }[]
}

async function sims<T>(url: string): Promise<T> {
  const res = await fetch(url)
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as T
}

/** A value as uPlot's legend writes it (Intl.NumberFormat of the browser's language). */
const legendNumber = (page: Page, v: number): Promise<string> => page.evaluate((x) => new Intl.NumberFormat(navigator.language).format(x), v)

/**
 * Puts the mouse on the first or last point of a chart and expects the legend to show these values per
 * line (uPlot's legend follows the cursor; without it every value reads "--").
 */
async function expectLegendAt(chart: Locator, end: 'first' | 'last', want: Record<string, number>): Promise<void> {
  const over = chart.locator('.u-over')
  await over.scrollIntoViewIfNeeded()
  const box = await over.boundingBox()
  expect(box, 'the chart has a plot area').not.toBeNull()
  await over.hover({ position: { x: end === 'first' ? 1 : box!.width - 1, y: box!.height / 2 } })
  for (const [label, v] of Object.entries(want)) {
    await expect(chart.locator('.u-legend .u-series').filter({ has: chart.page().locator('.u-label').getByText(label, { exact: true }) }).locator('.u-value'), `${label} at the ${end} point`).toHaveText(await legendNumber(chart.page(), v))
  }
}

test('the average TPS line and the RPC usage lines are drawn through the sim’s values, end to end', async ({ app: page, sim }) => {
  await activateSimProfile(page, sim, 'Metrics sim')
  await openPanel(page, 'metrics')

  // Average TPS of the C-Chain (43114, what the card shows first): the sim's first page, newest first.
  const tpsAnswer = await sims<AvgTpsAnswer>(`${sim.metricsUrl}/v1/avg_tps/43114`)
  const tpsChart = page.getByTestId('avg-tps').getByTestId('tps-chart')
  await expect(tpsChart.locator('canvas')).toBeVisible()
  await expect(tpsChart).toHaveAttribute('data-points', String(tpsAnswer.results.length))
  await expectLegendAt(tpsChart, 'last', { 'average TPS': tpsAnswer.results[0]!.value })
  await expectLegendAt(tpsChart, 'first', { 'average TPS': tpsAnswer.results.at(-1)!.value })
  await page.mouse.move(0, 0)
  await shot(page, 'metrics-01-avg-tps')

  // Older days joined: the line now starts at the older page's oldest day.
  const older = await sims<AvgTpsAnswer>(`${sim.metricsUrl}/v1/avg_tps/43114?startKey=${tpsAnswer.nextPageStartKey!}`)
  await page.getByTestId('tps-older').click()
  await expect(tpsChart).toHaveAttribute('data-points', String(tpsAnswer.results.length + older.results.length))
  await expectLegendAt(tpsChart, 'first', { 'average TPS': older.results.at(-1)!.value })
  await page.mouse.move(0, 0)

  // Subnet RPC usage, daily and by RPC method (the form's defaults) over 2026-11-06 .. 2026-11-13.
  const usageAnswer = await sims<UsageAnswer>(`${sim.dataUrl}/v1/subnetRpcUsageMetrics?timeInterval=daily&groupBy=rpcMethod&startTimestamp=1794000000&endTimestamp=1794600000`)
  const byGroup = (k: UsageNumber, at: 'first' | 'last'): Record<string, number> =>
    Object.fromEntries((at === 'first' ? usageAnswer.metrics[0]! : usageAnswer.metrics.at(-1)!).values.map((v) => [v.groupValue ?? v.groupedBy, v[k]]))
  const usage = page.getByTestId('rpc-usage')
  await usage.getByTestId('field-startTimestamp').fill('1794000000')
  await usage.getByTestId('field-endTimestamp').fill('1794600000')
  await usage.getByTestId('usage-form-submit').click()
  await expect(usage.getByTestId('usage-totalRequests').locator('canvas')).toBeVisible()
  await expect(usage.getByTestId('usage-totalRequests')).toHaveAttribute('data-points', String(usageAnswer.metrics.length))
  // each method's own line: requests on the last day, median response time on the first
  await expectLegendAt(usage.getByTestId('usage-totalRequests'), 'last', byGroup('totalRequests', 'last'))
  await expectLegendAt(usage.getByTestId('usage-medianResponseTimeMsecs'), 'first', byGroup('medianResponseTimeMsecs', 'first'))
  await page.mouse.move(0, 0)
  await usage.getByTestId('usage-totalRequests').scrollIntoViewIfNeeded()
  await shot(page, 'metrics-02-rpc-usage')
})
