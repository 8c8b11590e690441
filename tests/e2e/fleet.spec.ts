/**
 * The fleet view and the Alerts panel against two sims, in Chromium, as a new operator with two nodes
 * would use them: the app opens on the fleet (two profiles), one line each, healthy, short enough that 25
 * fit a 900 px screen at 1440 px with the status column open; their details hold the version and peers; one
 * sim stops, its line goes first and says since when it is down, and the Alerts panel shows the alert
 * firing (and the browser notifies); the operator acknowledges it and the fleet counts it apart, and a row
 * click opens that profile's panels. Browser mode of the test's own on an empty data folder: exactly these
 * two profiles.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startSim, type Sim } from '../sim/index'
import { callApp, expect, openPanel, readServeUrl, shot, startServe, stop, test, type Companion } from './fixtures'
import { notifications, recordNotifications } from './validators-helpers'

function fleetRow(page: Page, name: string) {
  return page.locator(`[data-testid="fleet-row"][data-profile-name="${name}"]`)
}

async function createProfile(app: Companion, name: string, sim: Sim): Promise<string> {
  const created = await callApp(app, 'profiles.create', {
    profile: { name, network: 'mainnet', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, nodeIds: [sim.dataset.nodes.self] }
  })
  // checked every 5 s (the least the contract allows), so the test sees a few checks
  await callApp(app, 'watch.setSettings', { profileId: created.id, intervalSec: 5 })
  return created.id
}

test.describe('fleet', () => {
  test.describe.configure({ timeout: 180_000 })

  // The browser's notifications are part of it: a page in the full browser, as the headless shell reads their
  // permission as denied even once granted (tests/support/chromium.ts).
  test('two nodes: both lines live; one stops, it goes first and the Alerts panel says so; acknowledged, it is counted apart; a row opens its panels', async ({ fullChromiumPage: page, sim }) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'companion-e2e-fleet-'))
    const serve = startServe(dataDir)
    let serveErr = ''
    serve.stderr!.on('data', (d: Buffer) => (serveErr = (serveErr + d.toString()).slice(-4_000)))
    let second: Sim | undefined
    try {
      second = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
      const url = await readServeUrl(serve)
      const app: Companion = { url, origin: new URL(url).origin, anvilUrl: '', closedUrl: '', dataDir }
      await createProfile(app, 'Alpha', sim)
      const betaId = await createProfile(app, 'Beta', second)
      // Beta's node counts as unreachable after one failed check
      await callApp(app, 'alerts.setRules', { profileId: betaId, rules: [{ rule: 'unreachable', threshold: 1 }] })

      await recordNotifications(page)
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.emulateMedia({ colorScheme: 'light' })
      // More than one profile: the app opens on the fleet.
      await page.goto(url)
      await expect(page.getByTestId('connection-state')).toHaveText('connected')
      await expect(page.getByTestId('panel-title')).toHaveText('Fleet')
      await expect(page.getByTestId('fleet-row')).toHaveCount(2)

      for (const name of ['Alpha', 'Beta']) {
        const row = fleetRow(page, name)
        await expect(row.getByTestId('fleet-row-reach')).toHaveText('healthy', { timeout: 30_000 })
        await expect(row.getByTestId('fleet-row-uptime')).toHaveText(/^\d+\.\d{2} %$/)
        await expect(row.getByTestId('fleet-row-stake-end')).toHaveText(/^in \d/)
        await expect(row.getByTestId('fleet-row-last-check')).toHaveText(/ago|just now/)
        await expect(row.getByTestId('fleet-row-alerts')).toHaveText('none')
        // One line: 25 of them fit a 900 px screen (the status column open, as it is by default at 1440 px).
        expect((await row.boundingBox())!.height).toBeLessThanOrEqual(36)
      }
      await expect(page.getByTestId('status-expand')).toHaveCount(0)
      // No line wider than the panel: the last cell (its buttons) is inside it.
      const panelBox = (await page.getByTestId('fleet-panel').boundingBox())!
      const buttons = (await fleetRow(page, 'Alpha').getByTestId('fleet-row-details').boundingBox())!
      expect(buttons.x + buttons.width).toBeLessThanOrEqual(panelBox.x + panelBox.width + 0.5)
      await expect(page.getByTestId('fleet-source')).toContainText('From the checks main keeps')
      // The filter, by name.
      await page.getByTestId('fleet-filter').locator('input').fill('alp')
      await expect(page.getByTestId('fleet-row')).toHaveCount(1)
      await expect(page.getByTestId('fleet-shown')).toHaveText('1 of 2, worst first')
      await page.getByTestId('fleet-filter').locator('input').fill('')
      await expect(page.getByTestId('fleet-row')).toHaveCount(2)
      await shot(page, 'fleet-01-both-1440')
      await page.emulateMedia({ colorScheme: 'dark' })
      await shot(page, 'fleet-01b-both-1440-dark')
      await page.emulateMedia({ colorScheme: 'light' })
      await page.setViewportSize({ width: 1024, height: 800 })
      await shot(page, 'fleet-02-both-1024')
      await page.setViewportSize({ width: 1440, height: 900 })

      // Details: the node over time, its validators, and its watch settings, checked by the contract.
      const alpha = fleetRow(page, 'Alpha')
      // "Check now" keeps a check at once: the row's last check moves (its time in ms: the text shows seconds and an age that ticks).
      const before = await alpha.getByTestId('fleet-row-last-check').getAttribute('data-at')
      expect(before).toMatch(/^\d+$/)
      await alpha.getByTestId('fleet-row-check').click()
      await expect.poll(() => alpha.getByTestId('fleet-row-last-check').getAttribute('data-at')).not.toBe(before)
      await expect(page.getByTestId('panel-title')).toHaveText('Fleet')
      await alpha.getByTestId('fleet-row-details').click()
      await expect(alpha.getByTestId('fleet-row-version')).toHaveText(/\d+\.\d+\.\d+/)
      await expect(alpha.getByTestId('fleet-row-peers')).toHaveText(/^\d+$/)
      await expect(alpha.getByTestId('fleet-row-bootstrapped')).toContainText('P ✓')
      await expect(alpha.getByTestId('fleet-row-validators')).toContainText('1 of 1 validating')
      await expect(alpha.getByTestId('fleet-row-interval')).toHaveText('every 5 s')
      await expect(alpha.getByTestId('fleet-charts')).toBeVisible()
      await expect(alpha.getByTestId('fleet-chart-peers')).toBeVisible()
      await expect(alpha.getByTestId('fleet-validator')).toHaveCount(1)
      await alpha.getByTestId('watch-interval').locator('input').fill('2')
      await alpha.getByTestId('watch-save').click()
      await expect(alpha.getByTestId('watch-settings')).toContainText('intervalSec must be at least 5 seconds')
      await expect(page.getByTestId('panel-title')).toHaveText('Fleet')
      await expect.poll(async () => Number(await alpha.getByTestId('fleet-charts').getAttribute('data-samples')), { timeout: 20_000 }).toBeGreaterThan(1)
      // what is typed stays while the rows are read again
      await expect(alpha.getByTestId('watch-settings')).toContainText('intervalSec must be at least 5 seconds')
      await alpha.getByTestId('watch-settings').scrollIntoViewIfNeeded()
      await shot(page, 'fleet-03-details-1440')
      await page.setViewportSize({ width: 1024, height: 800 })
      await alpha.getByTestId('watch-settings').scrollIntoViewIfNeeded()
      await shot(page, 'fleet-04-details-1024')
      await page.setViewportSize({ width: 1440, height: 900 })
      await alpha.getByTestId('fleet-row-details').click()

      // Notifications of this browser on; then Beta's node stops.
      await openPanel(page, 'alerts')
      await page.getByTestId('browser-notify-switch').click()
      await expect(page.getByTestId('browser-notify')).toHaveAttribute('data-permission', 'granted')
      await openPanel(page, 'fleet')
      await second.stop()
      second = undefined
      const beta = fleetRow(page, 'Beta')
      await expect(beta.getByTestId('fleet-row-reach')).toContainText('down since', { timeout: 30_000 })
      await expect(beta.getByTestId('fleet-row-alerts-critical')).toHaveText(/1 critical/, { timeout: 30_000 })
      // Worst first: the node with a critical alert nobody handled leads.
      await expect(page.getByTestId('fleet-row').first()).toHaveAttribute('data-profile-name', 'Beta')
      await expect(page.getByTestId('fleet-open-alerts')).toHaveText('1 critical')
      // Its uptime and stake end are those of its last check that answered, said on hover.
      await expect(beta.getByTestId('fleet-row-uptime')).toHaveAttribute('title', /As of the last check that answered/)
      await expect(fleetRow(page, 'Alpha').getByTestId('fleet-row-reach')).toHaveText('healthy')
      await shot(page, 'fleet-05-one-down-1440')
      await page.setViewportSize({ width: 1024, height: 800 })
      await beta.scrollIntoViewIfNeeded()
      await shot(page, 'fleet-06-one-down-1024')
      await page.setViewportSize({ width: 1440, height: 900 })
      await expect.poll(async () => (await notifications(page)).map((n) => n.title)).toContain('critical: Node unreachable · Beta')
      // Beta over time: the last hour exactly, its unanswered checks a grey "unknown" band.
      await beta.getByTestId('fleet-row-details').click()
      await expect(beta.getByTestId('fleet-row-older')).toContainText('As of the last check that answered')
      await expect(beta.getByTestId('fleet-row-version')).toHaveText(/\d+\.\d+\.\d+/)
      const peersPlot = beta.getByTestId('fleet-chart-peers-plot')
      await expect(peersPlot).toHaveAttribute('data-bands', '1', { timeout: 20_000 })
      // both ends read at once: a check arriving between two reads moves the window
      const [from, to] = await peersPlot.evaluate((el) => [Number(el.getAttribute('data-from')), Number(el.getAttribute('data-to'))])
      expect(to! - from!).toBe(3_600_000)
      await expect(beta.getByTestId('fleet-charts-span')).toContainText('unanswered (grey: unknown)')
      await peersPlot.scrollIntoViewIfNeeded()
      await shot(page, 'fleet-05b-one-down-chart')
      await beta.getByTestId('fleet-row-details').click()

      // The row's alert count leads to the Alerts panel, filtered to Beta's critical alerts.
      await beta.getByTestId('fleet-row-alerts-critical').click()
      await expect(page.getByTestId('panel-title')).toHaveText('Alerts')
      const alert = page.locator('[data-testid="alert-row"][data-rule="unreachable"][data-open="true"]')
      await expect(alert).toHaveCount(1)
      await expect(alert.getByTestId('alert-profile')).toHaveText('Beta')
      await expect(alert.getByTestId('alert-rule')).toHaveText('Node unreachable')
      await expect(alert.getByTestId('alert-times')).toContainText('fired')
      await alert.getByTestId('alert-acknowledge').click()
      await expect(alert.getByTestId('alert-acknowledged')).toContainText('acknowledged')
      await expect(alert.getByTestId('alert-acknowledge')).toHaveCount(0)
      // Handled: counted apart and dimmed, no longer red.
      await expect(alert).toHaveAttribute('data-attention', 'acknowledged')
      await expect(page.getByTestId('alerts-tab-alerts')).toHaveText('Alerts (1 acknowledged)')
      // Silenced for an hour from its row (the form asks why and who): listed with its end, then ended.
      await alert.getByTestId('alert-silence').click()
      await page.getByTestId('silence-reason').fill('reboot')
      await page.getByTestId('silence-by').fill('ops')
      await page.getByTestId('silence-save').click()
      await expect(alert.getByTestId('alert-silenced')).toContainText('silenced by ops: reboot, not sent until')
      await expect(page.getByTestId('silence-row')).toContainText('Node unreachable on Beta')
      await expect(page.getByTestId('silence-row')).toContainText(/\(in (59 min|1 h 00 min)\)/)
      await shot(page, 'fleet-07-alerts-1440')
      await page.setViewportSize({ width: 1024, height: 800 })
      await shot(page, 'fleet-08-alerts-1024')
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.getByTestId('silence-expire').click()
      await expect(page.getByTestId('silence-row')).toHaveCount(0)
      await expect(alert.getByTestId('alert-silence')).toBeVisible()

      // The fleet counts it apart too: grey "1 acknowledged", no red badge; Beta still first (it is down).
      await openPanel(page, 'fleet')
      await expect(page.getByTestId('fleet-open-alerts')).toHaveText('1 acknowledged')
      await expect(fleetRow(page, 'Beta').getByTestId('fleet-row-alerts-acknowledged')).toHaveText('1 acknowledged')
      await expect(fleetRow(page, 'Beta').getByTestId('fleet-row-alerts-critical')).toHaveCount(0)
      await expect(page.getByTestId('fleet-row').first()).toHaveAttribute('data-profile-name', 'Beta')
      await shot(page, 'fleet-08b-acknowledged-1440')

      // A row click opens that profile's panels: it becomes active, and its validators show.
      await fleetRow(page, 'Alpha').getByTestId('fleet-row-name').click()
      await expect(page.getByTestId('panel-title')).toHaveText('Validators')
      await expect(page.getByTestId('status-profile')).toContainText('Alpha')
      await openPanel(page, 'fleet')
      await expect(fleetRow(page, 'Alpha').getByTestId('fleet-row-active')).toBeVisible()

      // The app itself gone: the rows stay, as last read, and say so.
      await stop(serve)
      await expect(page.getByTestId('fleet-offline')).toContainText('Showing the checks as last read from the app')
      await expect(page.getByTestId('fleet-row')).toHaveCount(2)
      await expect(fleetRow(page, 'Beta').getByTestId('fleet-row-reach')).toContainText('down since')
      await expect(fleetRow(page, 'Alpha').getByTestId('fleet-row-uptime')).toHaveText(/^\d+\.\d{2} %$/)
      await shot(page, 'fleet-09-app-gone-1440')
    } catch (err) {
      // what browser mode said, when it is the server that failed
      if (serveErr) console.error(`--- browser mode's stderr ---\n${serveErr}`)
      throw err
    } finally {
      await second?.stop()
      await stop(serve)
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
