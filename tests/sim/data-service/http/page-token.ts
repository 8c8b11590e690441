/**
 * Opaque page tokens for the data service: base64url of a small JSON cursor plus an HMAC, so clients
 * cannot read meaning into them or forge one. The cursor is bound to a scope (the route and its
 * filters): a token reused with other filters, edited, or invented is refused with 400, the way a
 * real API refuses a page token it cannot decode. The key comes from the seed, so two runs with the
 * same seed hand out byte-identical tokens.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { badRequest } from './errors'
import { pageSizeParam, single } from './query'
import type { PageSizeRange } from './query'

/**
 * Who hands out and reads page tokens: the data service's signed cursors (PageTokens) or the
 * metrics service's UUIDs. `read` gives the offset a token points at (0 without one) and refuses a
 * token it cannot use with a 400.
 */
export interface PageTokenIssuer {
  issue(scope: string, offset: number): string
  read(token: string | undefined, scope: string): number
}

interface Cursor {
  /** offset of the first item of the next page */
  o: number
  /** short hash of the scope */
  s: string
}

const scopeHash = (scope: string): string => createHash('sha256').update(scope).digest('hex').slice(0, 16)

export class PageTokens implements PageTokenIssuer {
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
export function pageOf<T>(tokens: PageTokenIssuer, scope: string, all: readonly T[], pageToken: string | undefined, pageSize: number): Page<T> {
  const offset = tokens.read(pageToken, scope)
  const items = all.slice(offset, offset + pageSize)
  const next = offset + items.length
  return next < all.length && items.length > 0 ? { items, nextPageToken: tokens.issue(scope, next) } : { items }
}

/** The paging of one list request: its pageSize, and the page it asks for once the list is known. */
export interface Pager {
  readonly pageSize: number
  /** the page of an already filtered and sorted list that the request's pageToken points at */
  page<T>(scope: string, all: readonly T[]): Page<T>
}

/**
 * Reads pageSize now (where the route checks it, before its filters) and the pageToken only when
 * the page is cut, after every filter has been checked, as the real services order their 400s.
 */
export function pager(tokens: PageTokenIssuer, query: URLSearchParams, range: PageSizeRange): Pager {
  const pageSize = pageSizeParam(query, range)
  return { pageSize, page: (scope, all) => pageOf(tokens, scope, all, single(query, 'pageToken'), pageSize) }
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
