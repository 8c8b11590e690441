/**
 * The renderer mounted as main.ts mounts it (App.vue with Naive UI's providers, Pinia, the router), in
 * happy-dom, talking to a real app (createApp, on a data folder of its own) over the contract's in-memory
 * transport: one component test is a few lines.
 *
 *   const ui = await mountApp({ path: '/utxos' })
 *   await ui.profileAt(sim)
 *   await ui.until(() => ui.text('utxos-panel').includes('…'))
 *
 * The seam is the desktop app's: the preload's bridge on `window.companion` (api.ts picks Electron IPC when
 * it is there). Here the bridge carries frames over a memory pair to the app's contract server, attached as
 * browser mode (`ws`, the default: what browser mode allows and refuses) or as a desktop window (`memory`).
 * Nothing in the renderer changes for tests, and browser mode's token and Origin checks are untouched.
 *
 * The renderer's modules hold the client and its connection state at module level, as in a page: each mount
 * loads the page's own modules afresh (src/renderer and the src/shared ones it uses, format's time display among
 * them), so that one test's subscriptions and stores never reach the next. Everything else stays loaded for the
 * worker: Vue, Naive UI and the other packages (Node's, never reloaded), the app (src/main) and the sim, which the
 * integration tests share across files in the same way. Reloading all of them for each mount made every file
 * evaluate the app, its schemas and the sim's data set again: seconds of CPU a file.
 * Every mount is unmounted, and its app closed and folder removed, when its test finishes (onTestFinished: a
 * hook at this module's top would be registered only in the first file of a worker, which alone loads it).
 */
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DOMWrapper, mount, type VueWrapper } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { createPinia } from 'pinia'
import { onTestFinished, vi } from 'vitest'
import type { Router } from 'vue-router'
import { nextTick } from 'vue'
import { createApp, type App, type AppOptions } from '../../src/main/app'
import { plainSecretStore } from '../../src/main/secrets'
import type { Contract, ProbeReport } from '../../src/shared/contract'
import { createRpcClient, type RpcClient } from '../../src/shared/rpc/client'
import { createMemoryPair } from '../../src/shared/rpc/memory'
import type { Sim } from '../sim/index'
import { tempDir } from '../support/temp'

export interface MountOptions {
  /** The route the page opens on, as in the address bar: '/utxos', '/data?tab=evm'. */
  path: string
  /** Browser mode (`npm run serve`, the default) or the desktop app: app.info's mode and what the contract allows. */
  mode?: 'browser' | 'desktop'
  /** More options for createApp (allowNodeChanges, overrides, a clock …). */
  app?: Partial<AppOptions>
  /** An existing data folder (a restart on the same data); by default a fresh one, removed afterwards. */
  dataDir?: string
  /** The window's width in px, 1366 by default as the end-to-end tests' (the shell collapses its side columns under 1280). */
  width?: number
}

export interface MountedApp {
  wrapper: VueWrapper
  app: App
  dataDir: string
  /** A second client of the same app, as a script or another window: set up data without the form. */
  client: RpcClient<Contract>
  /** The one element with this data-testid (throws, naming it, when there is none). */
  get(testId: string): DOMWrapper<Element>
  /** Every element with this data-testid. */
  all(testId: string): DOMWrapper<Element>[]
  /** Whether an element with this data-testid is in the page. */
  has(testId: string): boolean
  /** The text of the element with this data-testid, or '' when there is none. */
  text(testId: string): string
  /** Waits until `ok` holds, flushing Vue between looks; fails with `what` and the last page text otherwise. */
  until(ok: () => boolean, what?: string): Promise<void>
  /** A profile pointed at the sim made active through the contract (as a second window would), seen by the page. */
  profileAt(sim: Sim, name?: string, more?: Record<string, unknown>): Promise<string>
  /** Opens another route, as a menu entry does. */
  go(path: string): Promise<void>
  /** Sets a text field's value (an input, or the input inside a Naive UI field with this test id) and lets Vue react. */
  fill(testId: string, value: string): Promise<void>
  /** Clicks the element with this data-testid and lets Vue react. */
  click(testId: string): Promise<void>
  /** Closes the page and its app now, as quitting does (a restart mounts again on the same `dataDir`). */
  close(): void
  /** Loads the page again, as a reload does: the renderer unmounted and mounted afresh (its modules too) on the same app, at the same address, with the tab's storage kept. */
  reload(): Promise<void>
}

interface Opened {
  unmount(): void
  close(): void
  remove?: () => void
}
const opened: Opened[] = []

/** Closes every page and app of the test, removes their folders, and empties the document and the tab's storage. */
function closeAll(): void {
  for (const o of opened.splice(0)) {
    o.unmount()
    o.close()
    o.remove?.()
  }
  document.body.innerHTML = ''
  localStorage.clear()
  sessionStorage.clear()
  delete window.companion
}

const sel = (testId: string): string => `[data-testid="${testId}"]`

/**
 * How long `until` waits. Generous: in CI the component tests share two cores with the integration and end-to-end
 * stages, and a drawer that opens in half a second alone took over 30 s there once. Nothing here asserts speed.
 */
const UNTIL_MS = 90_000

/** Lets promises settle and Vue render: the memory transport answers in microtasks and the app's reads in a few macrotasks. */
export async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 0))
  await nextTick()
}

/**
 * Gives Naive UI's virtual lists inside this element (n-tree's and n-data-table's virtual-scroll) the height a
 * browser would report, tall enough for every row: happy-dom lays nothing out and its ResizeObserver never
 * reports, so such a list draws no rows at all. The height is handed to the list as its resize observer would.
 */
export async function layOut(ui: MountedApp, testId: string): Promise<void> {
  const lists = (): VueWrapper[] => ui.wrapper.findAllComponents({ name: 'VirtualList' }).filter((l) => ui.get(testId).element.contains(l.element))
  await ui.until(() => lists().length > 0, `a virtual list with rows in ${testId}`)
  for (const l of lists()) (l.vm as unknown as { handleListResize(entry: unknown): void }).handleListResize({ target: l.element, contentRect: { height: 100_000, width: 1_000 } })
  await settle()
}

/** Picks the radio button with this text in the group with this test id, as a click on it does. */
export async function choose(ui: MountedApp, group: string, text: string): Promise<void> {
  const button = ui
    .get(group)
    .findAll('.n-radio-button')
    .find((b) => b.text() === text)
  if (!button) throw new Error(`no "${text}" in ${group}`)
  await button.find('input').trigger('change')
  await ui.until(() => button.classes('n-radio-button--checked'), `"${text}" chosen in ${group}`)
}

/** A page shown: its root and its router. */
interface Page {
  wrapper: VueWrapper
  router: Router
}
const unreachable = (why: string): never => {
  throw new Error(why)
}

/** Where the page's own modules live: what a new page loads again. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const PAGE_MODULES = [join(ROOT, 'src/renderer/'), join(ROOT, 'src/shared/')]

/** One module in Vitest's registry of the worker (vite's EvaluatedModuleNode), as far as a reload touches it. */
interface LoadedModule {
  promise?: unknown
  exports?: unknown
  evaluated: boolean
  importers: Set<string>
}

/**
 * Marks the page's modules unloaded, as vi.resetModules() does for every module, so the next import evaluates them
 * again from the code the worker already has (no new transform). Vitest offers no reset of some modules only;
 * its registry is the worker state's, where vi.resetModules() finds it. Without it, all modules are reset.
 */
function freshPageModules(): void {
  const registry = (globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: Map<string, LoadedModule> } } }).__vitest_worker__?.evaluatedModules?.idToModuleMap
  if (!registry) {
    vi.resetModules()
    return
  }
  for (const [id, node] of registry) {
    if (!PAGE_MODULES.some((dir) => id.startsWith(dir))) continue
    node.promise = undefined
    node.exports = undefined
    node.evaluated = false
    node.importers.clear()
  }
}

/** The page: App.vue with the router, as main.ts mounts it, its modules loaded afresh (a new page's). */
async function mountPage(): Promise<Page> {
  // A fresh page: the renderer's modules (api client, connection state, module-level refs) loaded again.
  freshPageModules()
  const [{ default: AppRoot }, { createAppRouter }] = await Promise.all([import('../../src/renderer/src/App.vue'), import('../../src/renderer/src/router')])
  const router = createAppRouter()
  // Vue's own transitions, not test-utils' stubs: Naive UI removes a closed dialog or popover when its leave
  // transition ends, which a stub never reports (the dialog would stay in the page).
  const wrapper = mount(AppRoot, { global: { plugins: [createPinia(), router], stubs: { transition: false, 'transition-group': false } }, attachTo: document.body })
  await router.isReady()
  return { wrapper, router }
}

function unmountPage(wrapper: VueWrapper): void {
  // Naive UI's message clears its hide timer when hidden, not when unmounted: a toast shown near the end of a
  // test would fire into a torn-down page (window gone) after the file. Hidden first, its timer goes with it.
  ;(wrapper.findComponent(NMessageProvider).vm as unknown as { destroyAll(): void }).destroyAll()
  wrapper.unmount()
}

export async function mountApp(options: MountOptions): Promise<MountedApp> {
  onTestFinished(closeAll)
  const mode = options.mode ?? 'browser'
  const folder = options.dataDir ? undefined : tempDir('companion-component-')
  const dataDir = options.dataDir ?? folder!.dir
  const app = createApp({ dataDir, mode, secrets: plainSecretStore, ...options.app })

  const kind = mode === 'browser' ? 'ws' : 'memory'
  /** The page's link: the preload's bridge, over a memory pair to the app's contract server (a new one each page load). */
  const link = (): ReturnType<typeof createMemoryPair> => {
    const pair = createMemoryPair()
    app.server.attach(pair.server, kind)
    window.companion = { send: (frame) => pair.client.send(frame), onFrame: (listener) => pair.client.onFrame(listener) }
    return pair
  }
  let pair = link()
  const second = createMemoryPair()
  app.server.attach(second.server, kind)
  const client = createRpcClient<Contract>(second.client)

  Object.defineProperty(window, 'innerWidth', { configurable: true, value: options.width ?? 1366 })
  window.location.hash = `#${options.path}`
  /** The page now shown (a reload replaces it); none until the first has mounted. */
  let shown: Page | undefined
  const current = (): Page => shown ?? unreachable('no page mounted yet')
  const mounted: Opened = {
    unmount: () => shown && unmountPage(shown.wrapper),
    close: () => {
      client.close()
      second.client.close()
      pair.client.close()
      app.close()
    },
    ...(folder ? { remove: folder.remove } : {})
  }
  opened.push(mounted)
  shown = await mountPage()

  const page = (): DOMWrapper<Element> => new DOMWrapper(document.body)
  const ui: MountedApp = {
    get wrapper() {
      return current().wrapper
    },
    app,
    dataDir,
    client,
    get(testId) {
      const found = page().find(sel(testId))
      if (!found.exists()) throw new Error(`no element with data-testid="${testId}" in the page`)
      return found
    },
    all: (testId) => page().findAll(sel(testId)),
    has: (testId) => page().find(sel(testId)).exists(),
    text: (testId) => {
      const found = page().find(sel(testId))
      return found.exists() ? found.text() : ''
    },
    async until(ok, what = 'the condition') {
      try {
        await vi.waitFor(
          async () => {
            await settle()
            if (!ok()) throw new Error(`still waiting for ${what}`)
          },
          { timeout: UNTIL_MS, interval: 20 }
        )
      } catch {
        throw new Error(`waited ${UNTIL_MS / 1000} s for ${what}; the page showed:\n${document.body.textContent?.replace(/\s+/g, ' ').slice(0, 2_000)}`)
      }
    },
    async profileAt(sim, name = 'sim', more = {}) {
      /**
       * The first probe of the profile (activating answers it), checked again while a part of it timed out, as a
       * person would click "Check again": the sim runs in this worker beside the page and the app, and on a loaded
       * machine a part may miss the probe's 5 s deadline and be rightly shown unavailable. A few times at most: a
       * part a test does not use may stay slow, and what a test needs, it waits for itself. A part the test made
       * unavailable answers otherwise (refused, not served), and is left as it is.
       */
      const probedWithoutTimeouts = async (first: ProbeReport): Promise<void> => {
        let report = first
        for (let again = 0; again < 3 && report.parts.some((p) => p.error?.code === 'TIMEOUT'); again++) report = await client.call('connection.probe', {})
      }
      const profile = { name, network: 'mainnet' as const, nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, nodeIds: [], ...more }
      const created = await client.call('profiles.create', { profile })
      await probedWithoutTimeouts(await client.call('profiles.activate', { id: created.id }))
      await ui.until(() => document.querySelector(sel('status-profile'))?.textContent?.includes(name) ?? false, `the page to show profile ${name} active`)
      return created.id
    },
    async go(path) {
      await current().router.push(path)
      await settle()
    },
    async fill(testId, value) {
      const found = ui.get(testId)
      const input = found.element instanceof HTMLInputElement || found.element instanceof HTMLTextAreaElement ? found : found.find('input, textarea')
      await input.setValue(value)
      await settle()
    },
    async click(testId) {
      await ui.get(testId).trigger('click')
      await settle()
    },
    close() {
      const i = opened.indexOf(mounted)
      if (i === -1) return
      opened.splice(i, 1)
      mounted.unmount()
      mounted.close()
      document.body.innerHTML = ''
      delete window.companion
      // The data folder stays until the test ends: a restart mounts again on it.
      if (mounted.remove) opened.push({ unmount() {}, close() {}, remove: mounted.remove })
    },
    async reload() {
      unmountPage(current().wrapper)
      shown = undefined
      pair.client.close()
      pair = link()
      shown = await mountPage()
      await settle()
    }
  }
  await settle()
  return ui
}

/** A file the page saved (components/download.ts): its name and its text. */
export interface SavedFile {
  name: string
  text(): Promise<string>
}

/**
 * Catches the files the page saves from now on, as the browser would receive them: the Blob behind the object
 * URL and the name on the link clicked. happy-dom saves nothing, and its link would navigate the page away.
 * A real download is the end-to-end tests' (the UTXO set's export). `stop()` puts the browser's own back.
 */
export function catchDownloads(): { files: SavedFile[]; stop(): void } {
  const files: SavedFile[] = []
  const blobs = new Map<string, Blob>()
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:component-${blobs.size}`
    blobs.set(url, blob as Blob)
    return url
  })
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '')
    if (blob) files.push({ name: this.download, text: () => blob.text() })
  })
  return {
    files,
    stop() {
      create.mockRestore()
      revoke.mockRestore()
      click.mockRestore()
    }
  }
}
