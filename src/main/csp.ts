/**
 * The renderer's Content-Security-Policy, one policy for both modes: only our own scripts and
 * styles (Naive UI injects style elements, hence 'unsafe-inline' for styles only), no plugins, no
 * base or form targets, no framing. Only where the contract travels differs: nowhere in the desktop
 * app (IPC needs no network), the loopback websocket in browser mode.
 *
 * Declared here only, and always sent as a response header: by browser mode (server/static-files.ts)
 * and by the desktop app's app:// protocol (electron/protocol.ts), both through server/renderer-files.ts.
 * The renderer's index.html carries no meta policy of its own.
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
