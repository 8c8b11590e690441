/**
 * A channel's secret is named once, where its kind declares it (shared/contract/alert-channels.ts): the
 * fields a host's config file may give as env:NAME (and that it hides in logs) are those, and they are
 * exactly what the alerts service seals when a channel is added.
 */
import { describe, expect, it } from 'vitest'
import { addChannelInputSchema, CHANNEL_SECRET_FIELDS, CHANNEL_KINDS } from '../../src/shared/contract'
import { splitChannel } from '../../src/main/services/alerts/channel-registry'
import { CHANNEL_FIELDS } from '../../src/renderer/src/panels/alerts/channelFields'

const EXAMPLES = [
  { kind: 'webhook', name: 'w', url: 'https://example.com/hook?k=1' },
  { kind: 'slack', name: 's', webhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXX' },
  { kind: 'discord', name: 'd', webhookUrl: 'https://discord.com/api/webhooks/123/abc' },
  { kind: 'telegram', name: 't', botToken: '123456789:AAHabcdefghijklmnopqrstuvwxyz', chatId: '-1001234567890' },
  { kind: 'email', name: 'e', host: 'smtp.example.com', port: 587, secure: false, username: 'ops', password: 'p', from: 'a@example.com', to: ['b@example.com'] },
  { kind: 'pagerduty', name: 'pd', routingKey: 'R0ut1ngK3yOfTh1rtyTw0Characters' },
  { kind: 'ntfy', name: 'n', topic: 'alerts-7f3a', token: 'tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2' },
  { kind: 'pushover', name: 'po', appToken: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi', userKey: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG' },
  { kind: 'matrix', name: 'mx', homeserverUrl: 'https://matrix.example.org', roomId: '!ops:example.org', accessToken: 'syt_Ym90_secretAccessToken' }
]

describe('the secret fields of a channel', () => {
  it('are the fields each kind seals, derived from the channel schemas', () => {
    expect(EXAMPLES.map((e) => e.kind)).toEqual([...CHANNEL_KINDS])
    const sealed = EXAMPLES.flatMap((e) => Object.keys(splitChannel(addChannelInputSchema.parse(e)).secret))
    expect([...CHANNEL_SECRET_FIELDS].sort()).toEqual([...new Set(sealed)].sort())
    expect([...CHANNEL_SECRET_FIELDS].sort()).toEqual(['accessToken', 'appToken', 'botToken', 'password', 'routingKey', 'token', 'topic', 'url', 'userKey', 'webhookUrl'])
  })

  it("are the ones each kind's form types masked, and every field of the form is one of its kind's", () => {
    for (const e of EXAMPLES) {
      const kind = addChannelInputSchema.options.find((o) => o.shape.kind.value === e.kind)!
      const sealed = Object.keys(splitChannel(addChannelInputSchema.parse(e)).secret)
      const form = CHANNEL_FIELDS[e.kind as keyof typeof CHANNEL_FIELDS]
      expect(form.filter((f) => f.secret).map((f) => f.key).sort(), e.kind).toEqual(Object.keys(kind.shape).filter((k) => CHANNEL_SECRET_FIELDS.includes(k)).sort())
      for (const key of sealed) expect(form.some((f) => f.key === key && f.secret), `${e.kind}.${key}`).toBe(true)
      for (const f of form) expect(Object.keys(kind.shape), `${e.kind}.${f.key}`).toContain(f.key)
    }
  })
})
