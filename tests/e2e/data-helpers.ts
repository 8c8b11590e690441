/** Steps the data, signatures and metrics specs share: a profile on the test's sim, moving between panels, the sim's data-service switch. */
import type { Page } from '@playwright/test'
import type { Sim } from '../sim/index'
import { expect, fillProfile, profileItem } from './fixtures'

const TITLES: Record<string, string> = { connections: 'Connections', data: 'Data lookups', signatures: 'Signature aggregation', metrics: 'Metrics' }

/** Opens a panel from the menu, again if a click landed while the page was busy. */
export async function openPanel(page: Page, path: keyof typeof TITLES): Promise<void> {
  await expect(async () => {
    await page.getByTestId(`nav-${path}`).click()
    await expect(page.getByTestId('panel-title')).toHaveText(TITLES[path]!, { timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
}

/** A profile pointed at the test's sim (with a key, if given), made active. */
export async function activateSim(page: Page, sim: Sim, name: string, apiKey?: string): Promise<void> {
  await openPanel(page, 'connections')
  await page.getByTestId('profile-new').click()
  await fillProfile(page, { name, network: 'mainnet', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, ...(apiKey ? { apiKey } : {}) })
  await page.getByTestId('profile-save').click()
  await expect(page.getByTestId('profile-form')).toBeHidden()
  const item = profileItem(page, name)
  await item.getByTestId('profile-activate').click()
  await expect(item.getByTestId('profile-active-badge')).toBeVisible()
}

/** Switches the sim's data service at run time (POST {dataUrl}/__sim/data-config). */
export async function dataConfig(sim: Sim, patch: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${sim.dataUrl}/__sim/data-config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) })
  expect(res.status, await res.clone().text()).toBe(200)
}

export const GROUP_IDS = { 'Primary Network': 'primary', 'EVM chains': 'evm', 'Interchain messages': 'icm', Blocks: 'blocks' } as const

/** Picks a lookup of the data panel by its group and id. */
export async function pickLookup(page: Page, group: keyof typeof GROUP_IDS, id: string): Promise<void> {
  await page.getByTestId(`group-${GROUP_IDS[group]}`).click()
  await page.getByTestId(`lookup-${id}`).click()
}
