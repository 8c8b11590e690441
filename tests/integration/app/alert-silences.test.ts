/**
 * Silences on the delivery path (issue 34, point 4), with real channels (two loopback webhooks) and the sim's
 * node: while a profile is silenced, nothing of it reaches any channel (its alerts are stored and listed); an
 * alert still firing when the silence ends is sent then, once; a resolution held by a silence is sent when it
 * ends; a firing that resolved while held is never sent at all. Time moves on the app's clock. And what the
 * daily digest says is silenced.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp, type App } from '../../../src/main/app'
import { AlertStore } from '../../../src/main/cache/alert-store'
import { openDatabase } from '../../../src/main/cache/database'
import { SilenceStore } from '../../../src/main/cache/silence-store'
import { OffsetClock } from '../../../src/main/clock'
import { QuietService } from '../../../src/main/services/alerts/quiet'
import { plainSecretStore } from '../../../src/main/secrets'
import type { Contract } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { accepted, receiver, type Receiver } from '../../support/receivers'
import { closedPort } from '../../support/ports'
import { until } from '../../support/until'
import { startSim, type Sim } from '../../sim/index'
import { connect, tempDir } from './helpers'

let sim: Sim
let hooks: Receiver[]
let app: App
let client: RpcClient<Contract>
let dir: ReturnType<typeof tempDir>
const clock = new OffsetClock()

beforeAll(async () => {
  ;[sim, ...hooks] = await Promise.all([startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }), receiver(() => ({ status: 204 })), receiver(() => ({ status: 204 }))])
  dir = tempDir()
  app = createApp({ dataDir: dir.dir, mode: 'browser', secrets: plainSecretStore, allowLocalChannels: true, clock })
  client = connect(app)
})
afterAll(async () => {
  app?.close()
  dir?.remove()
  await Promise.all([sim?.stop(), ...(hooks ?? []).map((h) => h.close())])
})

async function profile(name: string, nodeUrl: string): Promise<string> {
  const { id } = await client.call('profiles.create', { profile: { name, network: 'mainnet', nodeUrl, dataUrl: nodeUrl, metricsUrl: nodeUrl, nodeIds: [] } })
  await client.call('watch.setSettings', { profileId: id, enabled: false })
  await client.call('alerts.setRules', { profileId: id, rules: [{ rule: 'unreachable', threshold: 1 }, { rule: 'notBootstrapped', enabled: false }] })
  return id
}

/** One check of the profile with the sim's node refusing (down) or answering. */
async function check(profileId: string, down: boolean): Promise<void> {
  sim.setConfig({ unresponsive: down ? 'refuse' : null })
  try {
    await client.call('watch.check', { profileId })
  } finally {
    sim.setConfig({ unresponsive: null })
  }
}

/** What each channel took, as [alert id, state], once the outbox has sent everything it holds. */
async function received(): Promise<Array<Array<[unknown, unknown]>>> {
  await until(() => client.call('alerts.channels', {}), (c) => c.channels.every((x) => x.health.pending === 0))
  return hooks.map((h) => accepted(h).map((b) => [b['id'], b['state']] as [unknown, unknown]))
}

it('a silenced profile sends nothing while the silence lasts; still firing when it ends, its alert is sent once; a held resolution follows', async () => {
  const quiet = await profile('upgrading', sim.nodeUrl)
  const loud = await profile('other', `http://127.0.0.1:${await closedPort()}`)
  for (const [i, h] of hooks.entries()) await client.call('alerts.addChannel', { kind: 'webhook', name: `hook ${i}`, url: `${h.origin}/h` })
  const silence = await client.call('alerts.addSilence', { profileId: quiet, rule: null, minutes: 30, reason: 'upgrade', by: 'ops' })

  await check(quiet, true)
  await check(loud, true)
  const { open, silences } = await client.call('alerts.list', {})
  const held = open.find((a) => a.profileId === quiet && a.rule === 'unreachable')!
  const other = open.find((a) => a.profileId === loud && a.rule === 'unreachable')!
  expect(held).toMatchObject({ severity: 'critical', clearedAt: null })
  expect(silences.map((s) => s.id)).toEqual([silence.id])
  // Still down at later checks inside the silence: nothing of it goes anywhere.
  clock.advance(20 * 60_000)
  await check(quiet, true)
  for (const got of await received()) expect(got).toEqual([[other.id, 'firing']])

  // The silence has ended and the node is still down: sent at the next check, and only once.
  clock.advance(10 * 60_000 + 1)
  await check(quiet, true)
  await check(quiet, true)
  for (const got of await received())
    expect(got).toEqual([
      [other.id, 'firing'],
      [held.id, 'firing']
    ])

  // A resolution held by a new silence is sent when that ends; nothing more of the firing.
  await client.call('alerts.addSilence', { profileId: quiet, rule: 'unreachable', minutes: 10, reason: 'reboot', by: 'ops' })
  await check(quiet, false)
  expect((await client.call('alerts.list', {})).open.some((a) => a.id === held.id)).toBe(false)
  for (const got of await received()) expect(got).toHaveLength(2)
  clock.advance(10 * 60_000 + 1)
  await check(quiet, false)
  for (const got of await received()) expect(got.slice(2)).toEqual([[held.id, 'resolved']])

  // Fired and resolved inside one silence (after the cooldown): never sent, neither when it ends.
  clock.advance(60 * 60_000)
  const last = await client.call('alerts.addSilence', { profileId: null, rule: null, minutes: 10, reason: 'maintenance', by: 'ops' })
  await check(quiet, true)
  const again = (await client.call('alerts.list', { profileId: quiet })).open.find((a) => a.rule === 'unreachable')!
  expect(again.id).not.toBe(held.id)
  await check(quiet, false)
  await client.call('alerts.expireSilence', { id: last.id })
  await check(quiet, false)
  for (const got of await received()) expect(got.slice(2)).toEqual([[held.id, 'resolved']])
}, 60_000)

it('the daily digest says what is silenced now: each silence in force (not one yet to start) and each window in force', () => {
  const t = tempDir()
  const { db } = openDatabase(t.dir)
  try {
    const store = new SilenceStore(db)
    const at = Date.parse('2026-11-29T03:30:00Z')
    const quiet = new QuietService({ store, alerts: new AlertStore(db), hasProfile: () => true, now: () => at })
    const base = { rule: null, subject: null, reason: 'upgrade', createdBy: 'ops', createdAt: at }
    store.putSilence({ ...base, id: 'now', profileId: null, rule: 'unreachable', startsAt: at - 60_000, endsAt: at + 60_000 })
    store.putSilence({ ...base, id: 'later', profileId: null, startsAt: at + 60_000, endsAt: at + 120_000 })
    store.putWindow({ id: 'w', name: 'Sunday reboot', profileId: null, schedule: { kind: 'weekly', days: [0], at: '03:00' }, durationMinutes: 60, timeZone: 'UTC' }, at)
    store.putWindow({ id: 'w2', name: 'Monday', profileId: null, schedule: { kind: 'weekly', days: [1], at: '03:00' }, durationMinutes: 60, timeZone: 'UTC' }, at)
    expect(quiet.silencedText(at, (id) => `name of ${id}`)).toEqual([
      { profileId: null, text: 'every profile: unreachable (upgrade, by ops)' },
      { profileId: null, text: 'every profile: maintenance window “Sunday reboot”' }
    ])
  } finally {
    db.close()
    t.remove()
  }
})
