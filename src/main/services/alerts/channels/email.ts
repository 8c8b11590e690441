import { createHash } from 'node:crypto'
import nodemailer from 'nodemailer'
import { isLoopbackHost } from '../../../../shared/contract'
import { headline, plainText } from './message'
import type { SendResult, Sender } from './types'

type EmailChannel = { kind: 'email'; host: string; port: number; secure: boolean; username?: string; password?: string; from: string; to: string[] }

/**
 * Email over SMTP (nodemailer), one connection per message. A password is sent only over TLS: with
 * `secure` (TLS from the start) or, on a host other than loopback, STARTTLS is required. The alert's id
 * is in the X-Companion-Delivery-Id header and, hashed, in the Message-ID, so a mailbox can drop repeats.
 * What the server answered is its SMTP reply ("250 2.0.0 OK …"); a 4xx reply or a lost connection is
 * tried again, a 5xx reply (a refused login, an unknown mailbox) is final.
 */
export const sendEmail: Sender<EmailChannel> = async (channel, notice, opts) => {
  const host = channel.host.replace(/^\[|\]$/g, '')
  const transport = nodemailer.createTransport({
    host,
    port: channel.port,
    secure: channel.secure,
    requireTLS: !channel.secure && channel.password !== undefined && !isLoopbackHost(host),
    ...(channel.username !== undefined ? { auth: { user: channel.username, ...(channel.password !== undefined ? { pass: channel.password } : {}) } } : {}),
    connectionTimeout: opts.timeoutMs,
    greetingTimeout: opts.timeoutMs,
    socketTimeout: opts.timeoutMs,
    socketCloseTimeout: 1_000,
    logger: false,
    debug: false
  })
  const digest = createHash('sha256').update(notice.deliveryId).digest('hex').slice(0, 32)
  try {
    const info = await transport.sendMail({
      from: channel.from,
      to: channel.to,
      subject: headline(notice),
      text: plainText(notice),
      messageId: `<${digest}@node-operator-companion>`,
      headers: { 'X-Companion-Delivery-Id': notice.deliveryId, 'X-Companion-Alert-Id': notice.alert.id },
      // The try's own signal: it aborts at the try's deadline (services/alerts/try-deadline.ts).
      signal: opts.signal
    })
    const rejected = info.rejected.length > 0 ? ` (refused for ${info.rejected.map(String).join(', ')})` : ''
    return { ok: true, retry: false, status: codeOf(info.response), reply: `${info.response}${rejected}`.slice(0, 300) }
  } catch (err) {
    return classify(err, opts.signal)
  } finally {
    transport.close()
  }
}

interface SmtpError {
  code?: string
  response?: string
  responseCode?: number
  permanent?: boolean
  message?: string
}

function classify(err: unknown, signal: AbortSignal): SendResult {
  const e = (err ?? {}) as SmtpError
  if (signal.aborted) return { ok: false, retry: true, status: null, reply: 'stopped before the server answered' }
  if (typeof e.responseCode === 'number') {
    const permanent = e.permanent ?? (e.responseCode >= 500 && e.responseCode !== 503)
    return { ok: false, retry: !permanent, status: e.responseCode, reply: (e.response ?? e.message ?? String(err)).slice(0, 300) }
  }
  // No SMTP reply: a connection that failed or broke is worth another try; a refused login, a bad
  // address or a TLS that cannot be had is not.
  const final = e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.code === 'ECONFIG' || e.code === 'EENVELOPE' || e.code === 'EMESSAGE' || e.code === 'ETLS'
  return { ok: false, retry: !final, status: null, reply: `${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`.slice(0, 300) }
}

function codeOf(response: string): number | null {
  const m = /^(\d{3})\b/.exec(response)
  return m ? Number(m[1]) : null
}
