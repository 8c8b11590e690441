/** Helpers of the status view's blocks. */
import type { ProbePart, ProbeReport, ProbeResult, Source } from '../../../../shared/contract'
import type { ErrorData } from '../../../../shared/rpc/errors'

/** The node answered, but not with this API (a node started with --api-info-enabled=false answers 404). */
export function notServedError(err: ErrorData | null | undefined): boolean {
  return err?.code === 'NOT_FOUND'
}

export function notServed(part: ProbeResult | undefined): boolean {
  return part?.status === 'unavailable' && notServedError(part.error)
}

/** What a source marker needs of a read (useRead's fields, unwrapped). */
export interface Sourced {
  source: Source | null
  fetchedAt: number | null
  offline: { code: string; message: string } | null
}

/**
 * The probe's hint without a first sentence that says what the block already says ("This node does not
 * serve the info API; enable it …" → "Enable it …"). null when nothing is left.
 */
export function hintAfter(hint: string | undefined, said: string): string | null {
  if (!hint) return null
  const h = hint.trim()
  if (!h.toLowerCase().startsWith(said.toLowerCase())) return h
  const rest = h.slice(said.length).replace(/^[\s;:.,—-]+/, '')
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : null
}

/** The parts served by the node itself (not a separate C-Chain RPC, data or metrics service). */
const NODE_PARTS: readonly ProbePart[] = ['admin', 'core', 'pchain', 'info', 'health']
/** Short names of the parts, for "degraded: Admin, Metrics". */
export const PART_SHORT: Record<ProbePart, string> = {
  cchainRpc: 'C-Chain RPC',
  cchainWs: 'C-Chain websocket',
  admin: 'Admin',
  core: 'core',
  pchain: 'P-Chain',
  info: 'Info',
  health: 'Health',
  dataService: 'Data service',
  metrics: 'Metrics'
}

const unreachableError = (r: ProbeResult | undefined): boolean =>
  r !== undefined && r.status === 'unavailable' && (r.error?.code === 'NETWORK' || r.error?.code === 'TIMEOUT')

/** Whether a probe found the node itself gone: every part the node serves failed to connect or timed out. */
export function nodeUnreachable(report: ProbeReport): boolean {
  const parts = report.parts.filter((p) => NODE_PARTS.includes(p.part))
  return parts.length > 0 && parts.every(unreachableError)
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * Whether the node banner ("Node unreachable since …") already says why a part is unavailable: the part could
 * not be reached, at the node's own address (a C-Chain RPC elsewhere is not the node). A panel then adds no
 * box of its own (review 2 N9: one banner).
 */
export function saidByNodeBanner(report: ProbeReport, r: ProbeResult): boolean {
  if (!unreachableError(r)) return false
  const nodeOrigins = new Set(report.parts.filter((p) => NODE_PARTS.includes(p.part)).map((p) => originOf(p.endpoint)))
  const origin = originOf(r.endpoint)
  return origin !== null && nodeOrigins.has(origin)
}

export type NodeStateKind = 'none' | 'unknown' | 'reachable' | 'degraded' | 'unreachable' | 'checking'
export interface NodeState {
  kind: NodeStateKind
  /** since when the node does not answer (main's clock), for "unreachable" */
  since: number | null
  /** the parts that do not answer, for "degraded" */
  down: ProbePart[]
  /** for "unreachable": whether the node ever answered (so that something of it may be cached) */
  everReached?: boolean
}

/** The header pill's words for a node state (clockTime of `since`, main's clock); `title` is for hover. */
export function nodeStateWords(s: NodeState, clock: (ms: number) => string, utc: (ms: number) => string): { text: string; title: string; type: 'success' | 'warning' | 'error' | 'default' } {
  switch (s.kind) {
    case 'none':
      return { text: 'no profile', title: 'No active profile: create or activate one in Connections', type: 'default' }
    case 'unknown':
      return { text: 'node: unknown', title: 'This page has lost the app: the node’s state is unknown until it reconnects', type: 'default' }
    case 'checking':
      return { text: 'checking the node…', title: 'Checking each part of the interface', type: 'default' }
    case 'reachable':
      return { text: 'node reachable', title: 'Every part of the interface answered the last check', type: 'success' }
    case 'degraded': {
      const names = s.down.map((p) => PART_SHORT[p])
      // Two names at most in the header; all of them on hover.
      const text = names.length <= 2 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2} more`
      return { text: `degraded: ${text}`, title: `Not answering: ${names.join(', ')} (see the status column)`, type: 'warning' }
    }
    case 'unreachable':
      return s.since !== null
        ? { text: `node unreachable since ${clock(s.since)}`, title: `The node has not answered since ${utc(s.since)}`, type: 'error' }
        : { text: 'node unreachable', title: 'The node does not answer', type: 'error' }
  }
}
