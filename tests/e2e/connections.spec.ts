/**
 * The connections panel and the status view, as a person uses them in browser mode against anvil: a first
 * profile made, probed, kept over a reload and edited. It needs the browser for the reload: the page's
 * access token kept for the tab and gone from the address, and the dark theme's real CSS. What the form says
 * for given input (bad URLs and NodeIDs, the write-only API key, delete asking first) and the first-run page
 * are checked at the component level: tests/component/connections.test.ts.
 */
import { expect, fillProfile, profileItem, shot, test } from './fixtures'

const OTHER_PARTS = ['admin', 'core', 'pchain', 'info', 'health', 'dataService', 'metrics'] as const

test.describe('connections', () => {
  test('acceptance: a profile at anvil, activated, probed, still there after a reload, and edited', async ({ freshApp: page, companion }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.getByTestId('profiles-empty')).toBeVisible()
    await expect(page.getByTestId('status-none')).toBeVisible()
    await shot(page, '01-empty-light')

    await page.getByTestId('profile-new').click()
    await fillProfile(page, {
      name: 'Local anvil',
      network: 'mainnet',
      nodeUrl: companion.closedUrl,
      cchainUrl: companion.anvilUrl,
      dataUrl: companion.closedUrl,
      metricsUrl: companion.closedUrl
    })
    await shot(page, '02-create-form-light')
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-form')).toBeHidden()

    const item = profileItem(page, 'Local anvil')
    await expect(item).toBeVisible()
    await expect(item.getByTestId('profile-network')).toHaveText('mainnet')
    await expect(item.getByTestId('profile-apikey')).toHaveText('not set')
    // The first profile is the active one at once, and checked with no click.
    await expect(item.getByTestId('profile-active-badge')).toBeVisible()

    for (const part of ['cchainRpc', 'cchainWs']) {
      const row = page.getByTestId(`status-${part}`)
      await expect(row).toHaveAttribute('data-state', 'available')
      await expect(row.getByTestId('status-state')).toHaveText('available')
      await expect(row.getByTestId('status-detail')).toContainText('43114')
    }
    for (const part of OTHER_PARTS) {
      const row = page.getByTestId(`status-${part}`)
      await expect(row).toHaveAttribute('data-state', 'unavailable')
      await expect(row.getByTestId('status-state')).toHaveText('unavailable')
      // A reason in our words, and what to change.
      await expect(row.getByTestId('status-reason')).not.toBeEmpty()
      await expect(row.getByTestId('status-hint')).toContainText('Connections')
    }
    await expect(page.getByTestId('status-summary')).toContainText('2 of 9 available')
    await shot(page, '03-activated-light')

    await page.getByTestId('theme-dark').click()
    await expect(page.locator('body')).toHaveCSS('background-color', /rgb\((1[0-9]|2[0-9]|3[0-9]), /)
    await shot(page, '04-activated-dark')

    // Reload: the token was kept for this tab, the profile and the last probe are still there.
    await page.reload()
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    expect(page.url()).not.toContain('token=')
    await expect(profileItem(page, 'Local anvil').getByTestId('profile-active-badge')).toBeVisible()
    await expect(page.getByTestId('status-cchainRpc')).toHaveAttribute('data-state', 'available')
    await shot(page, '05-after-reload-dark')

    // Check again: probes the active profile anew.
    await page.getByTestId('status-probe').click()
    await expect(page.getByTestId('status-cchainWs')).toHaveAttribute('data-state', 'available')
    await page.getByTestId('theme-light').click()

    // Edit: another network and an address prefix of its own, saved and shown; then back to the default.
    await item.getByTestId('profile-edit').click()
    await page.getByTestId('field-addressHrp').fill('custom')
    await page.getByTestId('field-network-testnet').click()
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-form')).toBeHidden()
    await expect(item.getByTestId('profile-network')).toHaveText('testnet')
    await expect(item).toContainText('custom')
    await item.getByTestId('profile-edit').click()
    await expect(page.getByTestId('field-addressHrp')).toHaveValue('custom')
    await page.getByTestId('field-addressHrp').fill('')
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-form')).toBeHidden()
    await expect(item).not.toContainText('custom')
  })
})
