import { app, BrowserWindow, Notification } from 'electron'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createApp, type App } from './app'
import { attachIpc } from './electron/ipc-transport'
import { handleAppProtocol, registerAppScheme } from './electron/protocol'
import { desktopSecretStore } from './electron/safe-storage'
import { createMainWindow } from './electron/window'
import { log } from './log'

/** The Electron entry: windows, security, the IPC transport. Everything else lives in app.ts. */
const outDir = join(import.meta.dirname, '..')
const iconPath = join(import.meta.dirname, '..', '..', 'resources', 'icon.png')
let companion: App | undefined

app.enableSandbox()
// The renderer is served from app://renderer/ (with its CSP as a header); the scheme must be known before ready.
registerAppScheme()
// Tests and portable setups point the app at another data folder.
if (process.env.COMPANION_DATA_DIR) app.setPath('userData', process.env.COMPANION_DATA_DIR)
if (!app.requestSingleInstanceLock()) app.quit()

function openWindow(): void {
  if (!companion) return
  const { window, isOwnUrl } = createMainWindow(outDir, iconPath)
  attachIpc(companion.server, window.webContents, isOwnUrl)
}

app.whenReady().then(
  () => {
    handleAppProtocol(join(outDir, 'renderer'))
    const native = join(outDir, '..', '.electron-native', `better_sqlite3-electron-${process.versions.electron}.node`)
    companion = createApp({
      dataDir: app.getPath('userData'),
      mode: 'desktop',
      secrets: desktopSecretStore(),
      // Validator alerts as system notifications; the text is ours (node ids and numbers), shown as text.
      notify: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body, silent: false }).show()
      },
      ...(existsSync(native) ? { nativeBinding: native } : {})
    })
    openWindow()
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow()
    })
  },
  (err: unknown) => log.error('could not start', err)
)

app.on('second-instance', () => {
  const [w] = BrowserWindow.getAllWindows()
  if (w) {
    if (w.isMinimized()) w.restore()
    w.focus()
  }
})
app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
app.on('will-quit', () => companion?.close())
