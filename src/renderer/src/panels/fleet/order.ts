/**
 * The Fleet view's order and filter: worst first, so that with 50 nodes what needs a person is at the top.
 * Pure functions of a profile's watch status and its alert counts (shared/domain/alert-attention.ts).
 */
import type { WatchProfileStatus } from '../../../../shared/contract'
import type { AlertCounts } from '../../../../shared/domain/alert-attention'

/** A node's state in one word, as its row says it. */
export type NodeState = 'unreachable' | 'unhealthy' | 'unchecked' | 'healthy' | 'reachable'

export function nodeState(status: Pick<WatchProfileStatus, 'last'>): NodeState {
  const last = status.last
  if (!last) return 'unchecked'
  if (!last.reachable) return 'unreachable'
  if (last.healthy === false) return 'unhealthy'
  return last.healthy === true ? 'healthy' : 'reachable'
}

export interface FleetEntry {
  status: WatchProfileStatus
  counts: AlertCounts
}

/**
 * How bad a row is, 0 the worst: a critical alert nobody has handled; a node that does not answer (even
 * with its alert acknowledged: it is still down); a warning nobody has handled; a failing health check;
 * not checked yet; then the rest (alerts acknowledged or silenced do not lift a node that is fine otherwise).
 */
export function worstRank(e: FleetEntry): number {
  const state = nodeState(e.status)
  if (e.counts.critical > 0) return 0
  if (state === 'unreachable') return 1
  if (e.counts.warning > 0) return 2
  if (state === 'unhealthy') return 3
  if (state === 'unchecked') return 4
  return 5
}

/** Worst first; among equals, more alerts needing a person first, then by name. */
export function worstFirst(a: FleetEntry, b: FleetEntry): number {
  return (
    worstRank(a) - worstRank(b) ||
    b.counts.critical + b.counts.warning - (a.counts.critical + a.counts.warning) ||
    a.status.profileName.localeCompare(b.status.profileName)
  )
}

export const STATE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'attention', label: 'Needs you' },
  { value: 'unreachable', label: 'Unreachable' },
  { value: 'fine', label: 'Nothing new' }
] as const
export type StateFilter = (typeof STATE_FILTERS)[number]['value']

/**
 * Whether a row shows under the filter: `text` found in its name, node URL or NodeID (any case); `state`
 * 'attention' for every row worse than fine, 'fine' for the others (a node whose alerts were all acknowledged
 * or silenced is among them: "nothing new").
 */
export function matchesFilter(e: FleetEntry, text: string, state: StateFilter): boolean {
  const t = text.trim().toLowerCase()
  if (t) {
    const s = e.status
    const nodeId = (s.last?.nodeId ?? s.lastReachable?.nodeId ?? '').toLowerCase()
    if (!s.profileName.toLowerCase().includes(t) && !s.nodeUrl.toLowerCase().includes(t) && !nodeId.includes(t)) return false
  }
  if (state === 'attention') return worstRank(e) < 5
  if (state === 'fine') return worstRank(e) === 5
  if (state === 'unreachable') return nodeState(e.status) === 'unreachable'
  return true
}
