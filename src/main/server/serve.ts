import { parseArgs } from 'node:util'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createApp } from '../app'
import { log } from '../log'
import { defaultDataDir, projectRoot } from '../paths'
import { plainSecretStore } from '../secrets'
import { startBrowserServer } from './browser-server'
import { OffsetClock } from '../clock'
import { TEST_CLOCK_ENV, TEST_CLOCK_PATH } from './test-clock'
import { isEntryFile } from '../entry-file'

export const SERVE_USAGE =
  'usage: companion serve [--port N] [--data-dir DIR] [--allow-node-changes]\n' +
  '  --port N              the port on 127.0.0.1 (default 0: a free one)\n' +
  '  --data-dir DIR        where profiles and the cache live\n' +
  '  --allow-node-changes  let the page call methods that change the node (profilers, log level, issuing transactions)\n'

/**
 * `companion serve` (`npm run serve` in a checkout): browser mode for validator hosts without a screen.
 * Prints the URL to open (with its per-launch token) as the first line on stdout; everything else goes to
 * stderr. Resolves with the exit code: 0 once stopped by SIGINT or SIGTERM, 2 for a wrong command line.
 */
export async function runServe(argv: string[]): Promise<number> {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '0' },
        'data-dir': { type: 'string' },
        'allow-node-changes': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false }
      }
    }))
  } catch (e) {
    process.stderr.write(`companion serve: ${(e as Error).message}\n${SERVE_USAGE}`)
    return 2
  }
  if (values.help) {
    process.stdout.write(SERVE_USAGE)
    return 0
  }
  const port = Number(values.port)
  if (!/^\d+$/.test(values.port) || port > 65535) {
    process.stderr.write(`companion serve: --port must be a port number (0 to 65535), got "${values.port}"\n`)
    return 2
  }
  const staticDir = join(projectRoot(), 'out', 'renderer')
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('The renderer is not built yet: run "npm run build" first')
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
  const allowNodeChanges = values['allow-node-changes'] === true
  // End-to-end tests move main's clock forward instead of waiting (src/main/server/test-clock.ts).
  const testClock = process.env[TEST_CLOCK_ENV] === '1' ? new OffsetClock() : undefined
  const app = createApp({ dataDir, mode: 'browser', secrets: plainSecretStore, allowNodeChanges, ...(testClock ? { clock: testClock } : {}) })
  const server = await startBrowserServer({ server: app.server, staticDir, port, metrics: app.metrics, ...(testClock ? { testClock } : {}) })
  // Listening for the signals that stop it before saying anything: whoever reads the URL may send one at once.
  const stopped = new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      done()
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
  // The URL is the first line a person sees, whatever else is said: warnings come after it (on stderr).
  process.stdout.write(`${server.url}\n`)
  if (testClock) log.warn(`${TEST_CLOCK_ENV}=1: main's clock can be moved forward through ${TEST_CLOCK_PATH} (for tests only)`)
  if (allowNodeChanges) log.warn('node-changing methods are allowed in this browser session (--allow-node-changes)')
  log.info(`browser mode serving on 127.0.0.1:${server.port}, data in ${dataDir}`)
  log.info(`Prometheus metrics: GET http://127.0.0.1:${server.port}/metrics with Authorization: Bearer <the token in the URL above>`)
  log.info('on a remote host: ssh -L ' + `${server.port}:127.0.0.1:${server.port} <host>, then open the URL above locally`)
  await stopped
  await server.close()
  app.close()
  return 0
}

// Run as a file (`node out/main/serve.js`, `npm run serve`); the CLI calls runServe for `companion serve`.
if (isEntryFile(import.meta.url)) {
  runServe(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`companion serve: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(1)
    }
  )
}
