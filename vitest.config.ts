import { availableParallelism } from 'node:os'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './tests/support/longest-first'

// Two projects so `npm test` can run them as separate, named steps.
// Integration files start real servers (tests/sim, anvil, browser mode), each its own on free ports with
// its own data folder, so they run in parallel: they mostly wait on those servers, so one more file than
// there are cores (three at least) keeps the cores busy. INTEGRATION_WORKERS sets another number.
export default defineConfig({
  test: {
    // On a clean clone, the files known to take longest start first (tests/support/longest-first.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 15_000,
          // The files of a worker share one module registry instead of loading the same modules again for
          // each file: a third of the CPU time (loading was most of it). A file that replaces a module
          // (vi.mock of electron) loads what uses it afresh with vi.resetModules().
          isolate: false
        }
      },
      {
        // The renderer's components and panels mounted in a DOM (happy-dom) with Naive UI, Pinia and the router
        // as main.ts sets them up, their stores fed by the contract's in-memory transport against a real app
        // (createApp) and, where data matters, the sim: what a panel shows for given data, in milliseconds
        // instead of a browser's seconds. tests/component/mount.ts builds one.
        plugins: [vue()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.ts'],
          environment: './tests/component/environment.ts',
          // As the unit tests: the files of a worker share one module registry (Naive UI, Vue, the app, the sim
          // and its data set), a third of the stage's CPU less. Each mount loads only the page's own modules
          // afresh (src/renderer and the src/shared ones it uses: mount.ts), and cleans the page after its test.
          isolate: false,
          // Generous, as the end-to-end tests': a sim and a mount on a loaded 2-core machine; nothing here asserts speed.
          testTimeout: 240_000,
          hookTimeout: 120_000,
          // Two files at a time, also on two cores (vitest's default there is one): much of a file's time is the
          // sim's blocks and the app's checks coming, and one worker made the stage a 530 s chain of such waits,
          // the last to end in CI. COMPONENT_WORKERS sets another number.
          maxWorkers: Number(process.env['COMPONENT_WORKERS'] ?? Math.max(2, availableParallelism() - 1)),
          // A young generation of 64 MB instead of V8's 16: a worker keeps a DOM, an app and a sim's data set
          // (about 700 MB), and scavenged every 50 ms, a file's GC was a fifth of its CPU. Measured on atomic.test.ts
          // alone: 187 scavenges (2.9 s) became 58 (2.2 s), the file's CPU 16.2 s became 14.5 s.
          execArgv: ['--max-semi-space-size=64']
        }
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          // As the unit tests: the files of a worker share one module registry (loading the app's modules again
          // for each file was a third of the stage's CPU). Each file starts its own apps, sims and data folders,
          // so no state is shared through the modules; the one file that replaces a module (electron, in
          // ipc-transport.test.ts) loads what uses it afresh.
          isolate: false,
          // After the unit tests when both run in one command (vitest needs the order when worker counts differ).
          sequence: { groupOrder: 1 },
          maxWorkers: Number(process.env['INTEGRATION_WORKERS'] ?? Math.max(3, availableParallelism() + 1))
        }
      },
      {
        // The package as a user installs it (npm pack, npm install -g --omit=dev), run against the sim: one file,
        // started by `npm test` as soon as the build is done, beside the other checks (scripts/test.mjs).
        test: {
          name: 'package',
          include: ['tests/package/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 600_000,
          sequence: { groupOrder: 2 }
        }
      }
    ]
  }
})
