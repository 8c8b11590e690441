import { answeredByNode } from '../../../shared/contract'
import { AppError, errorDataSchema } from '../../../shared/rpc/errors'
import type { IssuedRow, WatchEvent } from '../../cache/atomic-store'

/** A status of the tx the app read (its watch, a status read or a tx read kept in the cache), with when. */
export interface SeenStatus {
  status: string
  blockHeight?: string
  at: number
  from: 'its watch' | 'a status read' | 'a tx read'
}

/** Where the words of an error tell the operator how to send anyway, in the app and in a script. */
const HOW_TO_SEND_ANYWAY = 'To send the same bytes anyway, tick "Send it again anyway" in the confirmation (a script: add "sendAgain": true to the input).'

/**
 * Why these bytes must not go to the node (again), from what the app knows of them, or null when nothing
 * speaks against it. Two kinds: a send the node took, still running or never answered is never repeated
 * (exactly once, whatever the caller says); a send the node refused, or a tx the app has seen Accepted, is
 * repeated only when the caller says so (sendAgain): the node would refuse the bytes as known, and the
 * operator should decide that knowingly, not by pressing Issue twice (review #8, N2).
 */
export function refusalToSend(txID: string, latest: IssuedRow | undefined, seen: SeenStatus | null, sendAgain: boolean): AppError | null {
  if (latest && latest.outcome !== 'refused')
    return new AppError(
      'CONFLICT',
      `These bytes were issued before (tx ${txID}, ${latest.outcome}, at ${iso(latest.requestedAt)}, journal entry ${latest.id}): not sent again. A send the node took, or that got no answer, is never repeated; its status is watched.`
    )
  if (sendAgain) return null
  if (seen?.status === 'Accepted')
    return new AppError(
      'CONFLICT',
      `Not sent: the app has already seen tx ${txID} Accepted${seen.blockHeight !== undefined ? ` at height ${seen.blockHeight}` : ''} (${seen.from}, ${iso(seen.at)}); the node would refuse the same bytes as known. ${HOW_TO_SEND_ANYWAY}`
    )
  const refusal = latest ? nodeRefusal(latest) : null
  if (latest && refusal !== null)
    return new AppError(
      'CONFLICT',
      `Not sent: the node refused these bytes at ${iso(latest.finishedAt ?? latest.requestedAt)} (journal entry ${latest.id}): "${refusal}". ${HOW_TO_SEND_ANYWAY}`
    )
  return null
}

/** The node's own words when it answered this send with a refusal; null when it never got it (nothing to hold against a new try). */
export function nodeRefusal(r: IssuedRow): string | null {
  if (r.outcome !== 'refused' || !r.error) return null
  const e = errorDataSchema.safeParse(JSON.parse(r.error))
  if (!e.success || !answeredByNode(e.data)) return null
  const details = e.data.details as { upstreamMessage?: string } | undefined
  return (details?.upstreamMessage ?? e.data.message).slice(0, 300)
}

/** The Accepted status the app has seen of the tx, if any: its watch first, then reads kept; one with a height before one without. */
export function seenAccepted(watchEvents: readonly WatchEvent[], cached: readonly SeenStatus[]): SeenStatus | null {
  const accepted: SeenStatus[] = [
    ...watchEvents.map((e) => ({ status: e.status, at: e.at, from: 'its watch' as const, ...(e.blockHeight !== null ? { blockHeight: e.blockHeight } : {}) })),
    ...cached
  ].filter((s) => s.status === 'Accepted')
  return accepted.find((s) => s.blockHeight !== undefined) ?? accepted[0] ?? null
}

const iso = (ms: number): string => new Date(ms).toISOString()
