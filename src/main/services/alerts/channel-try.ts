/** One try of a notice through one channel, within its deadline, and the delivery log's row for a try. */
import type { DeliveryOutcome, DeliveryState } from '../../../shared/contract'
import type { ChannelRow } from '../../cache/outbox-store'
import { scrub } from '../../clients/transport/policy'
import type { Clock } from '../../clock'
import type { SecretStore } from '../../secrets'
import { openChannel, secretsOf } from './channel-registry'
import { send, type Notice, type SendResult } from './channels'
import { cut } from './channels/message'
import { graceMs } from './retry-policy'
import { describeMs, withDeadline } from './try-deadline'

export interface TryDeps {
  secrets: SecretStore
  clock: Clock
  timeoutMs: number
}

/** One try through one channel, within its deadline: the answer, and its reply with every secret of the channel cut out. */
export async function tryChannel(channel: ChannelRow, notice: Notice, stop: AbortSignal, deps: TryDeps): Promise<{ result: SendResult; reply: string | null }> {
  let config
  try {
    config = openChannel(channel, deps.secrets)
  } catch (err) {
    return { result: { ok: false, retry: false, status: null, reply: null }, reply: err instanceof Error ? cut(err.message, 500) : 'the secret cannot be opened' }
  }
  const secrets = secretsOf(config)
  const { timeoutMs } = deps
  let result: SendResult
  try {
    const r = await withDeadline((signal) => send(config, notice, { signal, timeoutMs }), { clock: deps.clock, stop, ms: timeoutMs, graceMs: graceMs(timeoutMs) })
    result = r.timedOut ? { ok: false, retry: true, status: null, reply: `no answer within ${describeMs(timeoutMs)}` } : r.value
  } catch (err) {
    // A sender that threw is a failure of ours: worth another try, its text scrubbed like any other.
    result = { ok: false, retry: true, status: null, reply: `could not send: ${err instanceof Error ? err.message : String(err)}` }
  }
  return { result, reply: result.reply === null ? null : cut(scrub(result.reply, secrets), 500) }
}

/** A try as the delivery log keeps it. */
export function tryRow(
  channel: ChannelRow,
  alertId: string,
  state: DeliveryState,
  attempt: number,
  at: number,
  outcome: DeliveryOutcome,
  status: number | null,
  reply: string | null,
  nextRetryAt: number | null
) {
  return { at, channelId: channel.id, channelName: channel.name, channelKind: channel.kind, alertId, state, attempt, outcome, status, reply, nextRetryAt }
}
