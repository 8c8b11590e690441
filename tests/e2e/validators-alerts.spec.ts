/**
 * An alert of the alerts area against the local network (tests/sim), with the browser's own notifications:
 * it fires once when my validator disconnects, not again on the next check, and clears when it reconnects.
 * Apart from tests/e2e/validators.spec.ts because it needs the full browser: the headless shell the other
 * tests drive reads Notification.permission as denied even once granted (tests/support/chromium.ts).
 */
import type { Sim } from '../sim/index'
import { FULL_CHROMIUM_LAUNCH } from '../support/chromium'
import { callApp, expect, openPanel, shot, test } from './fixtures'
import { notifications, openValidators, recordNotifications, refreshNow, settleChecks } from './validators-helpers'

test.use({ launchOptions: FULL_CHROMIUM_LAUNCH })

const mine = (s: Sim) => [s.dataset.nodes.self, s.dataset.nodes.notValidator]

  test('an alert fires once when my validator disconnects, not again on the next check, and clears when it reconnects', async ({ app: page, sim: s, companion }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await recordNotifications(page)
    await page.reload()
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    const self = s.dataset.nodes.self
    await openValidators(page, s, 'Alerts', mine(s))
    // This browser's notifications: turned on where every alert's are, in the Alerts panel.
    await openPanel(page, 'alerts')
    await page.getByTestId('browser-notify-switch').click()
    await expect(page.getByTestId('browser-notify')).toHaveAttribute('data-permission', 'granted')
    await openPanel(page, 'validators')
    const kept = await settleChecks(page, companion, self)
    await expect(page.getByTestId('alerts-none')).toBeVisible()
    // Other tests' profiles on this server may have alerts of their own: only this profile's count here.
    const mineOnly = async () => (await notifications(page)).filter((n) => n.title.endsWith('· Alerts'))

    s.validators.disconnect(self)
    await refreshNow(page, kept + 1)
    await expect(page.locator('.n-message', { hasText: `Alerts (${s.nodeUrl}): validator ${self} is not connected` })).toBeVisible()
    const items = page.getByTestId('alerts').getByTestId('alert-row')
    await expect(items).toHaveCount(1)
    await expect(items.first()).toHaveAttribute('data-rule', 'validatorNotConnected')
    await expect(items.first().getByTestId('alert-subject')).toHaveAttribute('data-id', self)
    await expect(items.first()).toHaveAttribute('data-open', 'true')
    await expect(items.first()).toContainText('not connected')
    // Open: it can be acknowledged (and its rule muted) right here.
    await expect(page.getByTestId('alerts-list-open').getByTestId('alert-mute')).toBeVisible()
    await items.first().getByTestId('alert-acknowledge').click()
    await expect(items.first().getByTestId('alert-acknowledged')).toContainText('acknowledged')
    await expect(page.getByTestId('alerts-open')).toHaveText('1 acknowledged')
    await expect(page.locator(`[data-testid="my-validator"][data-node-id="${self}"]`).getByTestId('my-validator-connected')).toHaveText('not connected')
    await expect.poll(mineOnly).toEqual([{ title: 'critical: Validator not connected · Alerts', body: expect.stringContaining(`validator ${self} is not connected`) }])
    await shot(page, 'validators-12-alert-fired')

    // Still disconnected: nothing new.
    await refreshNow(page, kept + 2)
    await expect(items).toHaveCount(1)
    expect(await mineOnly()).toHaveLength(1)

    // The recovery found by a check this page did not ask for (another window: here a second client of the
    // same server; the watch's own checks are the same check on a timer) while another panel is open: the
    // message shows there.
    s.validators.connect(self)
    await openPanel(page, 'connections')
    const back = await callApp(companion, 'validators.refresh', {})
    expect(back.cleared.map((a) => `${a.rule} ${a.subject}`)).toEqual([`validatorNotConnected ${self}`])
    await expect(page.locator('.n-message', { hasText: 'Resolved: Validator not connected on Alerts' })).toBeVisible()
    await shot(page, 'validators-13a-recovered-elsewhere')
    await openPanel(page, 'validators')
    await expect(items).toHaveCount(1)
    await expect(items.first()).toHaveAttribute('data-open', 'false')
    await expect(page.getByTestId('alerts-list-cleared').getByTestId('alert-row')).toHaveCount(1)
    await expect(page.getByTestId('alerts-list-open')).toHaveCount(0)
    await expect(items.first()).toContainText('cleared')
    await expect(page.getByTestId('alerts-open')).toHaveCount(0)
    await expect(page.getByTestId('history-summary')).toHaveAttribute('data-samples', String(kept + 3))
    await expect.poll(async () => (await mineOnly()).map((n) => n.title)).toEqual(['critical: Validator not connected · Alerts', 'resolved: Validator not connected · Alerts'])
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'validators-13-alert-cleared-dark')
  })
