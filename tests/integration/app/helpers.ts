import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createApp, type App } from '../../../src/main/app'
import { plainSecretStore } from '../../../src/main/secrets'
export { freePort } from '../../support/ports'
import { tempDir } from '../../support/temp'
export { tempDir }

export function testApp(mode: 'browser' | 'cli' = 'browser'): { app: App; dataDir: string; done: () => void } {
  const { dir, remove } = tempDir()
  const app = createApp({ dataDir: dir, mode, secrets: plainSecretStore })
  return { app, dataDir: dir, done: () => (app.close(), remove()) }
}

/** A folder that looks like the built renderer, for transport tests that do not need the real build. */
export function fakeStaticDir(): { dir: string; remove: () => void } {
  const t = tempDir('companion-static-')
  writeFileSync(join(t.dir, 'index.html'), '<!doctype html><title>t</title>')
  return t
}


/** A real anvil (EVM node) with the C-Chain's chain id, on a free port: the sim's launcher, which leaves no process behind. */
export { startAnvil } from '../../sim/node/anvil'
