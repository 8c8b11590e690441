import { sendBody } from './http'
import { cut, plainText } from './message'
import type { Sender } from './types'

/**
 * A Matrix room, through the client-server API: PUT
 * {homeserverUrl}/_matrix/client/v3/rooms/{roomId}/send/m.room.message/{txnId} with the access token as a
 * Bearer token, an m.text message of plain text (no HTML `formatted_body`: a node's words are never markup).
 * The transaction id is the delivery id (the alert's id and state): the homeserver answers a retry with
 * the event it posted the first time, so a retry never posts twice. It answers 200 {event_id}; 429
 * M_LIMIT_EXCEEDED with retry_after_ms is worth another try, like a 5xx; other 4xx {errcode, error} are final.
 */
export const sendMatrix: Sender<{ kind: 'matrix'; homeserverUrl: string; roomId: string; accessToken: string }> = async (channel, notice, opts) => {
  const url = `${channel.homeserverUrl}/_matrix/client/v3/rooms/${encodeURIComponent(channel.roomId)}/send/m.room.message/${encodeURIComponent(notice.deliveryId)}`
  const body = JSON.stringify({ msgtype: notice.state === 'digest' ? 'm.notice' : 'm.text', body: cut(plainText(notice), 30_000) })
  const { text, ...result } = await sendBody(url, { method: 'PUT', body, headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.accessToken}` } }, opts)
  if (result.ok) return result
  const answer = parse(text)
  const reply = answer?.errcode ? `${answer.errcode}: ${answer.error ?? ''}`.slice(0, 300) : result.reply
  const retryAfterMs = result.retryAfterMs ?? (result.status === 429 && typeof answer?.retry_after_ms === 'number' ? answer.retry_after_ms : undefined)
  return { ...result, reply, ...(result.retry && retryAfterMs !== undefined ? { retryAfterMs } : {}) }
}

function parse(text: string): { errcode?: string; error?: string; retry_after_ms?: number } | undefined {
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' ? (v as { errcode?: string; error?: string; retry_after_ms?: number }) : undefined
  } catch {
    return undefined
  }
}
