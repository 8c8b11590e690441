import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
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
 *
 * Node control works too: the profile's folder is the sim's profile folder (where its C-Chain admin API
 * writes, `<admin-api-dir>_coreth_performance_C`), and browser mode may change the demo's own simulated
 * node (demoNodeUrl), and no other node a person adds.
 */
const sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, blockTime: 2 })
const dataDir = mkdtempSync(join(tmpdir(), 'companion-demo-'))
const app = createApp({ dataDir, mode: 'browser', secrets: plainSecretStore, demoNodeUrl: sim.nodeUrl })

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
// The folder is chosen on the machine (here, by the demo itself), never from the page; it must exist when
// chosen, and the sim's node makes it only when it writes its first profile.
mkdirSync(sim.profileDir, { recursive: true, mode: 0o700 })
await client.call('profiles.setProfileDir', { id: profile.id, profileDir: sim.profileDir })
const report = await client.call('profiles.activate', { id: profile.id })
pair.client.close()

const server = await startBrowserServer({ server: app.server, staticDir: join(projectRoot(), 'out', 'renderer'), port: 0 })
process.stdout.write(`${server.url}\n`)
const down = report.parts.filter((p) => p.status !== 'available')
process.stderr.write(
  `demo network: node ${sim.nodeUrl}, data ${sim.dataUrl}, metrics ${sim.metricsUrl}\n` +
    `profile folder: ${sim.profileDir} (the sim's C-Chain admin API writes cpu.profile, mem.profile and lock.profile there)\n` +
    'node changes (profilers, log levels) are allowed in this page for the demo node only\n' +
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
