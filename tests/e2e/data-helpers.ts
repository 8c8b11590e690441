/** Steps the data, signatures and metrics specs share: the sim's data-service switch, choosing a lookup. */
import type { Page } from '@playwright/test'
import type { Sim } from '../sim/index'
import { expect } from './fixtures'

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
