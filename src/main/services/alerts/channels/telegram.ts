import { postJson } from './http'
import { cut, plainText } from './message'
import type { SendResult, Sender } from './types'

/**
 * A Telegram bot: POST {apiBaseUrl}/bot<token>/sendMessage {chat_id, text}. Plain text (no parse_mode),
 * so nothing in a node's message is read as markup. Telegram answers {ok: true, result} or
 * {ok: false, error_code, description, parameters: {retry_after}}; an `ok: false` is a failure even
 * with HTTP 200.
 */
export const sendTelegram: Sender<{ kind: 'telegram'; botToken: string; chatId: string; apiBaseUrl: string }> = async (channel, notice, opts) => {
  const url = `${channel.apiBaseUrl.replace(/\/+$/, '')}/bot${channel.botToken}/sendMessage`
  const body = { chat_id: channel.chatId, text: cut(plainText(notice), 4_096), disable_web_page_preview: true }
  const result = await postJson(url, body, {}, opts)
  if (result.status === null) return result
  const answer = parse(result.text)
  if (!answer) return result.ok ? { ...strip(result), ok: false, retry: false, reply: `the answer is not Telegram's (no "ok" field): ${result.reply ?? 'empty'}` } : strip(result)
  const reply = answer.ok ? 'ok' : `${answer.error_code ?? result.status}: ${answer.description ?? 'no description'}`
  if (answer.ok) return { ...strip(result), ok: true, retry: false, reply }
  const retryAfter = answer.parameters?.retry_after
  const retry = result.retry || answer.error_code === 429
  return {
    ...strip(result),
    ok: false,
    retry,
    reply,
    ...(retry && typeof retryAfter === 'number' && result.retryAfterMs === undefined ? { retryAfterMs: retryAfter * 1_000 } : {})
  }
}

interface TelegramAnswer {
  ok: boolean
  error_code?: number
  description?: string
  parameters?: { retry_after?: number }
}

function parse(text: string): TelegramAnswer | undefined {
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' && typeof (v as { ok?: unknown }).ok === 'boolean' ? (v as TelegramAnswer) : undefined
  } catch {
    return undefined
  }
}

function strip(r: SendResult & { text: string }): SendResult {
  const { text: _text, ...rest } = r
  return rest
}
