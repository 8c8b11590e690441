/**
 * The Metrics panel for given data: the Average TPS chain by name, as every panel names chains ("C-Chain",
 * its ID on hover), never as the bare "43114" (review N19). Then each card against the sim, every number
 * compared with the sim's own answer to the same request: the TPS chart's points, last update and facts, its
 * older days by the real route's nextPageStartKey; NFT holders page by page, cell by cell, with totals and the
 * page-size rule refused in the form; subnet RPC usage over a week with each chart's points and facts. The axes'
 * labels are unit-tested (timeTicks); what the lines are drawn through (uPlot's legend under the mouse) needs a
 * real canvas and layout: tests/e2e/metrics.spec.ts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WELL_KNOWN_COLLECTIONS } from '../sim/dataset/evm'
import { startSim, type Sim } from '../sim/index'
import { closedPort } from '../support/ports'
import { axisNumber, dateTime, integer, percent } from '../../src/shared/domain/format'
import { layOut, mountApp, settle, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

test('Average TPS names its chain: C-Chain with the EVM chain id on hover, and a chain it cannot name by its id', async () => {
  const ui = await mountApp({ path: '/metrics' })
  await ui.profileAt(sim, 'Metrics', { metricsUrl: `http://127.0.0.1:${await closedPort()}` })
  await ui.until(() => ui.has('tps-chain-name'), 'the Average TPS card')
  expect(ui.text('tps-chain-name')).toBe('C-Chain')
  expect(ui.get('tps-chain-name').attributes('title')).toBe('EVM chain id 43114')
  await ui.fill('tps-chain', '53935')
  await ui.click('tps-show')
  await ui.until(() => ui.text('tps-chain-name') === 'chain 53935', 'another chain')
})

interface AvgTpsAnswer {
  results: { timestamp: number; value: number }[]
  lastRun: number
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
  metrics: { timestamp: number; values: (Record<UsageNumber, number> & { groupedBy: string; groupValue?: string })[] }[]
}

async function sims<T>(url: string): Promise<T> {
  const res = await fetch(url)
  expect(res.status, url).toBe(200)
  return (await res.json()) as T
}
/** A UNIX time as the page writes it: local date and time (the page and this test run in one process). */
const when = (t: number): string => dateTime(t * 1_000)
const attr = (ui: MountedApp, testId: string, name: string): string | undefined => (ui.has(testId) ? ui.get(testId).attributes(name) : undefined)
/** Types into the field with this test id inside the card with that one (several cards have a field-address). */
async function fillIn(ui: MountedApp, card: string, testId: string, value: string): Promise<void> {
  const field = ui.get(card).find(`[data-testid="${testId}"]`)
  await (field.element instanceof HTMLInputElement ? field : field.find('input')).setValue(value)
  await settle()
}
const clickIn = async (ui: MountedApp, card: string, testId: string): Promise<void> => {
  await ui.get(card).find(`[data-testid="${testId}"]`).trigger('click')
  await settle()
}
/** The rows of a result table as its header names them, a linked ID read whole from its link. */
function tableRows(ui: MountedApp, testId: string): Record<string, string>[] {
  const table = ui.get(testId).element
  const heads = [...table.querySelectorAll('.n-data-table-th')].map((th) => th.textContent?.trim() ?? '')
  return [...table.querySelectorAll('.n-data-table-tbody .n-data-table-tr')].map((tr) =>
    Object.fromEntries(
      [...tr.querySelectorAll('.n-data-table-td')].flatMap((td, i) => (heads[i] ? [[heads[i], (td.querySelector('[data-id]')?.getAttribute('data-id') ?? td.textContent ?? '').trim()]] : []))
    )
  )
}

test('average TPS and its older days, NFT holders page by page, subnet RPC usage: each as the sim answers it', async () => {
  const ui = await mountApp({ path: '/metrics' })
  await ui.profileAt(sim, 'Metrics sim')

  // Average TPS of the C-Chain: the sim's first page, newest first.
  const tpsAnswer = await sims<AvgTpsAnswer>(`${sim.metricsUrl}/v1/avg_tps/43114`)
  const newest = tpsAnswer.results[0]!
  const values = tpsAnswer.results.map((p) => p.value)
  const [lowest, highest] = [Math.min(...values), Math.max(...values)]
  await ui.until(() => attr(ui, 'tps-chart', 'data-points') === String(tpsAnswer.results.length), 'the TPS chart')
  expect(ui.get('avg-tps').find('[data-testid="source-marker"]').attributes('data-source')).toBe('live')
  expect(ui.text('tps-last-run')).toBe(`last update ${when(tpsAnswer.lastRun)} · ${integer(tpsAnswer.results.length)} points`)
  // review #11: the y axis says its unit
  expect(attr(ui, 'tps-chart', 'data-unit')).toBe('tx/s')
  expect(attr(ui, 'tps-chart-summary', 'data-latest')).toBe(String(newest.value))
  expect(attr(ui, 'tps-chart-summary', 'data-latest-at')).toBe(String(newest.timestamp))
  expect(attr(ui, 'tps-chart-summary', 'data-lowest')).toBe(String(lowest))
  expect(attr(ui, 'tps-chart-summary', 'data-highest')).toBe(String(highest))
  expect(ui.text('tps-chart-summary')).toBe(`latest ${axisNumber(newest.value)} tx/s on ${when(newest.timestamp)} · lowest ${axisNumber(lowest)} tx/s · highest ${axisNumber(highest)} tx/s`)

  // Older days: the next page, by the key the sim gave (nextPageStartKey, sent back as startKey), joins the chart.
  expect(tpsAnswer.nextPageStartKey, 'the sim has older days').toBeTruthy()
  const older = await sims<AvgTpsAnswer>(`${sim.metricsUrl}/v1/avg_tps/43114?startKey=${tpsAnswer.nextPageStartKey!}`)
  const days = tpsAnswer.results.length + older.results.length
  await ui.click('tps-older')
  await ui.until(() => attr(ui, 'tps-chart', 'data-points') === String(days), 'the older days joined')
  expect(ui.text('tps-last-run')).toBe(`last update ${when(older.lastRun)} · ${integer(days)} points`)
  expect(attr(ui, 'tps-chart-summary', 'data-latest')).toBe(String(newest.value))
  expect((ui.get('tps-older').element as HTMLButtonElement).disabled).toBe(older.nextPageStartKey === undefined)

  // NFT holders of Sim Punks, 5 a page: page 1 and page 2 as the sim pages them, cell by cell.
  const holdersUrl = `${sim.metricsUrl}/v2/chains/43114/contracts/${WELL_KNOWN_COLLECTIONS.simPunks}/nfts:listHolders?pageSize=5`
  const page1 = await sims<HoldersAnswer>(holdersUrl)
  expect(page1.nextPageToken, 'the sim has a second page of holders').toBeTruthy()
  const page2 = await sims<HoldersAnswer>(`${holdersUrl}&pageToken=${page1.nextPageToken!}`)
  expect(page2.addresses.map((h) => h.address)).not.toEqual(page1.addresses.map((h) => h.address))
  const totals = (a: HoldersAnswer, n: number): string =>
    `${a.nftCollectionName.join(', ')} ${a.nftSymbol.join(', ')} · ${integer(a.totalHolders)} holders · ${integer(a.totalTokens)} tokens · page ${n}`
  const holderRows = (a: HoldersAnswer): Record<string, string>[] => a.addresses.map((h) => ({ Address: h.address, Position: integer(h.sortKey) }))
  await fillIn(ui, 'nft-holders', 'field-address', WELL_KNOWN_COLLECTIONS.simPunks)
  await fillIn(ui, 'nft-holders', 'field-pageSize', '5001')
  await clickIn(ui, 'nft-holders', 'holders-form-submit')
  await ui.until(() => ui.get('nft-holders').text().includes('pageSize must be a whole number from 1 to 5000 (default 1000)'), 'the page size refused')
  await fillIn(ui, 'nft-holders', 'field-pageSize', '5')
  await clickIn(ui, 'nft-holders', 'holders-form-submit')
  await ui.until(() => attr(ui, 'holders-table', 'data-rows') === '5' && ui.text('holders-totals') === totals(page1, 1), 'page 1 of the holders')
  await layOut(ui, 'holders-table')
  expect(tableRows(ui, 'holders-table')).toEqual(holderRows(page1))
  await ui.click('holders-next')
  await ui.until(() => ui.text('holders-totals') === totals(page2, 2), 'page 2 of the holders')
  await layOut(ui, 'holders-table')
  await ui.until(() => JSON.stringify(tableRows(ui, 'holders-table')) === JSON.stringify(holderRows(page2)), 'page 2’s rows, as the sim answers them')

  // Subnet RPC usage, daily and by RPC method (the form's defaults) over 2026-11-06 .. 2026-11-13.
  const usageAnswer = await sims<UsageAnswer>(`${sim.dataUrl}/v1/subnetRpcUsageMetrics?timeInterval=daily&groupBy=rpcMethod&startTimestamp=1794000000&endTimestamp=1794600000`)
  const all = (k: UsageNumber): number[] => usageAnswer.metrics.flatMap((m) => m.values.map((v) => v[k]))
  const groups = [...new Set(usageAnswer.metrics.flatMap((m) => m.values.map((v) => v.groupValue ?? v.groupedBy)))]
  expect(usageAnswer.metrics.length, 'the sim answers 8 days for this range').toBe(8)
  await fillIn(ui, 'rpc-usage', 'field-startTimestamp', '1794000000')
  await fillIn(ui, 'rpc-usage', 'field-endTimestamp', '1794600000')
  await clickIn(ui, 'rpc-usage', 'usage-form-submit')
  const [firstDay, lastDay] = [when(usageAnswer.metrics[0]!.timestamp), when(usageAnswer.metrics.at(-1)!.timestamp)]
  await ui.until(() => ui.text('usage-info') === `${usageAnswer.metrics.length} intervals of ${usageAnswer.aggregateDuration} from ${firstDay} to ${lastDay} · chain all · ${groups.length} groups`, 'the usage')
  for (const k of ['totalRequests', 'apiCreditsUsed', 'successRatePercent', 'medianResponseTimeMsecs'] as const) {
    expect(attr(ui, `usage-${k}`, 'data-points'), `${k}: one point a day`).toBe(String(usageAnswer.metrics.length))
  }
  for (const [k, unit] of [['totalRequests', ' requests'], ['apiCreditsUsed', ' credits']] as const) {
    const total = all(k).reduce((a, v) => a + BigInt(v), 0n)
    expect(attr(ui, `usage-${k}-summary`, 'data-total'), `${k}: total over every day and method`).toBe(total.toString())
    expect(ui.text(`usage-${k}-summary`)).toBe(`total ${integer(total)}${unit} (all lines)`)
    expect(attr(ui, `usage-${k}`, 'data-unit')).toBe(unit.trim())
  }
  const shown = (k: UsageNumber, v: number): string => (k === 'successRatePercent' ? percent(v) : `${axisNumber(v)} ms`)
  for (const k of ['successRatePercent', 'medianResponseTimeMsecs'] as const) {
    const [lo, hi] = [Math.min(...all(k)), Math.max(...all(k))]
    expect(attr(ui, `usage-${k}-summary`, 'data-lowest'), `${k}: lowest over every day and method`).toBe(String(lo))
    expect(attr(ui, `usage-${k}-summary`, 'data-highest'), `${k}: highest over every day and method`).toBe(String(hi))
    expect(ui.text(`usage-${k}-summary`)).toBe(`lowest ${shown(k, lo)} · highest ${shown(k, hi)}`)
  }
})
