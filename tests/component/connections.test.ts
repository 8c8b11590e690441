/**
 * The profile form and the profile cards, for given input: messages beside the field that is wrong and
 * nothing saved; NodeIDs checked per row; the API key write-only; delete asking first and off for the active
 * profile; edits shown. (Making the first profile, its probe and a reload stay end-to-end: connections.spec.ts.)
 */
import { expect, test } from 'vitest'
import { closedPort } from '../support/ports'
import { mountApp, type MountedApp } from './mount'

const VALID_NODE_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'

/** The text of the form item around a field: its label, and the message under it. */
const fieldText = (ui: MountedApp, testId: string): string => ui.get(testId).element.closest('.n-form-item')?.textContent ?? ''

/** The card of a profile by name, or undefined. */
const card = (name: string): Element | null => document.querySelector(`[data-testid="profile-item"][data-profile-name="${name}"]`)

async function newProfile(ui: MountedApp, fields: Record<string, string>): Promise<void> {
  await ui.click('profile-new')
  await ui.until(() => ui.has('profile-form'), 'the profile form')
  for (const [field, value] of Object.entries(fields)) await ui.fill(`field-${field}`, value)
}

async function save(ui: MountedApp): Promise<void> {
  await ui.get('profile-form').trigger('submit')
  await ui.until(() => true)
}

test('a malformed URL gives a clear message beside the field, and nothing is saved', async () => {
  const ui = await mountApp({ path: '/connections' })
  await newProfile(ui, { name: 'Broken URL', nodeUrl: 'not a url' })
  await save(ui)
  await ui.until(() => fieldText(ui, 'field-nodeUrl').includes('"not a url" is not a URL; write it like http://127.0.0.1:9650'), 'the message under Node URL')
  await ui.fill('field-nodeUrl', 'ftp://127.0.0.1:9650')
  await ui.until(() => fieldText(ui, 'field-nodeUrl').includes('must start with http:// or https://'), 'the scheme message')
  await ui.fill('field-dataUrl', 'http://user:pw@127.0.0.1:1')
  await ui.until(() => fieldText(ui, 'field-dataUrl').includes('must not contain a user name or password'), 'the credentials message')
  await save(ui)
  expect(ui.has('profile-form')).toBe(true)
  expect((await ui.client.call('profiles.list', {})).profiles).toEqual([])
})

test('a node URL with a path is refused beside the field, and by the contract, with words that say what to remove', async () => {
  const ui = await mountApp({ path: '/connections' })
  const closed = `http://127.0.0.1:${await closedPort()}`
  await newProfile(ui, { name: 'Path URL', nodeUrl: 'http://127.0.0.1:40695/ext/info' })
  await save(ui)
  const words = `The node URL must be the node's base address, such as http://127.0.0.1:9650, without a path (remove "/ext/info")`
  await ui.until(() => fieldText(ui, 'field-nodeUrl').includes(words), 'the path message')
  // A trailing slash is fine.
  await ui.fill('field-nodeUrl', `${closed}/`)
  await ui.until(() => !fieldText(ui, 'field-nodeUrl').includes('without a path'), 'the message to go')
  await ui.click('profile-cancel')
  expect(card('Path URL')).toBeNull()
  const refused = await ui.client
    .call('profiles.create', { profile: { name: 'Path URL', nodeUrl: 'http://127.0.0.1:40695/ext/info', dataUrl: closed, metricsUrl: closed, network: 'fuji', nodeIds: [] } })
    .catch((e: unknown) => e as { code: string; message: string })
  expect(refused).toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('without a path (remove "/ext/info")') })
})

test('a bad NodeID gets a message beside its row; a valid one is saved', async () => {
  const ui = await mountApp({ path: '/connections' })
  const closed = `http://127.0.0.1:${await closedPort()}`
  await newProfile(ui, { name: 'With NodeIDs', nodeUrl: closed, dataUrl: closed, metricsUrl: closed })
  await ui.click('nodeid-add')
  await ui.fill('field-nodeId-0', VALID_NODE_ID)
  await ui.get('field-nodeId-0').element.closest('.n-dynamic-input-item')!.querySelectorAll('button')[1]!.click()
  await ui.until(() => ui.has('field-nodeId-1'), 'a second NodeID row')
  await ui.fill('field-nodeId-1', '7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')
  await save(ui)
  await ui.until(() => /must start with "NodeID-"/.test(ui.text('error-nodeId-1')), 'the message beside row 2')
  expect(ui.has('error-nodeId-0')).toBe(false)
  await ui.fill('field-nodeId-1', 'NodeID-abc')
  await ui.until(() => ui.text('error-nodeId-1').includes('is not a valid NodeID'), 'the checksum message')
  await ui.fill('field-nodeId-1', '')
  await ui.until(() => !ui.has('error-nodeId-1'), 'the message to go')
  await save(ui)
  await ui.until(() => card('With NodeIDs') !== null, 'the saved card')
  expect(card('With NodeIDs')!.textContent).toContain(VALID_NODE_ID)
  expect((await ui.client.call('profiles.list', {})).profiles[0]!.nodeIds).toEqual([VALID_NODE_ID])
})

test('the API key is write-only: the page only ever says whether one is set', async () => {
  const ui = await mountApp({ path: '/connections' })
  const closed = `http://127.0.0.1:${await closedPort()}`
  const key = 'component-SECRET-key-0123456789'
  await newProfile(ui, { name: 'With key', nodeUrl: closed, dataUrl: closed, metricsUrl: closed, apiKey: 'short' })
  await save(ui)
  await ui.until(() => fieldText(ui, 'field-apiKey').includes('looks too short for an API key'), 'the short-key message')
  await ui.fill('field-apiKey', key)
  await save(ui)
  await ui.until(() => card('With key') !== null, 'the saved card')
  const keyText = (name: string): string | null | undefined => card(name)?.querySelector('[data-testid="profile-apikey"]')?.textContent
  expect(keyText('With key')).toBe('set (stored unencrypted)')
  expect(document.documentElement.outerHTML).not.toContain(key)

  // Editing shows an empty key field; leaving it empty keeps the key.
  card('With key')!.querySelector<HTMLElement>('[data-testid="profile-edit"]')!.click()
  await ui.until(() => ui.has('field-apiKey'), 'the edit form')
  expect((ui.get('field-apiKey').element as HTMLInputElement).value).toBe('')
  expect(ui.get('field-apiKey').attributes('placeholder')).toBe('Leave empty to keep it')
  expect(document.documentElement.outerHTML).not.toContain(key)
  await ui.fill('field-name', 'With key (renamed)')
  await save(ui)
  await ui.until(() => card('With key (renamed)') !== null, 'the renamed card')
  expect(keyText('With key (renamed)')).toBe('set (stored unencrypted)')

  // Remove the key (a confirmation first).
  card('With key (renamed)')!.querySelector<HTMLElement>('[data-testid="profile-edit"]')!.click()
  await ui.until(() => ui.has('apikey-remove'), 'the Remove button')
  await ui.click('apikey-remove')
  await ui.until(() => document.querySelector('.n-popconfirm') !== null, 'the confirmation')
  const confirm = [...document.querySelectorAll<HTMLButtonElement>('.n-popconfirm button')].find((b) => b.textContent?.includes('Remove'))!
  confirm.click()
  await ui.until(() => !ui.has('apikey-remove'), 'the key removed')
  await ui.click('profile-cancel')
  await ui.until(() => keyText('With key (renamed)') === 'not set', 'the card to say not set')
  expect(document.documentElement.outerHTML).not.toContain(key)
})

test('delete asks first; the active profile cannot be deleted', async () => {
  const ui = await mountApp({ path: '/connections' })
  const closed = `http://127.0.0.1:${await closedPort()}`
  for (const name of ['Active one', 'To delete']) await ui.client.call('profiles.create', { profile: { name, nodeUrl: closed, dataUrl: closed, metricsUrl: closed, network: 'mainnet', nodeIds: [] } })
  await ui.until(() => card('To delete') !== null && card('Active one')?.getAttribute('data-active') === 'true', 'both cards, the first active')

  card('To delete')!.querySelector<HTMLElement>('[data-testid="profile-delete"]')!.click()
  await ui.until(() => document.querySelector('.n-dialog')?.textContent?.includes('Delete “To delete”?') ?? false, 'the confirmation dialog')
  await ui.click('confirm-delete')
  await ui.until(() => card('To delete') === null && document.querySelector('.n-dialog') === null, 'the card and the dialog to go')
  expect((await ui.client.call('profiles.list', {})).profiles.map((p) => p.name)).toEqual(['Active one'])

  // The active one: Delete is off (no dialog that then fails), and says why.
  const active = card('Active one')!
  expect(active.querySelector<HTMLButtonElement>('[data-testid="profile-delete"]')!.disabled).toBe(true)
  expect(active.querySelector('[data-testid="profile-delete-why"]')!.getAttribute('aria-label')).toBe('Activate another profile before deleting this one')
})

test('first run: "More settings…" opens the full form with the name, URL and network typed in the card (review N14)', async () => {
  const ui = await mountApp({ path: '/connections' })
  await ui.until(() => ui.has('first-run'), 'the first-run card')
  await ui.fill('first-nodeUrl', 'http://127.0.0.1:9651')
  await ui.fill('first-name', 'Validator two')
  await ui.get('field-network-fuji').find('input').setValue(true)
  await ui.click('first-more')
  await ui.until(() => ui.has('profile-form'), 'the profile form')
  const value = (testId: string): string => (ui.get(testId).element as HTMLInputElement).value
  expect(value('field-name')).toBe('Validator two')
  expect(value('field-nodeUrl')).toBe('http://127.0.0.1:9651')
  // The form's network picker (the card's is the first in the page) has Fuji chosen.
  expect(ui.all('field-network-fuji').at(-1)!.classes()).toContain('n-radio-button--checked')
  // The services keep their defaults, as the card says.
  expect(value('field-dataUrl')).toMatch(/^https:\/\//)
})

test('first run: the app opens on "Connect to your node"; a URL with a path is refused; Connect makes the profile active and checks it', async () => {
  const ui = await mountApp({ path: '/' })
  await ui.until(() => ui.text('panel-title') === 'Connections' && ui.has('first-run'), 'the first-run card')
  expect(ui.text('first-run')).toContain('Connect to your node')
  expect(ui.text('node-state')).toBe('no profile')
  expect(ui.text('first-demo')).toContain('Or try the local demo network: run')
  expect(ui.get('first-demo-command').attributes('data-text')).toBe('npm run demo')
  // A URL with a path is refused here too.
  await ui.fill('first-nodeUrl', 'http://127.0.0.1:9650/ext/info')
  await ui.click('first-connect')
  await ui.until(() => ui.text('first-run').includes('without a path (remove "/ext/info")'), 'the path refused')
  const closed = `http://127.0.0.1:${await closedPort()}`
  await ui.fill('first-nodeUrl', closed)
  await ui.fill('first-name', 'First node')
  await ui.click('first-connect')
  await ui.until(() => card('First node')?.querySelector('[data-testid="profile-active-badge"]') != null, 'the profile, active')
  // Checked by itself: the node at that URL does not answer; it never did, so nothing of it is cached.
  await ui.until(() => ui.get('status-info').attributes('data-state') === 'unavailable' && /^node unreachable since \d\d:\d\d$/.test(ui.text('node-state')), 'the node unreachable')
  await ui.until(() => /Node unreachable since \d\d:\d\d — nothing from it is cached yet/.test(ui.text('node-banner')), 'the banner')
})
