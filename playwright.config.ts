import { availableParallelism } from 'node:os'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH } from './tests/support/chromium'

/**
 * End-to-end tests: Debian's Chromium drives browser mode (`npm run serve`), which the fixture in
 * tests/e2e/fixtures.ts starts next to anvil. `npm run test:e2e` builds the renderer first.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Each worker has its own anvil, browser-mode server and data folder (tests/e2e/fixtures.ts), and each
  // test that needs a local network starts its own sim: nothing is shared across workers. The tests mostly
  // wait on pages and servers: three more workers than cores (five at least, six at most). On two cores, four
  // workers used about 160 CPU-seconds in 190 to 235 s, the cores idle a fifth of it, and the stage ended on
  // the files queued last; five pack the same tests (about 670 worker-seconds, the longest 80 s) into less.
  // E2E_WORKERS sets another number.
  workers: Number(process.env['E2E_WORKERS'] ?? Math.min(6, Math.max(5, availableParallelism() + 3))),
  fullyParallel: false,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  // Generous: the suite must not fail because a shared machine is slow; nothing here asserts speed.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    headless: true,
    // As an operator who asks the system for less motion (styles.css): no fades, slides or spinners, so a
    // check never meets a half-drawn state, and a third less browser CPU on these CPU-bound machines.
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 860 },
    // Pictures for people are taken by shot() when SHOTS=1; a failing test always leaves one.
    screenshot: 'only-on-failure',
    // A trace records every step of every test (DOM snapshots, screencast): it doubled the suite's CPU time,
    // and these machines are CPU-bound at three workers. Failures keep their screenshot and error context;
    // E2E_TRACE=1 records traces too, kept for failing tests (`npx playwright show-trace …`).
    trace: process.env['E2E_TRACE'] ? 'retain-on-failure' : 'off',
    // `npx playwright install` cannot download here; Debian's package is used instead.
    launchOptions: CHROMIUM_LAUNCH
  }
})
