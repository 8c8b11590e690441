/**
 * Metrics in Chromium against the sim (issue 10): average TPS drawn by uPlot with its last update and
 * its older days read by the real route's nextPageStartKey (the sim answers as the real service), NFT
 * holders page by page with totals and the page-size rule refused in the form, and subnet RPC usage
 * charts with interval and group-by. Every number the page shows is compared with the sim's own answer
 * to the same request, read here straight from its metrics and data services: the chart's point count,
 * the facts under it (latest, lowest, highest, total), the legend's values at a point under the mouse,
 * the holders' rows cell by cell and their totals.
 */
import type { Locator, Page } from '@playwright/test'
import { WELL_KNOWN_COLLECTIONS } from '../sim/dataset/evm'
import { axisNumber, dateTime, integer, percent } from '../../src/shared/domain/format'
import { activateSimProfile, expect, openPanel, shot, test } from './fixtures'

interface AvgTpsAnswer {
  results: { timestamp: number; value: number }[]
  lastRun: number
  /** the real (deprecated) route's paging, what the sim answers by default */
  nextPageStartKey?: string
}
/** as the real metrics service sends it: sortKey a decimal string, the collection's names as lists */
interface HoldersAnswer {
  addresses: { address: string; sortKey: string }[]
  nextPageToken?: string
  nftCollectionName: string[]
  nftSymbol: string[]
  totalHolders: number
  totalTokens: number
}
type UsageNumber = 'totalRequests' | 'apiCreditsUsed' | 'successRatePercent' | 'medianResponseTimeMsecs'
interface UsageAnswer {
  aggregateDuration: string
  chainId: string
  metrics: { timestamp: number; values: (Record<UsageNumber, number> & { groupedBy: string; groupValue?: string })[] }[]
}

async function sims<T>(url: string): Promise<T> {
  const res = await fetch(url)
  expect(res.status, `${url}: ${await res.clone().text()}`).toBe(200)
  return (await res.json()) as T
}

/** A value as uPlot's legend writes it (Intl.NumberFormat of the browser's language). */
const legendNumber = (page: Page, v: number): Promise<string> => page.evaluate((x) => new Intl.NumberFormat(navigator.language).format(x), v)
/** A UNIX time as the page writes it: local date and time (the page and this test run on one machine). */
const when = (t: number): string => dateTime(t * 1_000)

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

/** The rows of a result table as its header names them, every cell as text. */
async function tableRows(table: Locator): Promise<Record<string, string>[]> {
  const heads = (await table.locator('.n-data-table-th').allTextContents()).map((t) => t.trim())
  // a linked ID is read from the link's whole ID (the cell may show it short)
  const cells = await table
    .locator('.n-data-table-tbody .n-data-table-tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('.n-data-table-td')].map((td) => (td.querySelector('[data-id]')?.getAttribute('data-id') ?? td.textContent ?? '').trim())))
  return cells.map((row) => Object.fromEntries(row.flatMap((c, i) => (heads[i] ? [[heads[i]!, c]] : []))))
}

const holderRows = (a: HoldersAnswer): Record<string, string>[] => a.addresses.map((h) => ({ Address: h.address, Position: integer(h.sortKey) }))

test('average TPS chart, NFT holders paging, subnet RPC usage charts', async ({ app: page, sim }) => {
  await activateSimProfile(page, sim, 'Metrics sim')
  await openPanel(page, 'metrics')

  // Average TPS of the C-Chain (43114, what the card shows first): the sim's first page, newest first.
  const tpsAnswer = await sims<AvgTpsAnswer>(`${sim.metricsUrl}/v1/avg_tps/43114`)
  const newest = tpsAnswer.results[0]!
  const values = tpsAnswer.results.map((p) => p.value)
  const [lowest, highest] = [Math.min(...values), Math.max(...values)]
  const tps = page.getByTestId('avg-tps')
  const tpsChart = tps.getByTestId('tps-chart')
  await expect(tpsChart.locator('canvas')).toBeVisible()
  await expect(tps.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')
  await expect(tpsChart).toHaveAttribute('data-points', String(tpsAnswer.results.length))
  await expect(tps.getByTestId('tps-last-run')).toHaveText(`last update ${when(tpsAnswer.lastRun)} · ${integer(tpsAnswer.results.length)} points`)
  // review #11: the y axis says its unit
  await expect(tpsChart).toHaveAttribute('data-unit', 'tx/s')
  const tpsFacts = tps.getByTestId('tps-chart-summary')
  await expect(tpsFacts).toHaveAttribute('data-latest', String(newest.value))
  await expect(tpsFacts).toHaveAttribute('data-latest-at', String(newest.timestamp))
  await expect(tpsFacts).toHaveAttribute('data-lowest', String(lowest))
  await expect(tpsFacts).toHaveAttribute('data-highest', String(highest))
  await expect(tpsFacts).toHaveText(`latest ${axisNumber(newest.value)} tx/s on ${when(newest.timestamp)} · lowest ${axisNumber(lowest)} tx/s · highest ${axisNumber(highest)} tx/s`)
  // what the line itself is drawn through, at both ends
  await expectLegendAt(tpsChart, 'last', { 'average TPS': newest.value })
  await expectLegendAt(tpsChart, 'first', { 'average TPS': tpsAnswer.results.at(-1)!.value })
  await page.mouse.move(0, 0)
  await shot(page, 'metrics-01-avg-tps')

  // Older days: the next page, by the key the sim gave (nextPageStartKey, sent back as startKey), joins the chart.
  expect(tpsAnswer.nextPageStartKey, 'the sim has older days').toBeTruthy()
  const older = await sims<AvgTpsAnswer>(`${sim.metricsUrl}/v1/avg_tps/43114?startKey=${tpsAnswer.nextPageStartKey!}`)
  const days = tpsAnswer.results.length + older.results.length
  await tps.getByTestId('tps-older').click()
  await expect(tpsChart).toHaveAttribute('data-points', String(days))
  await expect(tps.getByTestId('tps-last-run')).toHaveText(`last update ${when(older.lastRun)} · ${integer(days)} points`)
  await expect(tpsFacts).toHaveAttribute('data-latest', String(newest.value))
  await expectLegendAt(tpsChart, 'first', { 'average TPS': older.results.at(-1)!.value })
  await page.mouse.move(0, 0)
  await expect(tps.getByTestId('tps-older')).toBeEnabled({ enabled: older.nextPageStartKey !== undefined })
  await shot(page, 'metrics-01b-avg-tps-older')

  // NFT holders of Sim Punks, 5 a page: page 1 and page 2 as the sim pages them, cell by cell.
  const holdersUrl = `${sim.metricsUrl}/v2/chains/43114/contracts/${WELL_KNOWN_COLLECTIONS.simPunks}/nfts:listHolders?pageSize=5`
  const page1 = await sims<HoldersAnswer>(holdersUrl)
  expect(page1.nextPageToken, 'the sim has a second page of holders').toBeTruthy()
  const page2 = await sims<HoldersAnswer>(`${holdersUrl}&pageToken=${page1.nextPageToken!}`)
  expect(page2.addresses.map((h) => h.address)).not.toEqual(page1.addresses.map((h) => h.address))
  const totals = (a: HoldersAnswer, n: number): string =>
    `${a.nftCollectionName.join(', ')} ${a.nftSymbol.join(', ')} · ${integer(a.totalHolders)} holders · ${integer(a.totalTokens)} tokens · page ${n}`

  const holders = page.getByTestId('nft-holders')
  await holders.getByTestId('field-address').fill(WELL_KNOWN_COLLECTIONS.simPunks)
  await holders.getByTestId('field-pageSize').fill('5001')
  await holders.getByTestId('holders-form-submit').click()
  await expect(holders.getByTestId('form-problems')).toContainText('pageSize must be a whole number from 1 to 5000 (default 1000)')
  await holders.getByTestId('field-pageSize').fill('5')
  await holders.getByTestId('holders-form-submit').click()
  const table = holders.getByTestId('holders-table')
  await expect(table).toHaveAttribute('data-rows', '5')
  await expect(holders.getByTestId('holders-totals')).toHaveText(totals(page1, 1))
  await expect.poll(() => tableRows(table), { message: 'page 1 of the holders, as the sim answers it' }).toEqual(holderRows(page1))
  await holders.getByTestId('holders-next').click()
  await expect(holders.getByTestId('holders-totals')).toHaveText(totals(page2, 2))
  await expect.poll(() => tableRows(table), { message: 'page 2 of the holders, as the sim answers it' }).toEqual(holderRows(page2))

  // Subnet RPC usage, daily and by RPC method (the form's defaults) over 2026-11-06 .. 2026-11-13.
  const usageAnswer = await sims<UsageAnswer>(`${sim.dataUrl}/v1/subnetRpcUsageMetrics?timeInterval=daily&groupBy=rpcMethod&startTimestamp=1794000000&endTimestamp=1794600000`)
  const all = (k: UsageNumber): number[] => usageAnswer.metrics.flatMap((m) => m.values.map((v) => v[k]))
  const groups = [...new Set(usageAnswer.metrics.flatMap((m) => m.values.map((v) => v.groupValue ?? v.groupedBy)))]
  const byGroup = (k: UsageNumber, at: 'first' | 'last'): Record<string, number> =>
    Object.fromEntries((at === 'first' ? usageAnswer.metrics[0]! : usageAnswer.metrics.at(-1)!).values.map((v) => [v.groupValue ?? v.groupedBy, v[k]]))
  expect(usageAnswer.metrics.length, 'the sim answers 8 days for this range').toBe(8)

  const usage = page.getByTestId('rpc-usage')
  await usage.getByTestId('field-startTimestamp').fill('1794000000')
  await usage.getByTestId('field-endTimestamp').fill('1794600000')
  await usage.getByTestId('usage-form-submit').click()
  await expect(usage.getByTestId('usage-totalRequests').locator('canvas')).toBeVisible()
  const [firstDay, lastDay] = [when(usageAnswer.metrics[0]!.timestamp), when(usageAnswer.metrics.at(-1)!.timestamp)]
  await expect(usage.getByTestId('usage-info')).toHaveText(`${usageAnswer.metrics.length} intervals of ${usageAnswer.aggregateDuration} from ${firstDay} to ${lastDay} · chain all · ${groups.length} groups`)
  for (const k of ['totalRequests', 'apiCreditsUsed', 'successRatePercent', 'medianResponseTimeMsecs'] as const) {
    await expect(usage.getByTestId(`usage-${k}`), `${k}: one point a day`).toHaveAttribute('data-points', String(usageAnswer.metrics.length))
  }
  for (const [k, unit] of [['totalRequests', ' requests'], ['apiCreditsUsed', ' credits']] as const) {
    const total = all(k).reduce((a, v) => a + BigInt(v), 0n)
    const facts = usage.getByTestId(`usage-${k}-summary`)
    await expect(facts, `${k}: total over every day and method`).toHaveAttribute('data-total', total.toString())
    await expect(facts).toHaveText(`total ${integer(total)}${unit} (all lines)`)
    await expect(usage.getByTestId(`usage-${k}`)).toHaveAttribute('data-unit', unit.trim())
  }
  const shown = (k: UsageNumber, v: number): string => (k === 'successRatePercent' ? percent(v) : `${axisNumber(v)} ms`)
  for (const k of ['successRatePercent', 'medianResponseTimeMsecs'] as const) {
    const [lo, hi] = [Math.min(...all(k)), Math.max(...all(k))]
    const facts = usage.getByTestId(`usage-${k}-summary`)
    await expect(facts, `${k}: lowest over every day and method`).toHaveAttribute('data-lowest', String(lo))
    await expect(facts, `${k}: highest over every day and method`).toHaveAttribute('data-highest', String(hi))
    await expect(facts).toHaveText(`lowest ${shown(k, lo)} · highest ${shown(k, hi)}`)
  }
  // each method's own line: requests on the last day, median response time on the first
  await expectLegendAt(usage.getByTestId('usage-totalRequests'), 'last', byGroup('totalRequests', 'last'))
  await expectLegendAt(usage.getByTestId('usage-medianResponseTimeMsecs'), 'first', byGroup('medianResponseTimeMsecs', 'first'))
  await page.mouse.move(0, 0)
  await usage.getByTestId('usage-apiCreditsUsed').scrollIntoViewIfNeeded()
  await shot(page, 'metrics-02-rpc-usage')
})
