import { describe, expect, it } from 'vitest'
import type { WatchProfileStatus, WatchSample } from '../../src/shared/contract'
import type { AlertCounts } from '../../src/shared/domain/alert-attention'
import { matchesFilter, nodeState, worstFirst, worstRank, type FleetEntry } from '../../src/renderer/src/panels/fleet/order'
import { yRange } from '../../src/renderer/src/panels/fleet/series'

const sample = (patch: Partial<WatchSample> = {}): WatchSample => ({
  profileId: 'p',
  at: 1_000,
  reachable: true,
  healthy: true,
  failingChecks: [],
  bootstrapped: { P: true, X: true, C: true },
  ...patch
})
const none: AlertCounts = { critical: 0, warning: 0, acknowledged: 0, silenced: 0 }
function entry(name: string, last: WatchSample | null, counts: Partial<AlertCounts> = {}): FleetEntry {
  const status: WatchProfileStatus = {
    profileId: name,
    profileName: name,
    nodeUrl: `http://${name.toLowerCase()}.example:9650`,
    enabled: true,
    intervalSec: 60,
    last,
    ageMs: last ? 0 : null,
    unreachableSince: null,
    lastReachable: null,
    openAlerts: []
  }
  return { status, counts: { ...none, ...counts } }
}

const fine = entry('Fine', sample())
const handled = entry('Handled', sample(), { acknowledged: 1, silenced: 1 })
const crit = entry('Crit', sample(), { critical: 1 })
const crit2 = entry('Crit2', sample(), { critical: 1, warning: 1 })
const downAcked = entry('Down', sample({ reachable: false, healthy: undefined }), { acknowledged: 1 })
const warn = entry('Warn', sample(), { warning: 1 })
const sick = entry('Sick', sample({ healthy: false, failingChecks: ['network'] }))
const fresh = entry('Fresh', null)

describe('the fleet: worst first', () => {
  it('an unhandled critical, then down (even acknowledged), an unhandled warning, unhealthy, unchecked, then fine; handled alerts do not rank', () => {
    const order = [fine, handled, fresh, sick, warn, downAcked, crit, crit2].sort(worstFirst).map((e) => e.status.profileName)
    expect(order).toEqual(['Crit2', 'Crit', 'Down', 'Warn', 'Sick', 'Fresh', 'Fine', 'Handled'])
    expect(worstRank(handled)).toBe(worstRank(fine))
    expect([nodeState(downAcked.status), nodeState(sick.status), nodeState(fresh.status), nodeState(fine.status)]).toEqual(['unreachable', 'unhealthy', 'unchecked', 'healthy'])
  })

  it('filters by name, node URL or NodeID, and by state', () => {
    const all = [fine, handled, crit, downAcked, warn, fresh]
    const names = (text: string, state: Parameters<typeof matchesFilter>[2]) => all.filter((e) => matchesFilter(e, text, state)).map((e) => e.status.profileName)
    expect(names('', 'attention')).toEqual(['Crit', 'Down', 'Warn', 'Fresh'])
    expect(names('', 'fine')).toEqual(['Fine', 'Handled'])
    expect(names('', 'unreachable')).toEqual(['Down'])
    expect(names('  han ', 'all')).toEqual(['Handled'])
    expect(names('CRIT.EXAMPLE', 'all')).toEqual(['Crit'])
    const withId = entry('Named', sample({ nodeId: 'NodeID-NMgCtW3abc' }))
    expect(matchesFilter(withId, 'nmgctw3', 'all')).toBe(true)
  })
})

describe('fleet charts: the y axis', () => {
  it('starts at 0 with a minimum span, so a flat 35 % CPU is a flat line, not spikes between 34.9 and 35.1', () => {
    expect(yRange([{ label: 'CPU', values: [35, 35.1, null, 34.9] }], 10)).toEqual([0, 35.1 * 1.1])
    expect(yRange([{ label: 'CPU', values: [0.2, 0.3] }], 10)).toEqual([0, 10])
    expect(yRange([{ label: 'a', values: [null] }], 1)).toEqual([0, 1])
    // a share: 0 to 100 % while no value is over it
    expect(yRange([{ label: 'Uptime', values: [99.9, 99.95] }], 100, 100)).toEqual([0, 100])
  })
})
