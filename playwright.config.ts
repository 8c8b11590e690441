import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests: Debian's Chromium drives browser mode (`npm run serve`), which the fixture in
 * tests/e2e/fixtures.ts starts next to anvil. `npm run test:e2e` builds the renderer first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // One worker: each starts anvil and a browser-mode server, and these machines have two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  // Generous: the suite must not fail because a shared machine is slow; nothing here asserts speed.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    headless: true,
    viewport: { width: 1366, height: 860 },
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      // `npx playwright install` cannot download here; Debian's package is used instead.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync'
      ]
    }
  }
})
