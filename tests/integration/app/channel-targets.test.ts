/**
 * Issue 31, item 5: a browser-mode page could add alert channels aimed at this machine (a loopback webhook,
 * an SMTP server on 127.0.0.1) or a private network, and the server then sent requests there at each alert.
 * The rule (src/main/services/alerts/channel-targets.ts): a page adds such a channel only when serve was
 * started with --allow-local-channels; the desktop app, the command line and the config file may.
 */
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Input } from '../../../src/shared/contract'
import { pageClient } from '../../support/page-client'
import { appsPerTest, failure, tempDir } from './helpers'
import { startServe } from './serve-process'

const LOCAL: Input<'alerts.addChannel'>[] = [
  { kind: 'webhook', name: 'loopback hook', url: 'http://127.0.0.1:9650/ext/admin' },
  { kind: 'webhook', name: 'metadata', url: 'https://169.254.169.254/latest' },
  { kind: 'slack', name: 'lan slack', webhookUrl: 'https://192.168.1.10/services/x' },
  { kind: 'telegram', name: 'lan bot', botToken: '123456789:AAHabcdefghijklmnopqrstu', chatId: '5', apiBaseUrl: 'https://10.0.0.7' },
  { kind: 'email', name: 'local mail', host: 'localhost', port: 25, secure: false, from: 'a@example.com', to: ['b@example.com'] },
  { kind: 'pagerduty', name: 'lan pager', routingKey: 'R0ut1ngK3yOfTh1rtyTw0Characters', apiBaseUrl: 'https://10.1.2.3' },
  { kind: 'ntfy', name: 'local ntfy', serverUrl: 'http://localhost:8080', topic: 'alerts' },
  { kind: 'pushover', name: 'lan pushover', appToken: 'azGDORePK8gMaC0QOYAMyEEuzJnyUi', userKey: 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG', apiBaseUrl: 'https://172.16.0.9' },
  { kind: 'matrix', name: 'lan matrix', homeserverUrl: 'https://[fd00::7]', roomId: '!ops:example.org', accessToken: 'syt_Ym90_secretAccessToken' }
]
const PUBLIC: Input<'alerts.addChannel'> = { kind: 'webhook', name: 'public hook', url: 'https://hooks.example.com/T0K3N' }

const { open } = appsPerTest()

describe('channels that send to this machine or a private network', () => {
  it('a browser-mode page is refused each, with the field and the flag that allows it; a public one is added', async () => {
    const { client } = open({ transport: 'ws' })
    for (const input of LOCAL) {
      const e = await failure(client.call('alerts.addChannel', input))
      expect(e.code, input.name).toBe('FORBIDDEN')
      expect(e.message).toMatch(/^(url|webhookUrl|apiBaseUrl|host|serverUrl|homeserverUrl): this channel sends to this machine or a private network, which a browser-mode page may not add: start serve with --allow-local-channels/)
    }
    expect((await client.call('alerts.addChannel', PUBLIC)).name).toBe('public hook')
    expect((await client.call('alerts.channels', {})).channels.map((c) => c.name)).toEqual(['public hook'])
  })

  it('the desktop app (and the command line, over the same in-memory transport) adds them', async () => {
    const { client } = open({ transport: 'memory' })
    for (const input of LOCAL) expect((await client.call('alerts.addChannel', input)).name).toBe(input.name)
  })

  it('a browser-mode page adds them when the app allows it', async () => {
    const { client } = open({ transport: 'ws', allowLocalChannels: true })
    for (const input of LOCAL) expect((await client.call('alerts.addChannel', input)).name).toBe(input.name)
  })
})

describe('companion serve, as a process, with a page over its websocket', () => {
  const t = tempDir()
  afterAll(() => t.remove())

  it('refuses a loopback webhook by default, and adds it when started with --allow-local-channels', async () => {
    const hook = LOCAL[0]!
    for (const [flags, expected] of [
      [[], 'FORBIDDEN'],
      [['--allow-local-channels'], 'added']
    ] as const) {
      const data = join(t.dir, `data-${flags.length}`)
      const serve = await startServe(['--data-dir', data, ...flags])
      const page = await pageClient(serve.url)
      try {
        const outcome = await page.call('alerts.addChannel', hook).then(
          () => 'added',
          (e: { code: string }) => e.code
        )
        expect(outcome, `serve ${flags.join(' ')}`).toBe(expected)
        if (flags.length) expect(serve.stderr()).toContain('the page may add alert channels that send to this machine or a private network (--allow-local-channels)')
      } finally {
        page.close()
        await serve.stop()
      }
    }
  }, 120_000)
})
