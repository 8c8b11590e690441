/**
 * The connections panel and the status view, as a person uses them in browser mode against anvil.
 * Profiles persist in the worker's server, so each test uses names of its own; the first test starts
 * from an empty data folder of its own, as a new user does.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callApp, expect, fillProfile, ownServe, profileItem, shot, test } from './fixtures'

const OTHER_PARTS = ['admin', 'core', 'pchain', 'info', 'health', 'dataService', 'metrics'] as const
const VALID_NODE_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'

test.describe('connections', () => {
  test('acceptance: a profile at anvil, activated, probed, and still there after a reload', async ({ freshApp: page, companion }) => {
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
  })

  test('a malformed URL gives a clear message beside the field, and nothing is saved', async ({ app: page }) => {
    await page.getByTestId('profile-new').click()
    await fillProfile(page, { name: 'Broken URL', nodeUrl: 'not a url' })
    await page.getByTestId('profile-save').click()

    const form = page.getByTestId('profile-form')
    await expect(form).toBeVisible()
    await expect(form.locator('.n-form-item', { has: page.getByTestId('field-nodeUrl') })).toContainText(
      '"not a url" is not a URL; write it like http://127.0.0.1:9650'
    )
    await shot(page, '06-malformed-url')

    await form.getByTestId('field-nodeUrl').fill('ftp://127.0.0.1:9650')
    await expect(form.locator('.n-form-item', { has: page.getByTestId('field-nodeUrl') })).toContainText(
      'must start with http:// or https://'
    )
    await form.getByTestId('field-dataUrl').fill('http://user:pw@127.0.0.1:1')
    await expect(form.locator('.n-form-item', { has: page.getByTestId('field-dataUrl') })).toContainText(
      'must not contain a user name or password'
    )
    await page.getByTestId('profile-save').click()
    await page.getByTestId('profile-cancel').click()
    await expect(form).toBeHidden()
    await expect(profileItem(page, 'Broken URL')).toHaveCount(0)

    // And not saved on the server either: a reload shows the same list.
    await page.reload()
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    await expect(page.getByTestId('profile-new')).toBeVisible()
    await expect(profileItem(page, 'Broken URL')).toHaveCount(0)
  })

  test('a bad NodeID gets a message beside its row; a valid one is saved', async ({ app: page, companion }) => {
    await page.getByTestId('profile-new').click()
    await fillProfile(page, {
      name: 'With NodeIDs',
      network: 'fuji',
      nodeUrl: companion.closedUrl,
      dataUrl: companion.closedUrl,
      metricsUrl: companion.closedUrl,
      nodeIds: [VALID_NODE_ID, '7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg']
    })
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('error-nodeId-1')).toHaveText(/must start with "NodeID-"/)
    await expect(page.getByTestId('error-nodeId-0')).toHaveCount(0)
    await shot(page, '07-bad-nodeid')

    await page.getByTestId('field-nodeId-1').fill('NodeID-abc')
    await expect(page.getByTestId('error-nodeId-1')).toContainText('is not a valid NodeID')
    await page.getByTestId('field-nodeId-1').fill('')
    await expect(page.getByTestId('error-nodeId-1')).toHaveCount(0)
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-form')).toBeHidden()

    const item = profileItem(page, 'With NodeIDs')
    await expect(item).toContainText(VALID_NODE_ID)
    await expect(item.getByTestId('profile-network')).toHaveText('fuji')
    await expect(item).toContainText('fuji') // address prefix: the network default
  })

  test('the API key is write-only: the page only ever says whether one is set', async ({ app: page, companion }) => {
    const key = 'e2e-SECRET-key-0123456789'
    await page.getByTestId('profile-new').click()
    await fillProfile(page, {
      name: 'With key',
      nodeUrl: companion.closedUrl,
      dataUrl: companion.closedUrl,
      metricsUrl: companion.closedUrl,
      apiKey: 'short'
    })
    await page.getByTestId('profile-save').click()
    await expect(page.locator('.n-form-item', { has: page.getByTestId('field-apiKey') })).toContainText(
      'looks too short for an API key'
    )
    await page.getByTestId('field-apiKey').fill(key)
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-form')).toBeHidden()

    const item = profileItem(page, 'With key')
    await expect(item.getByTestId('profile-apikey')).toHaveText('set (stored unencrypted)')
    expect(await page.content()).not.toContain(key)

    // Editing shows an empty key field; leaving it empty keeps the key.
    await item.getByTestId('profile-edit').click()
    await expect(page.getByTestId('field-apiKey')).toHaveValue('')
    await expect(page.getByTestId('field-apiKey')).toHaveAttribute('placeholder', 'Leave empty to keep it')
    expect(await page.content()).not.toContain(key)
    await shot(page, '08-edit-with-key')
    await page.getByTestId('field-name').fill('With key (renamed)')
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-form')).toBeHidden()
    const renamed = profileItem(page, 'With key (renamed)')
    await expect(renamed.getByTestId('profile-apikey')).toHaveText('set (stored unencrypted)')

    // Remove the key.
    await renamed.getByTestId('profile-edit').click()
    await page.getByTestId('apikey-remove').click()
    await page.locator('.n-popconfirm').getByRole('button', { name: 'Remove' }).click()
    await expect(page.getByTestId('apikey-remove')).toHaveCount(0)
    await page.getByTestId('profile-cancel').click()
    await expect(renamed.getByTestId('profile-apikey')).toHaveText('not set')
    expect(await page.content()).not.toContain(key)
  })

  test('delete asks first; the active profile cannot be deleted', async ({ app: page, companion }) => {
    // Some profile is active first (the first one a server gets is made active), so "To delete" is not.
    const active = page.locator('[data-testid="profile-item"][data-active="true"]')
    await expect(page.getByTestId('profile-new')).toBeVisible()
    if ((await active.count()) === 0) {
      await page.getByTestId('profile-new').click()
      await fillProfile(page, { name: 'Active one', nodeUrl: companion.closedUrl })
      await page.getByTestId('profile-save').click()
      await expect(active).toHaveCount(1)
    }
    await page.getByTestId('profile-new').click()
    await fillProfile(page, { name: 'To delete', nodeUrl: companion.closedUrl })
    await page.getByTestId('profile-save').click()
    const item = profileItem(page, 'To delete')
    await expect(item).toBeVisible()

    await item.getByTestId('profile-delete').click()
    await expect(page.locator('.n-dialog')).toContainText('Delete “To delete”?')
    await shot(page, '09-confirm-delete')
    await page.getByTestId('confirm-delete').click()
    await expect(item).toHaveCount(0)

    // The active one: Delete is off, and says why on hover (no dialog that then fails).
    await expect(active.getByTestId('profile-delete')).toBeDisabled()
    await active.getByTestId('profile-delete-why').hover()
    await expect(page.locator('.n-tooltip')).toHaveText('Activate another profile before deleting this one')
    await shot(page, '09b-delete-active-disabled')
    await expect(page.locator('.n-dialog')).toHaveCount(0)
    await expect(active).toHaveCount(1)
  })

  test('a node URL with a path is refused beside the field, and by the contract, with words that say what to remove', async ({ app: page, companion }) => {
    await page.getByTestId('profile-new').click()
    await fillProfile(page, { name: 'Path URL', nodeUrl: 'http://127.0.0.1:40695/ext/info' })
    await page.getByTestId('profile-save').click()
    const field = page.getByTestId('profile-form').locator('.n-form-item', { has: page.getByTestId('field-nodeUrl') })
    await expect(field).toContainText(`The node URL must be the node's base address, such as http://127.0.0.1:9650, without a path (remove "/ext/info")`)
    await shot(page, '11-node-url-with-path')
    // A trailing slash is fine.
    await page.getByTestId('field-nodeUrl').fill(`${companion.closedUrl}/`)
    await expect(field).not.toContainText('without a path')
    await page.getByTestId('profile-cancel').click()
    await expect(profileItem(page, 'Path URL')).toHaveCount(0)
    const refused = await callApp(companion, 'profiles.create', {
      profile: { name: 'Path URL', nodeUrl: 'http://127.0.0.1:40695/ext/info', dataUrl: companion.closedUrl, metricsUrl: companion.closedUrl, network: 'fuji', nodeIds: [] }
    }).catch((e: unknown) => e as { code: string; message: string })
    expect(refused).toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('without a path (remove "/ext/info")') })
  })

  test('edit: changes are saved and shown', async ({ app: page, companion }) => {
    await page.getByTestId('profile-new').click()
    await fillProfile(page, { name: 'Editable', nodeUrl: companion.closedUrl, addressHrp: 'custom' })
    await page.getByTestId('profile-save').click()
    const item = profileItem(page, 'Editable')
    await expect(item).toContainText('custom')

    await item.getByTestId('profile-edit').click()
    await expect(page.getByTestId('field-addressHrp')).toHaveValue('custom')
    await page.getByTestId('field-addressHrp').fill('')
    await page.getByTestId('field-network-testnet').click()
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-form')).toBeHidden()
    await expect(item.getByTestId('profile-network')).toHaveText('testnet')
    await expect(item).not.toContainText('custom')
  })

  test('first run: the app opens on "Connect to your node"; Connect creates the profile, makes it active and checks it', async ({ page, companion }) => {
    await page.setViewportSize({ width: 1920, height: 1000 })
    const dataDir = await mkdtemp(join(tmpdir(), 'companion-e2e-first-'))
    const close = await ownServe(page, dataDir)
    try {
      await expect(page.getByTestId('panel-title')).toHaveText('Connections')
      const first = page.getByTestId('first-run')
      await expect(first).toContainText('Connect to your node')
      await expect(page.getByTestId('node-state')).toHaveText('no profile')
      await expect(page.getByTestId('first-demo')).toContainText('Or try the local demo network: run')
      await expect(page.getByTestId('first-demo-command')).toHaveAttribute('data-text', 'npm run demo')
      await shot(page, '12-first-run')
      // A URL with a path is refused here too.
      await page.getByTestId('first-nodeUrl').fill('http://127.0.0.1:9650/ext/info')
      await page.getByTestId('first-connect').click()
      await expect(first).toContainText('without a path (remove "/ext/info")')
      await page.getByTestId('first-nodeUrl').fill(companion.closedUrl)
      await page.getByTestId('first-name').fill('First node')
      await page.getByTestId('first-connect').click()
      const item = profileItem(page, 'First node')
      await expect(item.getByTestId('profile-active-badge')).toBeVisible()
      // Checked by itself: the node at that URL does not answer.
      await expect(page.getByTestId('status-info')).toHaveAttribute('data-state', 'unavailable')
      await expect(page.getByTestId('node-state')).toHaveText(/^node unreachable since \d\d:\d\d$/)
      // It never answered: nothing of it is cached, and the banner does not pretend otherwise.
      await expect(page.getByTestId('node-banner')).toContainText(/Node unreachable since \d\d:\d\d — nothing from it is cached yet/)
      await shot(page, '13-first-run-connected')
    } finally {
      await close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
