/**
 * The app shell in browser mode: access token, navigation, columns at 1024 px. (The first screen with more
 * than one profile, the Fleet, is a component test: tests/component/shell.test.ts; the theme following the
 * system until chosen and kept: tests/component/theme.test.ts.)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, openPanel, readServeUrl, shot, startServe, stop, test } from './fixtures'

test.describe('shell', () => {
  test('without the token the page says where to get it', async ({ page, companion }) => {
    await page.goto(companion.origin + '/')
    await expect(page.getByTestId('no-token')).toContainText(
      'Open the URL printed by npm run serve (it carries the access token)'
    )
    await shot(page, '10-no-token')
  })

  test('a wrong token never connects, and says so', async ({ page, companion }) => {
    await page.goto(`${companion.origin}/?token=not-the-token`)
    await expect(page.getByTestId('connection-banner')).toContainText('Cannot reach the app')
    await expect(page.getByTestId('connection-state')).not.toHaveText('connected')
  })

  test('the token leaves the address bar, and navigation holds the panels', async ({ app: page }) => {
    expect(page.url()).not.toContain('token=')
    await expect(page.getByTestId('nav-connections')).toBeVisible()
    await expect(page.getByTestId('panel-title')).toHaveText('Connections')
    await expect(page.getByTestId('app-version')).toContainText('browser mode')
  })

  test('"Copy access link" gives the page’s address with its token, and says who can use it', async ({ app: page, companion }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await expect(page.getByTestId('access-link')).toContainText('Anyone with this link can use the app on this computer')
    await page.getByTestId('access-link-copy').click()
    await expect(page.locator('.n-message', { hasText: 'anyone with this link can use the app on this computer' })).toBeVisible()
    const token = new URL(companion.url).searchParams.get('token')!
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${companion.origin}/?token=${token}#/connections`)
  })

  test('at 1024 px both side columns start collapsed; the choice is kept; "/" focuses the panel’s first field', async ({ page, companion }) => {
    await page.setViewportSize({ width: 1024, height: 760 })
    await page.goto(`${companion.url}#/connections`)
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    await expect(page.getByTestId('nav-sider')).toHaveAttribute('data-collapsed', 'true')
    await expect(page.getByTestId('status-sider')).toHaveAttribute('data-collapsed', 'true')
    const line = page.getByTestId('status-line')
    await expect(line).toBeVisible()
    const pill = await page.getByTestId('node-state').innerText()
    if (pill !== 'no profile') await expect(line.getByTestId('status-line-node')).toHaveText(pill)
    // Every panel can still be reached from the collapsed menu.
    await openPanel(page, 'utxos')
    await shot(page, '13-collapsed-1024')
    const main = await page.locator('.shell-content').boundingBox()
    expect(main!.width).toBeGreaterThan(800)

    // "/" puts the cursor in the panel's first field, and is typed as usual inside a field.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press('/')
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.shell-content') !== null && ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName ?? ''))).toBe(true)

    // Opened again, and kept over a reload.
    await line.getByTestId('status-expand').click()
    await expect(page.getByTestId('status-view')).toBeVisible()
    await page.getByTestId('nav-collapse').click()
    await expect(page.getByTestId('nav-sider')).toHaveAttribute('data-collapsed', 'false')
    await page.reload()
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    await expect(page.getByTestId('nav-sider')).toHaveAttribute('data-collapsed', 'false')
    await expect(page.getByTestId('status-view')).toBeVisible()
    await expect(page.getByTestId('status-line')).toHaveCount(0)
    await page.getByTestId('status-collapse').click()
    await expect(page.getByTestId('status-line')).toBeVisible()
  })

  test('serve prints the URL first, before any warning, even with --allow-node-changes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'companion-e2e-first-line-'))
    const serve = startServe(dataDir, ['--allow-node-changes'])
    try {
      // Both streams in the order they were written, as a terminal shows them.
      const lines: string[] = []
      const take = (d: Buffer): void => void lines.push(...d.toString().split('\n').filter((l) => l.trim() !== ''))
      serve.stderr!.on('data', take)
      serve.stdout!.on('data', take)
      await expect.poll(() => lines.some((l) => l.includes('node-changing methods are allowed')), { timeout: 30_000 }).toBe(true)
      expect(lines[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/)
    } finally {
      await stop(serve)
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  test('when the server goes away the page says so and keeps retrying', async ({ page }) => {
    // A server of its own, so that stopping it leaves the shared one alone.
    const dataDir = await mkdtemp(join(tmpdir(), 'companion-e2e-drop-'))
    const serve = startServe(dataDir)
    try {
      await page.goto(`${await readServeUrl(serve)}#/connections`)
      await expect(page.getByTestId('connection-state')).toHaveText('connected')
      await expect(page.getByTestId('connection-banner')).toHaveCount(0)
      // The panel has its first answers (a fresh server: no profiles, no probe) before the server goes:
      // otherwise the page may still be loading and show a spinner instead of the form below.
      await expect(page.getByTestId('profiles-empty')).toBeVisible()
      await expect(page.getByTestId('status-none')).toBeVisible()

      await stop(serve)
      await expect(page.getByTestId('connection-banner')).toContainText('Disconnected from the app')
      await expect(page.getByTestId('connection-state')).toHaveText('reconnecting')
      // The node's state is not known while the page has lost the app: no green pill.
      await expect(page.getByTestId('node-state')).toHaveText('node: unknown')
      // Calls made meanwhile fail with our words instead of hanging.
      await page.getByTestId('profile-new').click()
      await page.getByTestId('field-name').fill('Offline')
      await page.getByTestId('profile-save').click()
      await expect(page.getByTestId('profile-form-error')).toContainText('Not connected to the app')
      await shot(page, '12-disconnected')
    } finally {
      await stop(serve)
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
