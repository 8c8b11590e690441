/**
 * `npm run sim`: starts the local network and prints `node <url>`, `data <url>`, `metrics <url>`, then
 * `ready`. Options: --node-port (9650), --data-port, --metrics-port, --seed, --block-time, --faults,
 * --profile-dir, --quiet, --no-debug-api, --pruning, --proof-window N. Stops cleanly (anvil included) on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util'
import { startSim } from './index'

function intOption(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined
  if (!/^\d+$/.test(v)) {
    process.stderr.write(`--${name} must be a non-negative integer\n`)
    process.exit(2)
  }
  return Number(v)
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
    pruning: { type: 'boolean' },
    'proof-window': { type: 'string' },
  },
})

const sim = await startSim({
  nodePort: intOption(values['node-port'], 'node-port') ?? 9650,
  dataPort: intOption(values['data-port'], 'data-port') ?? 0,
  metricsPort: intOption(values['metrics-port'], 'metrics-port') ?? 0,
  seed: intOption(values.seed, 'seed') ?? 1,
  blockTime: intOption(values['block-time'], 'block-time'),
  faults: values.faults,
  profileDir: values['profile-dir'],
  quiet: values.quiet ?? false,
  debugApi: !values['no-debug-api'],
  proof: { pruning: values.pruning ?? false, historicalProofQueryWindow: intOption(values['proof-window'], 'proof-window') ?? 43200 },
})

process.stdout.write(`node ${sim.nodeUrl}\ndata ${sim.dataUrl}\nmetrics ${sim.metricsUrl}\nready\n`)

let stopping = false
const shutdown = (signal: string) => {
  if (stopping) return
  stopping = true
  process.stderr.write(`[sim] ${signal}: stopping\n`)
  void sim.stop().then(() => process.exit(0))
}
process.on('SIGINT', () => shutdown('SIGINT'))
process.on('SIGTERM', () => shutdown('SIGTERM'))
