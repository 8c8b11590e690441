/**
 * Writes build/icon.png, the installers' icon (electron-builder.yml), from resources/icon.png (256×256, the
 * window's and Linux's icon): macOS wants 512×512 or more. Chromium (as the end-to-end tests run it) draws
 * it at 1024×1024 with smooth scaling. Run again after changing resources/icon.png.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const root = join(import.meta.dirname, '..')
const SIZE = 1024
const source = readFileSync(join(root, 'resources', 'icon.png')).toString('base64')
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } })
  await page.setContent(`<html><body style="margin:0;background:transparent"><img style="width:${SIZE}px;height:${SIZE}px;image-rendering:auto;display:block" src="data:image/png;base64,${source}"></body></html>`)
  await page.locator('img').evaluate((img) => img.decode())
  mkdirSync(join(root, 'build'), { recursive: true })
  writeFileSync(join(root, 'build', 'icon.png'), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } }))
} finally {
  await browser.close()
}
