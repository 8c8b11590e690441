/**
 * Security (issue 19, item 4): a data service that names its tokens `=HYPERLINK("http://x","y")` and
 * "\u202Egnp.exe" (a right-to-left override that draws it as "exe.png"). The Data lookups table shows the
 * override as ⟨U+202E⟩, and the CSV the page saves from it holds the formula as text: its cell starts with a
 * single quote and is quoted as RFC 4180 says (the file as the page hands it to the browser to save).
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEMO_WALLET } from '../sim/dataset/evm'
import { startSim, type Sim } from '../sim/index'
import { simDataConfig } from '../support/sim-config'
import { catchDownloads, layOut, mountApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

const FORMULA = '=HYPERLINK("http://x","y")'

test('a hostile token name is shown as text in Data lookups and exported to CSV as text', async () => {
  // Two tokens the demo wallet holds on the C-Chain, renamed by the service as any token deployer may.
  const res = await fetch(`${sim.dataUrl}/v1/chains/43114/addresses/${DEMO_WALLET}/balances:listErc20?pageSize=2`)
  const tokens = ((await res.json()) as { erc20TokenBalances: { address: string }[] }).erc20TokenBalances
  expect(tokens).toHaveLength(2)
  await simDataConfig(sim, { tokenNames: { [tokens[0]!.address]: FORMULA, [tokens[1]!.address]: '\u202Egnp.exe' } })

  const ui = await mountApp({ path: '/data' })
  await ui.profileAt(sim, 'Hostile names')
  await ui.click('group-evm')
  await ui.click('lookup-erc20')
  await ui.until(() => ui.has('lookup-form-submit'), 'the form')
  await ui.fill('field-address', DEMO_WALLET)
  await ui.click('lookup-form-submit')
  await ui.until(() => ui.has('page-table') && ui.get('lookup-result').find('[data-testid="source-marker"]').attributes('data-source') === 'live', 'the balances, live')
  await layOut(ui, 'page-table')
  // The override is written out: the name reads as it is stored, not as "exe.png".
  await ui.until(() => ui.text('page-table').includes('⟨U+202E⟩gnp.exe'), 'the override written out')
  expect(ui.text('page-table')).toContain(FORMULA)
  expect(ui.get('page-table').element.innerHTML).not.toContain('\u202E')
  expect(document.querySelector('a[href="http://x"]')).toBeNull()

  const downloads = catchDownloads()
  try {
    await ui.click('page-table-csv')
    await ui.until(() => downloads.files.length === 1, 'the CSV saved')
  } finally {
    downloads.stop()
  }
  expect(downloads.files[0]!.name).toMatch(/\.csv$/)
  const text = await downloads.files[0]!.text()
  expect(text.endsWith('\r\n')).toBe(true)
  const lines = text.split('\r\n')
  // The cell as written: quoted (it holds quotes and a comma), quotes doubled, a single quote first.
  expect(lines.find((l) => l.includes('HYPERLINK'))).toContain(`"'=HYPERLINK(""http://x"",""y"")"`)
  // Nowhere does a cell start with the formula itself (at the start of a line or after a separator).
  expect(text).not.toMatch(/(^|,|\r\n)"?=HYPERLINK/)
  expect(lines.find((l) => l.includes('gnp.exe'))).toContain('⟨U+202E⟩gnp.exe')
  expect(text).not.toContain('\u202E')
})
