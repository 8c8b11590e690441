import type { ChildProcess } from 'node:child_process'
import { test as base, expect } from '@playwright/test'
import { BIN, readServeUrl, shot, start, stop } from './fixtures'

/**
 * `npm run demo` as a new user meets it: the local network (tests/sim) plus browser mode, with a
 * profile pointed at it. Every part of the interface must show as available.
 */
const PARTS = ['cchainRpc', 'cchainWs', 'admin', 'core', 'pchain', 'info', 'health', 'dataService', 'metrics']

base.describe('the demo', () => {
  let demo: ChildProcess | undefined
  let url = ''
  base.beforeAll(async () => {
    // test:e2e has built the renderer already; the demo script itself is what `npm run demo` runs after its build.
    demo = start(BIN('tsx'), ['scripts/demo.ts'])
    url = await readServeUrl(demo)
  })
  base.afterAll(async () => stop(demo))

  base('shows every part of the interface available', async ({ page }) => {
    await page.goto(`${url}#/connections`)
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    for (const part of PARTS) {
      await expect(page.getByTestId(`status-${part}`)).toHaveAttribute('data-state', 'available')
    }
    await expect(page.locator('[data-testid="profile-item"][data-profile-name="Local demo network"]')).toBeVisible()
    // The node's identity and health, read live.
    await expect(page.getByTestId('node-id')).toHaveText(/^NodeID-/)
    await expect(page.getByTestId('health-overall')).toHaveAttribute('data-healthy', 'true')
    await shot(page, 'demo-all-available')
  })
})
