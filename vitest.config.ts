import { defineConfig } from 'vitest/config'

// Two projects so `npm test` can run them as separate, named steps.
// Integration tests start real servers (tests/sim, anvil, browser mode): one file at a time keeps
// the 2-core machines from timing out under load.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 15_000
        }
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false
        }
      }
    ]
  }
})
