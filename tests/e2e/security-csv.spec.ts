/**
 * Security (issue 19, item 4) in Chromium against the sim: a data service that names its tokens
 * `=HYPERLINK("http://x","y")` and "\u202Egnp.exe" (a right-to-left override that draws it as "exe.png").
 * The Data lookups table shows the override as ⟨U+202E⟩, and the CSV exported from it holds the formula as
 * text: its cell starts with a single quote and is quoted as RFC 4180 says.
 */
import { readFile } from 'node:fs/promises'
import { DEMO_WALLET } from '../sim/dataset/evm'
import { dataConfig, pickLookup } from './data-helpers'
import { activateSimProfile, expect, openPanel, shot, test } from './fixtures'

const FORMULA = '=HYPERLINK("http://x","y")'

test('a hostile token name is shown as text in Data lookups and exported to CSV as text', async ({ app: page, sim }) => {
  // Two tokens the demo wallet holds on the C-Chain, renamed by the service as any token deployer may.
  const res = await fetch(`${sim.dataUrl}/v1/chains/43114/addresses/${DEMO_WALLET}/balances:listErc20?pageSize=2`)
  const tokens = ((await res.json()) as { erc20TokenBalances: { address: string }[] }).erc20TokenBalances
  expect(tokens).toHaveLength(2)
  await dataConfig(sim, { tokenNames: { [tokens[0]!.address]: FORMULA, [tokens[1]!.address]: '\u202Egnp.exe' } })

  await activateSimProfile(page, sim, 'Hostile names')
  await openPanel(page, 'data')
  await pickLookup(page, 'EVM chains', 'erc20')
  const form = page.getByTestId('lookup-form')
  await form.getByTestId('field-address').fill(DEMO_WALLET)
  await form.getByTestId('lookup-form-submit').click()
  const result = page.getByTestId('lookup-result')
  await expect(result.getByTestId('source-marker')).toHaveAttribute('data-source', 'live')
  const table = result.getByTestId('page-table')
  // The override is written out: the name reads as it is stored, not as "exe.png".
  await expect(table).toContainText('⟨U+202E⟩gnp.exe')
  await expect(table).toContainText(FORMULA)
  await shot(page, 'security-01-hostile-token-names')

  const [download] = await Promise.all([page.waitForEvent('download'), table.getByTestId('page-table-csv').click()])
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const text = await readFile((await download.path())!, 'utf8')
  expect(text.endsWith('\r\n')).toBe(true)
  const lines = text.split('\r\n')
  const formulaLine = lines.find((l) => l.includes('HYPERLINK'))
  // The cell as written: quoted (it holds quotes and a comma), quotes doubled, a single quote first.
  expect(formulaLine).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
  // Nowhere does a cell start with the formula itself (at the start of a line or after a separator).
  expect(text).not.toMatch(/(^|,|\r\n)"?=HYPERLINK/)
  expect(lines.find((l) => l.includes('gnp.exe'))).toContain('⟨U+202E⟩gnp.exe')
  expect(text).not.toContain('\u202E')
})
