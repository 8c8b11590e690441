import { sendDiscord } from './discord'
import { sendEmail } from './email'
import { sendSlack } from './slack'
import { sendTelegram } from './telegram'
import type { ChannelConfig, Notice, SendOptions, SendResult } from './types'
import { sendWebhook } from './webhook'

export type { ChannelConfig, Notice, SendOptions, SendResult } from './types'

/** Sends one notice through a channel of any kind. */
export async function send(channel: ChannelConfig, notice: Notice, opts: SendOptions): Promise<SendResult> {
  switch (channel.kind) {
    case 'webhook':
      return sendWebhook(channel, notice, opts)
    case 'slack':
      return sendSlack(channel, notice, opts)
    case 'discord':
      return sendDiscord(channel, notice, opts)
    case 'telegram':
      return sendTelegram(channel, notice, opts)
    case 'email':
      return sendEmail(channel, notice, opts)
  }
}
