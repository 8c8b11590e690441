/**
 * The Validators panel for my NodeIDs and the whole set of 2,000, against the sim: my validator's card (connected,
 * uptime, its weight with every digit, delegators, a countdown that runs), a NodeID that is not validating, the
 * fill button when the node's NodeID is already listed; the set's totals (own + delegated), sorted by weight as
 * integers both ways, filtered, and a validator's drawer (delegators, signer, reward owner) kept in the address
 * across a reload, its transaction opening in Data lookups and back. (Formerly end-to-end; the set's real
 * scroll to its 2,000th row in a browser's layout stays there: tests/e2e/validators.spec.ts.)
 */
import type { DOMWrapper } from '@vue/test-utils'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { byWeightDescending, currentValidators } from '../support/node-validators'
import { choose, layOut, mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

/** The rows the set's table holds in the page now (virtualised: the ones in view and a few more). */
const rows = (ui: MountedApp): DOMWrapper<Element>[] => ui.get('set-table').findAll('[role="rowgroup"] [role="row"]')
const firstRow = (ui: MountedApp): string | undefined => rows(ui)[0]?.attributes('data-node-id')
const hash = (): string => decodeURIComponent(window.location.hash)

test('my validator: its card and countdown, a NodeID not validating; the whole set: totals, sorted by weight as integers, filtered; the drawer in the address', async () => {
  const self = sim.dataset.nodes.self
  const node = await currentValidators(sim)
  expect(node).toHaveLength(2_000)
  const [mine] = await currentValidators(sim, { nodeIDs: [self] })
  const ui = await mountApp({ path: '/validators' })
  await ui.profileAt(sim, 'Mine', { nodeIds: [self, sim.dataset.nodes.notValidator] })

  // My validator: as the node said it, the weight exactly (nAVAX in AVAX: every digit kept).
  const card = () => ui.get('my-validators').find(`[data-testid="my-validator"][data-node-id="${self}"]`)
  const field = (id: string): DOMWrapper<Element> => card().find(`[data-testid="${id}"]`)
  await ui.until(() => card().exists() && /^\d+ d \d\d:\d\d:\d\d$/.test(field('my-validator-countdown').text()), 'my validator with its countdown')
  expect(ui.get('my-validators').find('[data-testid="source-marker"]').attributes('data-source')).toBe('live')
  expect(field('my-validator-connected').text()).toBe(mine!.connected ? 'connected' : 'not connected')
  expect(field('my-validator-uptime').text()).toMatch(/^\d+(\.\d+)? %$/)
  const w = BigInt(mine!.weight)
  const frac = (w % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
  expect(field('my-validator-weight').attributes('title')).toBe(`${mine!.weight} nAVAX`)
  expect(field('my-validator-weight').text()).toContain(`${(w / 1_000_000_000n).toLocaleString('en-US')}${frac ? `.${frac}` : ''} AVAX`)
  expect(field('my-validator-delegators').text()).toContain(String(mine!.delegators!.length))
  // The countdown runs (the page's clock ticks each second; its arithmetic is tests/unit/validators-format.test.ts).
  const left = (): number => {
    const [, d, h, m, s] = /^(\d+) d (\d\d):(\d\d):(\d\d)$/.exec(field('my-validator-countdown').text()) ?? []
    return ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(s)
  }
  const first = left()
  await ui.until(() => left() < first, 'the countdown to move on')
  const nv = ui.all('not-validating').find((n) => n.attributes('data-node-id') === sim.dataset.nodes.notValidator)
  expect(nv?.text()).toContain('Not a current validator of the Primary Network')
  expect(nv?.text()).toContain('staking period may have ended')
  // The node's own NodeID is already in the profile: the button says so.
  await ui.click('fill-node-ids')
  await ui.until(() => ui.has('fill-result'), 'what the fill button did')
  expect(ui.text('fill-result')).toContain(`${self}, this node's NodeID, is already in “Mine”`)

  // The whole set: stake as consensus weighs it, own plus delegated (issue 19), both parts shown.
  const own = node.reduce((t, v) => t + BigInt(v.weight), 0n)
  const delegated = node.reduce((t, v) => t + BigInt(v.delegatorWeight ?? '0'), 0n)
  expect(delegated).toBeGreaterThan(0n)
  await ui.until(() => ui.text('set-count') === '2,000' && rows(ui).length > 0, 'the whole set')
  expect(ui.get('set-stake').attributes('title')).toBe(`${own + delegated} nAVAX`)
  expect(ui.get('set-stake-own').attributes('title')).toBe(`${own} nAVAX`)
  expect(ui.get('set-stake-delegated').attributes('title')).toBe(`${delegated} nAVAX`)
  expect(ui.text('set-totals')).toContain('Total stake (own + delegated)')
  expect(ui.text('set-connected')).toMatch(/of stake \(own \+ delegated\) · [\d.]+ % of own stake/)
  expect(ui.text('set-shown')).toBe('2,000 shown')
  expect(ui.get('validator-set').find('[data-testid="source-marker"]').attributes('data-source')).toBe('live')
  // Virtualised: a few rows in the page, not 2,000.
  expect(rows(ui).length).toBeLessThan(100)

  // Sorted by own stake as integers: a click puts the heaviest first, the next the lightest (a string order
  // would put "9…" above "10…").
  const sorted = byWeightDescending(node)
  const header = ui.get('set-table').findAll('.vt-sort').find((b) => b.text().includes('Own stake'))!
  await header.trigger('click')
  await ui.until(() => firstRow(ui) === sorted[0]!.nodeID, 'the heaviest first')
  expect(rows(ui)[0]!.find('[data-weight]').attributes('data-weight')).toBe(sorted[0]!.weight)
  await header.trigger('click')
  await ui.until(() => firstRow(ui) === sorted.at(-1)!.nodeID, 'the lightest first')

  // Filters: not connected, as the node says; then one NodeID.
  const disconnected = node.filter((v) => v.connected === false).length
  await choose(ui, 'set-connected-filter', 'Not connected')
  await ui.until(() => ui.text('set-shown') === `${disconnected} of 2,000`, 'the disconnected ones')
  await choose(ui, 'set-connected-filter', 'All')
  await ui.fill('set-filter', self)
  await ui.until(() => ui.text('set-shown') === '1 of 2,000' && rows(ui).length === 1, 'one NodeID')

  // The detail: a NodeID is a link to its drawer, kept in the address; delegators, reward owners, signer key.
  await rows(ui)[0]!.find('[data-testid="set-node-id-open"]').trigger('click')
  const drawerOpen = (): boolean => ui.has('drawer-node-id') && ui.get('drawer-node-id').attributes('data-text') === self
  const delegators = String(mine!.delegators!.length)
  await ui.until(() => drawerOpen() && ui.text('drawer-delegator-count') === delegators, 'the drawer with its delegators')
  expect(hash()).toContain(`node=${self}`)
  await layOut(ui, 'drawer-delegators')
  expect(ui.get('drawer-delegators').findAll('.n-data-table-tbody .n-data-table-tr')).toHaveLength(mine!.delegators!.length)
  expect(ui.get('fact-Signer public key').find('.value').text()).toBe(mine!.signer!.publicKey)
  expect(ui.get('fact-Proof of possession').find('.value').text()).toMatch(/^0x[0-9a-f]+$/)
  expect(ui.text('fact-Validation reward owner')).toContain('1 of 1')
  expect(ui.get('fact-Validation reward owner').find('[data-testid="drawer-owner-open"]').text()).toMatch(/^P-avax1/)

  // A reload keeps the drawer open (the panel reads it back from the address).
  await ui.reload()
  await ui.until(() => drawerOpen() && ui.text('drawer-delegator-count') === delegators, 'the drawer after a reload')
  // Its transaction opens on the P-Chain in Data lookups, for the reward owner's addresses; back, the validator again.
  const txId = ui.get('drawer-tx').attributes('data-id')
  expect(txId).toBeTruthy()
  await ui.click('drawer-tx-open')
  await ui.until(() => ui.text('panel-title') === 'Data lookups', 'Data lookups')
  expect(hash()).toContain(`tx=${txId}`)
  expect(hash()).toContain('chain=p-chain')
  expect(hash()).toContain('addresses=P-avax1')
  ui.wrapper.vm.$router.back()
  await ui.until(drawerOpen, 'the validator again after back')
  // Closed, it leaves the address.
  await ui.get('validator-drawer').find('.n-base-close').trigger('click')
  await ui.until(() => !hash().includes('node='), 'the drawer closed and gone from the address')
})
