/**
 * Helpers of the validators panel's end-to-end tests: a profile of the test's own sim with my NodeIDs,
 * the panel opened through the menu with the watch's own checks of it off, "Check now" that waits until
 * it is over, direct calls to the sim's node to compare the page with, and a record of the browser
 * notifications the page shows.
 */
import type { Page } from '@playwright/test'
import type { Sim } from '../sim/index'
import { activateSimProfile, callApp, expect, openPanel, type Companion } from './fixtures'

/**
 * Creates a profile pointed at the sim with these NodeIDs, activates it, and opens the validators panel
 * with the watch's checks of this profile off: a check of main's landing in the middle of a test would
 * add samples and alerts it does not expect. (The watch checks a new profile within seconds: settleChecks
 * waits out one that began before it was turned off.)
 */
export async function openValidators(page: Page, sim: Sim, name: string, nodeIds: string[]): Promise<void> {
  await activateSimProfile(page, sim, name, { nodeIds })
  await openPanel(page, 'validators')
  await checksOff(page)
}

/** The watch's checks of the active profile off ("Check this node: Off"), so that only the test's own checks add samples. */
export async function checksOff(page: Page): Promise<void> {
  const off = page.getByTestId('check-interval-off')
  await off.click()
  await expect(off).toHaveClass(/n-radio-button--checked/)
}

/**
 * After checksOff: "Check now" once, which waits for a check of the watch still running (or checks), so
 * that no check but the test's own comes after it. Answers how many samples of nodeID the history holds
 * then (main's count, once the page shows the same).
 */
export async function settleChecks(page: Page, companion: Companion, nodeID: string): Promise<number> {
  await refreshNow(page)
  const kept = (await callApp(companion, 'validators.history', { range: 'day', nodeID })).points.length
  await expect(page.getByTestId('history-summary')).toHaveAttribute('data-samples', String(kept), { timeout: 30_000 })
  return kept
}

/** "Check now", and wait until it is over and its history has arrived. */
export async function refreshNow(page: Page, samplesAfter?: number): Promise<void> {
  const button = page.getByTestId('validators-refresh')
  // A click on a spinning button is dropped (Naive UI): wait for the last check to end first.
  await expect(button).not.toHaveClass(/n-button--loading/)
  const done = Number(await button.getAttribute('data-checks'))
  await button.click()
  // Over when the page counts this check done: "not spinning" right after the click also held before the spinner
  // began, and on a busy machine the check then ended in the test's next step (a second sample where one was due).
  // It also reads the whole set again (2,000 validators), which takes a while on a busy machine.
  await expect(button).toHaveAttribute('data-checks', String(done + 1), { timeout: 30_000 })
  if (samplesAfter !== undefined)
    await expect(page.getByTestId('history-summary')).toHaveAttribute('data-samples', String(samplesAfter), { timeout: 30_000 })
}

interface NodeValidator {
  nodeID: string
  weight: string
  delegatorWeight?: string
  connected?: boolean
  delegators?: unknown[]
  signer?: { publicKey: string; proofOfPossession?: string }
}

/** platform.getCurrentValidators straight from the sim's node. */
export async function currentValidators(sim: Sim, params: { nodeIDs?: string[]; subnetID?: string } = {}): Promise<NodeValidator[]> {
  const res = await fetch(`${sim.nodeUrl}/ext/bc/P`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getCurrentValidators', params })
  })
  const body = (await res.json()) as { result: { validators: NodeValidator[] } }
  return body.result.validators
}

/**
 * Records every browser notification the page creates (window.__notifications), keeping the real
 * Notification class underneath; the permission itself is granted by the browser context.
 */
export async function recordNotifications(page: Page): Promise<void> {
  await page.context().grantPermissions(['notifications'])
  await page.addInitScript(() => {
    const Real = window.Notification
    const seen: { title: string; body: string }[] = []
    ;(window as unknown as { __notifications: typeof seen }).__notifications = seen
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        seen.push({ title, body: options?.body ?? '' })
      }
    }
    window.Notification = Recorded as typeof Notification
  })
}

export function notifications(page: Page): Promise<{ title: string; body: string }[]> {
  return page.evaluate(() => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications)
}
