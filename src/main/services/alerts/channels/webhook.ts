import { postJson } from './http'
import { headline, plainText } from './message'
import type { Sender } from './types'

/**
 * A generic webhook: one JSON POST with the alert's fields, `state` ("firing", "resolved", or "test" for a
 * test send), `deliveryId` (the alert's id and state: a receiver drops repeats by it; also in the
 * Idempotency-Key and X-Companion-Delivery-Id headers), and the message as text.
 */
export const sendWebhook: Sender<{ kind: 'webhook'; url: string }> = async (channel, notice, opts) => {
  const body = {
    ...notice.alert,
    state: notice.state,
    deliveryId: notice.deliveryId,
    title: headline(notice),
    text: plainText(notice),
    source: 'node-operator-companion'
  }
  return postJson(channel.url, body, { 'idempotency-key': notice.deliveryId, 'x-companion-delivery-id': notice.deliveryId, 'x-companion-alert-id': notice.alert.id }, opts)
}
