/** The app shell in browser mode: access token, navigation, theme. */
import { expect, shot, test } from './fixtures'

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

  test('theme follows the system until chosen, and the choice is kept', async ({ app: page }) => {
    const bg = () => page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor)
    const isDark = async () => {
      const [r, g, b] = (await bg()).match(/\d+/g)!.map(Number)
      return r! + g! + b! < 3 * 128
    }
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(isDark).toBe(true)
    await shot(page, '11-system-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(isDark).toBe(false)

    await page.getByTestId('theme-dark').click()
    await expect.poll(isDark).toBe(true)
    await page.reload()
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    await expect.poll(isDark).toBe(true)
    await page.getByTestId('theme-system').click()
    await expect.poll(isDark).toBe(false)
  })
})
