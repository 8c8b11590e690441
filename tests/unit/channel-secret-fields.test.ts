/**
 * A channel's secret is named once, where its kind declares it (shared/contract/alert-channels.ts): the
 * fields a host's config file may give as env:NAME (and that it hides in logs) are those, and they are
 * exactly what the alerts service seals when a channel is added.
 */
import { describe, expect, it } from 'vitest'
import { addChannelInputSchema, CHANNEL_SECRET_FIELDS, CHANNEL_KINDS } from '../../src/shared/contract'
import { splitChannel } from '../../src/main/services/alerts/channel-registry'

const EXAMPLES = [
  { kind: 'webhook', name: 'w', url: 'https://example.com/hook?k=1' },
  { kind: 'slack', name: 's', webhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX' },
  { kind: 'discord', name: 'd', webhookUrl: 'https://discord.com/api/webhooks/123/abc' },
  { kind: 'telegram', name: 't', botToken: '123456789:AAHabcdefghijklmnopqrstuvwxyz', chatId: '-1001234567890' },
  { kind: 'email', name: 'e', host: 'smtp.example.com', port: 587, secure: false, username: 'ops', password: 'p', from: 'a@example.com', to: ['b@example.com'] }
]

describe('the secret fields of a channel', () => {
  it('are the fields each kind seals, derived from the channel schemas', () => {
    expect(EXAMPLES.map((e) => e.kind)).toEqual([...CHANNEL_KINDS])
    const sealed = EXAMPLES.flatMap((e) => Object.keys(splitChannel(addChannelInputSchema.parse(e)).secret))
    expect([...CHANNEL_SECRET_FIELDS].sort()).toEqual([...new Set(sealed)].sort())
    expect([...CHANNEL_SECRET_FIELDS].sort()).toEqual(['botToken', 'password', 'url', 'webhookUrl'])
  })
})
