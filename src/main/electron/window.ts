import { BrowserWindow, screen, session, shell } from 'electron'
import { join } from 'node:path'
import { describeRefusedLink, isAllowedExternalLink } from '../external-links'
import { log } from '../log'
import { MIN_WINDOW_SIZE, placeWindow, readWindowState, writeWindowState } from '../window-state'
import { isRendererUrl, RENDERER_INDEX_URL } from './protocol'

export interface MainWindow {
  window: BrowserWindow
  isOwnUrl: (url: string) => boolean
}

/** Denies every permission a page may ask for or check (camera, notifications, clipboard, ...). */
export function lockDownSession(): void {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
}

/** Hands a link to the user's browser only when it is one the app itself links to. */
export function openExternalLink(url: string): void {
  if (isAllowedExternalLink(url)) void shell.openExternal(url)
  else log.warn(`refused to open a link outside the allowlist (${describeRefusedLink(url)})`)
}

/**
 * One window with every Electron security switch on; navigation and new windows are denied. The page
 * is app://renderer/index.html (electron/protocol.ts), whose responses carry the CSP of csp.ts. It opens
 * where it was last closed (kept in `stateFile`), put back on screen if that display is gone.
 */
export function createMainWindow(outDir: string, iconPath: string, stateFile: string): MainWindow {
  const isOwnUrl = isRendererUrl
  lockDownSession()

  const place = placeWindow(
    readWindowState(stateFile),
    screen.getAllDisplays().map((d) => d.workArea),
    screen.getPrimaryDisplay().workArea
  )
  const window = new BrowserWindow({
    ...place.bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
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
  if (place.maximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  // The size and place it had before any maximizing, so that un-maximizing after the next start restores it.
  window.on('close', () => {
    try {
      writeWindowState(stateFile, { bounds: window.getNormalBounds(), maximized: window.isMaximized() })
    } catch (err) {
      log.warn('could not save the window size and position', err)
    }
  })
  window.webContents.on('will-navigate', (event, url) => {
    // Hash routes change in the page (no navigation); anything leaving our page is refused.
    if (!isOwnUrl(url)) event.preventDefault()
  })
  window.webContents.on('will-frame-navigate', (event) => {
    if (!isOwnUrl(event.url)) event.preventDefault()
  })
  window.webContents.on('will-redirect', (event) => event.preventDefault())
  window.webContents.on('will-attach-webview', (event) => event.preventDefault())
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Links to the outside open in the user's browser, never inside the app, and only the allowed ones.
    openExternalLink(url)
    return { action: 'deny' }
  })
  void window.loadURL(RENDERER_INDEX_URL)
  return { window, isOwnUrl }
}
