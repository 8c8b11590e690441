/**
 * Issue 34's engine against a real (simulated) node and two loopback webhooks, one taking every alert and one
 * only critical ones, checked by hand on the app's clock: a bad state seen once fires nothing ("for N
 * checks"); seen again, its three alerts reach each channel as one message with a line each (the critical-only
 * one gets its one line); the node made unreachable gives one message per channel, not one per rule, and its
 * other alerts are listed as inhibited by it; four hours on, the unreachable alert is sent again saying how long
 * it has fired while the inhibited critical one is not; the node put right resolves all four in one message each;
 * a silenced rule's alert is pushed to the pages with why it is held, and sent nowhere.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { OffsetClock } from '../../../src/main/clock'
import type { Alert, Payload } from '../../../src/shared/contract'
import { accepted, receiver, type Receiver } from '../../support/receivers'
import { until } from '../../support/until'
import { appsPerTest, simPerFile } from './helpers'

const sim = simPerFile()
const apps = appsPerTest({ allowLocalChannels: true })
let all: Receiver
let critical: Receiver
beforeAll(async () => {
  ;[all, critical] = await Promise.all([receiver(() => ({ status: 204 })), receiver(() => ({ status: 204 }))])
})
afterAll(async () => {
  await Promise.all([all?.close(), critical?.close()])
})

const HOUR = 3_600_000

it('one message per check and channel; an unreachable node inhibits its other alerts, listed as such; repeats say how long', async () => {
  const clock = new OffsetClock()
  const { client } = apps.open({ clock, transport: 'ws' })
  await client.call('alerts.addChannel', { kind: 'webhook', name: 'every alert', url: `${all.origin}/all` })
  await client.call('alerts.addChannel', { kind: 'webhook', name: 'critical only', url: `${critical.origin}/critical`, minSeverity: 'critical' })
  const { self, l1, disconnected } = sim.dataset.nodes
  const other = sim.dataset.validators.find((v) => ![self, l1, disconnected].includes(v.nodeID) && v.connected !== false)!.nodeID
  const profile = { name: 'engine', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet' as const, nodeIds: [self, other] }
  const profileId = (await client.call('profiles.create', { profile })).id
  await client.call('watch.setSettings', { profileId, enabled: false })
  // Few peers waits for 3 checks by default: 2 here, so that the three alerts come of one check.
  await client.call('alerts.setRules', { profileId, rules: [{ rule: 'lowPeers', forChecks: 2 }] })
  const check = async () => {
    clock.advance(60_000)
    return client.call('watch.check', { profileId })
  }
  const open = async (): Promise<Alert[]> => (await client.call('alerts.list', { profileId })).open
  /** What each channel was sent once nothing waits in the outbox: the bodies each took, from `from` on. */
  const settled = async (from: { all: number; critical: number }) => {
    await until(async () => (await client.call('alerts.deliveries', { limit: 10 })).pending, (p) => p.length === 0)
    return { all: accepted(all).slice(from.all), critical: accepted(critical).slice(from.critical) }
  }
  const mark = () => ({ all: accepted(all).length, critical: accepted(critical).length })
  const rulesOf = (body: Record<string, unknown>) => (body['alerts'] as Alert[]).map((a) => a.rule)

  try {
    expect(await check()).toMatchObject({ reachable: true, healthy: true })
    sim.setConfig({ failingHealthChecks: ['C'], numPeers: 2 })
    sim.validators.disconnect(other)
    await check()
    expect(await open()).toEqual([])

    let from = mark()
    await check()
    expect((await open()).map((a) => a.rule).sort()).toEqual(['lowPeers', 'unhealthy', 'validatorNotConnected'])
    let sent = await settled(from)
    expect(sent.all).toHaveLength(1)
    expect(sent.all[0]).toMatchObject({ state: 'firing', title: 'FIRING 3 alerts [critical] on engine: Validator not connected, Health check failing, Few peers' })
    expect(rulesOf(sent.all[0]!)).toEqual(['validatorNotConnected', 'unhealthy', 'lowPeers'])
    expect(sent.critical.map(rulesOf)).toEqual([['validatorNotConnected']])

    // The node stops answering: after 3 checks, one message per channel, the unreachable alert alone.
    sim.setConfig({ unresponsive: 'refuse' })
    from = mark()
    for (let i = 0; i < 3; i++) await check()
    sent = await settled(from)
    expect(sent.all.map(rulesOf)).toEqual([['unreachable']])
    expect(sent.critical.map(rulesOf)).toEqual([['unreachable']])
    const down = (await open()).find((a) => a.rule === 'unreachable')!
    expect(sent.all[0]!['deliveryId']).toBe(`${down.id}:firing`)
    const { holds } = await client.call('alerts.list', { profileId })
    const held = (await open()).filter((a) => a.rule !== 'unreachable')
    expect(holds.map((h) => [held.find((a) => a.id === h.alertId)?.rule, h.kind, h.by]).sort()).toEqual(
      [
        ['lowPeers', 'inhibited', down.id],
        ['unhealthy', 'inhibited', down.id],
        ['validatorNotConnected', 'inhibited', down.id]
      ].sort()
    )
    expect(holds[0]!.text).toMatch(/^inhibited by “Node unreachable” since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)

    // Four hours on: the unreachable alert again, saying for how long; the inhibited critical one not.
    clock.advance(4 * HOUR)
    from = mark()
    await check()
    sent = await settled(from)
    expect(sent.critical.map(rulesOf)).toEqual([['unreachable']])
    expect(sent.critical[0]!['title']).toMatch(/^STILL FIRING \[critical\] Node unreachable: engine, firing for 4 h 0\d min$/)
    expect(sent.all.map(rulesOf)).toEqual([['unreachable']])

    // Put right: everything resolves in one message per channel.
    sim.setConfig({ unresponsive: null, failingHealthChecks: [], numPeers: null })
    sim.validators.connect(other)
    from = mark()
    await check()
    expect(await open()).toEqual([])
    sent = await settled(from)
    expect(sent.all.map((b) => [b['state'], rulesOf(b).sort()])).toEqual([['resolved', ['lowPeers', 'unhealthy', 'unreachable', 'validatorNotConnected']]])
    expect(sent.critical.map((b) => [b['state'], rulesOf(b).sort()])).toEqual([['resolved', ['unreachable', 'validatorNotConnected']]])

    // A silenced rule's alert fires held back: told to the app's pages with why (no notification), sent nowhere.
    const pushed: Payload<'alerts.changed'>[] = []
    const off = client.on('alerts.changed', (p) => void pushed.push(p))
    const silence = await client.call('alerts.addSilence', { profileId, rule: 'unhealthy', minutes: 60, reason: 'upgrade', by: 'ops' })
    sim.setConfig({ failingHealthChecks: ['C'] })
    from = mark()
    await check()
    await check()
    sent = await settled(from)
    expect(sent.all.map((b) => b['title'])).toEqual([])
    expect(sent.critical).toEqual([])
    await until(async () => pushed, (p) => p.some((x) => x.alert.rule === 'unhealthy'))
    expect(pushed.find((x) => x.alert.rule === 'unhealthy')).toMatchObject({ state: 'firing', hold: { kind: 'silenced', by: silence.id, text: 'silenced by ops: upgrade' } })
    off()
  } finally {
    sim.setConfig({ unresponsive: null, failingHealthChecks: [], numPeers: null })
    sim.validators.connect(other)
  }
}, 60_000)
