/**
 * A channel added while an alert is open (review N16): it is sent that alert as firing at once, so the
 * "resolved" it later receives follows a fire it was told of. A silenced open alert is not sent to it,
 * as it is to no channel; a channel that takes only critical alerts gets only those.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp, type App } from '../../../src/main/app'
import { plainSecretStore } from '../../../src/main/secrets'
import type { Contract } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { accepted, receiver, type Receiver } from '../../support/receivers'
import { closedPort } from '../../support/ports'
import { until } from '../../support/until'
import { startSim, type Sim } from '../../sim/index'
import { connect, tempDir } from './helpers'

let sim: Sim
let hook: Receiver
let pager: Receiver
let app: App
let client: RpcClient<Contract>
let dir: ReturnType<typeof tempDir>

beforeAll(async () => {
  ;[sim, hook, pager] = await Promise.all([startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }), receiver(() => ({ status: 204 })), receiver(() => ({ status: 204 }))])
  dir = tempDir()
  app = createApp({ dataDir: dir.dir, mode: 'browser', secrets: plainSecretStore, allowLocalChannels: true })
  client = connect(app)
})
afterAll(async () => {
  app?.close()
  dir?.remove()
  await Promise.all([sim?.stop(), hook?.close(), pager?.close()])
})

/** A profile checked only when the test says (its watch off), "unreachable" after one failed check. */
async function profile(name: string, nodeUrl: string): Promise<string> {
  const { id } = await client.call('profiles.create', { profile: { name, network: 'mainnet', nodeUrl, dataUrl: nodeUrl, metricsUrl: nodeUrl, nodeIds: [] } })
  await client.call('watch.setSettings', { profileId: id, enabled: false })
  await client.call('alerts.setRules', { profileId: id, rules: [{ rule: 'unreachable', threshold: 1 }, { rule: 'notBootstrapped', enabled: false }] })
  return id
}

it('a channel added after an alert fired is sent its fire, then its resolve; a silenced alert is not sent', async () => {
  const live = await profile('validator-1', sim.nodeUrl)
  const quiet = await profile('muted-node', `http://127.0.0.1:${await closedPort()}`)
  sim.setConfig({ unresponsive: 'refuse' })
  try {
    await client.call('watch.check', { profileId: live })
  } finally {
    sim.setConfig({ unresponsive: null })
  }
  await client.call('watch.check', { profileId: quiet })
  await client.call('alerts.addSilence', { profileId: quiet, rule: 'unreachable', minutes: 60, reason: 'decommissioning', by: 'ops' })
  const open = (await client.call('alerts.list', {})).open
  const fired = open.find((a) => a.profileId === live && a.rule === 'unreachable')!
  expect(fired).toMatchObject({ severity: 'critical', clearedAt: null })
  expect(open.some((a) => a.profileId === quiet)).toBe(true)

  // Added now: told of the open alert at once, as it fired (its id, its first firing time).
  await client.call('alerts.addChannel', { kind: 'webhook', name: 'added later', url: `${hook.origin}/later` })
  await client.call('alerts.addChannel', { kind: 'webhook', name: 'pager', url: `${pager.origin}/crit`, minSeverity: 'critical' })
  const first = await until(() => accepted(hook), (b) => b.length > 0)
  expect(first).toHaveLength(1)
  expect(first[0]).toMatchObject({ id: fired.id, state: 'firing', deliveryId: `${fired.id}:firing`, firedAt: fired.firedAt, profileName: 'validator-1' })
  await until(() => accepted(pager), (b) => b.length > 0)

  // The node answers again: the resolve follows the fire; nothing of the silenced profile came.
  await client.call('watch.check', { profileId: live })
  const both = await until(() => accepted(hook), (b) => b.length >= 2)
  expect(both.map((b) => [b['id'], b['state']])).toEqual([
    [fired.id, 'firing'],
    [fired.id, 'resolved']
  ])
  // The silenced one was never written for any channel (written, it would be in the outbox or the log by now:
  // adding a channel writes what it is sent before it returns).
  const mutedAlert = open.find((a) => a.profileId === quiet)!
  expect(await client.call('alerts.deliveries', { limit: 100, alertId: mutedAlert.id })).toEqual({ tries: [], pending: [] })
  expect(accepted(pager).map((b) => [b['id'], b['state']])).toEqual([
    [fired.id, 'firing'],
    [fired.id, 'resolved']
  ])
}, 45_000)
