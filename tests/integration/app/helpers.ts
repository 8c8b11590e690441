import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { createApp, type App } from '../../../src/main/app'
import { plainSecretStore } from '../../../src/main/secrets'
import type { Contract } from '../../../src/shared/contract'
import { createRpcClient, type RpcClient } from '../../../src/shared/rpc/client'
import { AppError } from '../../../src/shared/rpc/errors'
import { createMemoryPair } from '../../../src/shared/rpc/memory'
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
