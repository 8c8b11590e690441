import { describe, expect, it } from 'vitest'
import { DEFAULT_RULE_CONFIG, evaluateRules, type RuleInput } from '../../src/main/services/alerts/rules'
import type { WatchAlert, WatchSample } from '../../src/shared/contract'

const profile = { id: 'p1', name: 'validator-1', nodeUrl: 'http://10.0.0.1:9650' }
const MIN = 60_000

function sample(at: number, patch: Partial<WatchSample> = {}): WatchSample {
  return { profileId: 'p1', at, reachable: true, healthy: true, failingChecks: [], bootstrapped: { P: true, X: true, C: true }, ...patch }
}
const down = (at: number): WatchSample => sample(at, { reachable: false, error: 'connection refused', failingChecks: [], bootstrapped: { P: null, X: null, C: null }, healthy: undefined })

function run(samples: WatchSample[], open: WatchAlert[] = [], lastFiredAt: RuleInput['lastFiredAt'] = {}, config = DEFAULT_RULE_CONFIG) {
  return evaluateRules({ profile, samples, open, lastFiredAt, config })
}

describe('alert rules', () => {
  it('unreachable fires after N consecutive failed checks (default 3), not before', () => {
    expect(run([sample(0), down(MIN), down(2 * MIN)]).fired).toEqual([])
    const { fired } = run([down(MIN), down(2 * MIN), down(3 * MIN)])
    expect(fired).toEqual([
      {
        id: `p1:unreachable:${3 * MIN}`,
        profileId: 'p1',
        profileName: 'validator-1',
        nodeUrl: 'http://10.0.0.1:9650',
        rule: 'unreachable',
        severity: 'critical',
        message: 'validator-1 (http://10.0.0.1:9650): The node did not answer 3 checks in a row: connection refused',
        firedAt: 3 * MIN,
        clearedAt: null
      }
    ])
    expect(run([down(MIN)], [], {}, { ...DEFAULT_RULE_CONFIG, unreachableAfter: 1 }).fired.map((a) => a.rule)).toEqual(['unreachable'])
  })

  it('clears an open alert when the node answers again, and does not fire it twice while open', () => {
    const open = run([down(0), down(MIN), down(2 * MIN)]).fired
    expect(run([down(MIN), down(2 * MIN), down(3 * MIN)], open).fired).toEqual([])
    const { cleared, fired } = run([down(2 * MIN), down(3 * MIN), sample(4 * MIN)], open)
    expect(fired).toEqual([])
    expect(cleared).toEqual([{ ...open[0]!, clearedAt: 4 * MIN }])
  })

  it('waits out the cooldown (default 1 h) before the same rule fires again for the profile', () => {
    const last = { unreachable: 3 * MIN }
    const again = [down(10 * MIN), down(11 * MIN), down(12 * MIN)]
    expect(run(again, [], last).fired).toEqual([])
    const later = [down(70 * MIN), down(71 * MIN), down(72 * MIN)]
    expect(run(later, [], last).fired.map((a) => a.firedAt)).toEqual([72 * MIN])
  })

  it('health failing names the failing checks; it clears when healthy', () => {
    const bad = sample(0, { healthy: false, failingChecks: ['bootstrapped', 'network'] })
    const { fired } = run([bad])
    expect(fired).toHaveLength(1)
    expect(fired[0]).toMatchObject({ rule: 'unhealthy', severity: 'warning' })
    expect(fired[0]!.message).toContain('failing health checks: bootstrapped, network')
    expect(run([bad, sample(MIN)], fired).cleared.map((a) => a.rule)).toEqual(['unhealthy'])
  })

  it('health unknown (API off) or the node unreachable says nothing either way', () => {
    const open = run([sample(0, { healthy: false, failingChecks: ['network'] })]).fired
    expect(run([sample(MIN, { healthy: undefined })], open)).toEqual({ fired: [], cleared: [] })
    expect(run([down(MIN)], open)).toEqual({ fired: [], cleared: [] })
  })

  it('not bootstrapped names the chains; unknown chains are not counted', () => {
    const { fired } = run([sample(0, { bootstrapped: { P: true, X: false, C: false } })])
    expect(fired.map((a) => [a.rule, a.message])).toEqual([['notBootstrapped', 'validator-1 (http://10.0.0.1:9650): The node has not finished bootstrapping: X-Chain, C-Chain']])
    expect(run([sample(0, { bootstrapped: { P: null, X: null, C: null } })]).fired).toEqual([])
    const cleared = run([sample(MIN, { bootstrapped: { P: true, X: null, C: true } })], fired).cleared
    expect(cleared.map((a) => [a.rule, a.clearedAt])).toEqual([['notBootstrapped', MIN]])
  })

  it('no samples: nothing', () => {
    expect(run([])).toEqual({ fired: [], cleared: [] })
  })
})
