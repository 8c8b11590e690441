/**
 * The one parser of request targets (the `/path?query` of a request line), for pages, the websocket
 * upgrade and the desktop protocol. A request can send anything there (`//`, `http://x`, `%zz`, `*`):
 * nothing it sends may throw, so this answers `undefined` for what it will not serve, and the caller
 * answers 400.
 */
export interface RequestTarget {
  /** The path, percent-decoded, always starting with "/". */
  path: string
  /** The query, parsed leniently ("%" stays "%"). */
  query: URLSearchParams
}

/** Longer targets are refused: ours are a file path or `/rpc?token=<43 characters>`. */
export const MAX_TARGET_LENGTH = 2048

const BASE_HOST = 'target.invalid'

export function parseRequestTarget(raw: string | undefined): RequestTarget | undefined {
  // Only origin-form ("/..."): no absolute-form ("http://x/"), no authority-form, no "*".
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_TARGET_LENGTH || raw[0] !== '/') return undefined
  let url: URL
  try {
    // Prefixing a fixed origin makes "//evil/x" a path, never a host.
    url = new URL(`http://${BASE_HOST}${raw}`)
  } catch {
    return undefined
  }
  if (url.host !== BASE_HOST) return undefined
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return undefined
  }
  if (path.includes('\0')) return undefined
  return { path, query: url.searchParams }
}
