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

/**
 * `npm run serve`: browser mode for validator hosts without a screen. Prints the URL to open
 * (with its per-launch token) as the first line on stdout; everything else goes to stderr.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      'allow-node-changes': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false }
    }
  })
  if (values.help) {
    process.stdout.write(
      'usage: npm run serve -- [--port N] [--data-dir DIR] [--allow-node-changes]\n' +
        '  --allow-node-changes  let the page call methods that change the node (profilers, log level, issuing transactions)\n'
    )
    return
  }
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, got "${values.port}"`)
  const staticDir = join(projectRoot(), 'out', 'renderer')
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('The renderer is not built yet: run "npm run build" first')
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
  const allowNodeChanges = values['allow-node-changes'] === true
  // End-to-end tests move main's clock forward instead of waiting (src/main/server/test-clock.ts).
  const testClock = process.env[TEST_CLOCK_ENV] === '1' ? new OffsetClock() : undefined
  const app = createApp({ dataDir, mode: 'browser', secrets: plainSecretStore, allowNodeChanges, ...(testClock ? { clock: testClock } : {}) })
  const server = await startBrowserServer({ server: app.server, staticDir, port, metrics: app.metrics, ...(testClock ? { testClock } : {}) })
  // The URL is the first line a person sees, whatever else is said: warnings come after it (on stderr).
  process.stdout.write(`${server.url}\n`)
  if (testClock) log.warn(`${TEST_CLOCK_ENV}=1: main's clock can be moved forward through ${TEST_CLOCK_PATH} (for tests only)`)
  if (allowNodeChanges) log.warn('node-changing methods are allowed in this browser session (--allow-node-changes)')
  log.info(`browser mode serving on 127.0.0.1:${server.port}, data in ${dataDir}`)
  log.info(`Prometheus metrics: GET http://127.0.0.1:${server.port}/metrics with Authorization: Bearer <the token in the URL above>`)
  log.info('on a remote host: ssh -L ' + `${server.port}:127.0.0.1:${server.port} <host>, then open the URL above locally`)
  const stop = async (): Promise<void> => {
    await server.close()
    app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
}

main().catch((err: unknown) => {
  process.stderr.write(`companion serve: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
