import type { Db } from './database'

export type IssueOutcome = 'pending' | 'accepted' | 'refused' | 'unknown'

export interface IssuedRow {
  id: string
  scope: string
  txId: string
  hex: string
  requestedAt: number
  finishedAt: number | null
  outcome: IssueOutcome
  /** JSON of the contract error data */
  error: string | null
}

export interface WatchRow {
  scope: string
  txId: string
  state: 'watching' | 'done' | 'stopped'
  startedAt: number
  endedAt: number | null
  lastError: string | null
}

export interface WatchEvent {
  at: number
  status: string
  blockHeight: string | null
}

interface RawIssued {
  id: string
  scope: string
  tx_id: string
  hex: string
  requested_at: number
  finished_at: number | null
  outcome: IssueOutcome
  error: string | null
}
interface RawWatch {
  scope: string
  tx_id: string
  state: WatchRow['state']
  started_at: number
  ended_at: number | null
  last_error: string | null
}

const issued = (r: RawIssued): IssuedRow => ({
  id: r.id,
  scope: r.scope,
  txId: r.tx_id,
  hex: r.hex,
  requestedAt: r.requested_at,
  finishedAt: r.finished_at,
  outcome: r.outcome,
  error: r.error
})
const watch = (r: RawWatch): WatchRow => ({ scope: r.scope, txId: r.tx_id, state: r.state, startedAt: r.started_at, endedAt: r.ended_at, lastError: r.last_error })

/** Named statements over the journal of issued atomic txs and the status watches (with their timelines). */
export class AtomicStore {
  private readonly s
  constructor(db: Db) {
    this.s = {
      insertIssued: db.prepare<[string, string, string, string, number]>(
        "INSERT INTO atomic_issued (id, scope, tx_id, hex, requested_at, outcome) VALUES (?, ?, ?, ?, ?, 'pending')"
      ),
      finishIssued: db.prepare<[string, number, string | null, string]>('UPDATE atomic_issued SET outcome = ?, finished_at = ?, error = ? WHERE id = ?'),
      issuedById: db.prepare<[string], RawIssued>('SELECT * FROM atomic_issued WHERE id = ?'),
      issuedByTx: db.prepare<[string, string], RawIssued>('SELECT * FROM atomic_issued WHERE scope = ? AND tx_id = ? ORDER BY requested_at DESC, rowid DESC LIMIT 1'),
      recentIssued: db.prepare<[string, number], RawIssued>('SELECT * FROM atomic_issued WHERE scope = ? ORDER BY requested_at DESC, rowid DESC LIMIT ?'),
      upsertWatch: db.prepare<[string, string, number]>(
        "INSERT INTO atomic_watches (scope, tx_id, state, started_at) VALUES (?, ?, 'watching', ?) ON CONFLICT (scope, tx_id) DO UPDATE SET state = 'watching', ended_at = NULL"
      ),
      endWatch: db.prepare<[string, number, string, string]>('UPDATE atomic_watches SET state = ?, ended_at = ? WHERE scope = ? AND tx_id = ?'),
      watchError: db.prepare<[string | null, string, string]>('UPDATE atomic_watches SET last_error = ? WHERE scope = ? AND tx_id = ?'),
      watch: db.prepare<[string, string], RawWatch>('SELECT * FROM atomic_watches WHERE scope = ? AND tx_id = ?'),
      watching: db.prepare<[], RawWatch>("SELECT * FROM atomic_watches WHERE state = 'watching'"),
      recentWatches: db.prepare<[string, number], RawWatch>('SELECT * FROM atomic_watches WHERE scope = ? ORDER BY started_at DESC LIMIT ?'),
      lastEvent: db.prepare<[string, string], { status: string; block_height: string | null }>(
        'SELECT status, block_height FROM atomic_watch_events WHERE scope = ? AND tx_id = ? ORDER BY at DESC LIMIT 1'
      ),
      insertEvent: db.prepare<[string, string, number, string, string | null]>(
        'INSERT OR IGNORE INTO atomic_watch_events (scope, tx_id, at, status, block_height) VALUES (?, ?, ?, ?, ?)'
      ),
      events: db.prepare<[string, string], { at: number; status: string; block_height: string | null }>(
        'SELECT at, status, block_height FROM atomic_watch_events WHERE scope = ? AND tx_id = ? ORDER BY at'
      )
    }
  }

  insertIssued(r: Pick<IssuedRow, 'id' | 'scope' | 'txId' | 'hex' | 'requestedAt'>): void {
    this.s.insertIssued.run(r.id, r.scope, r.txId, r.hex, r.requestedAt)
  }
  finishIssued(id: string, outcome: Exclude<IssueOutcome, 'pending'>, at: number, error: string | null): void {
    this.s.finishIssued.run(outcome, at, error, id)
  }
  issued(id: string): IssuedRow | undefined {
    const r = this.s.issuedById.get(id)
    return r ? issued(r) : undefined
  }
  /** The latest send of a tx (every send is its own record). */
  issuedByTx(scope: string, txId: string): IssuedRow | undefined {
    const r = this.s.issuedByTx.get(scope, txId)
    return r ? issued(r) : undefined
  }
  recentIssued(scope: string, limit: number): IssuedRow[] {
    return this.s.recentIssued.all(scope, limit).map(issued)
  }

  startWatch(scope: string, txId: string, at: number): void {
    this.s.upsertWatch.run(scope, txId, at)
  }
  endWatch(scope: string, txId: string, state: 'done' | 'stopped', at: number): void {
    this.s.endWatch.run(state, at, scope, txId)
  }
  setWatchError(scope: string, txId: string, error: string | null): void {
    this.s.watchError.run(error, scope, txId)
  }
  watch(scope: string, txId: string): WatchRow | undefined {
    const r = this.s.watch.get(scope, txId)
    return r ? watch(r) : undefined
  }
  /** Watches still running, of every node: resumed at start. */
  activeWatches(): WatchRow[] {
    return this.s.watching.all().map(watch)
  }
  recentWatches(scope: string, limit: number): WatchRow[] {
    return this.s.recentWatches.all(scope, limit).map(watch)
  }
  /** Records a status when it differs from the last one seen; true when it was new. */
  recordStatus(scope: string, txId: string, at: number, status: string, blockHeight: string | null): boolean {
    const last = this.s.lastEvent.get(scope, txId)
    if (last && last.status === status && last.block_height === blockHeight) return false
    this.s.insertEvent.run(scope, txId, at, status, blockHeight)
    return true
  }
  events(scope: string, txId: string): WatchEvent[] {
    return this.s.events.all(scope, txId).map((e) => ({ at: e.at, status: e.status, blockHeight: e.block_height }))
  }
}
