/**
 * Loopback stand-ins for the services alerts are delivered to: an HTTP receiver that answers as a webhook,
 * Slack, Discord or Telegram would (or fails as scripted), and an SMTP server that requires a login and
 * keeps each message. Real servers: the app's senders talk to them as to the real ones.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { startLocalServer, type LocalServer, type Seen } from './local-server'

export interface Answer {
  status: number
  body?: string
  headers?: Record<string, string>
}

/** An HTTP receiver on loopback: answers from `script` first, then `ok`; `answered` holds each answer's status, in order. */
export interface Receiver extends LocalServer {
  script: Answer[]
  answered: number[]
  /** answer every request with this (instead of `ok`) until set to null */
  failWith: Answer | null
}

export async function receiver(ok: (seen: Seen) => Answer): Promise<Receiver> {
  const r = { script: [], answered: [], failWith: null } as unknown as Receiver
  const server = await startLocalServer((_req, res, seen) => {
    const a = r.script.shift() ?? r.failWith ?? ok(seen)
    r.answered.push(a.status)
    res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers })
    res.end(a.body ?? '')
  })
  return Object.assign(r, server)
}

/** The JSON bodies a receiver took with a 2xx answer. */
export function accepted(r: Receiver): Array<Record<string, unknown>> {
  return r.seen.flatMap((s, i) => ((r.answered[i] ?? 0) < 300 ? [JSON.parse(s.body) as Record<string, unknown>] : []))
}

export interface Mail {
  headers: Record<string, string>
  body: string
  user: string | undefined
  to: string[]
}

/** A loopback SMTP server that requires a login (plain, as on loopback only) and keeps each message. */
export async function smtpReceiver(password: string): Promise<{ port: number; mails: Mail[]; close: () => Promise<void> }> {
  const mails: Mail[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    // The greeting would wait for a reverse DNS lookup of 127.0.0.1 (over a second on these machines).
    disableReverseLookup: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'alerts' && auth.password === password) cb(null, { user: 'alerts' })
      else cb(new Error('Invalid username or password'))
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const [head = '', ...rest] = raw.split(/\r\n\r\n/)
        const headers: Record<string, string> = {}
        for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
          const at = line.indexOf(':')
          if (at > 0) headers[line.slice(0, at).toLowerCase()] = decodeWords(line.slice(at + 1).trim())
        }
        mails.push({ headers, body: rest.join('\r\n\r\n').replace(/=\r\n/g, ''), user: session.user as string | undefined, to: session.envelope.rcptTo.map((r) => r.address) })
        cb()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** A header as a person reads it: MIME encoded words (RFC 2047, "=?UTF-8?Q?…?=") decoded, the space between two of them dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
    )
}
