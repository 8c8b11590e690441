/**
 * Fixtures for the end-to-end tests: per worker, a real anvil (chain id 43114) and a real browser-mode server
 * (`src/main/server/serve.ts`) with a fresh data folder, both on 127.0.0.1 and stopped afterwards; per test, what
 * a test asks for beyond them (a server with other arguments, the full browser, a sim). Tests open the URL the
 * server printed, exactly as a person would.
 *
 * Every worker option stays the config's: a spec file that changed one (`test.use` of a worker-scoped fixture)
 * would need workers of its own, and Playwright queues those after every file of the default workers, so they
 * ran last, one new worker each, at the end of the stage with the cores half idle. What a file needs of its own
 * is started per test instead (serveArgs, fullChromiumPage).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import type { Input, Method, Output } from '../../src/shared/contract'
import { pageClient } from '../support/page-client'
import { closedPort } from '../support/ports'
import { FULL_CHROMIUM_LAUNCH } from '../support/chromium'
import { startAnvil } from '../sim/node/anvil'
import { startSim, type Sim } from '../sim/index'

export interface Companion {
  /** The URL browser mode printed: http://127.0.0.1:PORT/?token=… */
  url: string
  /** The same origin without the token. */
  origin: string
  /** anvil's JSON-RPC URL (http; its websocket is the same with ws://). */
  anvilUrl: string
  /** A port on 127.0.0.1 where nothing listens: every call to it is refused. */
  closedUrl: string
  dataDir: string
}

const ROOT = join(import.meta.dirname, '..', '..')
export const BIN = (name: string): string => join(ROOT, 'node_modules', '.bin', name)


/** Own process group, so that stopping also reaches children (tsx runs node as a child). */
export function start(cmd: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(cmd, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
}

/**
 * Browser mode as it ships: the built `out/main/serve.js` run by node (`npm run test:e2e` builds first),
 * on a free port and the given data folder. Read its URL with readServeUrl(). Its clock can be moved forward
 * (COMPANION_TEST_CLOCK=1: see advanceTime); it runs in real time until a test does.
 */
export function startServe(dataDir: string, args: string[] = []): ChildProcess {
  return start(process.execPath, [join(ROOT, 'out', 'main', 'serve.js'), '--port', '0', '--data-dir', dataDir, ...args], { COMPANION_TEST_CLOCK: '1' })
}

export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((r) => child.once('exit', () => r()))
  const signal = (s: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, s)
    } catch {
      // already gone
    }
  }
  signal('SIGTERM')
  const timer = setTimeout(() => signal('SIGKILL'), 3_000)
  await exited
  clearTimeout(timer)
}

/** Reads stdout until the first line that starts with http://127.0.0.1: (the URL with the token). */
export async function readServeUrl(child: ChildProcess): Promise<string> {
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise((resolve, reject) => {
    let buffered = ''
    const timer = setTimeout(() => fail(new Error('browser mode printed no URL within 60 s')), 60_000)
    const fail = (err: Error): void => {
      clearTimeout(timer)
      reject(new Error(`${err.message}\n--- stderr ---\n${stderr}`))
    }
    child.once('exit', (code) => fail(new Error(`browser mode exited with code ${code}`)))
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString()
      for (const line of buffered.split('\n').slice(0, -1)) {
        if (line.startsWith('http://127.0.0.1:')) {
          clearTimeout(timer)
          resolve(line.trim())
          return
        }
      }
    })
  })
}

export interface CompanionOptions {
  /**
   * Extra arguments for browser mode: `test.use({ serveArgs: ['--allow-node-changes'] })`. With any, each test
   * gets a server of its own with them, on an empty data folder (the worker's shared server keeps the defaults).
   */
  serveArgs: string[]
}

export interface PageClockOptions {
  /**
   * The page runs on Playwright's clock (installed before the app opens), at the server's time, so that
   * advanceTime() moves the page's countdowns together with main: `test.use({ pageClock: true })`.
   */
  pageClock: boolean
}

/** Browser mode of a test's own, on a data folder the test names, opened in the page; returns its stop. */
export async function ownServe(page: Page, dataDir: string, args: string[] = [], hash = ''): Promise<() => Promise<void>> {
  const serve = startServe(dataDir, args)
  try {
    await page.goto(`${await readServeUrl(serve)}${hash}`)
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
  } catch (err) {
    await stop(serve)
    throw err
  }
  return () => stop(serve)
}

/** A browser-mode server on a fresh data folder, with these arguments and the worker's anvil; removed after use. */
async function withServer(shared: Pick<Companion, 'anvilUrl' | 'closedUrl'>, args: string[], use: (companion: Companion) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'companion-e2e-'))
  let serve: ChildProcess | undefined
  try {
    serve = startServe(dataDir, args)
    const url = await readServeUrl(serve)
    await use({ ...shared, url, origin: new URL(url).origin, dataDir })
  } finally {
    await stop(serve)
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const test = base.extend<
  { app: Page; freshApp: Page; fullChromiumPage: Page; sim: Sim; companion: Companion } & PageClockOptions & CompanionOptions,
  { workerCompanion: Companion }
>({
  serveArgs: [[], { option: true }],
  pageClock: [false, { option: true }],

  /** The worker's anvil and default browser-mode server, which the tests it runs share one after another. */
  workerCompanion: [
    async ({}, use) => {
      const closedUrl = `http://127.0.0.1:${await closedPort()}`
      const anvil = await startAnvil()
      try {
        await withServer({ anvilUrl: anvil.url, closedUrl }, [], use)
      } finally {
        await anvil.stop()
      }
    },
    { scope: 'worker', timeout: 60_000 }
  ],

  /** The worker's server, or with serveArgs one of this test's own. */
  companion: async ({ workerCompanion, serveArgs }, use) => {
    if (serveArgs.length === 0) await use(workerCompanion)
    else await withServer(workerCompanion, serveArgs, use)
  },

  /**
   * A page in the full Chromium, launched for this test (with the config's context options: the runner applies
   * them to every context a test makes), for what the headless shell does not do as a browser does
   * (tests/support/chromium.ts).
   */
  fullChromiumPage: async ({ playwright }, use) => {
    const browser = await playwright.chromium.launch({ ...FULL_CHROMIUM_LAUNCH, headless: true })
    try {
      await use(await browser.newPage())
    } finally {
      await browser.close()
    }
  },

  /** A local network of this test's own (tests/sim), stopped after it; only started when a test asks for it. */
  sim: async ({}, use) => {
    const sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    try {
      await use(sim)
    } finally {
      await sim.stop()
    }
  },

  /**
   * A page with the app open through the printed URL, connected, on the Connections panel (where most
   * tests begin by making a profile; the app itself opens on the first panel of the menu).
   */
  app: async ({ page, companion, pageClock }, use) => {
    if (pageClock) await installPageClock(page, companion)
    await page.goto(`${companion.url}#/connections`)
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    await use(page)
  },

  /**
   * As a new user first sees it: browser mode of this test's own on an empty data folder (the worker's
   * server is shared by every spec file, so its profiles are whatever earlier tests left), on Connections.
   */
  freshApp: async ({ page }, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'companion-e2e-fresh-'))
    try {
      const close = await ownServe(page, dataDir, [], '#/connections')
      try {
        await use(page)
      } finally {
        await close()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }
})

export { expect }

/** Pages whose clock is Playwright's, set to their server's (installPageClock). */
const clockedPages = new WeakSet<Page>()

/**
 * Moves the server's clock forward by ms (0: only asks) through its test-clock route
 * (src/main/server/test-clock.ts), and answers how far it is now ahead of the machine's.
 */
async function moveServerClock(companion: Pick<Companion, 'url' | 'origin'>, ms: number): Promise<number> {
  const token = new URL(companion.url).searchParams.get('token') ?? ''
  const res = await fetch(`${companion.origin}/__test/clock?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { origin: companion.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms })
  })
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as { offsetMs: number }).offsetMs
}

/**
 * Before the page opens the app: its clock runs from the server's time on (real time plus what tests moved
 * it by: a worker's server serves the tests it runs one after another).
 */
export async function installPageClock(page: Page, companion: Pick<Companion, 'url' | 'origin'>): Promise<void> {
  const offsetMs = await moveServerClock(companion, 0)
  await page.clock.install({ time: Date.now() + offsetMs })
  clockedPages.add(page)
}

/**
 * Moves time forward by ms, in main and in the page together, instead of waiting: main's clock (a timer
 * that falls due fires at once: a revert, a timed profile's stop, the end of a Retry-After wait), then the
 * page's (its countdowns and ticks). The page needs its clock installed first (`test.use({ pageClock: true })`
 * or installPageClock).
 */
export async function advanceTime(page: Page, companion: Pick<Companion, 'url' | 'origin'>, ms: number): Promise<void> {
  if (!clockedPages.has(page)) throw new Error('advanceTime: the page runs on the real clock; install its clock before it opens the app (test.use({ pageClock: true }))')
  await moveServerClock(companion, ms)
  await page.clock.fastForward(ms)
}

/**
 * One contract call from a second client of the same browser-mode server, as another window (or a script
 * with the URL) would make it: a websocket with the launch token, through the typed client of src/shared.
 */
export async function callApp<M extends Method>(companion: Companion, method: M, input: Input<M>): Promise<Output<M>> {
  const client = await pageClient(companion.url)
  try {
    return await client.call(method, input)
  } finally {
    client.close()
  }
}

export { simConfig } from '../support/sim-config'

/**
 * A picture for people to look at: test-results/screens/<name>.png, or SHOT_DIR/<name>.png (a run starting
 * elsewhere in the same tree empties test-results/, so a helper looking at its pictures may keep them apart).
 * Taken only when SHOTS=1 (`SHOTS=1 npm run test:e2e`): no test reads them, and a plain run need not wait
 * for them. A failing test keeps its own screenshot whatever SHOTS says (playwright.config.ts).
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (!process.env['SHOTS']) return
  // Let Naive UI's transitions (modals, messages) settle so the picture shows the final state.
  await page.waitForTimeout(350)
  await page.screenshot({ path: join(process.env['SHOT_DIR'] ?? join('test-results', 'screens'), `${name}.png`), fullPage: true })
}

/**
 * The machine's side of a profile folder, which a page cannot choose: the CLI (`bin/companion.mjs`, the
 * built one) sets it on the worker's data folder while browser mode runs, as an operator on the host does.
 * The folder must exist. Browser mode reads it at each listing; the page's own profile list learns it at
 * its next reload.
 */
export async function chooseProfileDir(companion: Companion, profileName: string, profileDir: string): Promise<void> {
  const { profiles } = await callApp(companion, 'profiles.list', {})
  const id = profiles.find((p) => p.name === profileName)?.id
  if (!id) throw new Error(`no profile named ${profileName}`)
  const input = JSON.stringify({ id, profileDir })
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [join(ROOT, 'bin', 'companion.mjs'), 'call', 'profiles.setProfileDir', input, '--data-dir', companion.dataDir], (err, _out, stderr) =>
      err ? reject(new Error(`companion call profiles.setProfileDir failed: ${stderr}`)) : resolve()
    )
  )
}

export interface ProfileInput {
  name: string
  nodeUrl?: string
  cchainUrl?: string
  dataUrl?: string
  metricsUrl?: string
  network?: 'mainnet' | 'fuji' | 'testnet'
  addressHrp?: string
  nodeIds?: string[]
  apiKey?: string
}

/** Fills the open profile form; fields not given keep what the form shows. */
export async function fillProfile(page: Page, p: ProfileInput): Promise<void> {
  const form = page.getByTestId('profile-form')
  await form.getByTestId('field-name').fill(p.name)
  if (p.network) await form.getByTestId(`field-network-${p.network}`).click()
  if (p.nodeUrl !== undefined) await form.getByTestId('field-nodeUrl').fill(p.nodeUrl)
  if (p.cchainUrl !== undefined) await form.getByTestId('field-cchainUrl').fill(p.cchainUrl)
  if (p.dataUrl !== undefined) await form.getByTestId('field-dataUrl').fill(p.dataUrl)
  if (p.metricsUrl !== undefined) await form.getByTestId('field-metricsUrl').fill(p.metricsUrl)
  if (p.addressHrp !== undefined) await form.getByTestId('field-addressHrp').fill(p.addressHrp)
  for (const [i, id] of (p.nodeIds ?? []).entries()) {
    if (i === 0) await form.getByTestId('nodeid-add').click()
    else await form.locator('.n-dynamic-input-item').nth(i - 1).locator('button').nth(1).click()
    await form.getByTestId(`field-nodeId-${i}`).fill(id)
  }
  if (p.apiKey !== undefined) await form.getByTestId('field-apiKey').fill(p.apiKey)
}

export function profileItem(page: Page, name: string) {
  return page.locator(`[data-testid="profile-item"][data-profile-name="${name}"]`)
}

const PANEL_TITLES = {
  validators: 'Validators',
  fleet: 'Fleet',
  alerts: 'Alerts',
  sync: 'Sync',
  connections: 'Connections',
  control: 'Node control',
  pchain: 'P-Chain',
  cchain: 'C-Chain live',
  utxos: 'UTXOs',
  atomic: 'Atomic transactions',
  data: 'Data lookups',
  signatures: 'Signature aggregation',
  metrics: 'Metrics',
  cache: 'Cache'
} as const
export type PanelPath = keyof typeof PANEL_TITLES

/** Opens a panel from the menu, again if a click landed while the page was busy. */
export async function openPanel(page: Page, path: PanelPath): Promise<void> {
  await expect(async () => {
    await page.getByTestId(`nav-${path}`).click()
    await expect(page.getByTestId('panel-title')).toHaveText(PANEL_TITLES[path], { timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
}

/**
 * A profile of the test's own pointed at its sim (with any other fields given), made active; ends on Connections.
 * Made through the contract, as the CLI or a second window would, not through the form: the form and the
 * activate button have their own tests (connections.spec.ts), and filling the form in every test of every
 * panel cost about two CPU-seconds each on these CPU-bound machines. The page learns it as it learns any
 * change made elsewhere (the `profiles.changed` event), and the listing must show it active.
 */
export async function activateSimProfile(page: Page, sim: Sim, name: string, more: Omit<ProfileInput, 'name'> = {}): Promise<void> {
  const { apiKey, ...fields } = { network: 'mainnet' as const, nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, nodeIds: [], ...more }
  // The page keeps its access token in the tab's session storage (src/renderer/src/api.ts), not in its address.
  const token = await page.evaluate(() => sessionStorage.getItem('companion.token'))
  const client = await pageClient(`${new URL(page.url()).origin}/?token=${encodeURIComponent(token ?? '')}`)
  try {
    const created = await client.call('profiles.create', { profile: { name, ...fields }, ...(apiKey !== undefined ? { apiKey } : {}) })
    await client.call('profiles.activate', { id: created.id })
  } finally {
    client.close()
  }
  await openPanel(page, 'connections')
  await expect(profileItem(page, name).getByTestId('profile-active-badge')).toBeVisible()
  await expect(page.getByTestId('status-profile')).toContainText(name)
}

/** A profile listed in Connections made active (the first profile of a server already is, when created). */
export async function activateListedProfile(page: Page, name: string): Promise<void> {
  const item = profileItem(page, name)
  await expect(item).toBeVisible()
  if ((await item.getAttribute('data-active')) !== 'true') await item.getByTestId('profile-activate').click()
  await expect(item.getByTestId('profile-active-badge')).toBeVisible()
}
