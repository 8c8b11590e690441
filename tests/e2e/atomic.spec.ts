/**
 * The Atomic transactions panel in Chromium against the sim (tests/sim), browser mode started with
 * --allow-node-changes: a data-set tx looked up (decoded, its height) and its status watched to
 * Accepted, its block height followed to C-Chain live and back; a signed import (the sim's buildSignedImport) checked before sending, confirmed naming the
 * node, issued once and watched from Processing to Accepted; the same bytes again refused with the
 * existing record shown; a tx seen Accepted sent again only with "Send it again anyway" ticked; a reply the sim drops after taking the tx: outcome unknown, watched to Accepted,
 * and the sim counted exactly one submission. Then core.version on the status view.
 * (The issue button off without --allow-node-changes is in utxos.spec.ts: a file serves one browser mode.)
 */
import type { Page } from '@playwright/test'
import { integer } from '../../src/shared/domain/format'
import { buildSignedImport, signerUtxos, type Sim } from '../sim/index'
import { activateSimProfile, expect, openPanel, shot, test } from './fixtures'

async function activate(page: Page, s: Sim, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' })
  await activateSimProfile(page, s, name)
}

async function openAtomic(page: Page, tab: 'Look up' | 'Issue' | 'Journal' | 'Watches'): Promise<void> {
  await openPanel(page, 'atomic')
  await expect(page.getByTestId('atomic-panel')).toBeVisible()
  await page.getByTestId('atomic-tabs').locator('.n-tabs-tab', { hasText: tab }).click()
}

/** Pastes signed tx hex, checks the preview, confirms naming the node (ticking "Send it again anyway" when `again`). */
async function issue(page: Page, s: Sim, hex: string, txID: string, again = false): Promise<void> {
  const form = page.getByTestId('tx-issue')
  await form.getByTestId('issue-input').fill(hex)
  await expect(form.getByTestId('issue-txid')).toHaveText(txID)
  const dialog = page.getByTestId('confirm-node-change')
  // Seen on this 2-core machine after a first send: the confirmation opening, then leaving before it could be
  // answered (nothing is sent without the yes). Ask again until it is answered; the sim's count of
  // submissions, checked by the callers, says that each yes sent exactly once. Once the yes is clicked
  // nothing is asked again: a dialog slow to close (a loaded machine) must not lead to a second send.
  let answered = false
  await expect(async () => {
    if (answered) return
    if (!(await dialog.isVisible())) await form.getByTestId('issue-send').click()
    await expect(dialog).toContainText(txID, { timeout: 2_000 })
    await expect(page.getByTestId('confirm-node')).toContainText(s.nodeUrl, { timeout: 1_000 })
    if (again) await page.getByTestId('confirm-again').click({ timeout: 2_000 })
    await page.getByTestId('confirm-yes').click({ timeout: 2_000 })
    answered = true
  }).toPass({ timeout: 20_000 })
  await expect(dialog).toBeHidden()
}

test.use({ serveArgs: ['--allow-node-changes'] })

test.describe('issue and watch', () => {
  test('a data-set tx looked up, decoded, and its status watched to Accepted', async ({ app: page, sim: s }) => {
    await activate(page, s, 'Atomic look-up')
    const t = s.dataset.transactions.find((x) => x.chain === 'C')!
    await openAtomic(page, 'Look up')
    await page.getByTestId('tx-lookup-input').fill('not-an-id')
    await page.getByTestId('tx-lookup-go').click()
    await expect(page.getByTestId('tx-lookup-problem')).toContainText('The tx ID must be a cb58 id')
    await page.getByTestId('tx-lookup-input').fill(t.txHash)
    await page.getByTestId('tx-lookup-go').click()
    const card = page.getByTestId('tx-lookup')
    await expect(card.getByTestId('tx-id-open')).toHaveText(t.txHash)
    await expect(card.getByTestId('tx-type')).toHaveText(t.txType)
    await expect(card.getByTestId('tx-height-open')).toHaveText(t.blockNumber.toString())
    await expect(card.getByTestId('tx-credentials')).toContainText('signature')
    await expect(card.getByTestId(t.txType === 'ImportTx' ? 'tx-source' : 'tx-destination')).toContainText(/^[XP]-Chain$/)
    await expect(card.getByTestId('hex')).toHaveText(/^0x[0-9a-f]+$/)
    await expect(card.getByTestId('tx-status-value')).toHaveText('Accepted')
    await expect(card.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')

    await card.getByTestId('tx-watch').click()
    const watch = card.getByTestId('watch')
    await expect(watch).toHaveAttribute('data-state', 'done')
    await expect(watch.getByTestId('watch-step')).toHaveCount(1)
    await expect(watch.getByTestId('watch-step')).toHaveAttribute('data-status', 'Accepted')
    await expect(watch).toContainText(`at C-Chain height ${t.blockNumber}`)
    await shot(page, 'atomic-03-lookup-watched')

    // Its block height is a link: it opens that block on C-Chain live (in the address), and back returns
    // to the lookup with its result kept (issue 18: every ID in the atomic lookup opens a view of it).
    await card.getByTestId('tx-height-open').click()
    await expect(page).toHaveURL(new RegExp(`#/cchain\\?block=${t.blockNumber}`))
    await expect(page.getByTestId('cchain-block-drawer')).toContainText(`Block ${integer(t.blockNumber)}`)
    await page.screenshot({ path: test.info().outputPath('atomic-height-opened.png') })
    await page.goBack()
    await expect(page.getByTestId('atomic-panel')).toBeVisible()
    await expect(card.getByTestId('tx-id-open')).toHaveText(t.txHash)
    // The kept-alive C-Chain panel's drawer does not stay over this panel.
    await expect(page.getByTestId('cchain-block-drawer')).toBeHidden()
    await page.setViewportSize({ width: 1024, height: 900 })
    await card.screenshot({ path: test.info().outputPath('atomic-lookup-1024.png') })
  })

  test('a signed import issued once, watched to Accepted; the same bytes refused with the record', async ({ app: page, sim: s }) => {
    await activate(page, s, 'Atomic issue')
    await openAtomic(page, 'Issue')
    const form = page.getByTestId('tx-issue')
    await expect(form.getByTestId('issue-off')).toHaveCount(0)

    // Checked before anything is sent: bad text says what is wrong, the send button stays off.
    await form.getByTestId('issue-input').fill('0x1234')
    await expect(form.getByTestId('issue-problem')).toContainText('Not sent:')
    await expect(form.getByTestId('issue-send')).toBeDisabled()
    await shot(page, 'atomic-04-issue-bad-text')

    const tx = buildSignedImport(s.dataset, { utxos: signerUtxos(s.dataset).slice(0, 1) })
    const txID = (await import('../../src/shared/codec/index')).txIdOfHex(tx.hex)
    await form.getByTestId('issue-input').fill(tx.hex)
    await expect(form.getByTestId('issue-preview')).toContainText('ImportTx: 1 UTXO')
    await expect(form.getByTestId('decoded-tx').getByTestId('tx-credentials')).toContainText('1 (1 signature)')
    await shot(page, 'atomic-05-issue-preview')
    await form.getByTestId('issue-send').click()
    await expect(page.getByTestId('confirm-node')).toContainText(s.nodeUrl)
    await shot(page, 'atomic-06-issue-confirm')
    await page.getByTestId('confirm-yes').click()

    const result = form.getByTestId('issue-result')
    await expect(result.getByTestId('issued-entry')).toHaveAttribute('data-outcome', 'accepted')
    await expect(result.getByTestId('watch')).toHaveAttribute('data-state', 'done')
    await expect(result.getByTestId('watch-step')).toHaveCount(2)
    expect(await result.getByTestId('watch-step').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['Processing', 'Accepted'])
    await shot(page, 'atomic-07-issued-accepted')

    // The same bytes again: main refuses them and the existing record shows.
    await form.getByTestId('issue-input').fill('')
    await form.getByTestId('issue-input').fill(tx.hex)
    await expect(form.getByTestId('issue-seen')).toContainText('already in the journal')
    await issue(page, s, tx.hex, txID)
    await expect(form.getByTestId('issue-error')).toContainText('issued before')
    await expect(result).toHaveAttribute('data-conflict', 'true')
    await expect(result.getByTestId('issued-txid')).toHaveText(txID)
    await expect(result.getByTestId('issued-entry')).toHaveAttribute('data-outcome', 'accepted')
    expect(s.core.view().submissions[txID]).toBe(1)
    await shot(page, 'atomic-08-same-bytes-refused')
  })

  test('a tx seen Accepted: the preview warns, sent only with "Send it again anyway", refused once shown, two journal records (review #8, N2)', async ({ app: page, sim: s }) => {
    await activate(page, s, 'Atomic refused twice')
    const t = s.dataset.transactions.filter((x) => x.chain === 'C')[2]!
    await page.goto(page.url().replace(/#.*$/, `#/atomic?tx=${t.txHash}`))
    const card = page.getByTestId('tx-lookup')
    await expect(card.getByTestId('tx-status-value')).toHaveText('Accepted')
    const hex = (await card.getByTestId('hex').textContent())!
    const before = s.core.view().submissions[t.txHash] ?? 0
    await openAtomic(page, 'Issue')
    const form = page.getByTestId('tx-issue')
    await form.getByTestId('issue-input').fill(hex)
    await expect(form.getByTestId('issue-already')).toContainText(`The app has already seen this tx Accepted at height ${t.blockNumber}: the node will refuse the same bytes as known`)
    await issue(page, s, hex, t.txHash, true)
    const result = form.getByTestId('issue-result')
    await expect(result).toContainText('Refused by the node')
    await expect(result).toContainText('already known')
    await expect(form.getByTestId('issued-outcome')).toHaveText('refused by the node')
    await expect(form.getByTestId('issue-error')).toHaveCount(0)
    await issue(page, s, hex, t.txHash, true)
    await expect.poll(() => s.core.view().submissions[t.txHash]).toBe(before + 2)
    await openAtomic(page, 'Journal')
    const records = page.getByTestId('atomic-journal').locator(`[data-testid="issued-entry"][data-tx="${t.txHash}"]`)
    await expect(records).toHaveCount(2)
    await expect(records.first().getByTestId('issued-outcome')).toHaveText('refused by the node')
    await shot(page, 'atomic-12-refused-twice-journal')
  })

  test('a dropped reply: outcome unknown, not resent, watched to Accepted; the sim counted one submission', async ({ app: page, sim: s }) => {
    await activate(page, s, 'Atomic dropped reply')
    await openAtomic(page, 'Issue')
    const tx = buildSignedImport(s.dataset, { utxos: signerUtxos(s.dataset).slice(1, 2) })
    const txID = (await import('../../src/shared/codec/index')).txIdOfHex(tx.hex)
    // The chain holds the tx in Processing until the test lets it through.
    s.core.configure({ dropIssueReplies: 1, holdProcessing: true })
    await issue(page, s, tx.hex, txID)
    const entry = page.getByTestId('tx-issue').getByTestId('issue-result').getByTestId('issued-entry')
    await expect(entry).toHaveAttribute('data-outcome', 'unknown')
    await expect(entry.getByTestId('watch-step').last()).toHaveAttribute('data-status', 'Processing')

    // Looked up meanwhile: Processing; once the chain accepts it, the status follows the watch unasked.
    await openAtomic(page, 'Look up')
    await page.getByTestId('tx-lookup-input').fill(txID)
    await page.getByTestId('tx-lookup-go').click()
    const card = page.getByTestId('tx-lookup')
    await expect(card.getByTestId('tx-status-value')).toHaveText('Processing')
    s.core.configure({ holdProcessing: false })
    await expect(card.getByTestId('tx-status-value')).toHaveText('Accepted')
    await openAtomic(page, 'Issue')
    await expect(entry.getByTestId('watch')).toHaveAttribute('data-state', 'done')
    await expect(entry.getByTestId('watch-step').last()).toHaveAttribute('data-status', 'Accepted')
    await shot(page, 'atomic-09-dropped-reply-watched')
    expect(s.core.view().submissions[txID]).toBe(1)

    await openAtomic(page, 'Journal')
    const journal = page.getByTestId('atomic-journal')
    await expect(journal.locator(`[data-testid="issued-entry"][data-tx="${txID}"]`)).toHaveAttribute('data-outcome', 'unknown')
    await shot(page, 'atomic-10-journal')
    await openAtomic(page, 'Watches')
    await expect(page.getByTestId('atomic-watches').locator(`[data-testid="watch-item"][data-tx="${txID}"]`).getByTestId('watch')).toHaveAttribute('data-state', 'done')
    await shot(page, 'atomic-11-watches')
  })
})

test('status view: core.version not offered by a current node, shown for an older one', async ({ app: page, sim: s }) => {
  await activate(page, s, 'Core version sim')
  const row = page.getByTestId('node-block').getByTestId('core-version')
  await expect(row).toHaveText('not served (core.version unavailable)')
  await shot(page, 'atomic-01-core-version-not-offered')
  s.core.configure({ version: true })
  await page.getByTestId('status-probe').click()
  await expect(row).toHaveText(/^v\d+\.\d+\.\d+$/)
  await shot(page, 'atomic-02-core-version-older-node')
})
