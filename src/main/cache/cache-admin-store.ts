import type { Statement } from 'better-sqlite3'
import { cacheLimitSchema } from '../../shared/contract/cache'
import type { Db } from './database'

/** One group of cache.stats: the entities of a kind, profile and network. */
export interface EntityGroupRow {
  kind: string
  profile_id: string | null
  network: string
  count: number
  bytes: number
  oldest: number
  newest: number
  pinned: number
}

/** One entity as cache.export writes it. */
export interface ExportRow {
  kind: string
  key: string
  network: string
  chain: string
  label: string
  profile_id: string | null
  source: string
  sort: number
  fetched_at: number
  pinned: number
  data: string
}

/** What clear removes: each filter null when not given. */
export interface ClearFilter {
  kind: string | null
  profileId: string | null
  olderThan: number | null
  includePinned: boolean
}

const LIMIT_KEY = 'cache.limitBytes'
const QUARANTINE_KEY = 'cache.quarantined'

/**
 * A row's bytes as stats estimates them: its JSON, label and key, the key again (it is nearly always one
 * of its terms), and a flat 96 for the other terms and index entries. Summing the real terms would walk
 * entity_terms (several rows per entity) at every stats call; this is read once per panel view.
 */
const ENTITY_BYTES = 'length(data) + length(label) + 2 * length(key) + length(source) + length(scope) + 96'

/**
 * Named statements of the cache's administration (cache.stats, clear, export, pin, the size bound): over
 * the entities (migration 14) and the answers kept whole (reads, migration 2), plus two settings.
 */
export class CacheAdminStore {
  private readonly s: {
    groups: Statement<[], EntityGroupRow>
    answers: Statement<[], { count: number; bytes: number | null; oldest: number | null }>
    clearEntities: Statement<[{ kind: string | null; profileId: string | null; olderThan: number | null; pinnedToo: number }]>
    clearAnswers: Statement<[{ scopes: string | null; olderThan: number | null }]>
    exportRows: Statement<[{ kind: string; profileId: string | null; limit: number }], ExportRow>
    pin: Statement<[number, string, string, string, string]>
    oldestCutoff: Statement<[number], { fetched_at: number }>
    newestDroppable: Statement<[], { fetched_at: number | null }>
    droppable: Statement<[], { n: number }>
    evictEntities: Statement<[number]>
    evictAnswers: Statement<[number]>
    setting: Statement<[string], { value: string }>
    putSetting: Statement<[string, string]>
    dropSetting: Statement<[string]>
  }

  constructor(private readonly db: Db) {
    this.s = {
      groups: db.prepare(
        `SELECT kind, profile_id, network, COUNT(*) AS count, SUM(${ENTITY_BYTES}) AS bytes,
                MIN(fetched_at) AS oldest, MAX(fetched_at) AS newest, SUM(pinned) AS pinned
         FROM entities GROUP BY kind, profile_id, network ORDER BY kind, network, profile_id`
      ),
      answers: db.prepare(
        'SELECT COUNT(*) AS count, SUM(length(data) + length(input_key) + length(method) + length(scope) + 32) AS bytes, MIN(fetched_at) AS oldest FROM reads'
      ),
      // One statement for every combination of filters: a clear is rare, a scan is fine there.
      clearEntities: db.prepare(
        `DELETE FROM entities WHERE (@kind IS NULL OR kind = @kind) AND (@profileId IS NULL OR profile_id = @profileId)
           AND (@olderThan IS NULL OR fetched_at < @olderThan) AND (@pinnedToo = 1 OR pinned = 0)`
      ),
      // @scopes: a JSON array of the scopes (service URLs) of a profile, or null for every scope.
      clearAnswers: db.prepare(
        `DELETE FROM reads WHERE (@scopes IS NULL OR scope IN (SELECT value FROM json_each(@scopes))) AND (@olderThan IS NULL OR fetched_at < @olderThan)`
      ),
      exportRows: db.prepare(
        `SELECT kind, key, network, chain, label, profile_id, source, sort, fetched_at, pinned, data FROM entities
         WHERE kind = @kind AND (@profileId IS NULL OR profile_id = @profileId) ORDER BY sort DESC, fetched_at DESC, id DESC LIMIT @limit`
      ),
      pin: db.prepare('UPDATE entities SET pinned = ? WHERE network = ? AND kind = ? AND chain = ? AND key = ?'),
      // The fetch time of the Nth oldest droppable row, entities (unpinned, from the entities_age index) and
      // answers together: everything up to it goes in one batch of the size bound.
      oldestCutoff: db.prepare(
        `SELECT fetched_at FROM (SELECT fetched_at FROM entities WHERE pinned = 0 UNION ALL SELECT fetched_at FROM reads)
         ORDER BY fetched_at LIMIT 1 OFFSET ?`
      ),
      newestDroppable: db.prepare(
        'SELECT MAX(fetched_at) AS fetched_at FROM (SELECT fetched_at FROM entities WHERE pinned = 0 UNION ALL SELECT fetched_at FROM reads)'
      ),
      droppable: db.prepare('SELECT (SELECT COUNT(*) FROM entities WHERE pinned = 0) + (SELECT COUNT(*) FROM reads) AS n'),
      evictEntities: db.prepare('DELETE FROM entities WHERE pinned = 0 AND fetched_at <= ?'),
      evictAnswers: db.prepare('DELETE FROM reads WHERE fetched_at <= ?'),
      setting: db.prepare('SELECT value FROM settings WHERE key = ?'),
      putSetting: db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
      dropSetting: db.prepare('DELETE FROM settings WHERE key = ?')
    }
  }

  groups(): EntityGroupRow[] {
    return this.s.groups.all()
  }

  answers(): { count: number; bytes: number; oldest: number | null } {
    const row = this.s.answers.get()!
    return { count: row.count, bytes: row.bytes ?? 0, oldest: row.oldest }
  }

  /** Entities matching the filter; their terms go with them (ON DELETE CASCADE). */
  clearEntities(f: ClearFilter): number {
    return this.s.clearEntities.run({ kind: f.kind, profileId: f.profileId, olderThan: f.olderThan, pinnedToo: f.includePinned ? 1 : 0 }).changes
  }

  /** Answers of these service URLs (all of them: null) fetched before olderThan (any time: null). */
  clearAnswers(scopes: readonly string[] | null, olderThan: number | null): number {
    return this.s.clearAnswers.run({ scopes: scopes ? JSON.stringify(scopes) : null, olderThan }).changes
  }

  exportRows(kind: string, profileId: string | null, limit: number): ExportRow[] {
    return this.s.exportRows.all({ kind, profileId, limit })
  }

  /** Whether the entity exists (and is now pinned or not). */
  pin(key: { network: string; kind: string; chain: string; key: string }, pinned: boolean): boolean {
    return this.s.pin.run(pinned ? 1 : 0, key.network, key.kind, key.chain, key.key).changes > 0
  }

  /** The bytes the database's pages in use take (free pages excluded: they are reused before the file grows). */
  usedBytes(): number {
    const pageSize = this.db.pragma('page_size', { simple: true }) as number
    const pages = this.db.pragma('page_count', { simple: true }) as number
    const free = this.db.pragma('freelist_count', { simple: true }) as number
    return (pages - free) * pageSize
  }

  /** How many rows the size limit may drop: unpinned entities and answers. */
  droppable(): number {
    return this.s.droppable.get()!.n
  }

  /**
   * Drops the oldest droppable rows, about `batch` of them (more when several share the cut-off time):
   * pinned entities never. Returns how many went; 0 when nothing droppable is left.
   */
  evictOldest(batch: number): number {
    return this.db.transaction(() => {
      // Fewer rows than a batch left: the newest of them is the cut-off.
      const cutoff = this.s.oldestCutoff.get(batch - 1)?.fetched_at ?? this.s.newestDroppable.get()?.fetched_at
      if (cutoff == null) return 0
      return this.s.evictEntities.run(cutoff).changes + this.s.evictAnswers.run(cutoff).changes
    })()
  }

  /** Gives the free pages back to the file system where the database allows it, and empties the WAL. */
  reclaim(): void {
    // auto_vacuum 2 is INCREMENTAL (databases created since issue 21); an older file keeps its free pages,
    // which later writes reuse before the file grows.
    if (this.db.pragma('auto_vacuum', { simple: true }) === 2) this.db.pragma('incremental_vacuum')
    this.db.pragma('wal_checkpoint(TRUNCATE)')
  }

  /** The limit set with cache.setLimit; one out of its range (written by other hands) counts as unset. */
  limit(): number | undefined {
    const set = cacheLimitSchema.safeParse(Number(this.s.setting.get(LIMIT_KEY)?.value))
    return set.success ? set.data : undefined
  }

  setLimit(bytes: number): void {
    this.s.putSetting.run(LIMIT_KEY, String(bytes))
  }

  quarantined(): string | undefined {
    return this.s.setting.get(QUARANTINE_KEY)?.value
  }

  setQuarantined(path: string): void {
    this.s.putSetting.run(QUARANTINE_KEY, path)
  }

  dismissQuarantine(): boolean {
    return this.s.dropSetting.run(QUARANTINE_KEY).changes > 0
  }
}
