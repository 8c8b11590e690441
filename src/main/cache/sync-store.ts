import type { SyncKeep } from '../../shared/contract'
import type { ErrorData } from '../../shared/rpc/errors'
import type { Db } from './database'

/** A sync job as stored (migration 15). */
export interface SyncJobRow {
  id: string
  profileId: string
  kind: 'addresses' | 'validators'
  subjects: string[]
  keep: SyncKeep[]
  pageSize: number
  enabled: boolean
  intervalSec: number
  createdAt: number
  passStartedAt: number | null
  inSyncSince: number | null
  lastRunAt: number | null
  lastError: ErrorData | null
  lastErrorAt: number | null
}

/** One list's place in the pass under way. */
export interface SyncCursor {
  list: string
  cursor: string | null
  pages: number
  items: number
  done: boolean
}

interface Raw {
  id: string
  profile_id: string
  kind: 'addresses' | 'validators'
  subjects: string
  keep: string
  page_size: number
  enabled: number
  interval_sec: number
  created_at: number
  pass_started_at: number | null
  in_sync_since: number | null
  last_run_at: number | null
  last_error: string | null
  last_error_at: number | null
}

const strings = (json: string): string[] => {
  const v: unknown = JSON.parse(json)
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

function rowOf(r: Raw): SyncJobRow {
  return {
    id: r.id,
    profileId: r.profile_id,
    kind: r.kind,
    subjects: strings(r.subjects),
    keep: strings(r.keep) as SyncKeep[],
    pageSize: r.page_size,
    enabled: r.enabled === 1,
    intervalSec: r.interval_sec,
    createdAt: r.created_at,
    passStartedAt: r.pass_started_at,
    inSyncSince: r.in_sync_since,
    lastRunAt: r.last_run_at,
    lastError: r.last_error ? (JSON.parse(r.last_error) as ErrorData) : null,
    lastErrorAt: r.last_error_at
  }
}

/**
 * Named statements over sync jobs and their cursors. A page is committed with commitPage: its list's
 * next cursor and its counts in one transaction, so what is committed is exactly what was fetched.
 */
export class SyncStore {
  private readonly s
  constructor(private readonly db: Db) {
    this.s = {
      all: db.prepare<[], Raw>('SELECT * FROM sync_jobs ORDER BY created_at, id'),
      get: db.prepare<[string], Raw>('SELECT * FROM sync_jobs WHERE id = ?'),
      insert: db.prepare<[string, string, string, string, string, number, number, number]>(
        `INSERT INTO sync_jobs (id, profile_id, kind, subjects, keep, page_size, interval_sec, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
      ),
      settings: db.prepare<[number, number, string]>('UPDATE sync_jobs SET enabled = ?, interval_sec = ? WHERE id = ?'),
      remove: db.prepare<[string]>('DELETE FROM sync_jobs WHERE id = ?'),
      begin: db.prepare<[number, string]>('UPDATE sync_jobs SET pass_started_at = ? WHERE id = ? AND pass_started_at IS NULL'),
      clearCursors: db.prepare<[string]>('DELETE FROM sync_cursors WHERE job_id = ?'),
      cursors: db.prepare<[string], { list: string; cursor: string | null; pages: number; items: number; done: number }>(
        'SELECT list, cursor, pages, items, done FROM sync_cursors WHERE job_id = ?'
      ),
      commit: db.prepare<[{ job: string; list: string; cursor: string | null; items: number; done: number }]>(
        `INSERT INTO sync_cursors (job_id, list, cursor, pages, items, done) VALUES (@job, @list, @cursor, 1, @items, @done)
         ON CONFLICT (job_id, list) DO UPDATE SET cursor = @cursor, pages = pages + 1, items = items + @items, done = @done`
      ),
      complete: db.prepare<[number, number, string]>(
        'UPDATE sync_jobs SET pass_started_at = NULL, in_sync_since = ?, last_run_at = ?, last_error = NULL, last_error_at = NULL WHERE id = ?'
      ),
      stopped: db.prepare<[number, string | null, number | null, string]>(
        'UPDATE sync_jobs SET last_run_at = ?, last_error = coalesce(?, last_error), last_error_at = coalesce(?, last_error_at) WHERE id = ?'
      )
    }
  }

  all(): SyncJobRow[] {
    return this.s.all.all().map(rowOf)
  }

  get(id: string): SyncJobRow | undefined {
    const r = this.s.get.get(id)
    return r ? rowOf(r) : undefined
  }

  insert(job: Pick<SyncJobRow, 'id' | 'profileId' | 'kind' | 'subjects' | 'keep' | 'pageSize' | 'intervalSec' | 'createdAt'>): void {
    this.s.insert.run(job.id, job.profileId, job.kind, JSON.stringify(job.subjects), JSON.stringify(job.keep), job.pageSize, job.intervalSec, job.createdAt)
  }

  setSettings(id: string, enabled: boolean, intervalSec: number): void {
    this.s.settings.run(enabled ? 1 : 0, intervalSec, id)
  }

  remove(id: string): boolean {
    return this.s.remove.run(id).changes > 0
  }

  /** Starts a new pass from the first page of every list, unless one is under way (it goes on). */
  beginPass(id: string, at: number): void {
    this.db.transaction(() => {
      if (this.s.begin.run(at, id).changes > 0) this.s.clearCursors.run(id)
    })()
  }

  cursors(id: string): SyncCursor[] {
    return this.s.cursors.all(id).map((c) => ({ list: c.list, cursor: c.cursor, pages: c.pages, items: c.items, done: c.done === 1 }))
  }

  /** One page fetched: the list's next cursor (null with done) and its items, in one transaction. */
  commitPage(id: string, list: string, next: string | null, items: number, done: boolean, alsoInTransaction?: () => void): void {
    this.db.transaction(() => {
      this.s.commit.run({ job: id, list, cursor: next, items, done: done ? 1 : 0 })
      alsoInTransaction?.()
    })()
  }

  completePass(id: string, at: number): void {
    this.s.complete.run(at, at, id)
  }

  /** A pass stopped before its end (cancelled, failed, the app closing): its cursors stay for the next one. */
  passStopped(id: string, at: number, error?: ErrorData): void {
    this.s.stopped.run(at, error ? JSON.stringify(error) : null, error ? at : null, id)
  }

  /**
   * Rows a sync job keeps survive the cache's size limit: every entity found by one of these terms (an
   * address, a NodeID) in this network is pinned. Runs with each committed page.
   */
  pinTerms(network: string, terms: readonly string[]): void {
    if (terms.length === 0) return
    const marks = terms.map(() => '?').join(',')
    this.db
      .prepare(`UPDATE entities SET pinned = 1 WHERE pinned = 0 AND network = ? AND id IN (SELECT entity_id FROM entity_terms WHERE network = ? AND term IN (${marks}))`)
      .run(network, network, ...terms)
  }
}
