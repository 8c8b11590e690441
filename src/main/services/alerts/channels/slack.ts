import { postJson } from './http'
import { body as bodyText, cut, fields, headline, plainText } from './message'
import type { Sender } from './types'

/**
 * A Slack incoming webhook: `text` (what notifications and clients without blocks show) and `blocks`
 * (a header, the message, the fields, the alert id). Slack answers 200 "ok", or a word such as
 * "invalid_payload" with 400, "invalid_token" with 403, "channel_is_archived" with 410.
 */
export const sendSlack: Sender<{ kind: 'slack'; webhookUrl: string }> = async (channel, notice, opts) => {
  const all = fields(notice)
  const shown = all.filter(([k]) => k !== 'Message' && k !== 'Alert id')
  const body = {
    text: cut(plainText(notice), 3_000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(headline(notice), 150), emoji: true } },
      { type: 'section', text: { type: 'plain_text', text: cut(bodyText(notice), 3_000), emoji: false } },
      { type: 'section', fields: shown.slice(0, 10).map(([k, v]) => ({ type: 'mrkdwn', text: cut(`*${k}*\n${escape(v)}`, 2_000) })) },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `alert id \`${escape(notice.deliveryId)}\`` }] }
    ]
  }
  return postJson(channel.webhookUrl, body, {}, opts)
}

/** Slack's mrkdwn treats &, < and > as markup. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
