/**
 * The Atomic transactions panel's Issue form for what the app knows of the pasted tx (review #8, N2, N13): a tx
 * the app has seen Accepted shows its height in the preview and in the table alike; the confirmation repeats
 * what the app knows and sends only once "Send it again anyway" is ticked; the node's refusal shows once; a
 * second Issue repeats that refusal in the confirmation and asks again. (Issuing a new tx, a lost reply and
 * its watch stay end-to-end: tests/e2e/atomic.spec.ts.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

const disabled = (ui: MountedApp, testId: string): boolean => (ui.get(testId).element as HTMLButtonElement).disabled

test('a tx seen Accepted: one height, the confirmation repeats it and needs a second choice; one refusal box; asked again after the refusal', async () => {
  const ui = await mountApp({ path: '/atomic?tab=issue', app: { allowNodeChanges: true } })
  await ui.profileAt(sim)
  const t = sim.dataset.transactions.filter((x) => x.chain === 'C')[3]!
  const { hex } = (await ui.client.call('core.getAtomicTx', { txID: t.txHash })).data
  const height = t.blockNumber.toString()
  const submitted = (): number => sim.core.view().submissions[t.txHash] ?? 0
  const before = submitted()

  await ui.until(() => ui.has('issue-input'), 'the issue form')
  await ui.fill('issue-input', hex)
  await ui.until(() => ui.text('issue-already').includes('Accepted') && ui.text('issue-already').includes(height), 'the warning with the height')
  // N13: the table below says the same height, not "not given".
  expect(ui.text('tx-height')).toBe(height)

  // #8 / N2: the confirmation repeats it, and the yes works only once the second choice is ticked.
  await ui.click('issue-send')
  await ui.until(() => ui.has('confirm-node-change'), 'the confirmation')
  expect(ui.text('confirm-known')).toContain(`already seen this tx Accepted at height ${height}`)
  expect(ui.text('confirm-again')).toContain('Send it again anyway')
  expect(disabled(ui, 'confirm-yes')).toBe(true)
  await ui.click('confirm-yes')
  expect(submitted()).toBe(before)
  await ui.get('confirm-again').find('.n-checkbox-box').trigger('click')
  await ui.until(() => !disabled(ui, 'confirm-yes'), 'the yes to work once ticked')
  await ui.click('confirm-yes')
  await ui.until(() => ui.text('issued-outcome') === 'refused by the node' && !disabled(ui, 'issue-send'), 'the refusal of the send')
  expect(submitted()).toBe(before + 1)
  // N13: the node's refusal once, in the entry of this send, not also in a box of its own above it.
  expect(ui.has('issue-error')).toBe(false)
  expect(ui.text('tx-issue').split('already known').length - 1).toBe(1)

  // Issue again: the confirmation now repeats the refusal too, and a Cancel sends nothing.
  await ui.click('issue-send')
  await ui.until(() => ui.text('confirm-known').includes('The node refused these bytes'), 'the refusal repeated')
  expect(ui.text('confirm-known')).toContain('already known')
  expect(disabled(ui, 'confirm-yes')).toBe(true)
  await ui.click('confirm-no')
  await ui.until(() => !ui.has('confirm-node-change'), 'the confirmation to close')
  expect(submitted()).toBe(before + 1)
})
