/**
 * The renderer's Content-Security-Policy, one policy for both modes: only our own scripts and
 * styles (Naive UI injects style elements, hence 'unsafe-inline' for styles only), no plugins, no
 * base or form targets, no framing. Only where the contract travels differs: nowhere in the desktop
 * app (IPC needs no network), the loopback websocket in browser mode.
 */
export function contentSecurityPolicy(connectSrc: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `connect-src ${connectSrc}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join('; ')
}
