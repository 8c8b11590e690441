import { canonicalKey, type ReadsStore } from '../cache/reads-store'

/** How far back from a page asked for offline the kept pages of its list are followed. */
const MAX_PAGES = 200

/** The pages of one lookup kept in the cache, from its first page on, one after another (rows: when each page has one list). */
export interface KeptPages {
  pages: number
  rows?: number
}

/** The items of a page: its one array field (`transactions`, `subnets`, …); undefined when it has none or several. */
function rowsOf(data: unknown): number | undefined {
  if (data === null || typeof data !== 'object') return undefined
  const lists = Object.values(data).filter(Array.isArray)
  return lists.length === 1 ? lists[0]!.length : undefined
}

/**
 * What the cache keeps of the lookup a later page (`pageToken`) belongs to, for an offline answer to a page never
 * fetched (review 2 N17): its first page, then each page whose token the one before gave, while they are kept.
 * Undefined for an input that is not a later page.
 */
export function keptPagesOf(reads: ReadsStore, scope: string, method: string, input: unknown): KeptPages | undefined {
  if (input === null || typeof input !== 'object' || typeof (input as { pageToken?: unknown }).pageToken !== 'string') return undefined
  const { pageToken: _asked, ...first } = input as Record<string, unknown>
  let kept: KeptPages = { pages: 0, rows: 0 }
  let next: Record<string, unknown> | null = first
  while (next && kept.pages < MAX_PAGES) {
    const page = reads.get(scope, method, canonicalKey(next))
    if (!page) break
    const rows = rowsOf(page.data)
    kept = { pages: kept.pages + 1, ...(kept.rows !== undefined && rows !== undefined ? { rows: kept.rows + rows } : {}) }
    const token = (page.data as { nextPageToken?: unknown } | null)?.nextPageToken
    next = typeof token === 'string' && token !== '' ? { ...first, pageToken: token } : null
  }
  return kept
}
