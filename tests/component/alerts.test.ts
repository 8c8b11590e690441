/**
 * The Alerts panel's settings against a real app: a profile's rules (a threshold out of range refused beside
 * its field in the contract's words, then saved; a rule turned off), and a webhook channel with a loopback
 * receiver (tests/support/receivers.ts): an http URL to another host refused, the channel added (its secret
 * never shown back), a test sent with the receiver's answer shown, the delivery log, the channel removed; an
 * ntfy channel with active hours added (a bad time refused at its field) and what it takes changed on its
 * card and through the contract; a
 * failing channel shown failing since when and with what, in its card and in the Fleet head, and delivering
 * again once it answers. The app runs as `serve --allow-local-channels`: the receiver is on 127.0.0.1.
 * (The panel's layout at three widths stays end-to-end: tests/e2e/layout.spec.ts.)
 */
import { afterEach, expect, test } from 'vitest'
import { receiver, type Receiver } from '../support/receivers'
import { mountApp, settle, type MountedApp } from './mount'

/** A profile pointed at a port nothing answers on, not watched (the rules are the point, not its node). */
async function quietProfile(ui: MountedApp, name: string): Promise<string> {
  const url = 'http://127.0.0.1:9'
  const { id } = await ui.client.call('profiles.create', { profile: { name, network: 'mainnet', nodeUrl: url, dataUrl: url, metricsUrl: url, nodeIds: [] } })
  await ui.client.call('watch.setSettings', { profileId: id, enabled: false })
  return id
}

let hook: Receiver | undefined
afterEach(async () => {
  await hook?.close()
  hook = undefined
})

/** A loopback webhook receiver that answers 200 with a short text, or 503 while `failWith` is set. */
async function webhook(): Promise<{ r: Receiver; url: string }> {
  hook = await receiver(() => ({ status: 200, body: 'ok, got it', headers: { 'content-type': 'text/plain' } }))
  return { r: hook, url: `${hook.origin}/hook?token=s3cr3t-token` }
}
const DOWN = { status: 503, body: 'down for maintenance', headers: { 'content-type': 'text/plain' } }

const row = (ui: MountedApp, testId: string, attr: string, value: string) => ui.all(testId).find((r) => r.attributes(attr) === value)
const inRow = (ui: MountedApp, name: string, testId: string) => row(ui, 'channel-row', 'data-name', name)?.find(`[data-testid="${testId}"]`)

test('rules: a threshold out of range is refused beside its field, a good one saved, a rule turned off', async () => {
  // Two profiles, the rules read for the second: the panel's profile is in the address (a fleet row's link).
  const ui = await mountApp({ path: '/connections' })
  await quietProfile(ui, 'Active one')
  const id = await quietProfile(ui, 'Rules profile')
  await ui.go(`/alerts?tab=rules&profile=${id}`)
  await ui.until(() => ui.text('rules-profile').includes('Rules profile') && ui.has('rules-list'), 'the rules of the chosen profile')

  const uptime = () => row(ui, 'rule-row', 'data-rule', 'uptimeLow')!
  expect(uptime().text()).toContain('Uptime under the threshold')
  expect(uptime().text()).toContain('0–100 %, empty by default')
  const field = () => uptime().find('input[data-testid="rule-threshold"], [data-testid="rule-threshold"] input')
  await field().setValue('150')
  await field().trigger('keyup', { key: 'Enter' })
  await ui.until(() => uptime().find('[data-testid="rule-problem"]').exists(), 'the refusal beside the field')
  expect(uptime().find('[data-testid="rule-problem"]').text()).toBe('“Uptime under the threshold” takes a number from 0 to 100 % (empty: the network\'s reward cut-off, 80 %, or 90 % for a validator that started after ACP-267\'s activation)')
  await field().setValue('85')
  await field().trigger('keyup', { key: 'Enter' })
  await ui.until(() => !uptime().find('[data-testid="rule-problem"]').exists(), 'the refusal gone')
  const rule = async (name: string) => (await ui.client.call('alerts.rules', { profileId: id })).rules.find((r) => r.rule === name)
  await expect.poll(async () => (await rule('uptimeLow'))?.threshold).toBe(85)

  const peers = () => row(ui, 'rule-row', 'data-rule', 'lowPeers')!
  await peers().find('[data-testid="rule-enabled"]').trigger('click')
  await ui.until(() => peers().attributes('data-enabled') === 'false', 'the rule shown off')
  expect((await rule('lowPeers'))?.enabled).toBe(false)
})

test('channels: a plain-http URL to another host refused; a loopback webhook added, tested with its answer shown, logged, removed', async () => {
  const { r, url } = await webhook()
  const ui = await mountApp({ path: '/alerts?tab=channels', app: { allowLocalChannels: true } })
  await ui.until(() => ui.has('channel-add'), 'the channels tab')
  await ui.click('channel-add')
  await ui.until(() => ui.has('channel-form'), 'the form')
  await ui.get('channel-kind-webhook').find('input').trigger('change')
  await ui.until(() => ui.has('channel-field-url'), 'the webhook fields')
  const name = 'ops hook'
  await ui.fill('channel-field-name', name)
  await ui.fill('channel-field-url', 'http://example.com/hook')
  await ui.get('channel-form').trigger('submit')
  await ui.until(() => ui.text('channel-form').includes('url must use https: it carries a secret, so plain http is accepted only for a loopback host'), 'the plain-http URL refused')
  expect((await ui.client.call('alerts.channels', {})).channels).toEqual([])

  await ui.fill('channel-field-url', url)
  await ui.get('channel-form').trigger('submit')
  await ui.until(() => !ui.has('channel-form') && row(ui, 'channel-row', 'data-name', name) !== undefined, 'the channel added')
  expect(inRow(ui, name, 'channel-last')!.text()).toBe('nothing sent yet')
  // The secret went once, to main: it is nowhere on the page.
  expect(document.body.textContent).not.toContain('s3cr3t')

  await inRow(ui, name, 'channel-test')!.trigger('click')
  await ui.until(() => inRow(ui, name, 'channel-test-result')?.exists() === true, 'the test result')
  const result = inRow(ui, name, 'channel-test-result')!
  expect(result.attributes('data-delivered')).toBe('true')
  expect(result.text()).toContain('Test delivered · status 200')
  expect(result.text()).toContain('The receiver said: “ok, got it”')
  expect(r.seen).toHaveLength(1)
  expect(JSON.parse(r.seen[0]!.body)).toMatchObject({ state: 'test' })
  await ui.until(() => inRow(ui, name, 'channel-last')!.text().includes('delivered'), 'the last delivery on the card')

  await ui.go('/alerts?tab=deliveries')
  const tried = () => ui.all('delivery-row').filter((d) => d.attributes('data-state') === 'test' && d.text().includes(name))
  await ui.until(() => tried().length > 0, 'the test in the delivery log')
  expect(tried()[0]!.attributes('data-outcome')).toBe('delivered')

  await ui.go('/alerts?tab=channels')
  await inRow(ui, name, 'channel-remove')!.trigger('click')
  await ui.until(() => document.querySelector('.n-popconfirm') !== null, 'the remove confirmation')
  ;([...document.querySelectorAll('.n-popconfirm button')].find((b) => b.textContent?.includes('Remove')) as HTMLElement).click()
  await ui.until(() => row(ui, 'channel-row', 'data-name', name) === undefined, 'the channel removed')
  expect((await ui.client.call('alerts.channels', {})).channels).toEqual([])

  // An ntfy channel for critical alerts in office hours: a bad time refused at its field, then added; its card says what it takes.
  await ui.click('channel-add')
  await ui.until(() => ui.has('channel-form'), 'the form again')
  await ui.get('channel-kind-ntfy').find('input').trigger('change')
  await ui.until(() => ui.has('channel-field-topic'), 'the ntfy fields')
  await ui.fill('channel-field-name', 'phone')
  await ui.fill('channel-field-topic', 'companion-7f3a-secret')
  await ui.fill('channel-field-serverUrl', 'http://127.0.0.1:9')
  await ui.get('channel-min-severity').findAll('input').find((i) => (i.element as HTMLInputElement).value === 'critical')!.trigger('change')
  await ui.fill('channel-time-zone', 'Europe/Paris')
  await ui.get('channel-hours').trigger('click')
  await ui.until(() => ui.has('channel-hours-from'), 'the hours fields')
  await ui.fill('channel-hours-from', '9h')
  await ui.get('channel-form').trigger('submit')
  await ui.until(() => ui.text('channel-form').includes('from must be a time of day as HH:MM'), 'the bad time refused')
  await ui.fill('channel-hours-from', '09:00')
  await ui.get('channel-form').trigger('submit')
  await ui.until(() => !ui.has('channel-form') && inRow(ui, 'phone', 'channel-routing') !== undefined, 'the ntfy channel added')
  expect(inRow(ui, 'phone', 'channel-routing')!.text()).toBe('gets critical alerts only · Mon–Fri 09:00–18:00 Europe/Paris, else waits for its hours')
  expect(document.body.textContent).not.toContain('companion-7f3a-secret')
  const [phone] = (await ui.client.call('alerts.channels', {})).channels
  expect(phone).toMatchObject({ kind: 'ntfy', target: 'a topic on 127.0.0.1:9', digest: null })
  // Changed on the card, where it sends and its secret untouched: every alert, at any time, a digest at 08:00.
  await inRow(ui, 'phone', 'channel-edit-routing')!.trigger('click')
  await ui.until(() => ui.has('channel-routing-edit'), 'the routing editor')
  await ui.get('channel-edit-min-severity').findAll('input').find((i) => (i.element as HTMLInputElement).value === 'warning')!.trigger('change')
  await ui.get('channel-routing-edit').find('[data-testid="channel-hours"]').trigger('click')
  await ui.get('channel-routing-edit').find('[data-testid="channel-digest"]').trigger('click')
  await ui.until(() => ui.has('channel-digest-at'), 'the digest time')
  await ui.fill('channel-digest-at', '08:00')
  await ui.get('channel-routing-edit').trigger('submit')
  await ui.until(() => !ui.has('channel-routing-edit'), 'the editor closed')
  await ui.until(() => inRow(ui, 'phone', 'channel-routing')?.text().includes('digest') === true, 'the new routing on the card')
  expect(inRow(ui, 'phone', 'channel-routing')!.text()).toBe('gets every alert · at any time · digest at 08:00 Europe/Paris')
  expect((await ui.client.call('alerts.channels', {})).channels[0]).toMatchObject({ id: phone!.id, target: 'a topic on 127.0.0.1:9', routing: { activeHours: null } })
  // Changed from elsewhere (the contract, the CLI): the card follows.
  await ui.client.call('alerts.setChannelRouting', { id: phone!.id, minSeverity: 'critical', digest: null })
  await ui.until(() => inRow(ui, 'phone', 'channel-routing')?.text().includes('digest') === false, 'the card following')
  expect(inRow(ui, 'phone', 'channel-routing')!.text()).toBe('gets critical alerts only · at any time')
})

test('a failing channel: shown failing since when and with what, in its card and in the Fleet head; delivering again once it answers', async () => {
  const { r, url } = await webhook()
  r.failWith = DOWN
  const ui = await mountApp({ path: '/alerts?tab=channels', app: { allowLocalChannels: true } })
  const name = 'flaky hook'
  await ui.client.call('alerts.addChannel', { kind: 'webhook', name, url })
  const health = () => inRow(ui, name, 'channel-health')
  await ui.until(() => health()?.attributes('data-status') === 'untried', 'the channel, untried')
  expect(health()!.text()).toContain('not tried yet · nothing waiting')

  await inRow(ui, name, 'channel-test')!.trigger('click')
  await ui.until(() => inRow(ui, name, 'channel-test-result')?.attributes('data-delivered') === 'false', 'the failed test')
  await ui.until(() => health()?.attributes('data-status') === 'failing', 'the channel failing')
  expect(health()!.text()).toMatch(/failing\s*since .*: “down for maintenance”/)

  await ui.go('/fleet')
  await ui.until(() => ui.text('fleet-failing-channels').includes('failing'), 'the failing channel in the Fleet head')
  expect(ui.text('fleet-failing-channels')).toContain(name)

  r.failWith = null
  await ui.click('fleet-failing-channels')
  await ui.until(() => window.location.hash.startsWith('#/alerts'), 'the Alerts panel opened')
  await ui.go('/alerts?tab=channels')
  await settle()
  await inRow(ui, name, 'channel-test')!.trigger('click')
  await ui.until(() => health()?.attributes('data-status') === 'ok', 'the channel delivering again')
  expect(health()!.text()).toMatch(/delivering · nothing waiting\s*· last delivered/)
})
