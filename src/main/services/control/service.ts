import { createHash, randomUUID } from 'node:crypto'
import type { ControlAction, ControlState, JournalEntry, Revert } from '../../../shared/contract'
import { AppError, errorDataSchema, toErrorData } from '../../../shared/rpc/errors'
import type { ActionRow, ControlStore, RevertRow } from '../../cache/control-store'
import { canonicalKey } from '../../cache/reads-store'
import { admin, type NodeApis } from '../../clients/node/index'
import { getLoggerLevel, nodeAdminEndpoint } from '../../clients/node/node-admin'
import { realClock, type Clock } from '../../clock'
import { deadlineSignal } from '../../clients/transport/deadline'

type Origin = JournalEntry['origin']

export interface ControlDeps {
  store: ControlStore
  /** The active node: its base URL (the journal's scope) and its APIs. */
  active: () => { scope: string; node: NodeApis }
  /** The APIs of a node by its base URL (a revert may be due for a node that is not active). */
  nodeAt: (scope: string) => NodeApis
  changed: (scope: string) => void
  warn: (message: string) => void
  /** Timers of reverts and timed profiles, and the time journaled: main's clock (tests move it). */
  clock?: Clock
  /** Overrides the clock's time alone (tests that move only the time read at start). */
  now?: () => number
}

interface CpuRun {
  startedAt: number
  stopsAt?: number
  journalId: string
  timer?: unknown
}

/**
 * Node control, with one rule for every call that changes the node: it is written to the journal
 * before it is sent, sent once (the transport never retries a node-changing call), and marked with
 * its outcome: ok, failed (the node answered no, or it was never sent), or unknown (sent, no answer).
 * State lives here in main, so every window and a reload see the same running profile.
 */
export class ControlService {
  private readonly cpu = new Map<string, CpuRun>()
  private readonly revertTimers = new Map<string, unknown>()
  private late: RevertRow[] = []
  private readonly clock: Clock
  private readonly now: () => number

  constructor(private readonly d: ControlDeps) {
    this.clock = d.clock ?? realClock
    this.now = d.now ?? (() => this.clock.now())
  }

  /** At start: carry out reverts that fell due while the app was closed; schedule the others. */
  async resume(): Promise<void> {
    for (const r of this.d.store.scheduledReverts()) {
      if (r.dueAt <= this.now()) {
        await this.runRevert(r, true)
        this.late.push({ ...this.d.store.revert(r.id)! })
        // runRevert announced the change before the revert was listed as late: announce it again, so
        // a page that is already open hears of the late revert without a reload.
        this.d.changed(r.scope)
      } else this.schedule(r)
    }
  }

  stop(): void {
    for (const t of this.revertTimers.values()) this.clock.clearTimeout(t)
    this.revertTimers.clear()
    for (const run of this.cpu.values()) if (run.timer !== undefined) this.clock.clearTimeout(run.timer)
  }

  state(scope = this.d.active().scope): ControlState {
    const run = this.cpu.get(scope)
    const last = this.d.store.lastOk(scope, 'setLogLevel')
    return {
      cpu: run ? { startedAt: run.startedAt, journalId: run.journalId, ...(run.stopsAt !== undefined ? { stopsAt: run.stopsAt } : {}) } : null,
      logLevel: last?.params['level'] ?? null,
      reverts: this.d.store.scheduledReverts(scope).map(revertView),
      lateReverts: this.late.filter((r) => r.scope === scope).map(revertView)
    }
  }

  /** The active node's base URL. */
  scope(): string {
    return this.d.active().scope
  }

  /**
   * The node's current log level and where it comes from: the node's own admin.getLoggerLevel (logger C)
   * when it serves /ext/admin; else the last level set through the app on this node (a set is not in the
   * VM configuration: a real node's getVMConfig keeps its level at start); else the VM configuration's
   * log-level (read live, or the last kept offline).
   */
  async currentLogLevel(signal?: AbortSignal): Promise<{
    level: string | null
    source: 'node' | 'app' | 'vmConfig' | 'none'
    readAt?: number
    read?: 'live' | 'cache'
    configured?: string
  }> {
    const { scope } = this.d.active()
    const vm = await this.nodeVmConfig(signal)
    const raw = vm?.config['log-level']
    const configured = typeof raw === 'string' && /^[A-Za-z]{1,20}$/.test(raw) ? raw.toLowerCase() : undefined
    const withConfigured = configured !== undefined ? { configured } : {}
    if (vm?.read !== 'cache') {
      try {
        const { loggerLevels } = await getLoggerLevel(nodeAdminEndpoint(scope), { loggerName: 'C' }, signalOpt(signal))
        const c = loggerLevels['C'] ?? Object.values(loggerLevels)[0]
        if (c) return { level: nodeLevel(c.logLevel), source: 'node', readAt: this.now(), read: 'live', ...withConfigured }
      } catch (err) {
        if (signal?.aborted) throw err
        // Not served (no --api-admin-enabled) or not answering: the other sources say it.
      }
    }
    const last = this.d.store.lastOk(scope, 'setLogLevel')
    const level = last?.params['level']
    if (last && level) return { level, source: 'app', readAt: last.finishedAt ?? last.requestedAt, ...withConfigured }
    if (vm && configured !== undefined) return { level: configured, source: 'vmConfig', readAt: vm.fetchedAt, read: vm.read, configured }
    return { level: null, source: 'none' }
  }

  journal(limit: number): JournalEntry[] {
    return this.d.store.recentActions(this.d.active().scope, limit).map(entryView)
  }

  async startCpu(durationSec: number | undefined, signal?: AbortSignal): Promise<JournalEntry> {
    const { scope, node } = this.d.active()
    const running = this.cpu.get(scope)
    if (running)
      throw new AppError('CONFLICT', `A CPU profile started by this app has been running on this node since ${new Date(running.startedAt).toISOString()}: stop it first`)
    const params: Record<string, string> = durationSec !== undefined ? { durationSec: String(durationSec) } : {}
    const sent = await this.send(scope, 'startCPUProfiler', params, 'operator', () => admin.startCPUProfiler(node, {}, signalOpt(signal)))
    const entry = settled(sent, (err) =>
      /already/i.test(err.details?.upstreamMessage ?? '')
        ? new AppError('CONFLICT', 'The node is already running a CPU profile (started outside this app?): stop it first, then start again', undefined, { cause: err })
        : err
    )
    const startedAt = entry.finishedAt ?? this.now()
    const run: CpuRun = { startedAt, journalId: entry.id }
    if (durationSec !== undefined) {
      run.stopsAt = startedAt + durationSec * 1_000
      run.timer = this.clock.setTimeout(() => void this.stopCpu('timer').catch((e: unknown) => this.d.warn(`timed CPU profile did not stop: ${String(e)}`)), durationSec * 1_000)
    }
    this.cpu.set(scope, run)
    this.d.changed(scope)
    return entry
  }

  async stopCpu(origin: Origin = 'operator', signal?: AbortSignal): Promise<JournalEntry> {
    const { scope, node } = this.d.active()
    const run = this.cpu.get(scope)
    if (run?.timer !== undefined) this.clock.clearTimeout(run.timer)
    try {
      const sent = await this.send(scope, 'stopCPUProfiler', {}, origin, () => admin.stopCPUProfiler(node, {}, signalOpt(signal)))
      return settled(sent, (err) =>
        /doesn't exist|not running|isn't running/i.test(err.details?.upstreamMessage ?? '')
          ? new AppError('CONFLICT', 'The node is not running a CPU profile: there is nothing to stop', undefined, { cause: err })
          : err
      )
    } finally {
      // Whatever the answer, this app no longer counts a profile as running: the journal has the outcome.
      this.cpu.delete(scope)
      this.d.changed(scope)
    }
  }

  async memoryProfile(signal?: AbortSignal): Promise<JournalEntry> {
    const { scope, node } = this.d.active()
    return settled(await this.send(scope, 'memoryProfile', {}, 'operator', () => admin.memoryProfile(node, {}, signalOpt(signal))))
  }

  async lockProfile(signal?: AbortSignal): Promise<JournalEntry> {
    const { scope, node } = this.d.active()
    return settled(await this.send(scope, 'lockProfile', {}, 'operator', () => admin.lockProfile(node, {}, signalOpt(signal))))
  }

  async setLogLevel(level: string, revertAfterSec: number | undefined, previous: string | undefined, signal?: AbortSignal): Promise<JournalEntry> {
    const { scope, node } = this.d.active()
    let revert: RevertRow | undefined
    if (revertAfterSec !== undefined) {
      const back = previous ?? this.d.store.lastOk(scope, 'setLogLevel')?.params['level'] ?? (await configuredLevel(node, signal)) ?? 'info'
      const at = this.now()
      // Journaled before the change is sent: if the app dies right after, the next start still reverts.
      revert = { id: randomUUID(), scope, level: back, fromLevel: level, dueAt: at + revertAfterSec * 1_000, createdAt: at, state: 'scheduled', doneAt: null, late: false }
      this.d.store.insertRevert(revert)
    }
    const sent = await this.send(scope, 'setLogLevel', { level }, 'operator', () => admin.setLogLevel(node, { level }, signalOpt(signal)))
    if (revert) {
      // Refused or never sent: nothing to revert. Unknown outcome: the revert stays, to be safe.
      if (sent.entry.outcome === 'failed') this.d.store.finishRevert(revert.id, 'cancelled', this.now(), false)
      else this.schedule(revert)
      this.d.changed(scope)
    }
    return settled(sent)
  }

  cancelRevert(id: string): ControlState {
    const r = this.d.store.revert(id)
    if (!r) throw new AppError('NOT_FOUND', `No log-level revert with id ${id}`)
    if (r.state !== 'scheduled') throw new AppError('CONFLICT', `That revert is ${r.state} already`)
    this.clock.clearTimeout(this.revertTimers.get(id))
    this.revertTimers.delete(id)
    this.d.store.finishRevert(id, 'cancelled', this.now(), false)
    this.d.changed(r.scope)
    return this.state(r.scope)
  }

  /** The operator has read the report of a revert done at start: no window shows it any longer. */
  dismissLate(id: string): ControlState {
    const r = this.late.find((x) => x.id === id)
    if (!r) throw new AppError('NOT_FOUND', `No revert carried out at start with id ${id}`)
    this.late = this.late.filter((x) => x.id !== id)
    this.d.changed(r.scope)
    return this.state(r.scope)
  }

  /** Fetches the VM configuration and keeps a snapshot when it changed. */
  async vmConfig(signal?: AbortSignal): Promise<{ config: Record<string, unknown>; snapshotId: number }> {
    const { scope, node } = this.d.active()
    const { config } = await admin.getVMConfig(node, {}, signalOpt(signal))
    const text = canonicalKey(config)
    const snapshotId = this.d.store.keepSnapshot(scope, this.now(), createHash('sha256').update(text).digest('hex'), text)
    return { config, snapshotId }
  }

  /**
   * The node's VM configuration for working out where it writes its profiles: read live (a snapshot kept
   * as vmConfig does), else the last one kept (offline, or the admin API refused), else undefined.
   * `live: false` reads only the kept one (no call to the node).
   */
  async nodeVmConfig(signal?: AbortSignal, live = true): Promise<{ config: Record<string, unknown>; read: 'live' | 'cache'; fetchedAt: number } | undefined> {
    if (live) {
      // A node that does not answer soon is not waited for: the kept configuration says the same folder.
      const deadline = deadlineSignal(5_000, signal)
      try {
        const { config } = await this.vmConfig(deadline.signal)
        return { config, read: 'live', fetchedAt: this.now() }
      } catch (err) {
        if (signal?.aborted) throw err
      } finally {
        deadline.clear()
      }
    }
    const last = this.d.store.snapshots(this.d.active().scope, 1)[0]
    if (!last) return undefined
    try {
      return { config: JSON.parse(last.config) as Record<string, unknown>, read: 'cache', fetchedAt: last.fetchedAt }
    } catch {
      return undefined
    }
  }

  snapshots(limit = 50): { id: number; fetchedAt: number; config: Record<string, unknown> }[] {
    return this.d.store.snapshots(this.d.active().scope, limit).map((s) => ({ id: s.id, fetchedAt: s.fetchedAt, config: JSON.parse(s.config) as Record<string, unknown> }))
  }

  private schedule(r: RevertRow): void {
    this.revertTimers.set(r.id, this.clock.setTimeout(() => void this.runRevert(r, false), Math.max(0, r.dueAt - this.now())))
  }

  private async runRevert(r: RevertRow, late: boolean): Promise<void> {
    this.revertTimers.delete(r.id)
    const sent = await this.send(r.scope, 'setLogLevel', { level: r.level }, late ? 'startup' : 'revert', () =>
      admin.setLogLevel(this.d.nodeAt(r.scope), { level: r.level })
    )
    this.d.store.finishRevert(r.id, sent.entry.outcome === 'ok' ? 'done' : 'failed', this.now(), late)
    if (sent.error) this.d.warn(`log level revert to ${r.level} on ${r.scope}: ${sent.entry.outcome}: ${sent.error.message}`)
    this.d.changed(r.scope)
  }

  /**
   * Journal, send once, mark the outcome. Never throws for the call's own failure: the caller gets
   * the entry (with its outcome) and the error, and decides what to tell.
   */
  private async send(scope: string, action: ControlAction, params: Record<string, string>, origin: Origin, call: () => Promise<unknown>): Promise<Sent> {
    const id = randomUUID()
    this.d.store.insertAction({ id, scope, action, params, origin, requestedAt: this.now() })
    this.d.changed(scope)
    let error: AppError | undefined
    try {
      await call()
      this.d.store.finishAction(id, 'ok', this.now(), null)
    } catch (err) {
      error = err instanceof AppError ? err : new AppError('INTERNAL', `${action} failed unexpectedly`, undefined, { cause: err })
      this.d.store.finishAction(id, outcomeOf(error), this.now(), JSON.stringify(toErrorData(error)))
    }
    this.d.changed(scope)
    const entry = entryView(this.d.store.action(id)!)
    return error ? { entry, error } : { entry }
  }
}

interface Sent {
  entry: JournalEntry
  error?: AppError
}

/** The entry of a call that succeeded, or the error to tell the person (an unknown outcome said plainly). */
function settled(sent: Sent, explain: (err: AppError<'RPC'>) => AppError = (e) => e): JournalEntry {
  const { entry, error } = sent
  if (!error) return entry
  if (entry.outcome === 'unknown')
    throw new AppError(
      'TIMEOUT',
      `${entry.action} was sent and no answer came: the node may or may not have done it. The app does not send it again; check the node, then decide`,
      { timeoutMs: 0 },
      { cause: error }
    )
  throw error.is('RPC') ? explain(error) : error
}

/**
 * ok is decided by the caller. Failed: the node answered (an RPC error, an HTTP error status) or the
 * request never left (connection refused, our own checks). Unknown: it may have arrived.
 */
function outcomeOf(err: unknown): 'failed' | 'unknown' {
  if (!(err instanceof AppError)) return 'unknown'
  if (err.is('NETWORK')) return /connection refused|host name not found|host unreachable/.test(err.message) ? 'failed' : 'unknown'
  return err.is('TIMEOUT') || err.is('CANCELLED') || err.is('DISCONNECTED') ? 'unknown' : 'failed'
}

async function configuredLevel(node: NodeApis, signal?: AbortSignal): Promise<string | undefined> {
  try {
    const { config } = await admin.getVMConfig(node, {}, signalOpt(signal))
    const level = config['log-level']
    return typeof level === 'string' && /^[a-z]{1,20}$/.test(level) ? level : undefined
  } catch {
    return undefined
  }
}

/** avalanchego's level names in the EVM's words: "INFO" → info, "FATAL" → crit, "VERBO" → verbo. */
function nodeLevel(level: string): string {
  const l = level.trim().toLowerCase()
  return l === 'fatal' ? 'crit' : l
}

function signalOpt(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {}
}

function entryView(a: ActionRow): JournalEntry {
  const error = a.error ? errorDataSchema.safeParse(JSON.parse(a.error)) : undefined
  return {
    id: a.id,
    node: a.scope,
    action: a.action as ControlAction,
    params: a.params,
    origin: a.origin as Origin,
    requestedAt: a.requestedAt,
    ...(a.finishedAt !== null ? { finishedAt: a.finishedAt } : {}),
    outcome: a.outcome,
    ...(error?.success ? { error: error.data } : {})
  }
}

function revertView(r: RevertRow): Revert {
  return {
    id: r.id,
    node: r.scope,
    level: r.level,
    from: r.fromLevel,
    dueAt: r.dueAt,
    createdAt: r.createdAt,
    state: r.state,
    ...(r.doneAt !== null ? { doneAt: r.doneAt } : {}),
    ...(r.late ? { late: true } : {})
  }
}
