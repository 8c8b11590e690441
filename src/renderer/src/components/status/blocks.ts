/** Helpers of the status view's blocks. */
import type { ProbeResult, Source } from '../../../../shared/contract'
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
