/**
 * `npm run sim`: starts the local network and prints `node <url>`, `data <url>`, `metrics <url>`, then
 * `ready`. Options: --node-port (9650), --data-port (9660), --metrics-port (9661; 0 for any free port), --seed, --block-time, --faults,
 * --profile-dir, --quiet, --no-debug-api, --no-info-api, --no-health-api, --no-metrics-api, --pruning, --proof-window N,
 * --admin-names dot|spec|both, --no-admin-api, --lock-profile-format pprof|text, --validator-shape real|spec,
 * --service-forms real|spec (the data and metrics services' forms, data-service/forms.ts), --scale small|large
 * (large: 100,000 UTXOs, 5,000 validators, a 1,000,000-tx history; prints `bulk <address>`); each default is
 * what a current real node or service sends. Also prints `profiles <dir>` and `evm <name> <url>` for each other EVM instance.
 * Stops cleanly (anvil included) on SIGINT/SIGTERM. A port in use ends it with one line that names the
 * option that chooses another. resources/sim.config.json is a config file for the app that matches the defaults.
 */
import { createServer } from 'node:net'
import { parseArgs } from 'node:util'
import { SIM_DEFAULT_PORTS } from './defaults'
import { startSim, type Sim } from './index'
import { ADMIN_NAMES, LOCK_PROFILE_FORMATS } from './node/admin'
import type { AdminNames, LockProfileFormat } from './node/admin'
import { VALIDATOR_SHAPES } from './node/validators'
import type { ValidatorShape } from './node/validators'
import { SERVICE_FORMS } from './data-service/forms'
import type { ServiceForms } from './data-service/forms'
import { SIM_SCALES } from './dataset'
import type { SimScale } from './dataset'

function intOption(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined
  if (!/^\d+$/.test(v)) {
    process.stderr.write(`--${name} must be a non-negative integer\n`)
    process.exit(2)
  }
  return Number(v)
}

function choice<T extends string>(v: string | undefined, name: string, allowed: readonly T[]): T | undefined {
  if (v === undefined) return undefined
  if (!(allowed as readonly string[]).includes(v)) {
    process.stderr.write(`--${name} must be one of ${allowed.join(', ')}\n`)
    process.exit(2)
  }
  return v as T
}

const { values } = parseArgs({
  options: {
    'node-port': { type: 'string' },
    'data-port': { type: 'string' },
    'metrics-port': { type: 'string' },
    seed: { type: 'string' },
    'block-time': { type: 'string' },
    faults: { type: 'string' },
    'profile-dir': { type: 'string' },
    quiet: { type: 'boolean' },
    'no-debug-api': { type: 'boolean' },
    'no-info-api': { type: 'boolean' },
    'no-health-api': { type: 'boolean' },
    'no-metrics-api': { type: 'boolean' },
    pruning: { type: 'boolean' },
    'proof-window': { type: 'string' },
    'admin-names': { type: 'string' },
    'no-admin-api': { type: 'boolean' },
    'lock-profile-format': { type: 'string' },
    'validator-shape': { type: 'string' },
    'service-forms': { type: 'string' },
    scale: { type: 'string' },
  },
})

const ports = {
  node: intOption(values['node-port'], 'node-port') ?? SIM_DEFAULT_PORTS.node,
  data: intOption(values['data-port'], 'data-port') ?? SIM_DEFAULT_PORTS.data,
  metrics: intOption(values['metrics-port'], 'metrics-port') ?? SIM_DEFAULT_PORTS.metrics,
}

/**
 * Each port asked for by number is free? Asked before the sim loads its data set and starts anvil (seconds of
 * CPU): a port in use ends it at once. startSim's own refusal stays for a port taken in between.
 */
async function checkPorts(): Promise<void> {
  for (const port of Object.values(ports)) {
    if (port === 0) continue
    await new Promise<void>((resolve, reject) => {
      const probe = createServer()
      probe.once('error', (e: NodeJS.ErrnoException) => reject(Object.assign(e, { port })))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()))
    })
  }
}
await checkPorts().catch((e: unknown) => portInUse(e))

const sim = await startSim({
  nodePort: ports.node,
  dataPort: ports.data,
  metricsPort: ports.metrics,
  seed: intOption(values.seed, 'seed') ?? 1,
  blockTime: intOption(values['block-time'], 'block-time'),
  faults: values.faults,
  profileDir: values['profile-dir'],
  quiet: values.quiet ?? false,
  debugApi: !values['no-debug-api'],
  infoApi: !values['no-info-api'],
  healthApi: !values['no-health-api'],
  metricsApi: !values['no-metrics-api'],
  proof: { pruning: values.pruning ?? false, historicalProofQueryWindow: intOption(values['proof-window'], 'proof-window') ?? 43200 },
  adminNames: choice<AdminNames>(values['admin-names'], 'admin-names', ADMIN_NAMES),
  adminApi: !values['no-admin-api'],
  lockProfileFormat: choice<LockProfileFormat>(values['lock-profile-format'], 'lock-profile-format', LOCK_PROFILE_FORMATS),
  validatorShape: choice<ValidatorShape>(values['validator-shape'], 'validator-shape', VALIDATOR_SHAPES),
  serviceForms: choice<ServiceForms>(values['service-forms'], 'service-forms', SERVICE_FORMS),
  scale: choice<SimScale>(values.scale, 'scale', SIM_SCALES),
}).catch((e: unknown) => portInUse(e))

/** A port taken (another sim, a real node on 9650): one line that says which, and the option for another; exit 1. */
function portInUse(e: unknown): Sim {
  const err = e as NodeJS.ErrnoException & { port?: number }
  if (err.code !== 'EADDRINUSE') throw e
  const which = (['node', 'data', 'metrics'] as const).find((k) => ports[k] === err.port)
  const option = which ? `--${which}-port` : '--node-port, --data-port or --metrics-port'
  process.stderr.write(`sim: port ${err.port ?? '?'}${which ? ` (${which === 'node' ? 'the node' : `the ${which} service`})` : ''} is in use: choose another with ${option} N (0 picks a free one), e.g. npm run sim -- ${which ? `--${which}-port` : '--node-port'} 0\n`)
  process.exit(1)
}

const bulkLine = sim.dataset.bulk ? `bulk ${sim.dataset.bulk.address.bech32}\n` : ''
const evmLines = sim.evmInstances.map((e) => `evm ${e.name} ${sim.nodeUrl}/ext/bc/${e.blockchainId}/rpc\n`).join('')
process.stdout.write(`node ${sim.nodeUrl}\ndata ${sim.dataUrl}\nmetrics ${sim.metricsUrl}\nprofiles ${sim.profileDir}\n${evmLines}${bulkLine}ready\n`)

let stopping = false
const shutdown = (signal: string) => {
  if (stopping) return
  stopping = true
  process.stderr.write(`[sim] ${signal}: stopping\n`)
  void sim.stop().then(() => process.exit(0))
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
