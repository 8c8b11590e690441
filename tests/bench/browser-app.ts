/**
 * The app in browser mode for the benches that measure a page: main (createApp) in this process on a fresh
 * data folder, the built renderer served by its browser server, a memory client for set-up calls, the sim
 * with the options given, and headless Chromium. close() stops them all, the sim last.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { createApp } from '../../src/main/app'
import { projectRoot } from '../../src/main/paths'
import { plainSecretStore } from '../../src/main/secrets'
import { startBrowserServer } from '../../src/main/server/browser-server'
import type { Contract } from '../../src/shared/contract'
import { createRpcClient, type RpcClient } from '../../src/shared/rpc/client'
import { createMemoryPair } from '../../src/shared/rpc/memory'
import { startSim, type Sim, type SimOptions } from '../sim/index'
import { FULL_CHROMIUM_LAUNCH } from '../support/chromium'
import { tempDir } from '../support/temp'

export interface BrowserApp {
  sim: Sim
  url: string
  client: RpcClient<Contract>
  browser: Browser
  close(): Promise<void>
}

export async function startBrowserApp(what: string, simOptions: SimOptions): Promise<BrowserApp> {
  const staticDir = join(projectRoot(), 'out', 'renderer')
  if (!existsSync(join(staticDir, 'index.html'))) throw new Error(`bench ${what}: the renderer is not built: run "npx electron-vite build" first`)
  const sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, ...simOptions })
  const folder = tempDir()
  const app = createApp({ dataDir: folder.dir, mode: 'browser', secrets: plainSecretStore })
  const server = await startBrowserServer({ server: app.server, staticDir, port: 0 })
  const pair = createMemoryPair()
  app.server.attach(pair.server, 'memory')
  // The full browser, not the lighter headless shell the tests drive: its frames are what the frame figures time.
  const browser = await chromium.launch(FULL_CHROMIUM_LAUNCH)
  return {
    sim, url: server.url, client: createRpcClient<Contract>(pair.client), browser,
    close: async () => {
      await browser.close()
      await server.close()
      app.close()
      folder.remove()
      await sim.stop()
    },
  }
}
