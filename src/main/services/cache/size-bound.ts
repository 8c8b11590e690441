import { DEFAULT_CACHE_LIMIT } from '../../../shared/contract/cache'
import type { CacheAdminStore } from '../../cache/cache-admin-store'
import type { Clock } from '../../clock'

/** A check follows the first write after the last check by this much: a burst of ingests costs one check. */
export const CHECK_AFTER_WRITE_MS = 10_000
/** Past the limit, rows go until the pages in use are under this share of it, so the next writes do not trip it at once. */
export const LOW_WATER = 0.9
/** Rows dropped per transaction: each batch is short, so reads in between are not held up. */
const BATCH = 2_000

export interface SizeBoundDeps {
  store: Pick<CacheAdminStore, 'limit' | 'setLimit' | 'usedBytes' | 'droppable' | 'evictOldest' | 'reclaim'>
  clock: Clock
  warn: (message: string) => void
}

/**
 * The cache's size limit (issue 21): past it, the oldest unpinned rows (entities and answers, by fetch time)
 * are dropped first until the pages in use are under 90 % of it, then the space is reclaimed.
 *
 * What is measured is the pages in use, (page_count − freelist_count) × page_size: cheap (three pragmas),
 * and it falls as rows go, whereas the file keeps its size until free pages are given back. Reclaiming:
 * databases created since issue 21 use auto_vacuum = INCREMENTAL, so `PRAGMA incremental_vacuum` gives the
 * free pages back and the file shrinks at the WAL checkpoint (TRUNCATE) that follows; an older file (auto_vacuum
 * NONE, switching needs a full VACUUM that rewrites the whole file and needs as much space again) keeps its
 * free pages, which later writes reuse before the file grows, so it stays bounded all the same.
 *
 * Checked at start, when the limit is set, and after writes: the first write after a check plans the next
 * one CHECK_AFTER_WRITE_MS later (one timer at a time), not one check per write.
 */
export class SizeBound {
  private timer: unknown = null

  constructor(private readonly deps: SizeBoundDeps) {}

  limit(): number {
    return this.deps.store.limit() ?? DEFAULT_CACHE_LIMIT
  }

  setLimit(bytes: number): number {
    this.deps.store.setLimit(bytes)
    return this.enforce()
  }

  /** Drops the oldest unpinned rows while the database is over its limit; how many went. */
  enforce(): number {
    const { store } = this.deps
    const limit = this.limit()
    if (store.usedBytes() <= limit) return 0
    let removed = 0
    let left = store.droppable()
    for (let used = store.usedBytes(); used > limit * LOW_WATER && left > 0; used = store.usedBytes()) {
      // As many rows as the share of the bytes to free, were all rows the same size (at least one, at most a
      // batch): a small cache is not emptied by one batch, a big one is not walked one row at a time.
      const share = Math.ceil((left * (used - limit * LOW_WATER)) / used)
      const n = store.evictOldest(Math.min(BATCH, Math.max(1, share)))
      if (n === 0) break
      removed += n
      left -= n
    }
    store.reclaim()
    const used = store.usedBytes()
    if (used > limit) this.deps.warn(`the cache is over its limit (${used} of ${limit} bytes) with nothing left to drop but pinned rows and the app's own records`)
    return removed
  }

  /** A write happened: check within CHECK_AFTER_WRITE_MS, unless a check is planned already. */
  noteWrite(): void {
    if (this.timer !== null) return
    this.timer = this.deps.clock.setTimeout(() => {
      this.timer = null
      try {
        this.enforce()
      } catch (e) {
        // The database closed in between (the app quit), or a write failed: the next write plans another check.
        this.deps.warn(`the cache's size check failed: ${String(e)}`)
      }
    }, CHECK_AFTER_WRITE_MS)
  }

  stop(): void {
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer)
    this.timer = null
  }
}
