/**
 * The P-Chain explorer against the sim: a block by height in both encodings, previous/next walking the chain,
 * the block in the address (a link opens it, back returns), the blockchains with their status meanings, the
 * supply (none kept for a permissioned subnet, said in the node's words), bad input refused in the form, and a
 * block seen before opened from the cache once the node is gone. (What the panel looks like at 1024 px is the
 * layout test's: tests/e2e/layout.spec.ts; the C-Chain live view stays end-to-end: tests/e2e/chains.spec.ts.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { QUIET_SUBNET_LABEL } from '../sim/dataset/genSubnets'
import { dateTime, PRIMARY_NETWORK_ID, utcText } from '../../src/shared/domain/format'
import { choose, layOut, mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

async function show(ui: MountedApp, what: string): Promise<void> {
  await ui.fill('pchain-block-input', what)
  await ui.click('pchain-block-go')
}

test('P-Chain: a block by height in json and hex, previous/next, blockchains with meanings, supply, bad input, offline', async () => {
  const ui = await mountApp({ path: '/pchain' })
  await ui.profileAt(sim, 'P-Chain sim')
  await ui.until(() => ui.has('pchain-panel'), 'the P-Chain panel')
  const blocks = sim.dataset.pBlocks
  const at = Math.floor(blocks.length / 2)
  const mid = blocks[at]!
  const card = (): ReturnType<MountedApp['get']> => ui.get('pchain-block')
  const blockId = (): string => ui.text('pchain-block-id')

  await show(ui, mid.height.toString())
  await ui.until(() => blockId() === mid.blockId, `block ${mid.height}`)
  await layOut(ui, 'pchain-json')
  expect(ui.text('pchain-json')).toContain('txs')
  expect(ui.text('pchain-json')).toContain(`parentID: ${mid.parentId}`)
  // The block's time in its tree is a local date, the unix seconds on hover.
  const time = card()
    .findAll('[data-testid="pchain-json-time"]')
    .filter((t) => t.text().startsWith('time: '))
  expect(time.map((t) => t.text())).toEqual([`time: ${dateTime(mid.timestamp * 1000)}`])
  expect(time[0]!.attributes('title')).toBe(`${mid.timestamp} (unix seconds) · ${utcText(mid.timestamp * 1000)}`)
  expect(ui.text('pchain-type')).toMatch(/^Banff\w+Block \(\d+\)$/)
  // The block is in the address: a reload keeps it; its parent is a link that opens it (review #29, item 5).
  expect(window.location.hash).toMatch(new RegExp(`^#/pchain\\?height=${mid.height}`))
  await ui.reload()
  await ui.until(() => ui.has('pchain-block-id') && blockId() === mid.blockId, 'the block after a reload')
  await ui.click('pchain-parent-open')
  await ui.until(() => ui.text('pchain-height') === `Height ${mid.height - 1n}`, 'the parent block')
  ui.wrapper.vm.$router.back()
  await ui.until(() => blockId() === mid.blockId, 'the block again after back')

  await choose(ui, 'pchain-encoding', 'hex')
  await ui.until(() => card().find('[data-testid="pchain-hex"] textarea').exists(), 'the hex')
  expect((card().find('[data-testid="pchain-hex"] textarea').element as HTMLTextAreaElement).value).toMatch(/^0x[0-9a-f]+$/)

  await ui.click('pchain-next')
  await ui.until(() => ui.text('pchain-height') === `Height ${mid.height + 1n}` && blockId() === blocks[at + 1]!.blockId, 'the next block')
  await ui.click('pchain-prev')
  await ui.until(() => ui.text('pchain-height') === `Height ${mid.height}`, 'back one')
  await ui.click('pchain-prev')
  await ui.until(() => blockId() === blocks[at - 1]!.blockId, 'the previous block')

  // The status's meaning on hover; the subnet by name with its ID on hover; IDs short (review #29).
  await layOut(ui, 'pchain-blockchains')
  await ui.until(() => ui.get('pchain-blockchains').find('[data-testid="chain-status"]').exists(), 'the blockchains')
  const chains = ui.get('pchain-blockchains')
  expect(chains.find('[data-testid="chain-status"][title*="the blockchain is being validated by the queried node"]').exists()).toBe(true)
  expect(chains.find('[data-testid="chain-status"][title*="the queried node takes part as a non-validating node"]').exists()).toBe(true)
  expect(chains.text()).toContain('deprecated')
  const primary = chains.findAll('[data-testid="chain-subnet-text"]').find((s) => s.text() === 'Primary Network')
  expect(primary?.attributes('title')).toBe(PRIMARY_NETWORK_ID)
  const other = sim.dataset.subnets.find((x) => x.blockchains.length > 0)!
  expect(chains.find(`[data-testid="chain-id"][data-id="${other.blockchains[0]!.blockchainId}"] [data-testid="chain-id-text"]`).text()).toMatch(/^\w{6}…\w{5}$/)

  // The Primary Network's supply is AVAX. A permissioned subnet keeps none (issue 19): the app says so,
  // with the node's own words, rather than calling the subnet unknown.
  await ui.until(() => /^[\d,.]+ AVAX$/.test(ui.text('pchain-supply-value')), 'the supply in AVAX')
  const quiet = sim.dataset.subnets.find((x) => x.label === QUIET_SUBNET_LABEL)!
  await ui.fill('pchain-supply-input', quiet.subnetId)
  await ui.click('pchain-supply-go')
  const notice = (): string => ui.get('pchain-supply').find('[data-testid="error-notice"]').text()
  await ui.until(() => ui.get('pchain-supply').find('[data-testid="error-notice"]').exists(), 'the supply refused')
  expect(notice()).toContain(`No supply is kept for permissioned subnets and L1s, and subnet ${quiet.subnetId} is a permissioned subnet`)
  expect(ui.get('pchain-supply').find('[data-testid="error-upstream"]').text()).toBe('The node said: fetching current supply failed: not found')
  expect(notice()).not.toContain('knows no subnet')

  for (const bad of ['-1', 'ten']) {
    await show(ui, bad)
    await ui.until(() => ui.text('pchain-block-feedback').includes('must be a block height: a whole number 0 or more'), `"${bad}" refused`)
  }
  await choose(ui, 'pchain-mode', 'By block ID')
  await show(ui, sim.dataset.unknownBlockchainId)
  await ui.until(() => card().text().includes('no P-Chain block with ID'), 'an unknown block ID said so')
  await show(ui, 'not-an-id!')
  await ui.until(() => ui.text('pchain-block-feedback').includes('must be a cb58 id'), 'a bad ID refused')

  // The node gone: the block seen before opens from the cache, marked so with its age.
  await sim.stop()
  await choose(ui, 'pchain-mode', 'By height')
  await show(ui, mid.height.toString())
  const marker = (): ReturnType<MountedApp['get']> => card().find('[data-testid="source-marker"]')
  await ui.until(() => blockId() === mid.blockId && marker().exists() && marker().attributes('data-source') === 'cache', 'the block from the cache')
  expect(marker().text()).toMatch(/cached/)
})
