import { describe, expect, it } from 'vitest'
import { isLocalHost } from '../../src/main/services/alerts/channel-targets'

describe('isLocalHost: this machine or a private network, as a URL or an SMTP host names it', () => {
  it('loopback, private, link-local and unspecified addresses, in each way a URL can write them', () => {
    const urlHost = (u: string): string => new URL(u).hostname
    for (const host of [
      '127.0.0.1',
      '127.9.9.9',
      'localhost',
      'LOCALHOST.',
      'api.localhost',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '[::1]',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      urlHost('http://2130706433/'), // 127.0.0.1 as one number
      urlHost('http://0x7f.1/'),
      urlHost('http://[::ffff:127.0.0.1]/'), // written back by URL as ::ffff:7f00:1
      urlHost('http://[::ffff:a00:1]/')
    ])
      expect(isLocalHost(host), host).toBe(true)
  })

  it('public addresses and names', () => {
    for (const host of ['hooks.slack.com', 'api.telegram.org', '8.8.8.8', '172.32.0.1', '192.169.0.1', '[2001:db8::1]', 'localhost.example.com', '::ffff:8.8.8.8'])
      expect(isLocalHost(host), host).toBe(false)
  })
})
