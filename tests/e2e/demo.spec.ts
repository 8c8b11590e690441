import type { ChildProcess } from 'node:child_process'
import { BIN, expect, readServeUrl, shot, start, stop, test } from './fixtures'

/**
 * `npm run demo` as a new user meets it: the local network (tests/sim) plus browser mode, with a
 * profile pointed at it. Every part of the interface must show as available. (The fixtures' `test`, though the
 * demo is its own server: a file on Playwright's own `test` has other worker fixtures, so workers of its own,
 * queued after every other file.)
 */
const PARTS = ['cchainRpc', 'cchainWs', 'admin', 'core', 'pchain', 'info', 'health', 'dataService', 'metrics']

test.describe('the demo', () => {
  let demo: ChildProcess | undefined
  let url = ''
  let printed = ''
  test.beforeAll(async () => {
    // test:e2e has built the renderer already; the demo script itself is what `npm run demo` runs after its build.
    demo = start(BIN('tsx'), ['scripts/demo.ts'])
    demo.stderr!.on('data', (d: Buffer) => (printed += d.toString()))
    url = await readServeUrl(demo)
  })
  test.afterAll(async () => stop(demo))

  test('shows every part of the interface available', async ({ page }) => {
    await page.goto(`${url}#/connections`)
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    // The profile's first probe gives each part a few seconds; under a load of 30 the demo's node, started with it,
    // once answered its admin API later, and the panel rightly said unavailable. As a person would: "Check again"
    // until every part answers.
    const states = () => Promise.all(PARTS.map((part) => page.getByTestId(`status-${part}`).getAttribute('data-state')))
    await expect(async () => {
      if ((await states()).every((s) => s === 'available')) return
      await page.getByTestId('status-probe').click()
      for (const part of PARTS) await expect(page.getByTestId(`status-${part}`)).toHaveAttribute('data-state', 'available', { timeout: 15_000 })
    }).toPass({ timeout: 90_000 })
    for (const part of PARTS) {
      await expect(page.getByTestId(`status-${part}`)).toHaveAttribute('data-state', 'available')
    }
    await expect(page.locator('[data-testid="profile-item"][data-profile-name="Local demo network"]')).toBeVisible()
    // The node's identity and health, read live.
    await expect(page.getByTestId('node-id')).toHaveText(/^NodeID-/)
    await expect(page.getByTestId('health-overall')).toHaveAttribute('data-healthy', 'true')
    await shot(page, 'demo-all-available')
  })

  test('Node control works in the first minute: the page says changes are allowed on the demo node; a CPU profile started, stopped and opened; a log level set', async ({ page }) => {
    // The demo prints where its node writes profiles.
    await expect.poll(() => printed).toMatch(/profile folder: \/\S+_coreth_performance_C/)
    await page.goto(`${url}#/control`)
    await expect(page.getByTestId('control-panel')).toBeVisible()
    await expect(page.getByTestId('demo-node-changes')).toContainText("Node changes are allowed: this is the demo's own simulated node")
    await expect(page.getByTestId('node-changes-off')).toHaveCount(0)

    const confirm = async (title: string): Promise<void> => {
      const dialog = page.locator('.n-dialog')
      await expect(dialog).toContainText(title)
      await dialog.getByTestId('confirm-yes').click()
      await expect(dialog).toBeHidden()
    }
    await page.getByTestId('cpu-start').click()
    await confirm('Start a CPU profile')
    await expect(page.getByTestId('cpu-running')).toBeVisible()
    await page.getByTestId('cpu-stop').click()
    await confirm('Stop the CPU profile')
    await expect(page.getByTestId('cpu-idle')).toBeVisible()

    await page.getByTestId('control-tabs').locator('.n-tabs-tab', { hasText: 'Profile files' }).click()
    const file = page.locator('[data-testid="profile-file"][data-name="cpu.profile"]')
    await file.getByTestId('profile-file-open').click()
    const viewer = page.getByTestId('profile-viewer')
    await expect(viewer.getByTestId('profile-total')).toContainText(' ms')
    await expect(viewer.locator('[data-testid="flame-graph"] canvas')).toHaveAttribute('data-frames', /^[1-9]\d*$/)
    await expect(page.locator('[data-testid="kept-profile"][data-name="cpu.profile"]')).toHaveCount(1)

    await expect(page.getByTestId('loglevel-current')).toHaveAttribute('data-level', 'info')
    await page.getByTestId('loglevel-choice-debug').click()
    await page.getByTestId('loglevel-set').click()
    await confirm('Set the log level to debug')
    await expect(page.getByTestId('loglevel-current')).toHaveAttribute('data-level', 'debug')
    await shot(page, 'demo-node-control')
    // Back as the demo started, for whoever looks next.
    await page.getByTestId('loglevel-choice-info').click()
    await page.getByTestId('loglevel-set').click()
    await confirm('Set the log level to info')
    await expect(page.getByTestId('loglevel-current')).toHaveAttribute('data-level', 'info')
  })
})
