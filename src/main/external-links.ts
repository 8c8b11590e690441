/**
 * Which links the desktop app hands to the user's browser (`shell.openExternal`). Only https, only the
 * hosts the app itself links to (its docs and the explorers), exactly those hosts (no subdomains), no
 * credentials, no other port. Anything else the page asks to open is refused and logged: a page that
 * could open any URL could start any registered URL handler on the machine.
 */
export const EXTERNAL_LINK_HOSTS: readonly string[] = ['build.avax.network', 'subnets.avax.network', 'snowtrace.io']

export function isAllowedExternalLink(url: string, hosts: readonly string[] = EXTERNAL_LINK_HOSTS): boolean {
  if (typeof url !== 'string' || url.length > 2048) return false
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  if (u.protocol !== 'https:' || u.username !== '' || u.password !== '' || u.port !== '') return false
  return hosts.includes(u.hostname)
}

/** What a refused link looks like in the log: its origin only, never the whole URL (it may carry anything). */
export function describeRefusedLink(url: string): string {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : `${u.protocol} URL`
  } catch {
    return 'unparseable URL'
  }
}
