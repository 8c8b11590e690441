import type { Alert, DeliveryState } from '../../../../shared/contract'

/** The settings of each kind of channel, secret ones included: only main holds these, and only while sending. */
export type ChannelConfig =
  | { kind: 'webhook'; url: string }
  | { kind: 'slack'; webhookUrl: string }
  | { kind: 'discord'; webhookUrl: string }
  | { kind: 'telegram'; botToken: string; chatId: string; apiBaseUrl: string }
  | { kind: 'email'; host: string; port: number; secure: boolean; username?: string; password?: string; from: string; to: string[] }
  | { kind: 'pagerduty'; routingKey: string; apiBaseUrl: string }
  | { kind: 'ntfy'; serverUrl: string; topic: string; token?: string }
  | { kind: 'pushover'; appToken: string; userKey: string; apiBaseUrl: string }
  | { kind: 'matrix'; homeserverUrl: string; roomId: string; accessToken: string }

/** One alert of a message: fired by this check (or sent now its hold ended), sent again, or resolved. */
export interface MessageLine {
  alert: Alert
  kind: 'fired' | 'repeat' | 'resolved'
  /** how long it had been firing at the message's time, ms */
  firingForMs: number
}

/**
 * What one check of one node has to tell (dispatch.ts): one message per channel, a line per alert, all firing
 * or all resolved. Its id is stable (written once to the outbox with it): an alert's own id when it is the only
 * line of its first firing or its resolution, so a receiver keyed on alerts keeps its key.
 */
export interface AlertMessage {
  id: string
  state: 'firing' | 'resolved'
  at: number
  profileId: string
  profileName: string
  nodeUrl: string
  /** the most severe first */
  lines: MessageLine[]
}

/** One alert change (or a test) on its way to one channel. */
export interface Notice {
  /** the message's first (most severe) alert; the only one unless `lines` has more */
  alert: Alert
  /** every alert of the message (one at least), as this channel takes them */
  lines: readonly MessageLine[]
  state: DeliveryState
  /** what a receiver drops repeats by: the message's id and its state ("…:firing"); the same at every retry */
  deliveryId: string
  /** the channel's name, for a test message */
  channelName: string
}

/**
 * What a receiver made of one try. `retry`: worth trying again (no answer, 408, 429, 5xx, an SMTP 4xx);
 * otherwise a failure is final. `reply` is what it said (cut short), before secrets are cut out.
 */
export interface SendResult {
  ok: boolean
  retry: boolean
  status: number | null
  reply: string | null
  /** the receiver's Retry-After, in ms */
  retryAfterMs?: number
}

export interface SendOptions {
  /** aborts when the app stops or the try's deadline comes */
  signal: AbortSignal
  /** the longest one try may take, ms */
  timeoutMs: number
}

export type Sender<C extends ChannelConfig> = (channel: C, notice: Notice, opts: SendOptions) => Promise<SendResult>
