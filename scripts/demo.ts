import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSim } from '../tests/sim/index'
import { createApp } from '../src/main/app'
import { startBrowserServer } from '../src/main/server/browser-server'
import { plainSecretStore } from '../src/main/secrets'
import { projectRoot } from '../src/main/paths'
import { createMemoryPair } from '../src/shared/rpc/memory'
import { createRpcClient } from '../src/shared/rpc/client'
import type { Contract } from '../src/shared/contract'

/**
 * `npm run demo`: the local network plus browser mode, with a profile pointed at it, so a person on
 * a fresh machine sees every panel working within a minute. Data lives in a temporary folder that
 * is removed on exit.
 */
const sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, blockTime: 2 })
const dataDir = mkdtempSync(join(tmpdir(), 'companion-demo-'))
const app = createApp({ dataDir, mode: 'browser', secrets: plainSecretStore })

const pair = createMemoryPair()
app.server.attach(pair.server, 'memory')
const client = createRpcClient<Contract>(pair.client)
const { nodes, params } = sim.dataset
const profile = await client.call('profiles.create', {
  profile: {
    name: 'Local demo network',
    nodeUrl: sim.nodeUrl,
    dataUrl: sim.dataUrl,
    metricsUrl: sim.metricsUrl,
    network: 'mainnet',
    addressHrp: params.hrp,
    nodeIds: [nodes.self, nodes.disconnected, nodes.l1]
  }
})
const report = await client.call('profiles.activate', { id: profile.id })
pair.client.close()

const server = await startBrowserServer({ server: app.server, staticDir: join(projectRoot(), 'out', 'renderer'), port: 0 })
process.stdout.write(`${server.url}\n`)
const down = report.parts.filter((p) => p.status !== 'available')
process.stderr.write(
  `demo network: node ${sim.nodeUrl}, data ${sim.dataUrl}, metrics ${sim.metricsUrl}\n` +
    (down.length === 0 ? 'every part of the interface is available\n' : `unavailable: ${down.map((p) => `${p.label} (${p.detail})`).join('; ')}\n`) +
    'open the URL above in a browser; Ctrl+C stops the demo\n'
)

let stopping = false
const stop = async (): Promise<void> => {
  if (stopping) return
  stopping = true
  await server.close()
  app.close()
  await sim.stop()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.once('SIGINT', () => void stop())
process.once('SIGTERM', () => void stop())
