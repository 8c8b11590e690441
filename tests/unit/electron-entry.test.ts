import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { Frame } from '../../src/shared/rpc/frames'
import { IPC_CHANNEL } from '../../src/shared/rpc/ipc-channel'
import { RENDERER_INDEX_URL } from '../../src/main/electron/protocol'
import { FakeFrame, FakeWebContents } from '../support/fake-electron'
import { tempDir } from '../support/temp'

/**
 * The real Electron entry (src/main/index.ts) with only `electron` replaced: the real window, IPC
 * transport, contract server, services and SQLite database behind it. index.ts runs on import, once
 * per file, so the tests below follow one app's life in order: start, serve, store a key, quit.
 */
const electron = await vi.hoisted(async () => (await import('../support/fake-electron')).createFakeElectron())
vi.mock('electron', () => electron.module)

const API_KEY = 'entry-test-key-9f3b2c71'
const data = tempDir('electron-entry-')
let stderr: MockInstance<typeof process.stderr.write>

beforeAll(async () => {
  // Main logs warnings (dropped frames, a failing call after quit) on stderr; kept to be read, not shown.
  stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  vi.stubEnv('COMPANION_DATA_DIR', data.dir)
  // Unit files share a module registry (isolate: false in vitest.config.ts): main is loaded afresh, with
  // this file's stand-in for electron.
  vi.resetModules()
  await import('../../src/main/index')
  // Importing main's entry transforms the whole main process (hundreds of files): seconds on a busy 2-core machine.
}, 60_000)
afterAll(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  data.remove()
})

const windows = () => electron.module.BrowserWindow.getAllWindows()
const contents = () => windows()[0]!.webContents
/** Everything main sent to any page, as [channel, ...args]; and the frames of the current page. */
const allSent = (): unknown[][] => electron.state.windows.flatMap((w) => w.webContents.send.mock.calls)
const sentFrames = (): Frame[] => contents().send.mock.calls.filter(([channel]) => channel === IPC_CHANNEL).map(([, frame]) => frame as Frame)
const logged = (): string => stderr.mock.calls.map((c) => String(c[0])).join('')

let nextId = 1
/** What the preload's send() amounts to: a frame on the channel, from a sender Electron describes. */
function emitFrame(frame: unknown, sender: { sender: unknown; senderFrame: unknown } = { sender: contents(), senderFrame: contents().mainFrame }): void {
  electron.ipcMain.emit(IPC_CHANNEL, sender, frame)
}
async function call(method: string, input: unknown = {}): Promise<Frame> {
  const id = nextId++
  emitFrame({ t: 'call', id, method, input })
  return vi.waitFor(() => {
    const reply = sentFrames().find((f) => (f.t === 'ok' || f.t === 'fail') && f.id === id)
    if (!reply) throw new Error(`no reply to ${method} yet`)
    return reply
  }, { interval: 2 })
}

describe('the Electron entry, with a stand-in for electron', () => {
  it('before ready: sandbox for every renderer, the app:// scheme, the single-instance lock, no window', () => {
    expect(electron.app.enableSandbox).toHaveBeenCalledOnce()
    expect(electron.module.protocol.registerSchemesAsPrivileged).toHaveBeenCalledOnce()
    expect(electron.state.privileged).toContainEqual({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalledOnce()
    expect(electron.app.quit).not.toHaveBeenCalled()
    expect(electron.app.setPath).toHaveBeenCalledWith('userData', data.dir)
    expect(electron.state.windows).toHaveLength(0)
  })

  it('once ready: one window with every security switch on, showing app://renderer/', async () => {
    await electron.ready()
    expect(electron.state.windows).toHaveLength(1)
    const prefs = electron.state.windows[0]!.options.webPreferences
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      allowRunningInsecureContent: false,
      webviewTag: false
    })
    expect(prefs.webSecurity).not.toBe(false)
    expect(prefs.preload).toMatch(/[\\/]preload[\\/]index\.cjs$/)
    expect(contents().loaded).toBe(RENDERER_INDEX_URL)
    expect(electron.state.handlers.has('app')).toBe(true)
    expect(electron.state.permissionCheck?.({}, 'notifications', RENDERER_INDEX_URL, {})).toBe(false)
    expect(readdirSync(data.dir)).toContain('companion.sqlite')
  })

  it('serves the contract over IPC to its own page', async () => {
    const reply = await call('app.info')
    expect(reply).toMatchObject({ t: 'ok', output: { mode: 'desktop', dataDir: data.dir, secretStorage: 'encrypted' } })
  })

  it('drops frames from another page, another frame of the page, or the page once it left app://', async () => {
    const page = contents()
    const other = new FakeWebContents()
    other.mainFrame.url = RENDERER_INDEX_URL
    const before = sentFrames().length
    emitFrame({ t: 'call', id: 901, method: 'app.info', input: {} }, { sender: other, senderFrame: other.mainFrame })
    emitFrame({ t: 'call', id: 902, method: 'app.info', input: {} }, { sender: page, senderFrame: new FakeFrame(RENDERER_INDEX_URL) })
    emitFrame({ t: 'call', id: 903, method: 'app.info', input: {} }, { sender: page, senderFrame: undefined })
    page.mainFrame.url = 'https://evil.example/page'
    try {
      emitFrame({ t: 'call', id: 904, method: 'app.info', input: {} })
    } finally {
      page.mainFrame.url = RENDERER_INDEX_URL
    }
    // A trusted call after them: once it is answered, any answer to the others would have been sent too.
    await call('app.info')
    expect(sentFrames().slice(before).map((f) => (f.t === 'ok' ? f.id : f))).toEqual([nextId - 1])
    expect(other.send).not.toHaveBeenCalled()
    // Each of the four reached the transport and was dropped there, not lost on the way.
    expect(logged().match(/dropped an IPC frame from an untrusted sender/g)).toHaveLength(4)
    expect(logged()).toContain('dropped an IPC frame from an untrusted sender (https://evil.example)')
  })

  it('seals the API key with safeStorage: never sent to the page, never in the database files in clear', async () => {
    emitFrame({ t: 'sub', event: 'profiles.changed' })
    const profile = { name: 'Entry test node', nodeUrl: 'http://127.0.0.1:9650', dataUrl: 'https://data-api.avax.network', metricsUrl: 'https://metrics.avax.network', network: 'fuji', nodeIds: [] }
    const created = await call('profiles.create', { profile, apiKey: API_KEY })
    expect(created).toMatchObject({ t: 'ok', output: { name: profile.name, apiKey: { set: true, storage: 'encrypted' } } })
    expect(electron.safeStorage.encryptString).toHaveBeenCalledWith(API_KEY)
    const { id } = (created as Extract<Frame, { t: 'ok' }>).output as { id: string }
    expect(await call('profiles.setApiKey', { id, apiKey: `${API_KEY}-2` })).toMatchObject({ t: 'ok' })
    expect(electron.safeStorage.encryptString).toHaveBeenCalledWith(`${API_KEY}-2`)
    await call('profiles.list')

    const sent = JSON.stringify(allSent())
    expect(sent).toContain('"event":"profiles.changed"')
    expect(sent).not.toContain(API_KEY)
    // The database and its WAL: the profile is there (the search finds what is written), the key only sealed.
    const files = Buffer.concat(readdirSync(data.dir).map((f) => readFileSync(join(data.dir, f))))
    expect(files.includes(profile.name)).toBe(true)
    expect(files.includes(electron.safeStorage.encryptString.mock.results.at(-1)!.value as Buffer)).toBe(true)
    expect(files.includes(API_KEY)).toBe(false)
  })

  it('focuses (and restores) the window when a second instance starts', () => {
    const [w] = windows()
    w!.minimized = true
    electron.app.emit('second-instance')
    expect(w!.restore).toHaveBeenCalledOnce()
    expect(w!.focus).toHaveBeenCalledOnce()
  })

  it('keeps running with every window closed: a tray icon shows the fleet state, opens the window and quits', async () => {
    const [tray] = electron.state.trays
    expect(tray!.image.path).toMatch(/resources\/tray\/unknown\.png$/)
    expect(tray!.tooltip).toBe('Node Operator Companion: no node watched')
    expect(tray!.menu.filter((i) => i.label).map((i) => i.label)).toEqual(['Open Node Operator Companion', 'Quit'])
    for (const platform of ['linux', 'darwin', 'win32']) {
      const was = Object.getOwnPropertyDescriptor(process, 'platform')!
      try {
        Object.defineProperty(process, 'platform', { value: platform })
        electron.app.emit('window-all-closed')
      } finally {
        Object.defineProperty(process, 'platform', was)
      }
    }
    expect(electron.app.quit).not.toHaveBeenCalled()
    // "Open" with a window open focuses it rather than opening a second.
    tray!.menu.find((i) => i.label === 'Open Node Operator Companion')!.click!()
    expect(windows()).toHaveLength(1)
    tray!.menu.find((i) => i.label === 'Quit')!.click!()
    expect(electron.app.quit).toHaveBeenCalledOnce()
    electron.app.quit.mockClear()
  })

  it('on activate with no window, opens a new one that is served, and the closed one is not', async () => {
    const old = windows()[0]!
    electron.app.emit('activate')
    expect(electron.state.windows).toHaveLength(1)
    old.destroy()
    electron.app.emit('activate')
    expect(electron.state.windows).toHaveLength(2)
    expect(windows()).toHaveLength(1)
    expect(await call('app.info')).toMatchObject({ t: 'ok' })
    expect(electron.ipcMain.listenerCount(IPC_CHANNEL)).toBe(1)
  })

  it('closes the app on will-quit: the database is closed and calls fail', async () => {
    // better-sqlite3 folds the WAL into the file and removes it when the last connection closes.
    expect(readdirSync(data.dir)).toContain('companion.sqlite-wal')
    electron.app.emit('will-quit')
    expect(readdirSync(data.dir)).not.toContain('companion.sqlite-wal')
    expect(await call('profiles.list')).toMatchObject({ t: 'fail', error: { code: 'INTERNAL' } })
    expect(logged()).toMatch(/internal error in profiles\.list: \w*Error: The database connection is not open/)
  })
})
