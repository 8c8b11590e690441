/**
 * A stored channel checked again against alerts.addChannel's rules (issue 31): what a restored backup brings
 * is a file from outside, and its channels were never through addChannel on this machine. The secret is
 * opened and the whole channel parsed with addChannel's own schema; then it must be stored exactly as
 * addChannel would store it, its shown target included (a crafted row could show one host and send to another).
 */
import { addChannelInputSchema } from '../../../shared/contract'
import type { ChannelRow } from '../../cache/outbox-store'
import type { SecretStore } from '../../secrets'
import { splitChannel } from './channel-registry'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Why addChannel would refuse this channel today (never naming its secret), or null when it would take it. */
export function channelRefusal(row: ChannelRow, secrets: SecretStore): string | null {
  if (row.storage !== secrets.storage)
    return `its secret was sealed by another mode of the app (${row.storage}; this one keeps secrets ${secrets.storage}), so it cannot be checked here: restore in that mode, or add the channel again`
  let secretText: string
  let secret: unknown
  let config: unknown
  try {
    secretText = secrets.open(row.secret)
    secret = JSON.parse(secretText)
  } catch {
    return 'its secret cannot be opened'
  }
  try {
    config = JSON.parse(row.config)
  } catch {
    return 'its settings are not JSON'
  }
  if (!isRecord(secret) || !isRecord(config)) return 'its settings are not those of a channel'
  // The row's own kind, name and severity last: its settings cannot change what they say.
  const parsed = addChannelInputSchema.safeParse({ ...config, ...secret, kind: row.kind, name: row.name, minSeverity: row.minSeverity })
  if (!parsed.success)
    return `alerts.addChannel refuses it: ${parsed.error.issues
      .slice(0, 3)
      // Each message names its field already ("url must use https…"), never its value.
      .map((i) => i.message)
      .join('; ')}`.slice(0, 400)
  const want = splitChannel(parsed.data)
  if (want.target !== row.target) return `the target it shows (${row.target.slice(0, 100)}) is not where it sends (${want.target.slice(0, 100)})`
  if (JSON.stringify(want.config) !== row.config || JSON.stringify(want.secret) !== secretText) return 'its settings are not stored as alerts.addChannel stores them'
  return null
}
