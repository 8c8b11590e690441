import { postJson } from './http'
import { body as bodyText, cut, fields, headline, plainText } from './message'
import type { Sender } from './types'

const COLOURS = { critical: 0xd93025, warning: 0xf29900, info: 0x1a73e8, resolved: 0x1e8e3e, acknowledged: 0x5f6368, digest: 0x1a73e8, test: 0x5865f2 } as const

/**
 * A Discord webhook: `content` (the plain text) and one embed with the fields. `?wait=true` makes
 * Discord answer with the message it posted (200) instead of an empty 204, so a success is confirmed.
 * Nobody is mentioned (allowed_mentions), whatever a node's message contains. On 429 Discord sends
 * Retry-After, and retry_after in seconds in its body.
 */
export const sendDiscord: Sender<{ kind: 'discord'; webhookUrl: string }> = async (channel, notice, opts) => {
  const url = new URL(channel.webhookUrl)
  url.searchParams.set('wait', 'true')
  const colour = notice.state === 'firing' ? (COLOURS[notice.alert.severity as keyof typeof COLOURS] ?? COLOURS.warning) : COLOURS[notice.state]
  const body = {
    content: cut(plainText(notice), 2_000),
    embeds: [
      {
        title: cut(headline(notice), 256),
        description: cut(bodyText(notice), 4_096),
        color: colour,
        fields: fields(notice)
          .filter(([k]) => k !== 'Message')
          .slice(0, 25)
          .map(([name, value]) => ({ name, value: cut(value, 1_024), inline: name !== 'Node' && name !== 'Alert id' })),
        timestamp: new Date(notice.alert.clearedAt ?? notice.alert.firedAt).toISOString()
      }
    ],
    allowed_mentions: { parse: [] }
  }
  const result = await postJson(url.toString(), body, {}, opts)
  if (result.status === 429 && result.retryAfterMs === undefined) {
    const seconds = retryAfterOf(result.text)
    if (seconds !== undefined) return { ...result, retryAfterMs: seconds * 1_000 }
  }
  return result
}

function retryAfterOf(text: string): number | undefined {
  try {
    const v = (JSON.parse(text) as { retry_after?: unknown }).retry_after
    return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined
  } catch {
    return undefined
  }
}
