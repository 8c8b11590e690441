import { describe, expect, it } from 'vitest'
import { describeRefusedLink, EXTERNAL_LINK_HOSTS, isAllowedExternalLink } from '../../src/main/external-links'

describe('external links', () => {
  it('allows https links to the hosts the app links to', () => {
    expect(EXTERNAL_LINK_HOSTS).toContain('build.avax.network')
    expect(isAllowedExternalLink('https://build.avax.network/docs/nodes')).toBe(true)
    expect(isAllowedExternalLink('https://subnets.avax.network/')).toBe(true)
    expect(isAllowedExternalLink('https://snowtrace.io/tx/0xabc?x=1#y')).toBe(true)
    expect(isAllowedExternalLink('https://SNOWTRACE.io/')).toBe(true)
  })

  it('refuses every other scheme', () => {
    for (const url of [
      'http://snowtrace.io/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://snowtrace.io/share',
      'ms-msdt:/id',
      'data:text/html,x',
      'app://renderer/index.html'
    ])
      expect(isAllowedExternalLink(url), url).toBe(false)
  })

  it('refuses other hosts, look-alikes, subdomains, credentials and ports', () => {
    for (const url of [
      'https://evil.example/',
      'https://snowtrace.io.evil.example/',
      'https://evilsnowtrace.io/',
      'https://x.snowtrace.io/',
      'https://snowtrace.io@evil.example/',
      'https://user:pw@snowtrace.io/',
      'https://snowtrace.io:8443/',
      'https://127.0.0.1/',
      'not a url',
      '',
      `https://snowtrace.io/${'a'.repeat(3000)}`
    ])
      expect(isAllowedExternalLink(url), url).toBe(false)
  })

  it('logs only the origin of a refused link', () => {
    expect(describeRefusedLink('https://evil.example/path?token=secret')).toBe('https://evil.example')
    expect(describeRefusedLink('file:///home/me/.ssh/id_rsa')).toBe('file: URL')
    expect(describeRefusedLink('::')).toBe('unparseable URL')
  })
})
