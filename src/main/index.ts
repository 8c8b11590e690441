import { app, BrowserWindow, dialog, Notification } from 'electron'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createApp, type App } from './app'
import { attachIpc } from './electron/ipc-transport'
import { handleAppProtocol, registerAppScheme } from './electron/protocol'
import { desktopSecretStore } from './electron/safe-storage'
import { createTray, type CompanionTray } from './electron/tray'
import { createMainWindow } from './electron/window'
import { log } from './log'
import { WINDOW_STATE_FILE } from './window-state'

/** The Electron entry: windows, security, the IPC transport. Everything else lives in app.ts. */
const outDir = join(import.meta.dirname, '..')
const iconPath = join(import.meta.dirname, '..', '..', 'resources', 'icon.png')
const trayIconDir = join(import.meta.dirname, '..', '..', 'resources', 'tray')
let companion: App | undefined
let tray: CompanionTray | undefined
/** The tray's once-a-minute refresh: cleared at quit, so it never reads a closed cache. */
let fleetTimer: ReturnType<typeof setInterval> | undefined

app.enableSandbox()
// The renderer is served from app://renderer/ (with its CSP as a header); the scheme must be known before ready.
registerAppScheme()
// Tests and portable setups point the app at another data folder.
if (process.env.COMPANION_DATA_DIR) app.setPath('userData', process.env.COMPANION_DATA_DIR)
if (!app.requestSingleInstanceLock()) app.quit()

function openWindow(): void {
  if (!companion) return
  const [open] = BrowserWindow.getAllWindows()
  if (open) {
    if (open.isMinimized()) open.restore()
    open.focus()
    return
  }
  const { window, isOwnUrl } = createMainWindow(outDir, iconPath, join(app.getPath('userData'), WINDOW_STATE_FILE))
  attachIpc(companion.server, window.webContents, isOwnUrl)
}

/**
 * The desktop's save/open dialog of a backup file (cache.chooseFile): main shows it, the page gets only the
 * path the person chose. The save dialog asks before replacing a file, so the page may then pass overwrite.
 */
async function chooseBackupFile(purpose: 'backup' | 'restore'): Promise<string | null> {
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  const filters = [{ name: 'Companion backup', extensions: ['sqlite'] }]
  if (purpose === 'backup') {
    const stamp = new Date().toISOString().slice(0, 10)
    const options = { title: 'Back up the cache', defaultPath: join(app.getPath('documents'), `companion-backup-${stamp}.sqlite`), filters }
    const r = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options)
    return r.canceled || !r.filePath ? null : r.filePath
  }
  const options = { title: 'Restore the cache from a backup', properties: ['openFile' as const], filters }
  const r = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options)
  return r.canceled ? null : (r.filePaths[0] ?? null)
}

/** The tray's state follows the watch: after each alert change, and once a minute for checks without one. */
function showFleetState(): void {
  if (companion && tray) tray.update(companion.fleetState())
}

app.whenReady().then(
  () => {
    handleAppProtocol(join(outDir, 'renderer'))
    const native = join(outDir, '..', '.electron-native', `better_sqlite3-electron-${process.versions.electron}.node`)
    companion = createApp({
      dataDir: app.getPath('userData'),
      mode: 'desktop',
      secrets: desktopSecretStore(),
      // The watch's alerts as system notifications (not for silenced ones); Notification shows text only.
      notify: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body, silent: false }).show()
      },
      onWatchAlert: () => showFleetState(),
      chooseFile: chooseBackupFile,
      ...(existsSync(native) ? { nativeBinding: native } : {})
    })
    tray = createTray(trayIconDir, { open: openWindow, quit: () => app.quit() })
    showFleetState()
    fleetTimer = setInterval(showFleetState, 60_000)
    fleetTimer.unref()
    openWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow()
    })
  },
  (err: unknown) => log.error('could not start', err)
)

app.on('second-instance', () => openWindow())
// The watch goes on with no window open: the app quits from the tray's menu (or the OS), not when the last window closes.
app.on('window-all-closed', () => undefined)
app.on('will-quit', () => {
  clearInterval(fleetTimer)
  tray?.destroy()
  tray = undefined
  companion?.close()
  companion = undefined
})
