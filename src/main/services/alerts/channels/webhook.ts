import { postJson } from './http'
import { headline, plainText } from './message'
import type { Sender } from './types'

/**
 * A generic webhook: one JSON POST with the fields of the message's first (most severe) alert, `state`
 * ("firing", "resolved", or "test" for a test send), `deliveryId` (the message's id and state: a receiver
 * drops repeats by it; also in the Idempotency-Key and X-Companion-Delivery-Id headers), the message as text,
 * and `alerts`: every alert of the message (one check of one node), each with `kind` (fired, repeat,
 * resolved) and `firingForMs`.
 */
export const sendWebhook: Sender<{ kind: 'webhook'; url: string }> = async (channel, notice, opts) => {
  const body = {
    ...notice.alert,
    state: notice.state,
    deliveryId: notice.deliveryId,
    title: headline(notice),
    text: plainText(notice),
    source: 'node-operator-companion',
    // The message's alerts (one check of one node): each with why it is in it and how long it fired.
    alerts: notice.lines.map((l) => ({ ...l.alert, kind: l.kind, firingForMs: l.firingForMs }))
  }
  return postJson(channel.url, body, { 'idempotency-key': notice.deliveryId, 'x-companion-delivery-id': notice.deliveryId, 'x-companion-alert-id': notice.alert.id }, opts)
}
