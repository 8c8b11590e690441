/**
 * The alerts area through the contract: rules per profile with thresholds refused in words that say
 * what to fix, an alert that fires for a node that cannot be reached (pushed as alerts.changed),
 * acknowledged (PagerDuty told), and silenced for a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Contract, Payload } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { closedPort } from '../../support/ports'
import { receiver } from '../../support/receivers'
import { until } from '../../support/until'
import { connect, failure, testApp } from './helpers'

let ctx: ReturnType<typeof testApp>
let client: RpcClient<Contract>
let profileId: string

beforeAll(async () => {
  ctx = testApp('browser')
  client = connect(ctx.app)
  const url = `http://127.0.0.1:${await closedPort()}`
  profileId = (await client.call('profiles.create', { profile: { name: 'gone', nodeUrl: url, dataUrl: url, metricsUrl: url, network: 'fuji', nodeIds: [] } })).id
})
afterAll(() => ctx?.done())

describe('alerts', () => {
  it('rules: every rule with its default; changes kept; bad changes refused with what to fix', async () => {
    const { rules } = await client.call('alerts.rules', { profileId })
    expect(Object.fromEntries(rules.map((r) => [r.rule, [r.enabled, r.threshold]]))).toMatchObject({
      unreachable: [true, 3],
      unhealthy: [true, null],
      lowPeers: [true, 5],
      versionBelowMin: [true, null],
      // not set: the network's requirement (80 %, 90 % for validators started after ACP-267's activation)
      uptimeLow: [true, null],
      stakeEnding: [true, null],
      l1BalanceRunway: [true, null]
    })
    const set = await client.call('alerts.setRules', {
      profileId,
      rules: [
        { rule: 'uptimeLow', threshold: 90.5 },
        { rule: 'versionBelowMin', threshold: ' 1.14.0 ' },
        { rule: 'lowPeers', enabled: false }
      ]
    })
    expect(set.rules.filter((r) => ['uptimeLow', 'versionBelowMin', 'lowPeers'].includes(r.rule))).toEqual([
      { rule: 'lowPeers', enabled: false, threshold: 5, forChecks: 3 },
      { rule: 'versionBelowMin', enabled: true, threshold: '1.14.0', forChecks: 1 },
      { rule: 'uptimeLow', enabled: true, threshold: 90.5, forChecks: 2 }
    ])
    // null puts a threshold back to its default (uptimeLow's: none, the network's requirement), and "for N checks" too.
    const back = await client.call('alerts.setRules', { profileId, rules: [{ rule: 'uptimeLow', threshold: null, forChecks: 4 }] })
    expect(back.rules.find((r) => r.rule === 'uptimeLow')).toMatchObject({ threshold: null, forChecks: 4 })
    const again = await client.call('alerts.setRules', { profileId, rules: [{ rule: 'uptimeLow', forChecks: null }] })
    expect(again.rules.find((r) => r.rule === 'uptimeLow')?.forChecks).toBe(2)
    expect(again.rules.find((r) => r.rule === 'unreachable')?.forChecks).toBe(1)
    const peersBack = await client.call('alerts.setRules', { profileId, rules: [{ rule: 'lowPeers', threshold: 9 }] })
    expect(peersBack.rules.find((r) => r.rule === 'lowPeers')?.threshold).toBe(9)
    const peersDefault = await client.call('alerts.setRules', { profileId, rules: [{ rule: 'lowPeers', threshold: null }] })
    expect(peersDefault.rules.find((r) => r.rule === 'lowPeers')?.threshold).toBe(5)

    const refused = async (rules: unknown[]) => (await failure(client.call('alerts.setRules', { profileId, rules } as never))).message
    expect(await refused([{ rule: 'diskFull' }])).toMatch(/unknown rule "diskFull": one of unreachable, unhealthy/)
    expect(await refused([{ rule: 'uptimeLow', threshold: 120 }])).toMatch(/“Uptime under the threshold” takes a number from 0 to 100 % \(empty: the network's reward cut-off, 80 %, or 90 % for a validator that started after ACP-267's activation\)/)
    expect(await refused([{ rule: 'unreachable', threshold: 2.5 }])).toMatch(/“Node unreachable” takes a whole number from 1 to 100 failed checks/)
    expect(await refused([{ rule: 'versionBelowMin', threshold: 'latest' }])).toMatch(/“Version below the minimum \(upgrade reminder\)” takes a version such as 1\.13\.0/)
    expect(await refused([{ rule: 'unhealthy', threshold: 3 }])).toMatch(/“Health check failing” \(unhealthy\) has no threshold: leave it out/)
    expect(await refused([])).toMatch(/name at least one rule/)
    expect(await refused([{ rule: 'lowPeers', forChecks: 0 }])).toMatch(/forChecks takes a whole number of checks from 1 to 30/)
    expect(await refused([{ rule: 'unreachable', forChecks: 2 }])).toMatch(/“Node unreachable” counts its failed checks with its threshold: set that instead/)
    expect((await failure(client.call('alerts.rules', { profileId: 'nope' }))).code).toBe('NOT_FOUND')
  })

  it('a node that cannot be reached fires "unreachable" (pushed to subscribers); it is acknowledged (PagerDuty told), and silenced; a window is checked, added and removed', async () => {
    const pagerduty = await receiver(() => ({ status: 202, body: '{"status":"success"}' }))
    const routing = (profiles: string[]) => ({ profiles, rules: [], activeHours: null })
    const pd = { kind: 'pagerduty' as const, name: 'on call', routingKey: 'R0ut1ngK3yOfTh1rtyTw0Characters', apiBaseUrl: pagerduty.origin }
    expect((await failure(client.call('alerts.addChannel', { ...pd, routing: routing(['no-such-profile']) }))).message).toMatch(/routing.profiles: no profile with id no-such-profile/)
    const added = await client.call('alerts.addChannel', { ...pd, routing: routing([profileId]) })
    // What it takes changes through the contract; a profile that does not exist, or a digest for PagerDuty, is refused.
    const digest = { at: '08:00', timeZone: 'UTC' }
    expect((await failure(client.call('alerts.setChannelRouting', { id: added.id, digest }))).message).toMatch(/a PagerDuty channel takes no digest/)
    expect((await failure(client.call('alerts.setChannelRouting', { id: added.id, routing: routing(['gone-too']) }))).message).toMatch(/no profile with id gone-too/)
    expect((await client.call('alerts.setChannelRouting', { id: added.id, minSeverity: 'critical' })).routing.profiles).toEqual([profileId])
    const pushed: Payload<'alerts.changed'>[] = []
    const off = client.on('alerts.changed', (p) => void pushed.push(p))
    // Another profile is the active one: what the alert announces to pages names the active profile (a page
    // reads another id in cache.changed as "another profile became active", and drops what it shows).
    const url = `http://127.0.0.1:${await closedPort()}`
    const active = (await client.call('profiles.create', { profile: { name: 'active one', nodeUrl: url, dataUrl: url, metricsUrl: url, network: 'fuji', nodeIds: [] } })).id
    await client.call('watch.setSettings', { profileId: active, enabled: false })
    await client.call('profiles.activate', { id: active })
    const changed: Payload<'cache.changed'>[] = []
    const offChanged = client.on('cache.changed', (p) => void changed.push(p))
    try {
      await client.call('alerts.setRules', { profileId, rules: [{ rule: 'unreachable', threshold: 1 }] })
      await client.call('watch.setSettings', { profileId, intervalSec: 5 })
      const end = Date.now() + 12_000
      while (!pushed.some((p) => p.state === 'firing' && p.alert.rule === 'unreachable') && Date.now() < end) await new Promise((r) => setTimeout(r, 100))
      const fired = pushed.find((p) => p.alert.rule === 'unreachable')!
      expect(fired).toMatchObject({ state: 'firing', alert: { profileId, profileName: 'gone', rule: 'unreachable', subject: null, severity: 'critical', acknowledgedAt: null } })
      expect(changed.length).toBeGreaterThan(0)
      expect(changed.every((c) => c.profileId === active)).toBe(true)

      const list = await client.call('alerts.list', { profileId })
      expect(list.open.map((a) => a.id)).toContain(fired.alert.id)
      const seen = await client.call('alerts.acknowledge', { id: fired.alert.id })
      expect(seen.acknowledgedAt).toEqual(expect.any(Number))
      expect((await client.call('watch.status', {})).profiles.find((p) => p.profileId === profileId)?.openAlerts[0]?.acknowledgedAt).toBe(seen.acknowledgedAt)
      expect((await failure(client.call('alerts.acknowledge', { id: 'no-such-alert' }))).code).toBe('NOT_FOUND')
      // The channel that had the alert's trigger is told of the acknowledgement, once (a second acknowledge changes nothing).
      await client.call('alerts.acknowledge', { id: fired.alert.id })
      const sent = await until(
        async () => (await client.call('alerts.deliveries', { limit: 50, alertId: fired.alert.id })).tries.filter((t) => t.outcome === 'delivered').map((t) => t.state),
        (states) => states.includes('acknowledged')
      )
      expect(sent.sort()).toEqual(['acknowledged', 'firing'])
      expect(pagerduty.seen.map((x) => (JSON.parse(x.body) as { event_action: string }).event_action)).toEqual(['trigger', 'acknowledge'])

      const silence = await client.call('alerts.addSilence', { profileId, rule: 'unreachable', minutes: 30, reason: 'upgrade', by: 'ops' })
      expect(silence).toMatchObject({ profileId, rule: 'unreachable', subject: null, reason: 'upgrade', createdBy: 'ops' })
      expect(silence.endsAt - silence.startsAt).toBe(30 * 60_000)
      expect((await client.call('alerts.list', {})).silences.map((m) => m.id)).toEqual([silence.id])
      expect((await failure(client.call('alerts.addSilence', { profileId, rule: 'unreachable', minutes: 20_000, reason: 'x', by: 'ops' }))).message).toMatch(
        /minutes must be at most 10080 \(a week\)/
      )
      expect((await failure(client.call('alerts.addSilence', { profileId, rule: null, minutes: 5, reason: '  ', by: 'ops' }))).message).toMatch(/reason must not be empty/)
      expect((await failure(client.call('alerts.addSilence', { profileId: 'nope', rule: null, minutes: 5, reason: 'r', by: 'ops' }))).code).toBe('NOT_FOUND')
      const window = { name: 'reboot', profileId, schedule: { kind: 'cron' as const, expr: '0 3 * * 0' }, durationMinutes: 60, timeZone: 'Europe/Berlin' }
      expect((await failure(client.call('alerts.setWindow', { ...window, timeZone: 'Europe/Nowhere' }))).message).toMatch(/unknown time zone "Europe\/Nowhere": an IANA name/)
      expect((await failure(client.call('alerts.setWindow', { ...window, schedule: { kind: 'cron', expr: '0 25 * * *' } }))).message).toMatch(/hour field "25" must stay within 0-23/)
      const added = await client.call('alerts.setWindow', window)
      expect((await client.call('alerts.silences', { profileId })).windows).toEqual([added])
      expect((await client.call('alerts.removeWindow', { id: added.id })).windows).toEqual([])
      expect((await client.call('alerts.expireSilence', { id: silence.id })).endsAt).toBeLessThanOrEqual(Date.now())
      expect((await client.call('alerts.list', {})).silences).toEqual([])
      expect((await failure(client.call('alerts.expireSilence', { id: 'no-such' }))).code).toBe('NOT_FOUND')
    } finally {
      await pagerduty.close()
      off()
      offChanged()
      await client.call('watch.setSettings', { profileId, enabled: false })
    }
  }, 20_000)
})
