/**
 * The Atomic transactions panel against the sim, with node changes allowed unless a test says otherwise: a
 * data-set tx looked up (decoded, its height) and watched to Accepted, its height opening that block on C-Chain
 * live and back; a signed import checked before sending, confirmed naming the node, issued once and watched
 * from Processing to Accepted, the same bytes again refused with the record shown; a tx the app has seen
 * Accepted (review #8, N2, N13): one height in the preview and the table, the confirmation repeats what the
 * app knows and sends only once "Send it again anyway" is ticked, the node's refusal shown once, two records
 * in the journal; a reply the sim drops after taking the tx: outcome unknown, watched to Accepted, not resent;
 * issuing off in a browser session without --allow-node-changes; core.version on the status view. The sim
 * counts each submission: every test checks the count. (Nothing here needs a real browser: the panel's
 * layout at three widths stays end-to-end, tests/e2e/layout.spec.ts.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { txIdOfHex } from '../../src/shared/codec/index'
import { integer } from '../../src/shared/domain/format'
import { buildSignedImport, signerUtxos, startSim, type Sim } from '../sim/index'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

const disabled = (ui: MountedApp, testId: string): boolean => (ui.get(testId).element as HTMLButtonElement).disabled
const submitted = (txID: string): number => sim.core.view().submissions[txID] ?? 0
const attr = (ui: MountedApp, testId: string, name: string): string | undefined => (ui.has(testId) ? ui.get(testId).attributes(name) : undefined)
const stepStatuses = (ui: MountedApp, inside: string): (string | undefined)[] =>
  ui.get(inside).findAll('[data-testid="watch-step"]').map((s) => s.attributes('data-status'))

/** Pastes signed tx hex, waits for its preview, and confirms the send naming the node (ticking "Send it again anyway" when `again`). */
async function issue(ui: MountedApp, hex: string, txID: string, again = false): Promise<void> {
  await ui.fill('issue-input', '')
  await ui.fill('issue-input', hex)
  await ui.until(() => ui.text('issue-txid') === txID && !disabled(ui, 'issue-send'), `the preview of ${txID}`)
  await ui.click('issue-send')
  await ui.until(() => ui.text('confirm-node-change').includes(txID), 'the confirmation naming the tx')
  expect(ui.text('confirm-node')).toContain(sim.nodeUrl)
  if (again) {
    await ui.get('confirm-again').find('.n-checkbox-box').trigger('click')
    await ui.until(() => !disabled(ui, 'confirm-yes'), 'the yes to work once ticked')
  }
  await ui.click('confirm-yes')
  await ui.until(() => !ui.has('confirm-node-change'), 'the confirmation to close')
}

test('a data-set tx looked up, decoded, watched to Accepted; its height opens the block on C-Chain live, and back keeps the look-up', async () => {
  const ui = await mountApp({ path: '/atomic?tab=lookup', app: { allowNodeChanges: true } })
  await ui.profileAt(sim, 'Atomic look-up')
  const t = sim.dataset.transactions.find((x) => x.chain === 'C')!
  await ui.until(() => ui.has('tx-lookup-input'), 'the look-up form')
  await ui.fill('tx-lookup-input', 'not-an-id')
  await ui.click('tx-lookup-go')
  await ui.until(() => ui.text('tx-lookup-problem').includes('The tx ID must be a cb58 id'), 'the malformed ID named')

  await ui.fill('tx-lookup-input', t.txHash)
  await ui.click('tx-lookup-go')
  await ui.until(() => ui.text('tx-status-value') === 'Accepted' && ui.has('tx-id-open') && ui.has('hex'), 'the tx decoded and its status')
  const card = ui.get('tx-lookup')
  const inCard = (testId: string): string => card.find(`[data-testid="${testId}"]`).text()
  expect(inCard('tx-id-open')).toBe(t.txHash)
  expect(inCard('tx-type')).toBe(t.txType)
  expect(inCard('tx-height-open')).toBe(t.blockNumber.toString())
  expect(inCard('tx-credentials')).toContain('signature')
  expect(inCard(t.txType === 'ImportTx' ? 'tx-source' : 'tx-destination')).toMatch(/^[XP]-Chain$/)
  expect(inCard('hex')).toMatch(/^0x[0-9a-f]+$/)
  expect(card.find('[data-testid="source-marker"]').attributes('data-source')).toBe('live')

  await ui.click('tx-watch')
  await ui.until(() => attr(ui, 'watch', 'data-state') === 'done', 'the watch done')
  expect(stepStatuses(ui, 'watch')).toEqual(['Accepted'])
  expect(ui.text('watch')).toContain(`at C-Chain height ${t.blockNumber}`)

  // Its block height is a link (issue 18): that block on C-Chain live, in the address; back returns to the
  // look-up with its result kept, and the kept-alive C-Chain panel's drawer does not stay over it.
  await ui.click('tx-height-open')
  await ui.until(() => ui.text('cchain-block-drawer').includes(`Block ${integer(t.blockNumber)}`), 'the block drawer')
  expect(window.location.hash).toMatch(new RegExp(`^#/cchain\\?block=${t.blockNumber}`))
  ui.wrapper.vm.$router.back()
  await ui.until(() => window.location.hash.startsWith('#/atomic') && ui.has('atomic-panel'), 'back on the Atomic panel')
  await ui.until(() => !ui.has('cchain-block-drawer'), 'the drawer gone')
  expect(ui.text('tx-id-open')).toBe(t.txHash)
  expect(submitted(t.txHash)).toBe(0)
})

test('a signed import checked before sending, issued once and watched to Accepted; the same bytes again refused with the record', async () => {
  const ui = await mountApp({ path: '/atomic?tab=issue', app: { allowNodeChanges: true } })
  await ui.profileAt(sim, 'Atomic issue')
  await ui.until(() => ui.has('issue-input'), 'the issue form')
  expect(ui.has('issue-off')).toBe(false)

  // Checked before anything is sent: bad text says what is wrong, the send button stays off.
  await ui.fill('issue-input', '0x1234')
  await ui.until(() => ui.text('issue-problem').includes('Not sent:'), 'the problem named')
  expect(disabled(ui, 'issue-send')).toBe(true)

  const tx = buildSignedImport(sim.dataset, { utxos: signerUtxos(sim.dataset).slice(0, 1) })
  const txID = txIdOfHex(tx.hex)
  await ui.fill('issue-input', tx.hex)
  await ui.until(() => ui.text('issue-preview').includes('ImportTx: 1 UTXO'), 'the preview')
  expect(ui.get('decoded-tx').find('[data-testid="tx-credentials"]').text()).toContain('1 (1 signature)')
  expect(submitted(txID)).toBe(0)
  // The chain holds the tx in Processing until the watch has seen it so (the sim accepts on its own timer).
  sim.core.configure({ holdProcessing: true })
  const entry = (): string | undefined => ui.get('issue-result').find('[data-testid="issued-entry"]').attributes('data-outcome')
  try {
    await issue(ui, tx.hex, txID)
    await ui.until(() => ui.has('issue-result') && entry() === 'accepted' && stepStatuses(ui, 'issue-result').includes('Processing'), 'the send accepted, Processing')
  } finally {
    sim.core.configure({ holdProcessing: false })
  }
  await ui.until(() => ui.get('issue-result').find('[data-testid="watch"]').attributes('data-state') === 'done', 'the watch done')
  expect(stepStatuses(ui, 'issue-result')).toEqual(['Processing', 'Accepted'])
  expect(submitted(txID)).toBe(1)

  // The same bytes again: the form knows them, main refuses them, and the existing record shows.
  await ui.fill('issue-input', '')
  await ui.fill('issue-input', tx.hex)
  await ui.until(() => ui.text('issue-seen').includes('already in the journal'), 'the bytes known')
  // In the journal's own words, as the confirmation says it ("accepted" was the record's raw field).
  expect(ui.text('issue-seen')).toMatch(/already in the journal \(the node took it, entry [0-9a-f-]+\)/)
  await issue(ui, tx.hex, txID)
  await ui.until(() => ui.text('issue-error').includes('issued before'), 'the refusal')
  expect(ui.get('issue-result').attributes('data-conflict')).toBe('true')
  expect(ui.get('issue-result').find('[data-testid="issued-txid"]').text()).toBe(txID)
  expect(entry()).toBe('accepted')
  expect(submitted(txID)).toBe(1)
})

test('a tx seen Accepted: one height, the confirmation repeats it and needs a second choice; one refusal box; asked again after the refusal; two records', async () => {
  const ui = await mountApp({ path: '/atomic?tab=issue', app: { allowNodeChanges: true } })
  await ui.profileAt(sim)
  const t = sim.dataset.transactions.filter((x) => x.chain === 'C')[3]!
  const { hex } = (await ui.client.call('core.getAtomicTx', { txID: t.txHash })).data
  const height = t.blockNumber.toString()
  const before = submitted(t.txHash)

  await ui.until(() => ui.has('issue-input'), 'the issue form')
  await ui.fill('issue-input', hex)
  await ui.until(() => ui.text('issue-already').includes('Accepted') && ui.text('issue-already').includes(height), 'the warning with the height')
  expect(ui.text('issue-already')).toContain(`The app has already seen this tx Accepted at height ${height}: the node will refuse the same bytes as known`)
  // N13: the table below says the same height, not "not given".
  expect(ui.text('tx-height')).toBe(height)

  // #8 / N2: the confirmation repeats it, and the yes works only once the second choice is ticked.
  await ui.click('issue-send')
  await ui.until(() => ui.has('confirm-node-change'), 'the confirmation')
  expect(ui.text('confirm-known')).toContain(`already seen this tx Accepted at height ${height}`)
  expect(ui.text('confirm-again')).toContain('Send it again anyway')
  expect(disabled(ui, 'confirm-yes')).toBe(true)
  await ui.click('confirm-yes')
  expect(submitted(t.txHash)).toBe(before)
  await ui.get('confirm-again').find('.n-checkbox-box').trigger('click')
  await ui.until(() => !disabled(ui, 'confirm-yes'), 'the yes to work once ticked')
  await ui.click('confirm-yes')
  await ui.until(() => ui.text('issued-outcome') === 'refused by the node' && !disabled(ui, 'issue-send'), 'the refusal of the send')
  expect(submitted(t.txHash)).toBe(before + 1)
  expect(ui.text('issue-result')).toContain('Refused by the node')
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
  expect(submitted(t.txHash)).toBe(before + 1)

  // Sent again anyway: refused again, and the journal holds both sends.
  await issue(ui, hex, t.txHash, true)
  await ui.until(() => submitted(t.txHash) === before + 2, 'the second send at the node')
  await ui.go('/atomic?tab=journal')
  const records = () => ui.get('atomic-journal').findAll(`[data-testid="issued-entry"][data-tx="${t.txHash}"]`)
  await ui.until(() => records().length === 2, 'two records in the journal')
  expect(records()[0]!.find('[data-testid="issued-outcome"]').text()).toBe('refused by the node')
})

test('a dropped reply: outcome unknown, not resent, watched to Accepted; the sim counted one submission', async () => {
  const ui = await mountApp({ path: '/atomic?tab=issue', app: { allowNodeChanges: true } })
  await ui.profileAt(sim, 'Atomic dropped reply')
  await ui.until(() => ui.has('issue-input'), 'the issue form')
  const tx = buildSignedImport(sim.dataset, { utxos: signerUtxos(sim.dataset).slice(1, 2) })
  const txID = txIdOfHex(tx.hex)
  // The node takes the tx and its reply is lost; the chain holds it in Processing until the test lets it through.
  sim.core.configure({ dropIssueReplies: 1, holdProcessing: true })
  try {
    await issue(ui, tx.hex, txID)
    const entry = (): string | undefined => ui.get('issue-result').find('[data-testid="issued-entry"]').attributes('data-outcome')
    await ui.until(() => ui.has('issue-result') && entry() === 'unknown' && stepStatuses(ui, 'issue-result').at(-1) === 'Processing', 'outcome unknown, Processing')

    // Looked up meanwhile: Processing; once the chain accepts it, the status follows the watch unasked.
    await ui.go('/atomic?tab=lookup')
    await ui.fill('tx-lookup-input', txID)
    await ui.click('tx-lookup-go')
    await ui.until(() => ui.text('tx-status-value') === 'Processing', 'Processing in the look-up')
    sim.core.configure({ holdProcessing: false })
    await ui.until(() => ui.text('tx-status-value') === 'Accepted', 'Accepted in the look-up, unasked')
  } finally {
    sim.core.configure({ dropIssueReplies: 0, holdProcessing: false })
  }
  await ui.go('/atomic?tab=issue')
  await ui.until(() => ui.get('issue-result').find('[data-testid="watch"]').attributes('data-state') === 'done', 'the watch done')
  expect(stepStatuses(ui, 'issue-result').at(-1)).toBe('Accepted')
  expect(submitted(txID)).toBe(1)

  await ui.go('/atomic?tab=journal')
  const record = () => ui.get('atomic-journal').find(`[data-testid="issued-entry"][data-tx="${txID}"]`)
  await ui.until(() => record().exists(), 'the journal record')
  expect(record().attributes('data-outcome')).toBe('unknown')
  await ui.go('/atomic?tab=watches')
  const watch = () => ui.get('atomic-watches').find(`[data-testid="watch-item"][data-tx="${txID}"] [data-testid="watch"]`)
  await ui.until(() => watch().exists() && watch().attributes('data-state') === 'done', 'the watch in Watches done')
})

test('issuing is off in a browser session without --allow-node-changes, saying how to turn it on, while its check still works', async () => {
  const ui = await mountApp({ path: '/atomic?tab=issue' })
  await ui.profileAt(sim, 'Atomic changes off')
  await ui.until(() => ui.has('issue-off'), 'the issue form, off')
  expect(ui.text('issue-off')).toContain('--allow-node-changes')
  const tx = buildSignedImport(sim.dataset, { utxos: signerUtxos(sim.dataset).slice(2, 3) })
  await ui.fill('issue-input', tx.hex)
  await ui.until(() => ui.text('issue-txid') === txIdOfHex(tx.hex), 'the preview')
  expect(ui.has('issue-preview')).toBe(true)
  expect(disabled(ui, 'issue-send')).toBe(true)
  expect(submitted(txIdOfHex(tx.hex))).toBe(0)
})

test('status view: core.version not offered by a current node, shown for an older one', async () => {
  const ui = await mountApp({ path: '/connections' })
  await ui.profileAt(sim, 'Core version sim')
  const version = (): string => ui.get('node-block').find('[data-testid="core-version"]').text()
  await ui.until(() => ui.has('node-block') && version() === 'not served (core.version unavailable)', 'core.version not served')
  sim.core.configure({ version: true })
  try {
    await ui.click('status-probe')
    await ui.until(() => /^v\d+\.\d+\.\d+$/.test(version()), 'the older node’s version')
  } finally {
    sim.core.configure({ version: false })
  }
})
