/**
 * Opaque page tokens for the data service: base64url of a small JSON cursor plus an HMAC, so clients
 * cannot read meaning into them or forge one. The cursor is bound to a scope (the route and its
 * filters): a token reused with other filters, edited, or invented is refused with 400, the way a
 * real API refuses a page token it cannot decode. The key comes from the seed, so two runs with the
 * same seed hand out byte-identical tokens.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { badRequest } from './errors'

interface Cursor {
  /** offset of the first item of the next page */
  o: number
  /** short hash of the scope */
  s: string
}

const scopeHash = (scope: string): string => createHash('sha256').update(scope).digest('hex').slice(0, 16)

export class PageTokens {
  private readonly key: Buffer

  constructor(seed: number) {
    this.key = createHash('sha256').update(`sim-data-service-page-tokens:${seed}`).digest()
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16)
  }

  issue(scope: string, offset: number): string {
    const cursor: Cursor = { o: offset, s: scopeHash(scope) }
    const payload = Buffer.from(JSON.stringify(cursor)).toString('base64url')
    return `${payload}.${this.mac(payload).toString('base64url')}`
  }

  /** The offset a token points at; 0 for the first page (no token). */
  read(token: string | undefined, scope: string): number {
    if (token === undefined || token === '') return 0
    const invalid = badRequest('Invalid page token')
    const [payload, sig, ...rest] = token.split('.')
    if (payload === undefined || sig === undefined || rest.length > 0) throw invalid
    const given = Buffer.from(sig, 'base64url')
    const want = this.mac(payload)
    if (given.length !== want.length || !timingSafeEqual(given, want)) throw invalid
    let cursor: Cursor
    try {
      cursor = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Cursor
    } catch {
      throw invalid
    }
    if (!Number.isSafeInteger(cursor.o) || cursor.o < 0) throw invalid
    if (cursor.s !== scopeHash(scope)) throw badRequest('Page token does not match the request parameters')
    return cursor.o
  }
}

export interface Page<T> {
  items: T[]
  /** present only when a further page exists */
  nextPageToken?: string
}

/** One page of an already filtered and sorted list. */
export function pageOf<T>(tokens: PageTokens, scope: string, all: readonly T[], pageToken: string | undefined, pageSize: number): Page<T> {
  const offset = tokens.read(pageToken, scope)
  const items = all.slice(offset, offset + pageSize)
  const next = offset + items.length
  return next < all.length && items.length > 0 ? { items, nextPageToken: tokens.issue(scope, next) } : { items }
}

/** `{ nextPageToken }` when there is one, else `{}`: the field is omitted, never null. */
export function tokenField(page: { nextPageToken?: string }): { nextPageToken?: string } {
  return page.nextPageToken === undefined ? {} : { nextPageToken: page.nextPageToken }
}

/** A canonical scope string from the route name and the filters that shape the list. */
export function scopeOf(route: string, filters: Record<string, unknown>): string {
  const keys = Object.keys(filters).sort()
  return `${route}?${keys.map((k) => `${k}=${JSON.stringify(filters[k] ?? null)}`).join('&')}`
}
