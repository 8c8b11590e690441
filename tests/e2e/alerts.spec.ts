/**
 * The Alerts panel's settings, in Chromium: a profile's rules (a threshold out of range refused beside its
 * field in the contract's words, then saved; a rule turned off), and a channel: an http URL to another host
 * refused, a loopback webhook added (its secret never shown back), a test sent with the receiver's answer
 * shown, the delivery log, and the channel removed.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { callApp, expect, openPanel, shot, test } from './fixtures'

/** A loopback webhook receiver that answers 200 with a short text (or 503 while `down`), counting what it got. */
async function receiver(): Promise<{ url: string; got: unknown[]; down: { on: boolean }; close: () => Promise<void> }> {
  const got: unknown[] = []
  const down = { on: false }
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString()))
    req.on('end', () => {
      got.push(JSON.parse(body))
      res.writeHead(down.on ? 503 : 200, { 'content-type': 'text/plain' })
      res.end(down.on ? 'down for maintenance' : 'ok, got it')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/hook?token=s3cr3t-token`, got, down, close: () => new Promise((r) => server.close(() => r())) }
}

// The test's receiver is on 127.0.0.1: a page adds such a channel only when serve allows it.
test.use({ serveArgs: ['--allow-local-channels'] })

test.describe('alerts panel', () => {
  test('rules: a threshold out of range is refused beside its field, a good one saved, a rule turned off', async ({ app: page, companion }) => {
    const name = `Rules ${Date.now() % 100_000}`
    const profile = await callApp(companion, 'profiles.create', {
      profile: { name, network: 'mainnet', nodeUrl: companion.closedUrl, dataUrl: companion.closedUrl, metricsUrl: companion.closedUrl, nodeIds: [] }
    })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme: 'light' })
    await openPanel(page, 'alerts')
    await page.getByTestId('alerts-tab-rules').click()
    await page.getByTestId('rules-profile').click()
    await page.locator('.n-base-select-option', { hasText: name }).click()

    const uptime = page.locator('[data-testid="rule-row"][data-rule="uptimeLow"]')
    await expect(uptime).toContainText('Uptime under the threshold')
    await expect(uptime).toContainText('0–100 %, default 80')
    const field = uptime.getByTestId('rule-threshold').locator('input')
    await field.fill('150')
    await field.press('Enter')
    await expect(uptime.getByTestId('rule-problem')).toHaveText('“Uptime under the threshold” takes a number from 0 to 100 % (the reward cut-off is 80 %)')
    await shot(page, 'alerts-01-rules-refused-1440')
    await page.setViewportSize({ width: 1024, height: 800 })
    await uptime.scrollIntoViewIfNeeded()
    await shot(page, 'alerts-02-rules-refused-1024')
    await page.setViewportSize({ width: 1440, height: 900 })
    await field.fill('85')
    await field.press('Enter')
    await expect(uptime.getByTestId('rule-problem')).toHaveCount(0)
    await expect.poll(async () => (await callApp(companion, 'alerts.rules', { profileId: profile.id })).rules.find((r) => r.rule === 'uptimeLow')?.threshold).toBe(85)

    const peers = page.locator('[data-testid="rule-row"][data-rule="lowPeers"]')
    await peers.getByTestId('rule-enabled').click()
    await expect(peers).toHaveAttribute('data-enabled', 'false')
    expect((await callApp(companion, 'alerts.rules', { profileId: profile.id })).rules.find((r) => r.rule === 'lowPeers')?.enabled).toBe(false)
  })

  test('channels: a plain-http URL to another host refused; a loopback webhook added, tested with its answer shown, logged, removed', async ({ app: page }) => {
    const hook = await receiver()
    try {
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.emulateMedia({ colorScheme: 'light' })
      await openPanel(page, 'alerts')
      await page.getByTestId('alerts-tab-channels').click()
      await page.getByTestId('channel-add').click()
      const form = page.getByTestId('channel-form')
      await form.getByTestId('channel-kind-webhook').click()
      const name = `hook ${Date.now() % 100_000}`
      await form.getByTestId('channel-field-name').fill(name)
      await form.getByTestId('channel-field-url').fill('http://example.com/hook')
      await form.getByTestId('channel-save').click()
      await expect(form).toContainText('url must use https: it carries a secret, so plain http is accepted only for a loopback host')
      await shot(page, 'alerts-03-channel-refused-1440')
      await page.setViewportSize({ width: 1024, height: 800 })
      await shot(page, 'alerts-04-channel-refused-1024')
      await page.setViewportSize({ width: 1440, height: 900 })

      await form.getByTestId('channel-field-url').fill(hook.url)
      await form.getByTestId('channel-save').click()
      await expect(form).toHaveCount(0)
      const row = page.locator(`[data-testid="channel-row"][data-name="${name}"]`)
      await expect(row).toBeVisible()
      await expect(row.getByTestId('channel-last')).toHaveText('nothing sent yet')
      // The secret went once, to main: it is nowhere on the page.
      await expect(page.locator('body')).not.toContainText('s3cr3t')

      await row.getByTestId('channel-test').click()
      const result = row.getByTestId('channel-test-result')
      await expect(result).toHaveAttribute('data-delivered', 'true')
      await expect(result).toContainText('Test delivered · status 200')
      await expect(result).toContainText('The receiver said: “ok, got it”')
      expect(hook.got).toHaveLength(1)
      expect(hook.got[0]).toMatchObject({ state: 'test' })
      await expect(row.getByTestId('channel-last')).toContainText('delivered')
      await shot(page, 'alerts-05-channel-tested-1440')
      await page.setViewportSize({ width: 1024, height: 800 })
      await shot(page, 'alerts-06-channel-tested-1024')
      await page.setViewportSize({ width: 1440, height: 900 })

      await page.getByTestId('alerts-tab-deliveries').click()
      const tried = page.locator('[data-testid="delivery-row"][data-state="test"]').filter({ hasText: name })
      await expect(tried.first()).toHaveAttribute('data-outcome', 'delivered')
      await shot(page, 'alerts-07-deliveries-1440')

      await page.getByTestId('alerts-tab-channels').click()
      await row.getByTestId('channel-remove').click()
      await page.locator('.n-popconfirm').getByRole('button', { name: 'Remove' }).click()
      await expect(row).toHaveCount(0)
    } finally {
      await hook.close()
    }
  })

  test('a failing channel: shown failing since when and with what, in its card and in the Fleet head; delivering again once it answers', async ({ app: page, companion }) => {
    const hook = await receiver()
    hook.down.on = true
    const name = `flaky ${Date.now() % 100_000}`
    const channel = await callApp(companion, 'alerts.addChannel', { kind: 'webhook', name, url: hook.url })
    try {
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.emulateMedia({ colorScheme: 'light' })
      await openPanel(page, 'alerts')
      await page.getByTestId('alerts-tab-channels').click()
      const row = page.locator(`[data-testid="channel-row"][data-name="${name}"]`)
      await expect(row.getByTestId('channel-health')).toHaveAttribute('data-status', 'untried')
      await expect(row.getByTestId('channel-health')).toContainText('not tried yet · nothing waiting')

      await row.getByTestId('channel-test').click()
      await expect(row.getByTestId('channel-test-result')).toHaveAttribute('data-delivered', 'false')
      const health = row.getByTestId('channel-health')
      await expect(health).toHaveAttribute('data-status', 'failing')
      await expect(health).toContainText(/failing\s*since .*: “down for maintenance”/)
      await shot(page, 'alerts-08-channel-failing-1440')

      await openPanel(page, 'fleet')
      const head = page.getByTestId('fleet-failing-channels')
      await expect(head).toBeVisible()
      await expect(head).toContainText('failing')
      await shot(page, 'alerts-09-fleet-channel-failing-1440')

      hook.down.on = false
      await head.click()
      await page.getByTestId('alerts-tab-channels').click()
      await row.getByTestId('channel-test').click()
      await expect(row.getByTestId('channel-health')).toHaveAttribute('data-status', 'ok')
      await expect(row.getByTestId('channel-health')).toContainText('delivering · nothing waiting · last delivered')
    } finally {
      await callApp(companion, 'alerts.removeChannel', { id: channel.id })
      await hook.close()
    }
  })
})
