import { parseRetryAfter } from '../../../clients/transport/policy'
import type { SendOptions, SendResult } from './types'

/** What a receiver's answer body may add to the log. */
const REPLY_CHARS = 300

/**
 * POSTs a JSON body to a receiver and classifies its answer. Redirects are not followed: the URL is a
 * secret and the body an alert, and neither should go where the operator did not point them. Worth
 * another try: no answer (refused, reset, timed out), 408, 425, 429 and 5xx, with the Retry-After it gave.
 */
export async function postJson(url: string, body: unknown, headers: Record<string, string>, opts: SendOptions): Promise<SendResult & { text: string }> {
  return sendBody(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }, opts)
}

/** As postJson, with any method and body (a form, a PUT): the same redirects refused and answers classified. */
export async function sendBody(url: string, req: { method: 'POST' | 'PUT'; body: string; headers: Record<string, string> }, opts: SendOptions): Promise<SendResult & { text: string }> {
  let res: Response
  try {
    res = await fetch(url, {
      method: req.method,
      headers: { 'user-agent': 'node-operator-companion', ...req.headers },
      body: req.body,
      redirect: 'manual',
      // The try's own signal: it aborts at the try's deadline (services/alerts/try-deadline.ts).
      signal: opts.signal
    })
  } catch (err) {
    return { ok: false, retry: true, status: null, reply: unreachable(err, opts), text: '' }
  }
  let text = ''
  try {
    text = await res.text()
  } catch (err) {
    // The status came: a body cut off mid-way does not change what it says.
    text = `(the answer was cut off: ${describe(err)})`
  }
  const status = res.status
  const reply = text.trim() ? text.trim().slice(0, REPLY_CHARS) : null
  const after = res.headers.get('retry-after')
  const retryAfterMs = after !== null ? parseRetryAfter(after) * 1_000 : undefined
  if (status >= 200 && status < 300) return { ok: true, retry: false, status, reply, text }
  if (status >= 300 && status < 400) return { ok: false, retry: false, status, reply: `the receiver redirected (HTTP ${status}): give the final URL instead`, text }
  const retry = status === 408 || status === 425 || status === 429 || status >= 500
  return { ok: false, retry, status, reply, text, ...(retry && retryAfterMs !== undefined ? { retryAfterMs } : {}) }
}

/** Why no answer came, in words (a network error's code, a deadline), never the URL. */
export function unreachable(err: unknown, opts: SendOptions): string {
  if (opts.signal.aborted) return 'stopped before the receiver answered'
  const e = err as { name?: string; cause?: { code?: string; message?: string } }
  if (e?.name === 'TimeoutError') return `no answer within ${Math.round(opts.timeoutMs / 1_000)} s`
  const code = e?.cause?.code
  return code ? `could not reach the receiver (${code})` : `could not reach the receiver (${describe(err)})`
}

function describe(err: unknown): string {
  const e = err as { cause?: { message?: string }; message?: string }
  return String(e?.cause?.message ?? e?.message ?? err).slice(0, 200)
}
