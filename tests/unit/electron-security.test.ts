import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { tempDir } from '../support/temp'

/**
 * The Electron entry files with a stand-in for `electron` (the binary cannot be loaded here): the
 * app:// protocol and its CSP, the window's navigation and link rules, the permission handlers, and
 * what safeStorage's sealing is reported as. The stand-in is shared (tests/support/fake-electron.ts);
 * vi.mock is hoisted above the imports, so it is built in vi.hoisted.
 */
const electron = await vi.hoisted(async () => (await import('../support/fake-electron')).createFakeElectron())
vi.mock('electron', () => electron.module)
// Unit files share a module registry (isolate: false in vitest.config.ts): the entry files are loaded afresh,
// so they take this file's stand-in, not one another file's import left bound to its own.
vi.resetModules()

const { APP_ORIGIN, DESKTOP_CSP, RENDERER_INDEX_URL, handleAppProtocol, isRendererUrl, registerAppScheme } = await import('../../src/main/electron/protocol')
const { createMainWindow } = await import('../../src/main/electron/window')
const { desktopSecretStore, desktopStorageKind } = await import('../../src/main/electron/safe-storage')

let site: { dir: string; remove: () => void }
beforeEach(() => {
  site = tempDir('electron-renderer-')
  mkdirSync(join(site.dir, 'renderer', 'assets'), { recursive: true })
  writeFileSync(join(site.dir, 'renderer', 'index.html'), '<!doctype html><title>desktop</title>')
  writeFileSync(join(site.dir, 'renderer', 'assets', 'index-AbCd1234.js'), 'console.log(1)\n'.repeat(200))
  writeFileSync(join(site.dir, 'secret.txt'), 'not for the page')
  electron.state.windows.length = 0
  electron.state.openExternal.length = 0
  electron.state.handlers.clear()
})
afterEach(() => {
  site.remove()
  vi.restoreAllMocks()
})

const fetchApp = async (url: string): Promise<Response> => {
  const handler = electron.state.handlers.get('app')
  if (!handler) throw new Error('app:// is not handled')
  return handler(new Request(url))
}

describe('the app:// protocol', () => {
  it('registers app as a standard, secure scheme, not CORS-enabled', () => {
    registerAppScheme()
    expect(electron.state.privileged).toContainEqual({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })
    const privileges = (electron.state.privileged[0] as { privileges: Record<string, boolean> }).privileges
    expect(privileges.corsEnabled).toBeFalsy()
    expect(privileges.bypassCSP).toBeFalsy()
  })

  it('serves the page with the one CSP of csp.ts, connect-src none and frame-ancestors none', async () => {
    handleAppProtocol(join(site.dir, 'renderer'))
    const res = await fetchApp(RENDERER_INDEX_URL)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy')
    expect(csp).toBe(DESKTOP_CSP)
    expect(csp).toContain("connect-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toContain('<title>desktop</title>')
  })

  it('serves assets with the same policy, uncompressed', async () => {
    handleAppProtocol(join(site.dir, 'renderer'))
    const res = await fetchApp(`${APP_ORIGIN}/assets/index-AbCd1234.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('content-security-policy')).toBe(DESKTOP_CSP)
    expect(await res.text()).toContain('console.log(1)')
  })

  it('serves nothing outside the renderer folder, nor for another host', async () => {
    handleAppProtocol(join(site.dir, 'renderer'))
    for (const url of [`${APP_ORIGIN}/%2e%2e/secret.txt`, `${APP_ORIGIN}/..%2fsecret.txt`, `${APP_ORIGIN}/missing.js`, 'app://other/index.html']) {
      const res = await fetchApp(url)
      expect(res.status, url).toBe(404)
      expect(res.headers.get('content-security-policy'), url).toBe(DESKTOP_CSP)
    }
  })

  it('knows our page at any hash route, and nothing else', () => {
    expect(isRendererUrl('app://renderer/index.html')).toBe(true)
    expect(isRendererUrl('app://renderer/index.html#/validators?x=1')).toBe(true)
    for (const url of [
      'file:///app/out/renderer/index.html',
      'app://renderer/other.html',
      'app://renderer/index.html?x=1',
      'app://evil/index.html',
      'https://renderer/index.html',
      'app://renderer/index.html.evil.example/'
    ])
      expect(isRendererUrl(url), url).toBe(false)
  })
})

describe('the main window', () => {
  it('loads the renderer from app://, not file://', () => {
    const { window, isOwnUrl } = createMainWindow(site.dir, 'icon.png', join(site.dir, 'window-state.json'))
    expect((window as any).webContents.loaded).toBe('app://renderer/index.html')
    expect(isOwnUrl('app://renderer/index.html#/cache')).toBe(true)
    expect(isOwnUrl(`file://${join(site.dir, 'renderer', 'index.html')}`)).toBe(false)
  })

  it('keeps every security switch on', () => {
    createMainWindow(site.dir, 'icon.png', join(site.dir, 'window-state.json'))
    const prefs = electron.state.windows[0]!.options.webPreferences
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, webviewTag: false })
  })

  it('refuses navigation away from our page, and allows hash routes', () => {
    const { window } = createMainWindow(site.dir, 'icon.png', join(site.dir, 'window-state.json'))
    const contents = (window as any).webContents
    const navigate = (url: string): boolean => {
      const event = { url, preventDefault: vi.fn() }
      contents.emit('will-navigate', event, url)
      contents.emit('will-frame-navigate', event)
      return event.preventDefault.mock.calls.length === 0
    }
    expect(navigate('app://renderer/index.html#/settings')).toBe(true)
    expect(navigate('https://evil.example/')).toBe(false)
    expect(navigate('file:///etc/passwd')).toBe(false)
    expect(navigate('app://renderer/other.html')).toBe(false)
  })

  it('opens only allowlisted https links outside, and never a window inside', () => {
    const { window } = createMainWindow(site.dir, 'icon.png', join(site.dir, 'window-state.json'))
    const open = (window as any).webContents.windowOpenHandler as (d: { url: string }) => { action: string }
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    expect(open({ url: 'https://snowtrace.io/tx/0x1' })).toEqual({ action: 'deny' })
    expect(open({ url: 'https://evil.example/phish' })).toEqual({ action: 'deny' })
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(open({ url: 'ms-settings:' })).toEqual({ action: 'deny' })
    expect(electron.state.openExternal).toEqual(['https://snowtrace.io/tx/0x1'])
    const logged = stderr.mock.calls.map((c) => String(c[0])).join('')
    expect(logged).toContain('refused to open a link outside the allowlist (https://evil.example)')
    expect(logged).not.toContain('phish')
  })

  it('denies every permission request and every permission check', () => {
    createMainWindow(site.dir, 'icon.png', join(site.dir, 'window-state.json'))
    const answers: boolean[] = []
    electron.state.permissionRequest!({}, 'media', (ok) => answers.push(ok))
    expect(answers).toEqual([false])
    expect(electron.state.permissionCheck).toBeTypeOf('function')
    expect(electron.state.permissionCheck!({}, 'clipboard-read', 'app://renderer', {})).toBe(false)
    expect(electron.state.permissionCheck!({}, 'notifications', 'app://renderer', {})).toBe(false)
  })
})

describe('the main window remembers its size and place', () => {
  const stateFile = (): string => join(site.dir, 'window-state.json')
  afterEach(() => void (electron.state.displays = [{ x: 0, y: 0, width: 1920, height: 1040 }]))

  it('opens at the default size the first time, and where it was closed the next', () => {
    const first = createMainWindow(site.dir, 'icon.png', stateFile()).window as any
    expect(first.options).toMatchObject({ width: 1280, height: 820 })
    expect(first.options.x).toBeUndefined()
    first.normalBounds = { x: 300, y: 120, width: 1500, height: 900 }
    first.maximize()
    first.destroy()
    expect(JSON.parse(readFileSync(stateFile(), 'utf8'))).toEqual({ bounds: { x: 300, y: 120, width: 1500, height: 900 }, maximized: true })
    const second = createMainWindow(site.dir, 'icon.png', stateFile()).window as any
    expect(second.options).toMatchObject({ x: 300, y: 120, width: 1500, height: 900 })
    expect(second.maximize).toHaveBeenCalledOnce()
  })

  it('comes back on screen when the display it was on is gone', () => {
    electron.state.displays = [{ x: 0, y: 0, width: 1920, height: 1040 }, { x: 1920, y: 0, width: 2560, height: 1400 }]
    const wide = createMainWindow(site.dir, 'icon.png', stateFile()).window as any
    wide.normalBounds = { x: 2400, y: 200, width: 2000, height: 1200 }
    wide.destroy()
    electron.state.displays = [{ x: 0, y: 0, width: 1920, height: 1040 }]
    const back = createMainWindow(site.dir, 'icon.png', stateFile()).window as any
    // The second display is gone: the primary's size at most, centred there.
    expect(back.options).toMatchObject({ width: 1920, height: 1040 })
    expect(back.options.x).toBeUndefined()
  })
})

describe('the secret store of the desktop app', () => {
  const withPlatform = (platform: NodeJS.Platform, fn: () => void): void => {
    const original = Object.getOwnPropertyDescriptor(process, 'platform')!
    Object.defineProperty(process, 'platform', { value: platform })
    try {
      fn()
    } finally {
      Object.defineProperty(process, 'platform', original)
    }
  }

  it('says "encrypted" on Linux with a real keyring', () => {
    electron.state.backend = 'gnome_libsecret'
    withPlatform('linux', () => expect(desktopSecretStore().storage).toBe('encrypted'))
    electron.state.backend = 'kwallet6'
    expect(desktopStorageKind('linux')).toBe('encrypted')
  })

  it('says "obfuscated", still seals, and warns on Linux without a keyring (basic_text, unknown)', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    for (const backend of ['basic_text', 'unknown']) {
      electron.state.backend = backend
      withPlatform('linux', () => {
        const store = desktopSecretStore()
        expect(store.storage).toBe('obfuscated')
        const sealed = store.seal('my-api-key-123')
        expect(electron.safeStorage.encryptString).toHaveBeenLastCalledWith('my-api-key-123')
        expect(sealed.toString()).not.toContain('my-api-key-123')
        expect(store.open(sealed)).toBe('my-api-key-123')
      })
    }
    expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toMatch(/warn .*fixed built-in key/)
  })

  it('trusts the OS keychain elsewhere, and says "unencrypted" where there is none', () => {
    electron.state.backend = 'basic_text'
    expect(desktopStorageKind('darwin')).toBe('encrypted')
    expect(desktopStorageKind('win32')).toBe('encrypted')
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    electron.state.encryptionAvailable = false
    try {
      expect(desktopSecretStore().storage).toBe('unencrypted')
    } finally {
      electron.state.encryptionAvailable = true
    }
  })
})
