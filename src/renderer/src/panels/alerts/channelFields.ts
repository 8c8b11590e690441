/**
 * The fields of the "add a channel" form, per kind, and the input built from what was typed. Secrets
 * (webhook URLs, a bot token, an SMTP password) are typed into password fields and sent once; the
 * contract's schema (addChannelInputSchema) judges the input before it is sent.
 */
import { DEFAULT_NTFY_SERVER, DEFAULT_PAGERDUTY_API, DEFAULT_PUSHOVER_API, DEFAULT_TELEGRAM_API, type ChannelKind, type ChannelView } from '../../../../shared/contract'

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
  email: 'Email',
  pagerduty: 'PagerDuty',
  ntfy: 'ntfy',
  pushover: 'Pushover',
  matrix: 'Matrix'
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
  ],
  pagerduty: [
    { key: 'routingKey', label: 'Integration key', secret: true, kind: 'text', placeholder: '32 letters and digits', help: "a service's Events API v2 integration key" },
    { key: 'apiBaseUrl', label: 'Events API URL', kind: 'text', optional: true, placeholder: DEFAULT_PAGERDUTY_API }
  ],
  ntfy: [
    { key: 'topic', label: 'Topic', secret: true, kind: 'text', placeholder: 'a name nobody guesses', help: 'anyone who knows it may read it: kept sealed' },
    { key: 'serverUrl', label: 'Server URL', kind: 'text', optional: true, placeholder: DEFAULT_NTFY_SERVER },
    { key: 'token', label: 'Access token', secret: true, kind: 'text', optional: true, placeholder: 'tk_… (optional)' }
  ],
  pushover: [
    { key: 'appToken', label: 'Application token', secret: true, kind: 'text', placeholder: '30 letters and digits' },
    { key: 'userKey', label: 'User or group key', secret: true, kind: 'text', placeholder: '30 letters and digits' },
    { key: 'apiBaseUrl', label: 'API URL', kind: 'text', optional: true, placeholder: DEFAULT_PUSHOVER_API }
  ],
  matrix: [
    { key: 'accessToken', label: 'Access token', secret: true, kind: 'text', placeholder: "the bot account's token" },
    { key: 'homeserverUrl', label: 'Homeserver URL', kind: 'text', placeholder: 'https://matrix.example.org', help: https },
    { key: 'roomId', label: 'Room ID', kind: 'text', placeholder: '!abcdefgh:example.org' }
  ]
}

/** What a channel takes and its digest, as the form holds them (channel-routing.ts in the contract). */
export interface RoutingValues {
  profiles: string[]
  rules: string[]
  /** active hours set: the fields below */
  hours: boolean
  timeZone: string
  from: string
  to: string
  days: string[]
  outside: 'wait' | 'others'
  digest: boolean
  digestAt: string
}

export function emptyRouting(timeZone: string): RoutingValues {
  return { profiles: [], rules: [], hours: false, timeZone, from: '09:00', to: '18:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'], outside: 'wait', digest: false, digestAt: '08:00' }
}

/** The routing and digest of alerts.addChannel (or alerts.setChannelRouting) from the form. */
export function routingInput(kind: ChannelKind, r: RoutingValues): Record<string, unknown> {
  const routing = {
    profiles: r.profiles,
    rules: r.rules,
    activeHours: r.hours ? { timeZone: r.timeZone.trim(), days: r.days, from: r.from.trim(), to: r.to.trim(), outside: r.outside } : null
  }
  // PagerDuty opens incidents: it takes no digest.
  return kind === 'pagerduty' ? { routing } : { routing, digest: r.digest ? { at: r.digestAt.trim(), timeZone: r.timeZone.trim() } : null }
}

/** The input of alerts.addChannel from what was typed: empty optional fields left out, the rest as typed. */
export function channelInput(kind: ChannelKind, name: string, minSeverity: string, values: Record<string, string | boolean>, routing?: RoutingValues): Record<string, unknown> {
  const out: Record<string, unknown> = { kind, name, minSeverity, ...(routing ? routingInput(kind, routing) : {}) }
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

/** The form's values of a channel's routing and digest as listed (to change them). */
export function routingValues(c: Pick<ChannelView, 'routing' | 'digest'>, timeZone: string): RoutingValues {
  const h = c.routing.activeHours
  return {
    ...emptyRouting(h?.timeZone ?? c.digest?.timeZone ?? timeZone),
    profiles: [...c.routing.profiles],
    rules: [...c.routing.rules],
    ...(h ? { hours: true, from: h.from, to: h.to, days: [...h.days], outside: h.outside } : {}),
    ...(c.digest ? { digest: true, digestAt: c.digest.at } : {})
  }
}
