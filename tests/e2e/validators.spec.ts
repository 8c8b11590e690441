/**
 * The validators panel against the local network (tests/sim), in Chromium: my validators with their
 * countdown and uptime, a NodeID that is not validating, the whole set of 2,000 (scrolled to the end,
 * sorted by weight as the node's numbers say), a validator's delegators, the history chart gaining a point
 * per check (an alert that fires once and clears is in validators-alerts.spec.ts), the page answering from the cache
 * once the node is gone, and a node that answers as a real avalanchego does. Each test starts a sim of
 * its own. (A subnet's set, an empty permissioned subnet and an L1 validator's card are component tests:
 * tests/component/validators-subnets.test.ts; the cards and details for both spellings of the node's answer,
 * tests/component/validators-shapes.test.ts.)
 */
import type { Locator } from '@playwright/test'
import type { Sim } from '../sim/index'
import { advanceTime, callApp, expect, shot, test } from './fixtures'
import { currentValidators, openValidators, refreshNow, settleChecks } from './validators-helpers'

const mine = (s: Sim) => [s.dataset.nodes.self, s.dataset.nodes.notValidator]

test.describe('validators panel', () => {
  // Several checks and the 2,000-validator set per test, on two cores shared with other work. Each test
  // has its own sim and profile names, and turns the watch's checks of its profile off: they may run side by side.
  test.describe.configure({ mode: 'parallel', timeout: 120_000 })
  test.describe('with the page on the test clock', () => {
    test.use({ pageClock: true })
    test('my validators: a card with its countdown and uptime; a NodeID that is not validating says so', async ({ app: page, sim: s, companion }) => {
      await page.emulateMedia({ colorScheme: 'light' })
      await openValidators(page, s, 'Mine', mine(s))

      const section = page.getByTestId('my-validators')
      const card = section.locator(`[data-testid="my-validator"][data-node-id="${s.dataset.nodes.self}"]`)
      await expect(card).toBeVisible()
      await expect(section.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')
      const [node] = await currentValidators(s, { nodeIDs: [s.dataset.nodes.self] })
      await expect(card.getByTestId('my-validator-connected')).toHaveText(node!.connected ? 'connected' : 'not connected')
      await expect(card.getByTestId('my-validator-uptime')).toHaveText(/^\d+(\.\d+)? %$/)
      // The weight exactly as the node said (nAVAX in AVAX: every digit kept).
      const w = BigInt(node!.weight)
      const frac = (w % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
      await expect(card.getByTestId('my-validator-weight')).toHaveAttribute('title', `${node!.weight} nAVAX`)
      await expect(card.getByTestId('my-validator-weight')).toContainText(`${(w / 1_000_000_000n).toLocaleString('en-US')}${frac ? `.${frac}` : ''} AVAX`)
      await expect(card.getByTestId('my-validator-delegators')).toContainText(String(node!.delegators?.length ?? 8))
      // The countdown runs with the clock: a minute later (moved, not waited for) a minute less is left.
      const countdown = card.getByTestId('my-validator-countdown')
      await expect(countdown).toHaveText(/^\d+ d \d\d:\d\d:\d\d$/)
      const left = async (): Promise<number> => {
        const [, d, h, m, sec] = /^(\d+) d (\d\d):(\d\d):(\d\d)$/.exec((await countdown.textContent()) ?? '') ?? []
        return ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(sec)
      }
      const first = await left()
      await advanceTime(page, companion, 60_000)
      await expect.poll(left).toBeLessThanOrEqual(first - 60)
      expect(await left()).toBeGreaterThan(first - 70)

      const nv = section.locator(`[data-testid="not-validating"][data-node-id="${s.dataset.nodes.notValidator}"]`)
      await expect(nv).toContainText('Not a current validator of the Primary Network')
      await expect(nv).toContainText('staking period may have ended')
      await shot(page, 'validators-01-mine-light')

      // The node's own NodeID is already in the profile: the button says so.
      await section.getByTestId('fill-node-ids').click()
      await expect(section.getByTestId('fill-result')).toContainText(`${s.dataset.nodes.self}, this node's NodeID, is already in “Mine”`)

      await page.emulateMedia({ colorScheme: 'dark' })
      await shot(page, 'validators-02-mine-dark')
    })
  })

  test.describe('history over a window, on the test clock', () => {
    test.use({ pageClock: true })
    test('the history chart: "Day" spans 24 h, and an outage is a grey unknown band, not a line', async ({ app: page, sim: s, companion }) => {
      await page.emulateMedia({ colorScheme: 'light' })
      const self = s.dataset.nodes.self
      await openValidators(page, s, 'Outage', mine(s))
      const kept = await settleChecks(page, companion, self)
      const chart = page.getByTestId('history-chart')
      const summary = page.getByTestId('history-summary')
      // Minutes of checks open on the last hour (the first range fits the samples); "Day" is chosen here.
      await expect(page.getByTestId('history-range-hour')).toHaveClass(/n-radio-button--checked/)
      await page.getByTestId('history-range-day').click()
      // Counted from what is there now: on a loaded machine a check of the watch's may already have gone
      // unanswered within its deadline (kept as unknown too, as it should be).
      const before = (await callApp(companion, 'validators.history', { range: 'day', nodeID: self })).unknown?.length ?? 0
      await expect(summary).toHaveAttribute('data-unknown', String(before))
      const bands = Number(await chart.getAttribute('data-bands'))
      // The node stops answering: the check is kept as unknown (no made-up point).
      s.setConfig({ unresponsive: 'refuse' })
      await refreshNow(page)
      await expect(summary).toHaveAttribute('data-unknown', String(before + 1))
      await expect(chart).toHaveAttribute('data-bands', String(bands + 1))
      await expect(summary).toContainText(`${before + 1} check${before === 0 ? '' : 's'} with no answer (grey)`)
      // Ten minutes later it answers again: the band runs from the failed check to this one.
      await advanceTime(page, companion, 10 * 60_000)
      s.setConfig({ unresponsive: null })
      await refreshNow(page, kept + 1)
      await expect(chart).toHaveAttribute('data-bands', String(bands + 1))
      const { unknown, from, to } = await callApp(companion, 'validators.history', { range: 'day', nodeID: self })
      expect(unknown).toHaveLength(before + 1)
      expect(unknown!.at(-1)!.reachable).toBe(false)
      // "Day" is the last 24 hours, whatever the samples in it (the axes' units: in the screenshot).
      expect(to! - from!).toBeGreaterThanOrEqual(86_400_000)
      expect(to! - from!).toBeLessThan(86_400_000 + 60_000)
      await expect(chart).toHaveAttribute('data-from', /^\d+$/)
      expect(Number(await chart.getAttribute('data-to')) - Number(await chart.getAttribute('data-from'))).toBe(86_400_000)
      await chart.scrollIntoViewIfNeeded()
      await shot(page, 'validators-10b-history-outage')
      await page.getByTestId('history-range-week').click()
      await expect.poll(async () => Number(await chart.getAttribute('data-to')) - Number(await chart.getAttribute('data-from'))).toBe(7 * 86_400_000)
    })
  })

  test("a profile without NodeIDs shows the node's own validator, said so; one click fills it into the profile", async ({ app: page, sim: s }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openValidators(page, s, 'Empty', [])
    const section = page.getByTestId('my-validators')
    const card = section.locator(`[data-testid="my-validator"][data-node-id="${s.dataset.nodes.self}"]`)
    await expect(section.getByTestId('my-validators-own')).toContainText('This profile lists no NodeIDs')
    await expect(card.getByTestId('my-validator-own')).toHaveText("the node's own NodeID, not listed in this profile")
    await shot(page, 'validators-03a-own-node')
    await section.getByTestId('fill-node-ids').click()
    await expect(section.getByTestId('fill-result')).toHaveText(`Added ${s.dataset.nodes.self}, this node's NodeID, to “Empty”.`)
    await expect(card).toBeVisible()
    await expect(card.getByTestId('my-validator-own')).toHaveCount(0)
    await expect(section.getByTestId('my-validators-own')).toHaveCount(0)
    await shot(page, 'validators-03-filled')
  })

  test('the whole set: 2,000 rows scroll to the end, sort by weight as integers, filter; the detail shows delegators', async ({ app: page, sim: s }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    const node = await currentValidators(s)
    expect(node).toHaveLength(2_000)
    const byWeight = [...node].sort((a, b) => (BigInt(a.weight) < BigInt(b.weight) ? 1 : BigInt(a.weight) > BigInt(b.weight) ? -1 : 0))
    const heaviest = byWeight[0]!
    const lightest = byWeight[byWeight.length - 1]!
    // Stake as consensus weighs it: own plus delegated (issue 19); both parts shown.
    const own = node.reduce((t, v) => t + BigInt(v.weight), 0n)
    const delegated = node.reduce((t, v) => t + BigInt(v.delegatorWeight ?? '0'), 0n)
    expect(delegated).toBeGreaterThan(0n)

    await openValidators(page, s, 'Set', mine(s))
    const set = page.getByTestId('validator-set')
    await expect(set.getByTestId('set-count')).toHaveText('2,000')
    await expect(set.getByTestId('set-stake')).toHaveAttribute('title', `${own + delegated} nAVAX`)
    await expect(set.getByTestId('set-stake-own')).toHaveAttribute('title', `${own} nAVAX`)
    await expect(set.getByTestId('set-stake-delegated')).toHaveAttribute('title', `${delegated} nAVAX`)
    await expect(set.getByTestId('set-totals')).toContainText('Total stake (own + delegated)')
    await expect(set.getByTestId('set-connected')).toContainText(/of stake \(own \+ delegated\) · [\d.]+ % of own stake/)
    await expect(set.getByTestId('set-shown')).toHaveText('2,000 shown')
    await expect(set.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')

    // Heaviest first.
    const table = set.getByTestId('set-table')
    const header = table.getByRole('columnheader', { name: /Own stake/ }).getByRole('button')
    const rows = table.getByRole('rowgroup').getByRole('row')
    // A click cycles through the orders; descending is the one with the heaviest first.
    await expect
      .poll(
        async () => {
          await header.click()
          return rows.first().getAttribute('data-node-id')
        },
        { intervals: [300], timeout: 10_000 }
      )
      .toBe(heaviest.nodeID)
    await expect(rows.first().locator('[data-weight]')).toHaveAttribute('data-weight', heaviest.weight)
    await table.scrollIntoViewIfNeeded()
    await shot(page, 'validators-04-set-sorted')
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 860 })
      await table.scrollIntoViewIfNeeded()
      await shot(page, `validators-04-set-${width}`)
    }
    await page.setViewportSize({ width: 1366, height: 860 })

    // Scroll the virtual list to its end: the lightest is the last row.
    await rows.first().hover()
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 100_000)
          return rows.last().getAttribute('data-node-id')
        },
        { intervals: [300], timeout: 15_000 }
      )
      .toBe(lightest.nodeID)
    // Virtualised: far fewer rows in the page than in the set.
    expect(await rows.count()).toBeLessThan(100)
    await table.scrollIntoViewIfNeeded()
    await shot(page, 'validators-05-set-end')

    // Filters: not connected, as the node says; then one NodeID.
    const disconnected = node.filter((v) => v.connected === false).length
    await set.getByTestId('set-connected-filter').getByText('Not connected').click()
    await expect(set.getByTestId('set-shown')).toHaveText(`${disconnected} of 2,000`)
    await set.getByTestId('set-connected-filter').getByText('All').click()
    await set.getByTestId('set-filter').fill(s.dataset.nodes.self)
    await expect(set.getByTestId('set-shown')).toHaveText('1 of 2,000')

    // The detail: a NodeID is a link to its drawer, kept in the address; delegators, reward owners, signer key.
    await rows.first().getByTestId('set-node-id-open').click()
    const drawer = page.getByTestId('validator-drawer')
    await expect(page.getByTestId('drawer-node-id')).toHaveAttribute('data-text', s.dataset.nodes.self)
    await expect.poll(() => new URL(page.url()).hash).toContain(`node=${s.dataset.nodes.self}`)
    const [self] = await currentValidators(s, { nodeIDs: [s.dataset.nodes.self] })
    await expect(page.getByTestId('drawer-delegator-count')).toHaveText(String(self!.delegators!.length))
    const delegatorRows = page.getByTestId('drawer-delegators').locator('.n-data-table-tbody .n-data-table-tr')
    await expect(delegatorRows).toHaveCount(self!.delegators!.length)
    await expect(page.getByTestId('fact-Signer public key').locator('.value')).toHaveText(self!.signer!.publicKey)
    await expect(page.getByTestId('fact-Proof of possession').locator('.value')).toHaveText(/^0x[0-9a-f]+$/)
    await expect(page.getByTestId('fact-Validation reward owner')).toContainText('1 of 1')
    await expect(page.getByTestId('fact-Validation reward owner').getByTestId('drawer-owner-open')).toHaveText(/^P-avax1/)
    await shot(page, 'validators-06-detail-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'validators-07-detail-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    // A reload keeps the drawer open (the panel reads it back from the address).
    await page.reload()
    await expect(page.getByTestId('drawer-node-id')).toHaveAttribute('data-text', s.dataset.nodes.self)
    await expect(page.getByTestId('drawer-delegator-count')).toHaveText(String(self!.delegators!.length))
    // Its transaction opens on the P-Chain in Data lookups, for the reward owner's addresses.
    const tx = page.getByTestId('drawer-tx')
    const txId = await tx.getAttribute('data-id')
    expect(txId).toBeTruthy()
    await tx.getByTestId('drawer-tx-open').click()
    await expect(page.getByTestId('panel-title')).toHaveText('Data lookups')
    const hash = decodeURIComponent(new URL(page.url()).hash)
    expect(hash).toContain(`tx=${txId}`)
    expect(hash).toContain('chain=p-chain')
    expect(hash).toContain('addresses=P-avax1')
    // Back: the validator again.
    await page.goBack()
    await expect(page.getByTestId('drawer-node-id')).toHaveAttribute('data-text', s.dataset.nodes.self)
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect.poll(() => new URL(page.url()).hash).not.toContain('node=')
  })

  test('the history chart gains a point per check, for an hour, a day, a week or all', async ({ app: page, sim: s, companion }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    const self = s.dataset.nodes.self
    await openValidators(page, s, 'History', mine(s))
    const kept = await settleChecks(page, companion, self)
    s.validators.setUptime(self, 91.5)
    await refreshNow(page, kept + 1)
    s.validators.disconnect(self)
    await refreshNow(page, kept + 2)
    s.validators.setUptime(self, 72.25)
    await refreshNow(page, kept + 3)
    // The points are the watch's samples of this profile: the last three as the node said at each check.
    const { points } = await callApp(companion, 'validators.history', { range: 'day', nodeID: self })
    expect(points.slice(-3).map((p) => [p.uptime === undefined ? undefined : Number(p.uptime), p.connected])).toEqual([
      [91.5, true],
      [91.5, false],
      [72.25, false]
    ])

    const chart = page.getByTestId('history-chart')
    const n = String(kept + 3)
    await expect(chart).toHaveAttribute('data-points', n)
    await expect(chart.locator('canvas')).toHaveCount(1)
    await expect(page.getByTestId('history-summary')).toContainText(`${n} samples`)
    await expect(chart.locator('.u-legend')).toContainText('Uptime (%)')
    for (const r of ['week', 'all', 'day', 'hour'] as const) {
      await page.getByTestId(`history-range-${r}`).click()
      await expect(chart).toHaveAttribute('data-points', n)
    }
    await chart.scrollIntoViewIfNeeded()
    await shot(page, 'validators-10-history-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(chart.locator('canvas')).toHaveCount(1)
    await shot(page, 'validators-11-history-dark')
  })


  test('with the node gone and the page reloaded, my validators and the set still show, marked cached with their age', async ({ app: page, sim: s }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openValidators(page, s, 'Offline', mine(s))
    await expect(page.locator(`[data-testid="my-validator"][data-node-id="${s.dataset.nodes.self}"]`)).toBeVisible()
    await expect(page.getByTestId('set-count')).toHaveText('2,000')
    await s.stop()
    await page.reload()
    await expect(page.getByTestId('connection-state')).toHaveText('connected')
    await expect(page.getByTestId('panel-title')).toHaveText('Validators')

    const section = page.getByTestId('my-validators')
    await expect(section.locator(`[data-testid="my-validator"][data-node-id="${s.dataset.nodes.self}"]`)).toBeVisible()
    await expect(section.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(section.getByTestId('source-marker')).toContainText(/cached · (just now|\d+ s ago)/)
    const set = page.getByTestId('validator-set')
    await expect(set.getByTestId('set-count')).toHaveText('2,000')
    await expect(set.getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(set.getByTestId('source-marker')).toContainText('cached · ')
    // The header says the node is gone as soon as a panel read from the cache, not at the next minute's probe
    // (the report from before the stop is under a minute old).
    await expect(page.getByTestId('node-state')).toHaveAttribute('data-state', 'unreachable', { timeout: 15_000 })
    await expect(page.getByTestId('node-state')).toContainText('unreachable since')
    await shot(page, 'validators-14-offline')

    // A check of a node that does not answer says so, and what is shown instead (the watch keeps it: the
    // unreachable rule counts them).
    await page.getByTestId('validators-refresh').click()
    await expect(page.locator('.n-message', { hasText: /The node cannot be reached; showing the data cached (\d+ s|\d+ min) ago/ })).toBeVisible()
    await expect(page.locator('.n-message', { hasText: 'nothing is cached' })).toHaveCount(0)

    // A validator never opened: its row of the cached set, marked so, not "nothing is cached yet".
    const other = (await currentValidatorsOf(set)).find((id) => id !== s.dataset.nodes.self)!
    await set.getByTestId('set-filter').fill(other)
    await set.locator(`[data-testid="set-node-id"][data-id="${other}"]`).getByTestId('set-node-id-open').click()
    await expect(page.getByTestId('drawer-node-id')).toHaveAttribute('data-text', other)
    // validators.get of this NodeID was never asked: answered from the cached set's entities, marked cached.
    await expect(page.getByTestId('validator-drawer').getByTestId('source-marker')).toHaveAttribute('data-source', 'cache')
    await expect(page.getByTestId('fact-Own stake')).toContainText('AVAX')
    await expect(page.getByTestId('validator-drawer')).not.toContainText('nothing is cached')
    await shot(page, 'validators-14b-offline-drawer')
  })

  /** The NodeIDs of the rows the set's table shows now. */
  async function currentValidatorsOf(set: Locator): Promise<string[]> {
    return set.getByTestId('set-table').getByRole('rowgroup').getByRole('row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-node-id') ?? ''))
  }
})
