import { parseArgs } from 'node:util'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createApp } from '../app'
import { configureLog, log, parseLogOptions } from '../log'
import { defaultDataDir, projectRoot } from '../paths'
import { plainSecretStore } from '../secrets'
import { startBrowserServer } from './browser-server'
import { OffsetClock } from '../clock'
import { TEST_CLOCK_ENV, TEST_CLOCK_PATH } from './test-clock'
import { ConfigError, loadHostConfig } from '../config/host-config'
import { logConfigReport } from '../config/report'
import { keptToken } from './token-file'
import { isEntryFile } from '../entry-file'

export const SERVE_USAGE =
  'usage: companion serve [--port N] [--data-dir DIR] [--config FILE] [--token-file FILE] [--allow-node-changes] [--allow-local-channels] [--log-format text|json] [--log-level L]\n' +
  '  --port N              the port on 127.0.0.1 (default 0: a free one)\n' +
  '  --data-dir DIR        where profiles and the cache live\n' +
  '  --config FILE         apply this JSON file (profiles, watch settings, alert rules, channels) at start; see resources/companion.example.json\n' +
  '  --token-file FILE     keep the access token in FILE (made with mode 0600 on first use) instead of a new one in the printed URL\n' +
  '  --allow-node-changes  let the page call methods that change the node (profilers, log level, issuing transactions)\n' +
  '  --allow-local-channels  let the page add alert channels that send to this machine or a private network (127.0.0.1, 10/8, 192.168/16 …)\n' +
  '  --log-format          text (default) or json: one JSON object per line, for journald or a log shipper\n' +
  '  --log-level           debug, info (default), warn or error\n'

/** A command line or config file that cannot be used: exit code 2, as the CLI's. */
class UsageError extends Error {}

/**
 * `companion serve` (`npm run serve` in a checkout): browser mode for validator hosts without a screen.
 * Prints the URL to open as the first line on stdout (with its per-launch token, or without it when the
 * token is kept in --token-file); everything else goes to stderr as log lines. Resolves with the exit code:
 * 0 once stopped by SIGINT or SIGTERM, 2 for a wrong command line or config file, 1 for anything else.
 */
export async function runServe(argv: string[]): Promise<number> {
  try {
    return await serve(argv)
  } catch (err) {
    // One line per problem, each naming the file and the field: readable as text, parseable as JSON.
    if (err instanceof ConfigError) for (const problem of err.problems) log.error(`companion serve: ${err.file}: ${problem}`)
    else if (err instanceof UsageError) process.stderr.write(`companion serve: ${err.message}\n`)
    else log.error(`companion serve: ${err instanceof Error ? err.message : String(err)}`)
    return err instanceof UsageError || err instanceof ConfigError ? 2 : 1
  }
}

async function serve(argv: string[]): Promise<number> {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: '0' },
        'data-dir': { type: 'string' },
        config: { type: 'string' },
        'token-file': { type: 'string' },
        'allow-node-changes': { type: 'boolean', default: false },
        'allow-local-channels': { type: 'boolean', default: false },
        'log-format': { type: 'string' },
        'log-level': { type: 'string' },
        help: { type: 'boolean', default: false }
      }
    }))
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${SERVE_USAGE}`)
  }
  if (values.help) {
    process.stdout.write(SERVE_USAGE)
    return 0
  }
  const logging = parseLogOptions(values['log-format'], values['log-level'])
  if (typeof logging === 'string') throw new UsageError(logging)
  configureLog(logging)
  const port = Number(values.port)
  if (!/^\d{1,5}$/.test(values.port) || port > 65535) throw new UsageError(`--port must be a port number from 0 to 65535, got "${values.port}"`)
  // A bad file stops here, before anything is opened or changed.
  const hostConfig = values.config !== undefined ? loadHostConfig(resolve(values.config)) : undefined
  const staticDir = join(projectRoot(), 'out', 'renderer')
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error('The renderer is not built yet: run "npm run build" first')
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
  const kept = values['token-file'] !== undefined ? keepToken(resolve(values['token-file'])) : undefined
  const allowNodeChanges = values['allow-node-changes'] === true
  const allowLocalChannels = values['allow-local-channels'] === true
  // End-to-end tests move main's clock forward instead of waiting (src/main/server/test-clock.ts).
  const testClock = process.env[TEST_CLOCK_ENV] === '1' ? new OffsetClock() : undefined
  const app = createApp({
    dataDir,
    mode: 'browser',
    secrets: plainSecretStore,
    allowNodeChanges,
    allowLocalChannels,
    ...(hostConfig ? { hostConfig } : {}),
    ...(testClock ? { clock: testClock } : {})
  })
  const server = await startBrowserServer({
    server: app.server,
    staticDir,
    port,
    metrics: app.metrics,
    ...(kept ? { token: kept.token } : {}),
    ...(testClock ? { testClock } : {})
  })
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
  const base = `http://127.0.0.1:${server.port}/`
  process.stdout.write(`${kept ? base : server.url}\n`)
  if (values.config !== undefined && app.configReport) logConfigReport(resolve(values.config), app.configReport)
  if (kept) {
    if (kept.warning) log.warn(kept.warning)
    log.info(`the access token is in ${kept.path}${kept.created ? ' (made now)' : ''}: open ${base}?token=<the token in that file>`)
  }
  if (testClock) log.warn(`${TEST_CLOCK_ENV}=1: main's clock can be moved forward through ${TEST_CLOCK_PATH} (for tests only)`)
  if (allowNodeChanges) log.warn('node-changing methods are allowed in this browser session (--allow-node-changes)')
  if (allowLocalChannels) log.warn('the page may add alert channels that send to this machine or a private network (--allow-local-channels)')
  log.info(`browser mode serving on 127.0.0.1:${server.port}, data in ${dataDir}`)
  log.info(`Prometheus metrics: GET ${base}metrics with Authorization: Bearer <the access token>`)
  log.info('on a remote host: ssh -L ' + `${server.port}:127.0.0.1:${server.port} <host>, then open the URL above locally`)
  await stopped
  await server.close()
  app.close()
  return 0
}

/** The --token-file's token; its folder is made (0700) when missing, as systemd's StateDirectory would be. */
function keepToken(path: string): ReturnType<typeof keptToken> {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
    return keptToken(path)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new UsageError(`--token-file ${path}: ${code === 'EACCES' ? 'permission denied: give a file in a folder this user may write, such as the data folder' : (e as Error).message}`)
  }
}

// Run as a file (`node out/main/serve.js`, `npm run serve`); the CLI calls runServe for `companion serve`.
if (isEntryFile(import.meta.url)) {
  void runServe(process.argv.slice(2)).then((code) => {
    // Let stderr drain before exiting (a pipe to journald or a test).
    process.stderr.write('', () => process.exit(code))
  })
}
