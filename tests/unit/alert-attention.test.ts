import { describe, expect, it } from 'vitest'
import { attentionOf, countAlerts, countText, needingCount, openCount, worstNeeding } from '../../src/shared/domain/alert-attention'
import { fleetStateOf, trayTooltip } from '../../src/main/services/watch/fleet-state'
import type { Alert } from '../../src/shared/contract'
import type { QuietLike } from '../../src/shared/domain/alert-silence'

const NOW = Date.UTC(2026, 10, 28, 10)
function alert(patch: Partial<Alert>): Alert {
  return {
    id: `p1:x:${Math.random()}`,
    profileId: 'p1',
    profileName: 'sim-A',
    nodeUrl: 'http://127.0.0.1:9650',
    rule: 'validatorNotConnected',
    subject: null,
    severity: 'critical',
    message: 'm',
    firedAt: NOW - 60_000,
    clearedAt: null,
    acknowledgedAt: null,
    ...patch
  }
}
// The review's case (N5): sim-B's critical acknowledged, sim-A's not-connected rule silenced for 15 min, one new warning.
const acked = alert({ profileId: 'p2', rule: 'unreachable', acknowledgedAt: NOW - 1_000 })
const muted = alert({ profileId: 'p1', rule: 'validatorNotConnected' })
const fresh = alert({ profileId: 'p1', rule: 'uptimeLow', severity: 'warning' })
const cleared = alert({ clearedAt: NOW - 10 })
const mutes: QuietLike = {
  silences: [{ id: 's1', profileId: 'p1', rule: 'validatorNotConnected', subject: null, startsAt: NOW - 1, endsAt: NOW + 15 * 60_000, reason: 'r', createdBy: 'ops' }],
  windows: []
}
const none: QuietLike = { silences: [], windows: [] }

describe('what needs a person: open alerts not acknowledged and not silenced', () => {
  it('acknowledged and silenced alerts are counted apart; a silence that ran out or of another profile does not count', () => {
    expect(attentionOf(acked, mutes, NOW)).toBe('acknowledged')
    expect(attentionOf(muted, mutes, NOW)).toBe('silenced')
    expect(attentionOf(fresh, mutes, NOW)).toBe('needs')
    expect(attentionOf(cleared, mutes, NOW)).toBe('cleared')
    expect(attentionOf(muted, mutes, NOW + 15 * 60_000)).toBe('needs')
    expect(attentionOf(alert({ profileId: 'p2' }), mutes, NOW)).toBe('needs')
    // acknowledged wins over silenced: a person has seen it
    expect(attentionOf({ ...muted, acknowledgedAt: NOW }, mutes, NOW)).toBe('acknowledged')

    const c = countAlerts([acked, muted, fresh, cleared], mutes, NOW)
    expect(c).toEqual({ critical: 0, warning: 1, acknowledged: 1, silenced: 1 })
    expect([needingCount(c), openCount(c), worstNeeding(c)]).toEqual([1, 3, 'warning'])
    expect(countText(c)).toBe('1 warning · 1 acknowledged · 1 silenced')
    expect(countText(countAlerts([acked, alert({})], none, NOW))).toBe('1 critical · 1 acknowledged')
    expect(countText(countAlerts([], none, NOW))).toBe('')
  })

  it('the tray is not red for a handled critical alert, and its tooltip counts it apart', () => {
    const handled = fleetStateOf({ open: [acked, muted], quiet: mutes, now: NOW, watched: 2, checked: true })
    expect(handled.worst).toBe('ok')
    expect(trayTooltip(handled)).toBe('Node Operator Companion: nothing needs you (2 nodes watched; alerts: 1 acknowledged · 1 silenced)')
    const news = fleetStateOf({ open: [acked, alert({ profileId: 'p3' })], quiet: mutes, now: NOW, watched: 3, checked: true })
    expect(news.worst).toBe('critical')
    expect(trayTooltip(news)).toBe('Node Operator Companion: critical alerts need you (3 nodes watched; alerts: 1 critical · 1 acknowledged)')
    expect(fleetStateOf({ open: [], quiet: none, now: NOW, watched: 1, checked: false }).worst).toBe('unknown')
  })
})
