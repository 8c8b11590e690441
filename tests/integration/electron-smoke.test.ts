/// <reference lib="dom" />
import { existsSync, readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { _electron as electron } from '@playwright/test'
import { describe, expect, it } from 'vitest'
import { tempDir } from './app/helpers'

/**
 * Launches the real desktop app. Electron's binary is fetched on first run, which machines without
 * network cannot do; there the test is skipped and says so, since everything else it covers
 * (renderer, contract, transports) is tested in plain Node and Chromium.
 */
const electronDir = join(process.cwd(), 'node_modules', 'electron')
const pathFile = join(electronDir, 'path.txt')
const binary = existsSync(pathFile) ? join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : undefined
const hasElectron = binary !== undefined && existsSync(binary)
if (!hasElectron) console.log('Electron smoke test skipped: the Electron binary is not installed on this machine (it downloads on first `npm start`).')

describe.skipIf(!hasElectron)('desktop app (Electron)', () => {
  it('opens a secure window that talks to main over IPC', async () => {
    execFileSync('node_modules/.bin/electron-vite', ['build'], { stdio: 'ignore' })
    const data = tempDir()
    const app = await electron.launch({
      executablePath: binary!,
      args: [join(process.cwd(), 'out', 'main', 'index.js')],
      env: { ...process.env, COMPANION_DATA_DIR: data.dir }
    })
    try {
      const page = await app.firstWindow()
      await page.waitForSelector('[data-testid="status-view"]', { timeout: 30_000 })
      const prefs = await app.evaluate(({ BrowserWindow }) => {
        const w = BrowserWindow.getAllWindows()[0]!
        // Not in Electron's type definitions, but present at run time: the preferences the window really got.
        const p = (w.webContents as unknown as { getLastWebPreferences(): Record<string, unknown> }).getLastWebPreferences()
        return { contextIsolation: p.contextIsolation, sandbox: p.sandbox, nodeIntegration: p.nodeIntegration }
      })
      expect(prefs).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false })
      expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined')
      expect(await page.evaluate(() => Object.keys((window as unknown as { companion: object }).companion).sort())).toEqual(['onFrame', 'send'])
      await page.screenshot({ path: 'test-results/screens/electron-window.png' })
    } finally {
      await app.close()
      data.remove()
    }
  })
})
