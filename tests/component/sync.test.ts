/**
 * The Sync panel against the sim: an operator adds an address of the active profile, watches its job sync page
 * by page until it says since when it is in sync, then adds a second one slowed by the sim's latency knob,
 * cancels its pass half-way (it says it goes on from its last page) and removes both. An address of another
 * network is refused beside the field, in words that say what to fix.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startSim, type Sim } from '../sim/index'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

const jobs = (ui: MountedApp): ReturnType<MountedApp['all']> => ui.all('sync-job')
const within = (job: ReturnType<MountedApp['get']> | undefined, testId: string): string => job?.find(`[data-testid="${testId}"]`).text() ?? ''

async function add(ui: MountedApp, address: string): Promise<void> {
  await ui.fill('sync-addresses', address)
  await ui.click('sync-add-addresses')
}

test('add an address, watch it sync, cancel a pass half-way, remove', async () => {
  const ui = await mountApp({ path: '/sync' })
  await ui.profileAt(sim, 'Sync sim')
  await ui.until(() => ui.has('sync-add'), 'the Sync panel')
  const op = sim.dataset.wellKnown.operator

  // Another network's address: refused by main, shown beside the field.
  await add(ui, `P-fuji1${op.bech32.slice('avax1'.length)}`)
  await ui.until(() => /not a bech32 address|another network/.test(ui.text('sync-add')), 'the address refused')
  expect(jobs(ui)).toHaveLength(0)

  await add(ui, op.pChain)
  await ui.until(() => within(jobs(ui)[0], 'sync-job-title').includes(op.pChain.slice(0, 8)), 'the job of the address')
  await ui.until(() => /In sync since .+ \((just now|\d+ s ago)\)/.test(within(jobs(ui)[0], 'sync-job-since')), 'the job in sync')
  expect(jobs(ui)[0]!.attributes('data-state')).toBe('idle')

  // A slow one, without its UTXOs (every kind is ticked at first): cancelled while it runs, it stays "stopped part way".
  const slow = sim.faults.add({ service: 'data', kind: 'latency', match: '/transactions', ms: 400 })
  try {
    await ui.fill('sync-addresses', sim.dataset.wellKnown.rich.xChain)
    const utxos = ui
      .get('sync-keep')
      .findAll('.n-checkbox')
      .find((c) => c.text() === 'UTXOs')!
    await utxos.trigger('click')
    await ui.until(() => !utxos.classes('n-checkbox--checked'), 'UTXOs unticked')
    await ui.click('sync-add-addresses')
    await ui.until(() => jobs(ui)[1]?.attributes('data-state') === 'running', 'the second job running')
    expect(jobs(ui)[1]!.text()).toContain('Sync sim (mainnet) · transactions, balances, ICM messages · every 15 min')
    await ui.until(() => /page \d+/.test(within(jobs(ui)[1], 'sync-job-progress')), 'a page of the pass done')
    await jobs(ui)[1]!.find('[data-testid="sync-job-cancel"]').trigger('click')
    await ui.until(() => jobs(ui)[1]?.attributes('data-state') === 'paused', 'the pass stopped')
    expect(within(jobs(ui)[1], 'sync-job-state')).toBe('Stopped part way: goes on from its last page')
    expect(within(jobs(ui)[1], 'sync-job-since')).toContain('Not in sync yet')
  } finally {
    sim.faults.remove(slow)
  }

  for (let n = 2; n > 0; n--) {
    await jobs(ui)[0]!.find('[data-testid="sync-job-remove"]').trigger('click')
    await ui.until(() => document.querySelector('.n-popconfirm') !== null, 'the confirmation')
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('.n-popconfirm button')].find((b) => b.textContent?.trim() === 'Remove')!
    confirm.click()
    await ui.until(() => jobs(ui).length === n - 1 && document.querySelector('.n-popconfirm') === null, `${n - 1} jobs left`)
  }
  await ui.until(() => ui.has('sync-empty'), 'the panel empty')
})
