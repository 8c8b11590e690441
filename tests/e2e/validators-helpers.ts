/**
 * Helpers of the end-to-end tests that open the validators panel (validators, cache) or watch the browser's
 * notifications (fleet): a profile of the test's own sim with my NodeIDs, the panel opened through the menu with
 * the watch's own checks of it off, and a record of the browser notifications the page shows.
 */
import type { Page } from '@playwright/test'
import type { Sim } from '../sim/index'
import { activateSimProfile, expect, openPanel } from './fixtures'

/**
 * Creates a profile pointed at the sim with these NodeIDs, activates it, and opens the validators panel
 * with the watch's checks of this profile off: a check of main's landing in the middle of a test would
 * add samples and alerts it does not expect.
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
