import type { Db } from './database'

export interface ActionRow {
  id: string
  scope: string
  action: string
  params: Record<string, string>
  origin: string
  requestedAt: number
  finishedAt: number | null
  outcome: 'pending' | 'ok' | 'failed' | 'unknown'
  /** JSON of the contract error data, when it failed. */
  error: string | null
}

export interface RevertRow {
  id: string
  scope: string
  level: string
  fromLevel: string
  dueAt: number
  createdAt: number
  state: 'scheduled' | 'done' | 'failed' | 'cancelled'
  doneAt: number | null
  late: boolean
}

interface RawAction {
  id: string
  scope: string
  action: string
  params: string
  origin: string
  requested_at: number
  finished_at: number | null
  outcome: ActionRow['outcome']
  error: string | null
}
interface RawRevert {
  id: string
  scope: string
  level: string
  from_level: string
  due_at: number
  created_at: number
  state: RevertRow['state']
  done_at: number | null
  late: number
}

const action = (r: RawAction): ActionRow => ({
  id: r.id,
  scope: r.scope,
  action: r.action,
  params: JSON.parse(r.params) as Record<string, string>,
  origin: r.origin,
  requestedAt: r.requested_at,
  finishedAt: r.finished_at,
  outcome: r.outcome,
  error: r.error
})
const revert = (r: RawRevert): RevertRow => ({
  id: r.id,
  scope: r.scope,
  level: r.level,
  fromLevel: r.from_level,
  dueAt: r.due_at,
  createdAt: r.created_at,
  state: r.state,
  doneAt: r.done_at,
  late: r.late === 1
})

/** Named statements over the node-control journal, the log-level reverts and VM config snapshots. */
export class ControlStore {
  private readonly s
  constructor(db: Db) {
    this.s = {
      insertAction: db.prepare<[string, string, string, string, string, number]>(
        "INSERT INTO node_actions (id, scope, action, params, origin, requested_at, outcome) VALUES (?, ?, ?, ?, ?, ?, 'pending')"
      ),
      finishAction: db.prepare<[string, number, string | null, string]>('UPDATE node_actions SET outcome = ?, finished_at = ?, error = ? WHERE id = ?'),
      actionById: db.prepare<[string], RawAction>('SELECT * FROM node_actions WHERE id = ?'),
      recentActions: db.prepare<[string, number], RawAction>('SELECT * FROM node_actions WHERE scope = ? ORDER BY requested_at DESC, rowid DESC LIMIT ?'),
      lastOk: db.prepare<[string, string], RawAction>(
        "SELECT * FROM node_actions WHERE scope = ? AND action = ? AND outcome = 'ok' ORDER BY requested_at DESC, rowid DESC LIMIT 1"
      ),
      insertRevert: db.prepare<[string, string, string, string, number, number]>(
        "INSERT INTO log_reverts (id, scope, level, from_level, due_at, created_at, state) VALUES (?, ?, ?, ?, ?, ?, 'scheduled')"
      ),
      finishRevert: db.prepare<[string, number, number, string]>('UPDATE log_reverts SET state = ?, done_at = ?, late = ? WHERE id = ?'),
      revertById: db.prepare<[string], RawRevert>('SELECT * FROM log_reverts WHERE id = ?'),
      scheduled: db.prepare<[], RawRevert>("SELECT * FROM log_reverts WHERE state = 'scheduled' ORDER BY due_at"),
      scheduledIn: db.prepare<[string], RawRevert>("SELECT * FROM log_reverts WHERE scope = ? AND state = 'scheduled' ORDER BY due_at"),
      lastSnapshot: db.prepare<[string], { id: number; hash: string; fetched_at: number; config: string }>(
        'SELECT id, hash, fetched_at, config FROM vm_config_snapshots WHERE scope = ? ORDER BY id DESC LIMIT 1'
      ),
      insertSnapshot: db.prepare<[string, number, string, string]>('INSERT INTO vm_config_snapshots (scope, fetched_at, hash, config) VALUES (?, ?, ?, ?)'),
      snapshots: db.prepare<[string, number], { id: number; fetched_at: number; config: string }>(
        'SELECT id, fetched_at, config FROM vm_config_snapshots WHERE scope = ? ORDER BY id DESC LIMIT ?'
      )
    }
  }

  insertAction(a: Omit<ActionRow, 'finishedAt' | 'outcome' | 'error'>): void {
    this.s.insertAction.run(a.id, a.scope, a.action, JSON.stringify(a.params), a.origin, a.requestedAt)
  }
  finishAction(id: string, outcome: Exclude<ActionRow['outcome'], 'pending'>, at: number, error: string | null): void {
    this.s.finishAction.run(outcome, at, error, id)
  }
  action(id: string): ActionRow | undefined {
    const r = this.s.actionById.get(id)
    return r ? action(r) : undefined
  }
  recentActions(scope: string, limit: number): ActionRow[] {
    return this.s.recentActions.all(scope, limit).map(action)
  }
  lastOk(scope: string, name: string): ActionRow | undefined {
    const r = this.s.lastOk.get(scope, name)
    return r ? action(r) : undefined
  }

  insertRevert(r: Omit<RevertRow, 'state' | 'doneAt' | 'late'>): void {
    this.s.insertRevert.run(r.id, r.scope, r.level, r.fromLevel, r.dueAt, r.createdAt)
  }
  finishRevert(id: string, state: Exclude<RevertRow['state'], 'scheduled'>, at: number, late: boolean): void {
    this.s.finishRevert.run(state, at, late ? 1 : 0, id)
  }
  revert(id: string): RevertRow | undefined {
    const r = this.s.revertById.get(id)
    return r ? revert(r) : undefined
  }
  /** Every scheduled revert, of every node (the timers of a start), or of one. */
  scheduledReverts(scope?: string): RevertRow[] {
    return (scope === undefined ? this.s.scheduled.all() : this.s.scheduledIn.all(scope)).map(revert)
  }

  /** Keeps a snapshot when it differs from the last; answers the id of the one that holds it. */
  keepSnapshot(scope: string, at: number, hash: string, config: string): number {
    const last = this.s.lastSnapshot.get(scope)
    if (last && last.hash === hash) return last.id
    return Number(this.s.insertSnapshot.run(scope, at, hash, config).lastInsertRowid)
  }
  snapshots(scope: string, limit: number): { id: number; fetchedAt: number; config: string }[] {
    return this.s.snapshots.all(scope, limit).map((r) => ({ id: r.id, fetchedAt: r.fetched_at, config: r.config }))
  }
}
