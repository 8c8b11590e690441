/**
 * The Validators panel on a subnet: a malformed ID named in the form and nothing asked of the node, an unknown
 * subnet named by the app, a subnet of the node's with its own set, a permissioned subnet with no current
 * validators shown as an empty set (not an unknown subnet), and an L1 validator's card with its validation ID,
 * balance, nonce and owners. (The whole set scrolled, sorted and filtered in a real browser stays end-to-end:
 * tests/e2e/validators.spec.ts.)
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { encodeCb58 } from '../../src/shared/domain/encoding'
import { startSim, type Sim } from '../sim/index'
import { QUIET_SUBNET_LABEL } from '../sim/dataset/genSubnets'
import { currentValidators as nodeValidators } from '../support/node-validators'
import { mountApp, type MountedApp } from './mount'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(() => sim.stop())

/** Types a subnet ID into the picker and presses Enter, as a person does. */
async function typeSubnet(ui: MountedApp, id: string): Promise<void> {
  await ui.fill('subnet-input', id)
  await ui.get('subnet-input').trigger('keydown', { key: 'Enter', code: 'Enter' })
  await ui.until(() => true)
}

const where = (ui: MountedApp): string | undefined => (ui.has('my-validators-where') ? ui.get('my-validators-where').attributes('title') : undefined)
/** What the sim's node lists, to compare the page with. */
const currentValidators = (params: { nodeIDs?: string[]; subnetID?: string }) => nodeValidators(sim, params)
const mine = (): string[] => [sim.dataset.nodes.self, sim.dataset.nodes.notValidator]

test('subnets: a malformed ID named in the form, an unknown one named by the app, a known one with its own set', async () => {
  const ui = await mountApp({ path: '/validators' })
  await ui.profileAt(sim, 'Subnets', { nodeIds: mine() })
  await ui.until(() => ui.text('set-count') === '2,000', 'the whole set')

  await typeSubnet(ui, 'not-a-subnet')
  await ui.until(() => ui.text('subnet-problem').includes('Subnet ID must be a cb58 id'), 'the form naming the bad ID')
  // Nothing changed: still the Primary Network.
  expect(ui.text('set-count')).toBe('2,000')

  await typeSubnet(ui, encodeCb58(new Uint8Array(32).fill(7)))
  await ui.until(() => !ui.has('subnet-problem') && ui.text('my-validators-error').includes('knows no subnet'), 'the app naming the unknown subnet')

  const subnet = sim.dataset.subnets.find((x) => x.subnetId)!.subnetId
  const expected = await currentValidators({ subnetID: subnet })
  await typeSubnet(ui, subnet)
  await ui.until(() => where(ui) === `subnet ${subnet}` && ui.text('set-count') === expected.length.toLocaleString('en-US'), `the subnet's ${expected.length} validators`)
  expect(ui.has('subnet-list-error')).toBe(false)
})

test('a permissioned subnet with no current validators: an empty set, not an unknown subnet', async () => {
  const quiet = sim.dataset.subnets.find((x) => x.label === QUIET_SUBNET_LABEL)!.subnetId
  expect(await currentValidators({ subnetID: quiet })).toEqual([])
  const ui = await mountApp({ path: '/validators' })
  await ui.profileAt(sim, 'Quiet', { nodeIds: mine() })
  await ui.until(() => ui.text('set-count') === '2,000', 'the whole set')
  await typeSubnet(ui, quiet)
  await ui.until(() => where(ui) === `subnet ${quiet}` && ui.has('set-empty'), 'the empty set of the subnet')
  expect(ui.text('set-empty')).toBe('The node lists no current validators for this subnet.')
  expect(ui.has('validator-set-error')).toBe(false)
  expect(ui.has('my-validators-error')).toBe(false)
  await ui.until(() => ui.all('not-validating').length === 2, 'both NodeIDs said not validating there')
})

test('an L1 validator: its validation ID, balance, nonce, weight and owners', async () => {
  const l1 = sim.dataset.l1Validators.find((v) => v.nodeID === sim.dataset.nodes.l1)!
  const [node] = await currentValidators({ subnetID: l1.subnetId, nodeIDs: [l1.nodeID] })
  expect(node).toBeDefined()
  const ui = await mountApp({ path: '/validators' })
  await ui.profileAt(sim, 'L1', { nodeIds: [l1.nodeID] })
  await ui.until(() => ui.has('subnet-input'), 'the subnet picker')
  await typeSubnet(ui, l1.subnetId)
  const card = (): ReturnType<MountedApp['get']> => ui.get('my-validators').find(`[data-testid="my-validator"][data-node-id="${l1.nodeID}"]`)
  const field = (testId: string): string => card().find(`[data-testid="${testId}"]`).text()
  await ui.until(() => card().exists() && field('my-validator-validation-id') === l1.validationId, 'the L1 validator card')
  expect(field('my-validator-min-nonce')).toBe(l1.minNonce.toString())
  expect(field('my-validator-balance')).toContain('AVAX')
  expect(field('my-validator-weight')).toBe(BigInt(node!.weight).toLocaleString('en-US'))
  expect(card().text()).toContain('Remaining balance owner')
  expect(card().text()).toContain('Deactivation owner')
})
