import { sendBody } from './http'
import { cut, headline, messageText } from './message'
import type { Notice, Sender } from './types'

/**
 * Pushover's Message API: POST {apiBaseUrl}/1/messages.json, a form of token (the application's), user
 * (the user or group key), title, message, priority and timestamp. Priority 1 (high: through the user's
 * quiet hours) for critical, 0 for warning, -1 (quiet) for the rest. Pushover answers 200 {status: 1,
 * request}; a 4xx {status: 0, errors} is final (a bad token or key), except 429 (over the month's limit);
 * a 5xx is worth another try.
 */
export const sendPushover: Sender<{ kind: 'pushover'; appToken: string; userKey: string; apiBaseUrl: string }> = async (channel, notice, opts) => {
  const form = new URLSearchParams({
    token: channel.appToken,
    user: channel.userKey,
    title: cut(headline(notice), 250),
    message: cut(messageText(notice), 1_024),
    priority: String(priorityOf(notice)),
    timestamp: String(Math.floor((notice.alert.clearedAt ?? notice.alert.firedAt) / 1_000))
  })
  const { text, ...result } = await sendBody(`${channel.apiBaseUrl}/1/messages.json`, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }, opts)
  if (!result.ok) return { ...result, reply: errorsOf(text) ?? result.reply }
  return result
}

function priorityOf(n: Notice): number {
  if (n.state !== 'firing') return n.state === 'resolved' ? 0 : -1
  return n.alert.severity === 'critical' ? 1 : n.alert.severity === 'warning' ? 0 : -1
}

/** Pushover's words for a refusal ({status: 0, errors: ["user key is invalid"]}). */
function errorsOf(text: string): string | undefined {
  try {
    const errors = (JSON.parse(text) as { errors?: unknown }).errors
    return Array.isArray(errors) && errors.length > 0 ? errors.map(String).join('; ').slice(0, 300) : undefined
  } catch {
    return undefined
  }
}
