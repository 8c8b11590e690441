import { BrowserWindow, session, shell } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { contentSecurityPolicy } from '../csp'

/** In the desktop app the contract travels over IPC: the page may connect nowhere. */
export const DESKTOP_CSP = contentSecurityPolicy("'none'")

export interface MainWindow {
  window: BrowserWindow
  isOwnUrl: (url: string) => boolean
}

/** One window with every Electron security switch on; navigation and new windows are denied. */
export function createMainWindow(outDir: string, iconPath: string): MainWindow {
  const indexFile = join(outDir, 'renderer', 'index.html')
  const indexUrl = pathToFileURL(indexFile).toString()
  const isOwnUrl = (url: string): boolean => url.split('#')[0] === indexUrl

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [DESKTOP_CSP] } })
  })
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))

  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Node Operator Companion',
    icon: iconPath,
    show: false,
    webPreferences: {
      preload: join(outDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false
    }
  })
  window.once('ready-to-show', () => window.show())
  window.webContents.on('will-navigate', (event, url) => {
    if (!isOwnUrl(url)) event.preventDefault()
  })
  window.webContents.on('will-redirect', (event) => event.preventDefault())
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links to the outside open in the user's browser, never inside the app.
    if (/^https:\/\//.test(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  void window.loadFile(indexFile)
  return { window, isOwnUrl }
}
