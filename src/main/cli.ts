import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { z } from 'zod'
import { createInterface } from 'node:readline/promises'
import { baseUrlSchema, contract, networkSchema, type Effect, type Envelope, type Method } from '../shared/contract'
import type { MethodSpec } from '../shared/rpc/contract-types'
import { describeIssues } from '../shared/rpc/errors'
import { createApp } from './app'
import { defaultDataDir } from './paths'
import { parseMetricsOptions } from './server/metrics'
import type { ConnectionOverrides } from './services/profiles/service'
import { plainSecretStore } from './secrets'
import { configureLog, log, parseLogOptions } from './log'
import { ConfigError, loadHostConfig, type HostConfig } from './config/host-config'
import { runDoctor } from './cli/doctor'
import { runLogs } from './cli/logs'
import { runWatch } from './cli/watch'
import { runSilence, SILENCE_USAGE } from './cli/silence'
import { printAnswer } from './cli/answer'
import { runServe } from './server/serve'
import { APP_VERSION } from './version'
import { isEntryFile } from './entry-file'
import { testDecodeDeadlineMs } from './services/control/pprof-decoder'

const USAGE = `usage: companion <command> [options]   (companion ${APP_VERSION})
commands:
  methods                       list every contract method with its input schema
  call <method> '<json input>'  run one method and print its JSON result
  serve                         browser mode: serve the app's page on 127.0.0.1 and print its URL (companion serve --help)
  watch                         check every profile's node on its interval, no UI; one JSON line per alert
  doctor                        check the data folder, the config file (--config) and each profile's node,
                                admin API and profile folder, and say how to fix what fails
  logs                          the node's log lines from its log folder, filtered (companion logs --help):
                                [--level warn] [--chain C] [--grep TEXT [--regex]] [--since 30m]
  silence add|list|expire       silence alerts for planned work (companion silence --help)
options of watch (it stops on SIGTERM/SIGINT; the interval is watch.setSettings):
    --metrics-port N    also serve Prometheus metrics at GET /metrics on port N, with the bearer token kept in
                        <data-dir>/metrics-token (made on first use)
    --metrics-host H    the address /metrics listens on (default 127.0.0.1)
    --config FILE       apply this JSON file (profiles, watch settings, alert rules, channels) at start;
                        see resources/companion.example.json
    --log-format F      text (default) or json (one JSON object per line, for journald or a log shipper)
    --log-level L       debug, info (default), warn or error
options:
  --profile NAME        use this stored profile for this run (default: the active one)
  --node-url URL        override the node base URL
  --data-url URL        override the data-service base URL
  --metrics-url URL     override the metrics-service base URL
  --cchain-url URL      override the C-Chain RPC URL (default: node URL + /ext/bc/C/rpc)
  --network NAME        mainnet, fuji or testnet
  --data-dir DIR        where profiles and the cache live (default ${defaultDataDir()})
  --yes                 confirm a method that changes the node (asked for on a terminal otherwise)
  --version             print the version and stop
  --help                print this
A read that cannot reach its source answers from the cache when it can: stderr says so, with its age.`

/** Exit codes: 0 ok, 1 the method failed, 2 the command line itself is wrong. */
export async function runCli(argv: string[], out: (s: string) => void, err: (s: string) => void): Promise<number> {
  // Browser mode has options of its own (--port, --allow-node-changes): it parses the rest itself.
  if (argv[0] === 'serve') return runServe(argv.slice(1))
  // So has `logs` (--level, --grep, --since …): one logs.query through the contract.
  if (argv[0] === 'logs') return runLogs(argv.slice(1), out, err)
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        profile: { type: 'string' },
        'node-url': { type: 'string' },
        'data-url': { type: 'string' },
        'metrics-url': { type: 'string' },
        'cchain-url': { type: 'string' },
        network: { type: 'string' },
        'data-dir': { type: 'string' },
        'metrics-port': { type: 'string' },
        'metrics-host': { type: 'string' },
        config: { type: 'string' },
        'log-format': { type: 'string' },
        'log-level': { type: 'string' },
        rule: { type: 'string' },
        subject: { type: 'string' },
        for: { type: 'string' },
        reason: { type: 'string' },
        by: { type: 'string' },
        yes: { type: 'boolean', short: 'y' },
        version: { type: 'boolean', short: 'v' },
        help: { type: 'boolean', short: 'h' }
      }
    })
  } catch (e) {
    err(`${(e as Error).message}\n${USAGE}`)
    return 2
  }
  const { values, positionals } = parsed
  const [command, method, json] = positionals
  if (values.version) {
    out(APP_VERSION)
    return 0
  }
  if (command === 'silence' && values.help) {
    out(SILENCE_USAGE)
    return 0
  }
  if (values.help || !command) {
    out(USAGE)
    return command || values.help ? 0 : 2
  }
  if (command === 'methods') {
    out(JSON.stringify(listMethods(), null, 2))
    return 0
  }
  if (command === 'watch') {
    // It watches every stored profile as stored: options that pick or change one profile do not apply.
    const ignored = ['profile', 'node-url', 'data-url', 'metrics-url', 'cchain-url', 'network', 'yes'].filter((k) => values[k as keyof typeof values] !== undefined)
    if (method !== undefined || ignored.length) {
      err(`"watch" takes only --data-dir${ignored.length ? ` (not --${ignored.join(', --')})` : ''}, --metrics-port, --metrics-host, --config, --log-format and --log-level\n${USAGE}`)
      return 2
    }
    const metrics = parseMetricsOptions(values['metrics-port'], values['metrics-host'])
    const logging = parseLogOptions(values['log-format'], values['log-level'])
    if (typeof metrics === 'string' || typeof logging === 'string') {
      err(typeof metrics === 'string' ? metrics : (logging as string))
      return 2
    }
    configureLog(logging)
    let hostConfig: HostConfig | undefined
    try {
      hostConfig = values.config !== undefined ? loadHostConfig(resolve(values.config)) : undefined
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e
      for (const problem of e.problems) log.error(`companion watch: ${e.file}: ${problem}`)
      return 2
    }
    return runWatch(resolve(values['data-dir'] ?? defaultDataDir()), out, metrics, hostConfig && { file: resolve(values.config!), config: hostConfig })
  }
  if (command === 'doctor') {
    if (method !== undefined) {
      err(`"doctor" takes no argument (options: --data-dir, --config, --profile)\n${USAGE}`)
      return 2
    }
    const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
    return runDoctor({ dataDir, ...(values.config !== undefined ? { configFile: resolve(values.config) } : {}), ...(values.profile ? { profile: values.profile } : {}) }, out)
  }
  if (command === 'silence') {
    const { profile, rule, subject, reason, by } = values
    const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
    return runSilence({ dataDir, action: method, id: json, profile, rule, subject, for: values.for, reason, by }, out, err)
  }
  const silenceOnly = (['rule', 'subject', 'for', 'reason', 'by'] as const).find((k) => values[k] !== undefined)
  if (silenceOnly) {
    err(`--${silenceOnly} is an option of "silence add"\n${USAGE}`)
    return 2
  }
  if (values['metrics-port'] !== undefined || values['metrics-host'] !== undefined) {
    err(`--metrics-port and --metrics-host are options of "watch"\n${USAGE}`)
    return 2
  }
  for (const option of ['config', 'log-format', 'log-level'] as const)
    if (values[option] !== undefined) {
      err(`--${option} is an option of "watch"${option === 'config' ? ', "serve" and "doctor"' : ' and "serve"'}\n${USAGE}`)
      return 2
    }
  if (command !== 'call' || !method) {
    err(`unknown command "${command ?? ''}"\n${USAGE}`)
    return 2
  }
  let input: unknown = {}
  if (json !== undefined) {
    try {
      input = JSON.parse(json)
    } catch {
      err(`the input is not valid JSON: ${json.slice(0, 80)}\nwrite it in single quotes, e.g. '{"id":"..."}'`)
      return 2
    }
  }
  const overrides = parseOverrides(values)
  if (typeof overrides === 'string') {
    err(overrides)
    return 2
  }
  const spec: MethodSpec | undefined = Object.hasOwn(contract.methods, method) ? contract.methods[method as Method] : undefined
  if (spec?.effect === 'node' && values.yes !== true) {
    const ok = await confirm(`${method} changes the node (${spec.summary}). Go on? [y/N] `)
    if (!ok) {
      err(`${method} changes the node: nothing was sent. Run it again with --yes to confirm.`)
      return 2
    }
  }
  // Tests only (COMPANION_TEST_DECODE_DEADLINE_MS): a shorter decode deadline; it can only shorten it.
  const decodeDeadlineMs = testDecodeDeadlineMs()
  let app
  try {
    app = createApp({
      dataDir: resolve(values['data-dir'] ?? defaultDataDir()),
      mode: 'cli',
      secrets: plainSecretStore,
      overrides,
      ...(values.profile ? { profileName: values.profile } : {}),
      ...(decodeDeadlineMs !== undefined ? { decodeDeadlineMs } : {})
    })
  } catch (e) {
    err(`companion: ${(e as Error).message}`)
    return 2
  }
  return printAnswer(app, (client) => client.call(method as Method, input as never), out, err, cacheMarker)
}

function parseOverrides(values: Record<string, unknown>): ConnectionOverrides | string {
  const schema = z
    .object({
      nodeUrl: baseUrlSchema.optional(),
      dataUrl: baseUrlSchema.optional(),
      metricsUrl: baseUrlSchema.optional(),
      cchainUrl: baseUrlSchema.optional(),
      network: networkSchema.optional()
    })
    .strict()
  const r = schema.safeParse({
    nodeUrl: values['node-url'],
    dataUrl: values['data-url'],
    metricsUrl: values['metrics-url'],
    cchainUrl: values['cchain-url'],
    network: values.network
  })
  if (!r.success) return `bad option: ${describeIssues(r.error.issues)}`
  return Object.fromEntries(Object.entries(r.data).filter(([, v]) => v !== undefined)) as ConnectionOverrides
}

/** For an answer from the cache, one line for stderr: where it came from and how old it is. */
function cacheMarker(result: unknown): string | undefined {
  const r = result as Partial<Envelope<unknown>> | null
  if (!r || typeof r !== 'object' || r.source !== 'cache' || typeof r.fetchedAt !== 'number') return undefined
  const why = r.offline ? ` (${r.offline.message})` : ''
  return `companion: answered from the cache, fetched ${formatAge(Date.now() - r.fetchedAt)} ago at ${new Date(r.fetchedAt).toISOString()}: the source could not be reached${why}`
}

function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 90) return `${s} s`
  if (s < 90 * 60) return `${Math.round(s / 60)} min`
  if (s < 36 * 3600) return `${Math.round(s / 3600)} h`
  return `${Math.round(s / 86400)} days`
}

/** Asks on a terminal; without one (scripts, CI) the answer is no. */
async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return false
  const rl = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return /^y(es)?$/i.test((await rl.question(question)).trim())
  } finally {
    rl.close()
  }
}

function listMethods(): Array<{ method: string; summary: string; effect: Effect; cached: boolean; input: unknown }> {
  return Object.entries(contract.methods).map(([name, spec]) => ({
    method: name,
    summary: spec.summary,
    effect: spec.effect,
    cached: 'data' in spec,
    input: z.toJSONSchema(spec.input, { io: 'input', unrepresentable: 'any' })
  }))
}

/** Runs the CLI as a program: prints, then exits with its code once stdout and stderr are flushed. */
export function runMain(argv: string[]): void {
  // Exit only once stdout and stderr are flushed: process.exit() drops what a pipe has not taken yet
  // (`companion methods | jq` lost everything after the first 64 KB).
  const exit = (code: number): void => void process.stdout.write('', () => process.stderr.write('', () => process.exit(code)))
  runCli(argv, (s) => process.stdout.write(s + '\n'), (s) => process.stderr.write(s + '\n')).then(exit, (e: unknown) => {
    process.stderr.write(`companion: ${(e as Error).message}\n`)
    exit(1)
  })
}

// Run as a file (`node out/main/cli.js`, `tsx src/main/cli.ts`); bin/companion.mjs calls runMain itself.
if (isEntryFile(import.meta.url)) runMain(process.argv.slice(2))
