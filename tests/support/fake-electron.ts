import { EventEmitter } from 'node:events'
import { vi } from 'vitest'

/**
 * A stand-in for the `electron` module: the binary cannot be loaded on test machines, so the entry
 * files run against this. It keeps only what they use, records what they did in `state`, and lets a
 * test play Electron's part (make the app ready, emit app and IPC events, see what was sent).
 *
 * Use it from a test file as (vi.mock is hoisted above imports, so the fake must be built in vi.hoisted):
 *   const electron = await vi.hoisted(async () => (await import('../support/fake-electron')).createFakeElectron())
 *   vi.mock('electron', () => electron.module)
 */
export type FakeElectron = ReturnType<typeof createFakeElectron>

type Listener = (...args: any[]) => void
type ProtocolHandler = (request: Request) => Promise<Response> | Response

/** on/once/emit as Electron's objects have them (Node's EventEmitter would leak its types into the fake's). */
export class FakeEmitter {
  listeners = new Map<string, Listener[]>()
  on(event: string, l: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), l])
    return this
  }
  once(event: string, l: Listener): this {
    const wrapped: Listener = (...args) => {
      this.listeners.set(event, (this.listeners.get(event) ?? []).filter((x) => x !== wrapped))
      l(...args)
    }
    return this.on(event, wrapped)
  }
  emit(event: string, ...args: unknown[]): void {
    for (const l of this.listeners.get(event) ?? []) l(...args)
  }
}

/** A frame of a page: `url` is what isTrustedSender checks, so a test can point it elsewhere. */
export class FakeFrame {
  constructor(public url: string) {}
}

export class FakeWebContents extends FakeEmitter {
  windowOpenHandler: ((d: { url: string }) => { action: string }) | undefined
  loaded: string | undefined
  destroyed = false
  mainFrame = new FakeFrame('about:blank')
  /** Everything main sends to the page: [channel, ...args]. */
  send = vi.fn<(channel: string, ...args: unknown[]) => void>()
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }): void {
    this.windowOpenHandler = h
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
}

export function createFakeElectron() {
  const state = {
    handlers: new Map<string, ProtocolHandler>(),
    privileged: [] as unknown[],
    windows: [] as FakeBrowserWindow[],
    permissionRequest: undefined as undefined | ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void),
    permissionCheck: undefined as undefined | ((...args: unknown[]) => boolean),
    openExternal: [] as string[],
    backend: 'gnome_libsecret' as string,
    encryptionAvailable: true,
    paths: new Map<string, string>(),
    /** The work areas of the attached displays (the first is the primary), as screen.getAllDisplays() gives them. */
    displays: [{ x: 0, y: 0, width: 1920, height: 1040 }] as { x: number; y: number; width: number; height: number }[],
    trays: [] as { image: { path: string }; tooltip: string; menu: { label?: string; type?: string; click?: () => void }[]; destroyed: boolean; emit: (e: string) => void }[]
  }

  class FakeBrowserWindow extends FakeEmitter {
    webContents = new FakeWebContents()
    destroyed = false
    minimized = false
    focus = vi.fn()
    restore = vi.fn(() => void (this.minimized = false))
    show = vi.fn()
    maximized = false
    maximize = vi.fn(() => void (this.maximized = true))
    /** Where the window is while not maximized: where it was put, until a test moves it. */
    normalBounds: { x: number; y: number; width: number; height: number }
    constructor(readonly options: any) {
      super()
      state.windows.push(this)
      this.normalBounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width, height: options.height }
    }
    isMaximized(): boolean {
      return this.maximized
    }
    getNormalBounds(): { x: number; y: number; width: number; height: number } {
      return { ...this.normalBounds }
    }
    static getAllWindows(): FakeBrowserWindow[] {
      return state.windows.filter((w) => !w.destroyed)
    }
    isMinimized(): boolean {
      return this.minimized
    }
    loadURL(url: string): Promise<void> {
      this.webContents.loaded = url
      this.webContents.mainFrame.url = url
      return Promise.resolve()
    }
    loadFile(file: string): Promise<void> {
      return this.loadURL(`file:${file}`)
    }
    /** What closing the window does to the listeners main registered: 'close', 'closed', then the page is gone. */
    destroy(): void {
      this.emit('close')
      this.destroyed = true
      this.webContents.destroyed = true
      this.emit('closed')
      this.webContents.emit('destroyed')
    }
  }

  /** The tray: its image (the path it was made from), tooltip and menu, to be read and clicked by a test. */
  class FakeTray extends FakeEmitter {
    tooltip = ''
    menu: { label?: string; type?: string; click?: () => void }[] = []
    destroyed = false
    constructor(public image: { path: string }) {
      super()
      state.trays.push(this)
    }
    setImage(image: { path: string }): void {
      this.image = image
    }
    setToolTip(text: string): void {
      this.tooltip = text
    }
    setContextMenu(menu: { items: FakeTray['menu'] }): void {
      this.menu = menu.items
    }
    destroy(): void {
      this.destroyed = true
    }
  }

  class FakeNotification {
    static isSupported = (): boolean => true
    constructor(readonly options: { title: string; body: string }) {}
    show = vi.fn()
  }

  // app.whenReady() waits until the test calls ready(), so a test can see what happens before and after.
  let markReady!: () => void
  const whenReady = new Promise<void>((resolve) => (markReady = resolve))
  const app = Object.assign(new EventEmitter(), {
    enableSandbox: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    whenReady: vi.fn(() => whenReady),
    setPath: vi.fn((name: string, path: string) => void state.paths.set(name, path)),
    getPath: (name: string): string => {
      const path = state.paths.get(name)
      if (!path) throw new Error(`no fake path for ${name}`)
      return path
    }
  })

  /**
   * Stands in for the OS keychain. Not the identity: the sealed bytes must not contain the plain text,
   * so a test can search the database file for the key and mean something by not finding it.
   */
  const flip = (bytes: Uint8Array): Buffer => Buffer.from(bytes.map((b) => b ^ 0x5a))
  const SEALED = Buffer.from('sealed:')
  const safeStorage = {
    isEncryptionAvailable: () => state.encryptionAvailable,
    getSelectedStorageBackend: () => state.backend,
    encryptString: vi.fn((plain: string) => Buffer.concat([SEALED, flip(Buffer.from(plain))])),
    decryptString: vi.fn((sealed: Buffer) => flip(sealed.subarray(SEALED.length)).toString())
  }

  const module = {
    app,
    ipcMain: new EventEmitter(),
    protocol: {
      registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => void state.privileged.push(...schemes)),
      handle: (scheme: string, h: ProtocolHandler) => void state.handlers.set(scheme, h)
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof state.permissionRequest) => void (state.permissionRequest = h),
        setPermissionCheckHandler: (h: typeof state.permissionCheck) => void (state.permissionCheck = h),
        webRequest: { onHeadersReceived: () => undefined }
      }
    },
    shell: { openExternal: (url: string) => (state.openExternal.push(url), Promise.resolve()) },
    safeStorage,
    BrowserWindow: FakeBrowserWindow,
    screen: {
      getAllDisplays: () => state.displays.map((workArea) => ({ workArea })),
      getPrimaryDisplay: () => ({ workArea: state.displays[0]! })
    },
    Notification: FakeNotification,
    Tray: FakeTray,
    Menu: { buildFromTemplate: (items: FakeTray['menu']) => ({ items }) },
    nativeImage: { createFromPath: (path: string) => ({ path }) }
  }

  return {
    state,
    /** For vi.mock: the named exports, and the same object as the default export (`import electron from`). */
    module: { ...module, default: module },
    app,
    ipcMain: module.ipcMain,
    safeStorage,
    /** Resolves app.whenReady() and waits until what main chained on it has run. */
    async ready(): Promise<void> {
      markReady()
      await whenReady
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
}
