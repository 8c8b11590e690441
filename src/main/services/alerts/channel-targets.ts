/**
 * Where a channel sends, and whether that is this machine or a private network. Browser mode serves a page
 * that anything holding its token can drive; a channel is the one place where a page makes the server send
 * requests to an address of the page's choosing (and again at each alert). Aimed at 127.0.0.1 or a private
 * address, that reaches services which trust the host (a node's admin API, a local mail server, a cloud's
 * metadata address). The rule: such a channel is added from a browser-mode page only when serve was started
 * with --allow-local-channels; the desktop app, the command line and the config file are the operator at the
 * machine and may add it. The check reads the address as written (an IP literal or a name such as
 * localhost); a public name that a DNS server resolves to a private address is not caught here.
 */
import { BlockList, isIP } from 'node:net'
import type { AddChannelInput } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'

const LOCAL = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches this machine
  ['127.0.0.0', 8], // loopback
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['169.254.0.0', 16] // link-local, where clouds serve instance metadata
] as const)
  LOCAL.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10] // link-local
] as const)
  LOCAL.addSubnet(net, bits, 'ipv6')

/** Whether a host (as URL.hostname gives it, or an SMTP host) is this machine or on a private network. */
export function isLocalHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase()
  if (h === 'localhost' || h.endsWith('.localhost')) return true
  const v = isIP(h)
  if (v === 4) return LOCAL.check(h, 'ipv4')
  if (v === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h)
    if (mapped) return LOCAL.check(mapped[1]!, 'ipv4')
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h)
    if (hex) {
      const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16)
      return LOCAL.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4')
    }
    return LOCAL.check(h, 'ipv6')
  }
  return false
}

/** The hosts a channel sends to: its URL's host, the Telegram API's host, the SMTP server. */
export function channelHosts(input: AddChannelInput): string[] {
  switch (input.kind) {
    case 'webhook':
      return [new URL(input.url).hostname]
    case 'slack':
    case 'discord':
      return [new URL(input.webhookUrl).hostname]
    case 'telegram':
      return [new URL(input.apiBaseUrl).hostname]
    case 'email':
      return [input.host]
    case 'pagerduty':
    case 'pushover':
      return [new URL(input.apiBaseUrl).hostname]
    case 'ntfy':
      return [new URL(input.serverUrl).hostname]
    case 'matrix':
      return [new URL(input.homeserverUrl).hostname]
  }
}

/** The field that names where a channel sends (for the message). */
const TARGET_FIELD: Record<AddChannelInput['kind'], string> = {
  webhook: 'url',
  slack: 'webhookUrl',
  discord: 'webhookUrl',
  telegram: 'apiBaseUrl',
  email: 'host',
  pagerduty: 'apiBaseUrl',
  ntfy: 'serverUrl',
  pushover: 'apiBaseUrl',
  matrix: 'homeserverUrl'
}

/** FORBIDDEN when the channel sends to this machine or a private network (a browser-mode page without the flag). */
export function refuseLocalTarget(input: AddChannelInput): void {
  if (!channelHosts(input).some(isLocalHost)) return
  const field = TARGET_FIELD[input.kind]
  throw new AppError(
    'FORBIDDEN',
    `${field}: this channel sends to this machine or a private network, which a browser-mode page may not add: start serve with --allow-local-channels, or add it with the desktop app, the command line (companion call alerts.addChannel) or the config file`
  )
}
