import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { createApp, type App, type AppOptions } from '../../../src/main/app'
import { plainSecretStore } from '../../../src/main/secrets'
import type { Contract, Job } from '../../../src/shared/contract'
import { createRpcClient, type RpcClient } from '../../../src/shared/rpc/client'
import { AppError } from '../../../src/shared/rpc/errors'
import { createMemoryPair } from '../../../src/shared/rpc/memory'
import { startSim, type Sim, type SimOptions } from '../../sim/index'
import { tempDir } from '../../support/temp'
export { tempDir }

export function testApp(mode: 'browser' | 'cli' = 'browser'): { app: App; dataDir: string; done: () => void } {
  const { dir, remove } = tempDir()
  const app = createApp({ dataDir: dir, mode, secrets: plainSecretStore })
  return { app, dataDir: dir, done: () => (app.close(), remove()) }
}

/** A client of the app over an in-memory pair, attached as a window (`memory`) or as browser mode (`ws`) would be. */
export function connect(app: App, transport: 'memory' | 'ws' = 'memory'): RpcClient<Contract> {
  const pair = createMemoryPair()
  app.server.attach(pair.server, transport)
  return createRpcClient<Contract>(pair.client)
}

/** An app of appsPerTest, with a client attached, and the data folder it runs on. */
export interface OpenedApp {
  app: App
  client: RpcClient<Contract>
  dataDir: string
}

/**
 * Apps for the tests of the calling file. `open()` makes an app on a fresh data folder, or on `dataDir`
 * to open the same data again (a restart), in desktop mode over `memory` or browser mode over `ws`.
 * After each test every app it opened is closed (closing one the test closed already is harmless)
 * and every folder removed, so the tests need no try/finally of their own.
 */
export function appsPerTest(defaults: Partial<AppOptions> = {}): {
  open(options?: Partial<AppOptions> & { transport?: 'memory' | 'ws' }): OpenedApp
} {
  const apps: App[] = []
  const folders: (() => void)[] = []
  afterEach(() => {
    for (const app of apps.splice(0)) app.close()
    for (const remove of folders.splice(0)) remove()
  })
  const folder = (): string => {
    const t = tempDir()
    folders.push(t.remove)
    return t.dir
  }
  return {
    open({ transport = 'memory', dataDir = folder(), ...extra } = {}) {
      const app = createApp({ dataDir, mode: transport === 'ws' ? 'browser' : 'desktop', secrets: plainSecretStore, ...defaults, ...extra })
      apps.push(app)
      return { app, client: connect(app, transport), dataDir }
    }
  }
}

/**
 * One sim for the tests of the calling file, on free ports: started before them, stopped after. Its
 * fields are there from the first test on (reading one outside a test is a mistake, said so).
 */
export function simPerFile(options: SimOptions = {}): Sim {
  let sim: Sim | undefined
  beforeAll(async () => {
    sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, ...options })
  }, 180_000)
  afterAll(async () => {
    await sim?.stop()
  })
  return new Proxy({} as Sim, {
    get(_target, key) {
      if (!sim) throw new Error(`sim.${String(key)} read before the sim started: read it inside a test or a hook`)
      return Reflect.get(sim, key)
    }
  })
}

/** Creates a mainnet profile pointed at the sim (or at another node or data service) and makes it the active one. */
export async function activateSim(client: RpcClient<Contract>, sim: Sim, other: { nodeUrl?: string; dataUrl?: string; apiKey?: string } = {}): Promise<void> {
  const profile = { name: 'sim', nodeUrl: other.nodeUrl ?? sim.nodeUrl, dataUrl: other.dataUrl ?? sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet' as const, nodeIds: [] }
  const p = await client.call('profiles.create', { profile, ...(other.apiKey ? { apiKey: other.apiKey } : {}) })
  await client.call('profiles.activate', { id: p.id })
}

/** The AppError a call fails with; the test fails if the call succeeds or throws anything else. */
export async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(() => undefined, (err: unknown) => err)
  expect(e).toBeInstanceOf(AppError)
  return e as AppError
}

/** A folder that looks like the built renderer, for transport tests that do not need the real build. */
export function fakeStaticDir(): { dir: string; remove: () => void } {
  const t = tempDir('companion-static-')
  writeFileSync(join(t.dir, 'index.html'), '<!doctype html><title>t</title>')
  return t
}


/** A real anvil (EVM node) with the C-Chain's chain id, on a free port: the sim's launcher, which leaves no process behind. */
export { startAnvil } from '../../sim/node/anvil'

/** The job once it has ended (polled every 100 ms, for at most two minutes). */
export async function finishedJob(client: RpcClient<Contract>, jobId: string): Promise<Job> {
  for (let i = 0; i < 1_200; i++) {
    const job = (await client.call('jobs.list', {})).jobs.find((j) => j.id === jobId)!
    if (job.state !== 'running') return job
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('job did not end')
}
