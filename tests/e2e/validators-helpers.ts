/**
 * Helpers of the validators panel's end-to-end tests: a profile of the test's own sim with my NodeIDs,
 * the panel opened through the menu, a refresh that waits until it is over, direct calls to the sim's
 * node to compare the page with, and a record of the browser notifications the page shows.
 */
import type { Page } from '@playwright/test'
import type { Sim } from '../sim/index'
import { activateSimProfile, expect, openPanel } from './fixtures'

/**
 * Creates a profile pointed at the sim with these NodeIDs, activates it, and opens the validators panel
 * with main's own refreshes off (the setting is the app's, kept across the tests of this worker): a
 * refresh landing in the middle of a test would add samples and alerts it does not expect.
 */
export async function openValidators(page: Page, sim: Sim, name: string, nodeIds: string[]): Promise<void> {
  await activateSimProfile(page, sim, name, { nodeIds })
  await openPanel(page, 'validators')
  await refreshOff(page)
}

/** Automatic refreshes off, so that only the test's own refreshes add samples. */
export async function refreshOff(page: Page): Promise<void> {
  // The setting is the app's (kept across tests of this worker): it may be off already.
  await page.getByTestId('refresh-interval-0').click()
  await expect(page.getByTestId('refresh-interval-0')).toHaveClass(/n-radio-button--checked/)
}

/** "Refresh now", and wait until it is over and its history has arrived. */
export async function refreshNow(page: Page, samplesAfter?: number): Promise<void> {
  const button = page.getByTestId('validators-refresh')
  await expect(button).not.toHaveClass(/n-button--loading/)
  await button.click()
  // It also reads the whole set again (2,000 validators), which takes a while on a busy machine.
  await expect(button).not.toHaveClass(/n-button--loading/, { timeout: 30_000 })
  if (samplesAfter !== undefined)
    await expect(page.getByTestId('history-summary')).toHaveAttribute('data-samples', String(samplesAfter), { timeout: 30_000 })
}

interface NodeValidator {
  nodeID: string
  weight: string
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
