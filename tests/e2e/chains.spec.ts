/**
 * The C-Chain live view in Chromium, for what only a browser shows: the fee chart drawn on a real canvas, and
 * browser mode's own websocket to the app lost, the badge then saying 'stale' rather than 'live'. (The live
 * list through the node's websocket drops, the fees, config, a block, a second instance and the heads kept
 * offline are component tests: tests/component/cchain.test.ts; the P-Chain explorer: tests/component/pchain.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSim, type Sim } from '../sim/index'
import { activateSimProfile, expect, openPanel, readServeUrl, startServe, stop, test } from './fixtures'

let sim: Sim | undefined

test.afterEach(async () => {
  await sim?.stop()
  sim = undefined
})

test("C-Chain live: the browser's link to the app gone, the badge says 'stale', not 'live' (review #16)", async ({ page }) => {
  test.setTimeout(90_000)
  // A server of its own, so that stopping it leaves the shared one alone.
  const dataDir = await mkdtemp(join(tmpdir(), 'companion-e2e-cchain-stale-'))
  const serve = startServe(dataDir)
  try {
    const s = (sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, blockTime: 1 }))
    await page.goto(await readServeUrl(serve))
    await activateSimProfile(page, s, 'C-Chain stale')
    await openPanel(page, 'cchain')
    const live = page.getByTestId('cchain-live')
    await expect(live.getByTestId('cchain-live-state')).toHaveText('live')
    // The fee chart's picture: a canvas the browser lays out (its samples are the component test's).
    await expect.poll(async () => Number(await page.getByTestId('cchain-fees').getAttribute('data-points')), { timeout: 30_000 }).toBeGreaterThan(1)
    await expect(page.getByTestId('cchain-fee-chart').locator('canvas')).toBeVisible()
    await stop(serve)
    await expect(live.getByTestId('cchain-live-state')).toHaveText('stale')
    await expect(live.getByTestId('cchain-live-state')).toHaveAttribute('title', /link to the app is down/)
  } finally {
    await stop(serve)
    await rm(dataDir, { recursive: true, force: true })
  }
})
