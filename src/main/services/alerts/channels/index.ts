import { sendDiscord } from './discord'
import { sendEmail } from './email'
import { sendMatrix } from './matrix'
import { sendNtfy } from './ntfy'
import { sendPagerduty } from './pagerduty'
import { sendPushover } from './pushover'
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
    case 'pagerduty':
      return sendPagerduty(channel, notice, opts)
    case 'ntfy':
      return sendNtfy(channel, notice, opts)
    case 'pushover':
      return sendPushover(channel, notice, opts)
    case 'matrix':
      return sendMatrix(channel, notice, opts)
  }
}
