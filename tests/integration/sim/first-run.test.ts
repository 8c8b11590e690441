/**
 * Issue 31, item 7: a new user's first run of the sim. `npm run sim` on a port in use ends in one line that
 * names the option for another port (it ended in a stack trace); resources/sim.config.json, the config file
 * made for it, is valid as it ships and names the sim's default ports and its own node, so that
 * `companion serve/watch/doctor --config resources/sim.config.json` works against `npm run sim` unedited.
 */
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadHostConfig } from '../../../src/main/config/host-config'
import { createDataset } from '../../sim/dataset'
import { SIM_DEFAULT_PORTS } from '../../sim/defaults'

const SIM_CONFIG = 'resources/sim.config.json'

describe('resources/sim.config.json', () => {
  it('is valid as it ships, and points at the sim started with no options: its default ports and its own node', () => {
    const config = loadHostConfig(SIM_CONFIG, {})
    expect(config.profiles).toHaveLength(1)
    const p = config.profiles[0]!
    expect(p).toMatchObject({
      nodeUrl: `http://127.0.0.1:${SIM_DEFAULT_PORTS.node}`,
      dataUrl: `http://127.0.0.1:${SIM_DEFAULT_PORTS.data}`,
      metricsUrl: `http://127.0.0.1:${SIM_DEFAULT_PORTS.metrics}`,
      network: 'mainnet',
      nodeIds: [createDataset(1, 'mainnet', 'small').nodes.self]
    })
    expect(config.activeProfile).toBe(p.name)
  })
})

describe('npm run sim on a port in use', () => {
  let taken: Server
  let port: number
  beforeAll(async () => {
    taken = createServer()
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r))
    port = (taken.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((r) => taken.close(() => r())))

  /** The sim as `npm run sim -- <args>` runs it: its exit code and what it wrote to stderr. */
  const sim = (args: string[]): Promise<{ code: number | null; stderr: string }> =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'tests/sim/main.ts', ...args], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 })
      let stderr = ''
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
      child.once('exit', (code) => resolve({ code, stderr }))
    })

  it.each([
    ['node', ['--node-port', 'PORT', '--data-port', '0', '--metrics-port', '0']],
    ['metrics', ['--node-port', '0', '--data-port', '0', '--metrics-port', 'PORT']]
  ])('the %s port: one line that names the option to choose another', async (which, args) => {
    const r = await sim(args.map((a) => (a === 'PORT' ? String(port) : a)))
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(new RegExp(`^sim: port ${port} \\(the ${which}( service)?\\) is in use: choose another with --${which}-port N \\(0 picks a free one\\).*\\n$`))
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  }, 150_000)
})
