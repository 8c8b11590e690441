/**
 * Channels at rest: an addChannel input split into what may be shown (kind, name, a target without the
 * secret) and what may not (a webhook URL, a bot token, an SMTP password), which is sealed with the same
 * SecretStore as the data-service API key (Electron safeStorage in the desktop app, "unencrypted" in the
 * 0600 database file in browser mode and the CLI). The secret is opened only to send.
 */
import type { AddChannelInput, ChannelHealth, ChannelView, DeliveryTry } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { ChannelRow } from '../../cache/outbox-store'
import type { SecretStore } from '../../secrets'
import type { ChannelConfig } from './channels'

interface Split {
  /** settings that are not secret (JSON) */
  config: Record<string, unknown>
  /** settings that are (sealed) */
  secret: Record<string, unknown>
  target: string
}

/** host[:port] of a URL: all of it a list may show. */
function hostOf(url: string): string {
  return new URL(url).host
}

export function splitChannel(input: AddChannelInput): Split {
  switch (input.kind) {
    case 'webhook':
      return { config: {}, secret: { url: input.url }, target: hostOf(input.url) }
    case 'slack':
    case 'discord':
      return { config: {}, secret: { webhookUrl: input.webhookUrl }, target: hostOf(input.webhookUrl) }
    case 'telegram':
      return {
        config: { chatId: input.chatId, apiBaseUrl: input.apiBaseUrl },
        secret: { botToken: input.botToken },
        target: `chat ${input.chatId} via ${hostOf(input.apiBaseUrl)}`
      }
    case 'email': {
      const { host, port, secure, username, password, from, to } = input
      const to3 = to.slice(0, 3).join(', ') + (to.length > 3 ? ` and ${to.length - 3} more` : '')
      return {
        config: { host, port, secure, from, to, ...(username !== undefined ? { username } : {}) },
        secret: password !== undefined ? { password } : {},
        target: `${host}:${port}${secure ? ' (TLS)' : ''} to ${to3}`.slice(0, 500)
      }
    }
    case 'pagerduty':
      return { config: { apiBaseUrl: input.apiBaseUrl }, secret: { routingKey: input.routingKey }, target: `Events API v2 via ${hostOf(input.apiBaseUrl)}` }
    case 'ntfy':
      return {
        config: { serverUrl: input.serverUrl },
        secret: { topic: input.topic, ...(input.token !== undefined ? { token: input.token } : {}) },
        target: `a topic on ${hostOf(input.serverUrl)}${input.token !== undefined ? ' (with a token)' : ''}`
      }
    case 'pushover':
      return { config: { apiBaseUrl: input.apiBaseUrl }, secret: { appToken: input.appToken, userKey: input.userKey }, target: `Pushover via ${hostOf(input.apiBaseUrl)}` }
    case 'matrix':
      return { config: { homeserverUrl: input.homeserverUrl, roomId: input.roomId }, secret: { accessToken: input.accessToken }, target: `room ${input.roomId} via ${hostOf(input.homeserverUrl)}`.slice(0, 500) }
  }
}

/** The channel with its secret opened, to send through. Fails (never naming the secret) when this mode of the app cannot open it. */
export function openChannel(row: ChannelRow, secrets: SecretStore): ChannelConfig {
  if (row.disabled) throw new AppError('FORBIDDEN', `The channel "${row.name}" is disabled (${row.disabled}): remove it and add it again`)
  if (row.storage !== secrets.storage)
    throw new AppError(
      'UNAUTHORIZED',
      `The secret of the channel "${row.name}" was sealed by another mode of the app (${row.storage}); this one keeps secrets ${secrets.storage}: remove the channel and add it again here`
    )
  let secret: Record<string, unknown>
  try {
    secret = JSON.parse(secrets.open(row.secret)) as Record<string, unknown>
  } catch {
    throw new AppError('UNAUTHORIZED', `The secret of the channel "${row.name}" cannot be opened (the keychain changed?): remove the channel and add it again`)
  }
  return { kind: row.kind, ...(JSON.parse(row.config) as Record<string, unknown>), ...secret } as ChannelConfig
}

/** Every text a message must not show of a channel: its secrets, and the secret parts of its URLs alone. */
export function secretsOf(channel: ChannelConfig): string[] {
  const urlParts = (url: string): string[] => {
    try {
      const u = new URL(url)
      return [url, u.toString(), `${u.pathname}${u.search}`, u.pathname.length > 1 ? u.pathname : '', u.search.length > 1 ? u.search.slice(1) : ''].filter((s) => s.length >= 6)
    } catch {
      return [url]
    }
  }
  switch (channel.kind) {
    case 'webhook':
      return urlParts(channel.url)
    case 'slack':
    case 'discord':
      return urlParts(channel.webhookUrl)
    case 'telegram':
      return [`bot${channel.botToken}`, channel.botToken, channel.botToken.split(':')[1] ?? ''].filter((s) => s.length >= 6)
    case 'email':
      return channel.password !== undefined ? [channel.password] : []
    case 'pagerduty':
      return [channel.routingKey]
    case 'ntfy':
      return [channel.topic, ...(channel.token !== undefined ? [channel.token] : [])].filter((s) => s.length >= 6)
    case 'pushover':
      return [channel.appToken, channel.userKey]
    case 'matrix':
      return [channel.accessToken]
  }
}

export function channelView(row: ChannelRow, last: DeliveryTry | undefined, health: ChannelHealth): ChannelView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    target: row.target,
    minSeverity: row.minSeverity,
    routing: row.routing,
    digest: row.digest,
    secretStorage: row.storage,
    createdAt: row.createdAt,
    ...(row.disabled ? { disabled: row.disabled } : {}),
    lastDelivery: last ? { at: last.at, state: last.state, outcome: last.outcome, status: last.status, reply: last.reply } : null,
    health
  }
}
