/**
 * The fields of the "add a channel" form, per kind, and the input built from what was typed. Secrets
 * (webhook URLs, a bot token, an SMTP password) are typed into password fields and sent once; the
 * contract's schema (addChannelInputSchema) judges the input before it is sent.
 */
import { DEFAULT_TELEGRAM_API, type ChannelKind } from '../../../../shared/contract'

export interface ChannelField {
  key: string
  label: string
  /** typed masked, never shown again once saved */
  secret?: boolean
  kind: 'text' | 'number' | 'switch' | 'list'
  optional?: boolean
  placeholder: string
  help?: string
}

export const KIND_LABEL: Record<ChannelKind, string> = {
  webhook: 'Webhook',
  slack: 'Slack',
  discord: 'Discord',
  telegram: 'Telegram',
  email: 'Email'
}

const https = 'https, or http to a loopback host only'

export const CHANNEL_FIELDS: Record<ChannelKind, ChannelField[]> = {
  webhook: [{ key: 'url', label: 'URL', secret: true, kind: 'text', placeholder: 'https://example.com/hook', help: `JSON POST of each alert, ${https}` }],
  slack: [{ key: 'webhookUrl', label: 'Incoming webhook URL', secret: true, kind: 'text', placeholder: 'https://hooks.slack.com/services/…', help: https }],
  discord: [{ key: 'webhookUrl', label: 'Webhook URL', secret: true, kind: 'text', placeholder: 'https://discord.com/api/webhooks/…', help: https }],
  telegram: [
    { key: 'botToken', label: 'Bot token', secret: true, kind: 'text', placeholder: '123456789:AAH…', help: 'the token BotFather gave' },
    { key: 'chatId', label: 'Chat ID', kind: 'text', placeholder: '-1001234567890 or @channel' },
    { key: 'apiBaseUrl', label: 'API base URL', kind: 'text', optional: true, placeholder: DEFAULT_TELEGRAM_API }
  ],
  email: [
    { key: 'host', label: 'SMTP host', kind: 'text', placeholder: 'smtp.example.com' },
    { key: 'port', label: 'Port', kind: 'number', placeholder: '587' },
    { key: 'secure', label: 'TLS from the start', kind: 'switch', placeholder: '', help: 'on: usually port 465; off: STARTTLS, usually 587' },
    { key: 'username', label: 'User name', kind: 'text', optional: true, placeholder: 'optional' },
    { key: 'password', label: 'Password', secret: true, kind: 'text', optional: true, placeholder: 'optional' },
    { key: 'from', label: 'From', kind: 'text', placeholder: 'companion@example.com' },
    { key: 'to', label: 'To', kind: 'list', placeholder: 'ops@example.com, oncall@example.com' }
  ]
}

/** The input of alerts.addChannel from what was typed: empty optional fields left out, the rest as typed. */
export function channelInput(kind: ChannelKind, name: string, minSeverity: string, values: Record<string, string | boolean>): Record<string, unknown> {
  const out: Record<string, unknown> = { kind, name, minSeverity }
  for (const f of CHANNEL_FIELDS[kind]) {
    const v = values[f.key]
    if (f.kind === 'switch') {
      out[f.key] = v === true
      continue
    }
    const text = typeof v === 'string' ? v.trim() : ''
    if (text === '' && f.optional) continue
    if (f.kind === 'number') out[f.key] = /^\d+$/.test(text) ? Number(text) : text === '' ? undefined : text
    else if (f.kind === 'list') out[f.key] = text === '' ? [] : text.split(/[\s,;]+/).filter(Boolean)
    else out[f.key] = f.secret ? (typeof v === 'string' ? v : '') : text
  }
  return out
}
