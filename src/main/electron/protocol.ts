import { protocol } from 'electron'
import { rendererFiles, type FileResponse, type RendererFiles } from '../server/renderer-files'
import { contentSecurityPolicy } from '../csp'
import { log } from '../log'

/**
 * The desktop renderer is served from `app://renderer/`, not file://: a custom protocol's responses
 * carry real headers, so the one policy of csp.ts (frame-ancestors included, which a meta tag cannot
 * set) is in force on the page, and the page has an origin of its own instead of the whole disk.
 * What is served, and with which headers, is renderer-files.ts (plain Node, unit-tested); this file
 * only adapts it to Electron.
 */
export const APP_SCHEME = 'app'
export const APP_HOST = 'renderer'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const RENDERER_INDEX_URL = `${APP_ORIGIN}/index.html`

/** In the desktop app the contract travels over IPC: the page may connect nowhere. */
export const DESKTOP_CSP = contentSecurityPolicy("'none'")

/** Our page, at any hash route (the renderer uses hash history); nothing else. */
export function isRendererUrl(url: string): boolean {
  const hash = url.indexOf('#')
  return (hash === -1 ? url : url.slice(0, hash)) === RENDERER_INDEX_URL
}

/**
 * Must run before the app is ready: `standard` gives the scheme origins and relative URLs, `secure`
 * makes it a secure context. Not CORS-enabled: no other origin may read from it.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
  ])
}

/** Serves the built renderer below `rendererDir` on app://renderer/ (after the app is ready). */
export function handleAppProtocol(rendererDir: string): void {
  const files = rendererFiles(rendererDir, { csp: DESKTOP_CSP, compress: false })
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(files, request))
}

/** One request to app://; never throws: a failure is a 500 with the same headers policy. */
export async function serveAppRequest(files: RendererFiles, request: Request): Promise<Response> {
  try {
    const url = new URL(request.url)
    if (url.host !== APP_HOST) return plain(404, 'Not found')
    return toResponse(await files({ method: request.method, target: `${url.pathname}${url.search}` }))
  } catch (err) {
    log.warn('app:// request failed', err)
    return plain(500, 'Internal error')
  }
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': DESKTOP_CSP, 'cache-control': 'no-store' }
  })
}

function toResponse(r: FileResponse): Response {
  return new Response(r.body ? new Uint8Array(r.body) : null, { status: r.status, headers: r.headers })
}
