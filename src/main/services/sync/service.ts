/**
 * Sync jobs: what each profile keeps in sync, and the scheduler that runs their passes in the background
 * where the watch runs (desktop app, `companion serve`, `companion watch`). One pass at a time, to be polite
 * to the services (a run asked for meanwhile waits its turn). A job runs every intervalSec after its last
 * pass stopped; a pass that was under way when the app stopped (a restart, a SIGKILL) goes on at start from
 * its last committed page. Each pass is a job of the jobs area: progress, cancel (jobs.cancel or sync.cancel).
 */
import { randomUUID } from 'node:crypto'
import type { ParsedInput, SyncJob } from '../../../shared/contract'
import { decodeBech32Address } from '../../../shared/domain/encoding'
import { shortId } from '../../../shared/domain/format'
import { AppError, toErrorData } from '../../../shared/rpc/errors'
import type { SyncJobRow, SyncStore } from '../../cache/sync-store'
import type { Clock } from '../../clock'
import type { JobManager } from '../jobs/manager'
import type { EffectiveProfile } from '../profiles/service'
import { addressLists, bareAddress, termsOf, validatorLists, type SyncList } from './lists'
import { runPass } from './pass'
import { syncReads, type SyncRead, type SyncReadDeps } from './reads'

export interface SyncServiceDeps {
  store: SyncStore
  jobs: JobManager
  profile: (id: string) => EffectiveProfile | undefined
  active: () => EffectiveProfile | undefined
  reads: Omit<SyncReadDeps, 'now'>
  clock: Clock
  /** every job as it is now, after any change (the sync.changed event) */
  changed: (jobs: SyncJob[]) => void
  warn: (message: string) => void
}

const notRead: SyncRead = () => Promise.reject(new AppError('INTERNAL', 'not a pass'))

export class SyncService {
  private started = false
  private timer: unknown
  /** the pass running now: its job's id and the jobs-area id */
  private running: { id: string; jobId: string } | null = null
  private waitSec: number | undefined
  /** asked to run now, in order */
  private readonly queue: string[] = []
  /** passes under way when the app stopped: they go on at start */
  private readonly resume = new Set<string>()

  constructor(private readonly d: SyncServiceDeps) {}

  start(): void {
    if (this.started) return
    this.started = true
    for (const r of this.d.store.all()) if (r.passStartedAt !== null && r.enabled) this.resume.add(r.id)
    this.plan()
  }

  stop(): void {
    this.started = false
    this.d.clock.clearTimeout(this.timer)
    if (this.running) this.d.jobs.cancel(this.running.jobId)
  }

  /** Profiles changed: a deleted profile's jobs went with it; the schedule is planned again. */
  refresh(): void {
    this.publish()
    this.plan()
  }

  list(): SyncJob[] {
    return this.d.store.all().flatMap((r) => {
      const view = this.view(r)
      return view ? [view] : []
    })
  }

  keepAddresses(input: ParsedInput<'sync.keepAddresses'>): SyncJob {
    const profile = this.profileOf(input.profileId)
    const seen = new Set<string>()
    const addresses: string[] = []
    for (const a of input.addresses) {
      checkNetwork(a, profile)
      if (seen.has(bareAddress(a))) continue
      seen.add(bareAddress(a))
      addresses.push(a)
    }
    return this.add({ profileId: profile.id, kind: 'addresses', subjects: addresses, keep: [...new Set(input.keep)], pageSize: input.pageSize, intervalSec: input.intervalSec })
  }

  keepValidators(input: ParsedInput<'sync.keepValidators'>): SyncJob {
    const profile = this.profileOf(input.profileId)
    const existing = this.d.store.all().find((r) => r.profileId === profile.id && r.kind === 'validators')
    if (existing) return this.update({ id: existing.id, enabled: true, intervalSec: input.intervalSec })
    return this.add({ profileId: profile.id, kind: 'validators', subjects: [], keep: [], pageSize: 100, intervalSec: input.intervalSec })
  }

  update(input: ParsedInput<'sync.update'>): SyncJob {
    const row = this.row(input.id)
    this.d.store.setSettings(row.id, input.enabled ?? row.enabled, input.intervalSec ?? row.intervalSec)
    if (input.enabled === false && this.running?.id === row.id) this.d.jobs.cancel(this.running.jobId)
    this.refresh()
    return this.view(this.row(row.id))!
  }

  remove(id: string): boolean {
    if (this.running?.id === id) this.d.jobs.cancel(this.running.jobId)
    this.dequeue(id)
    const removed = this.d.store.remove(id)
    this.refresh()
    return removed
  }

  runNow(id: string): SyncJob {
    const row = this.row(id)
    if (!this.started)
      throw new AppError('UNAVAILABLE', 'Sync jobs run where the watch runs: the desktop app, `companion serve` or `companion watch`. This command ends at once; the job runs there on its schedule')
    if (this.running?.id !== id && !this.queue.includes(id)) this.queue.push(id)
    this.plan()
    this.publish()
    return this.view(this.row(row.id))!
  }

  cancel(id: string): boolean {
    this.row(id)
    const was = this.dequeue(id)
    if (this.running?.id !== id) {
      if (was) this.publish()
      return was
    }
    return this.d.jobs.cancel(this.running.jobId)
  }

  private add(job: Omit<SyncJobRow, 'id' | 'enabled' | 'createdAt' | 'passStartedAt' | 'inSyncSince' | 'lastRunAt' | 'lastError' | 'lastErrorAt'>): SyncJob {
    const id = randomUUID()
    this.d.store.insert({ ...job, id, createdAt: this.d.clock.now() })
    this.refresh()
    return this.view(this.row(id))!
  }

  private profileOf(id: string | undefined): EffectiveProfile {
    const p = id ? this.d.profile(id) : this.d.active()
    if (!p) throw new AppError('NOT_FOUND', id ? `No profile with id ${id}: list them with profiles.list` : 'No active connection profile: create one in Connections and activate it, or give profileId')
    return p
  }

  private row(id: string): SyncJobRow {
    const r = this.d.store.get(id)
    if (!r) throw new AppError('NOT_FOUND', `No sync job with id ${id}: list them with sync.list`)
    return r
  }

  private dequeue(id: string): boolean {
    const i = this.queue.indexOf(id)
    if (i >= 0) this.queue.splice(i, 1)
    return i >= 0
  }

  /** When a job's next pass is due (ms), or null when it is off. */
  private dueAt(r: SyncJobRow): number | null {
    if (!r.enabled) return null
    if (this.resume.has(r.id) || r.lastRunAt === null) return r.createdAt
    return r.lastRunAt + r.intervalSec * 1_000
  }

  /** Starts the next pass due (runs asked for first), or sets the timer for the earliest one. */
  private plan(): void {
    this.d.clock.clearTimeout(this.timer)
    if (!this.started || this.running) return
    const rows = this.d.store.all()
    const now = this.d.clock.now()
    const asked = this.queue.map((id) => rows.find((r) => r.id === id)).find((r) => r !== undefined)
    if (asked) {
      this.dequeue(asked.id)
      return this.startPass(asked)
    }
    let next: { row: SyncJobRow; at: number } | undefined
    for (const r of rows) {
      const at = this.dueAt(r)
      if (at !== null && (!next || at < next.at)) next = { row: r, at }
    }
    if (!next) return
    if (next.at <= now) return this.startPass(next.row)
    // Never more than a minute ahead: a clock moved by tests, or a job changed meanwhile, is seen soon.
    this.timer = this.d.clock.setTimeout(() => this.plan(), Math.min(next.at - now, 60_000))
  }

  private startPass(row: SyncJobRow): void {
    const profile = this.d.profile(row.profileId)
    if (!profile) return
    this.resume.delete(row.id)
    const read = syncReads(profile, { ...this.d.reads, now: () => this.d.clock.now() })
    const lists = this.listsOf(row, profile, read)
    const terms = row.kind === 'addresses' ? termsOf(row.subjects) : [...profile.nodeIds]
    const running = { id: row.id, jobId: '' }
    this.running = running
    this.waitSec = undefined
    running.jobId = this.d.jobs.start('sync', `Sync ${this.subjectWords(row, profile)} · ${profile.name}`, async (ctx) => {
      try {
        const nodeIds = row.kind === 'validators' && profile.nodeIds.length === 0 ? [(await read('info.getNodeID', {}, ctx.signal)).nodeID] : profile.nodeIds
        const passLists = row.kind === 'validators' ? validatorLists(read, profile.network, nodeIds, row.pageSize) : lists
        const pin = (): void => this.d.store.pinTerms(profile.network, row.kind === 'validators' ? nodeIds : terms)
        return await runPass(row.id, passLists, { store: this.d.store, clock: this.d.clock, pin, moved: (w) => ((this.waitSec = w), this.publish()) }, ctx)
      } catch (err) {
        // Stopped part way: its cursors stay for the next pass; a failure is kept in words for the panel.
        const cancelled = ctx.signal.aborted
        if (this.d.store.get(row.id)) this.d.store.passStopped(row.id, this.d.clock.now(), cancelled ? undefined : toErrorData(err))
        if (!cancelled) this.d.warn(`sync: the pass of job ${row.id} failed: ${err instanceof Error ? err.message : String(err)}`)
        throw err
      } finally {
        if (this.running === running) this.running = null
        this.waitSec = undefined
        // After the jobs area has ended this pass (its event first), the next one is planned.
        queueMicrotask(() => {
          this.publish()
          this.plan()
        })
      }
    })
    this.publish()
  }

  private listsOf(row: SyncJobRow, profile: EffectiveProfile, read: SyncRead): SyncList[] {
    return row.kind === 'addresses'
      ? addressLists(read, profile.network, row.subjects, row.keep, row.pageSize)
      : validatorLists(read, profile.network, profile.nodeIds, row.pageSize)
  }

  private subjectWords(row: SyncJobRow, profile: EffectiveProfile): string {
    if (row.kind === 'validators') return profile.nodeIds.length === 1 ? `validator ${shortId(profile.nodeIds[0]!, 14)}` : profile.nodeIds.length ? `${profile.nodeIds.length} validators` : "the node's validator"
    return row.subjects.length === 1 ? shortId(row.subjects[0]!, 14) : `${row.subjects.length} addresses`
  }

  private view(r: SyncJobRow): SyncJob | undefined {
    const profile = this.d.profile(r.profileId)
    if (!profile) return undefined
    const lists = this.listsOf(r, profile, notRead)
    const cursors = this.d.store.cursors(r.id)
    const isRunning = this.running?.id === r.id
    const due = this.dueAt(r)
    const state: SyncJob['state'] = isRunning ? 'running' : this.queue.includes(r.id) ? 'queued' : !r.enabled ? 'off' : r.passStartedAt !== null ? 'paused' : 'idle'
    return {
      id: r.id,
      profileId: r.profileId,
      profileName: profile.name,
      network: profile.network,
      kind: r.kind,
      subjects: r.kind === 'addresses' ? r.subjects : [...profile.nodeIds],
      keep: r.keep,
      pageSize: r.pageSize,
      enabled: r.enabled,
      intervalSec: r.intervalSec,
      state,
      jobId: isRunning ? this.running!.jobId : null,
      inSyncSince: r.inSyncSince,
      passStartedAt: r.passStartedAt,
      nextRunAt: isRunning || due === null ? null : Math.max(due, r.createdAt),
      progress: {
        lists: lists.length,
        listsDone: cursors.filter((c) => c.done).length,
        pages: cursors.reduce((n, c) => n + c.pages, 0),
        items: cursors.reduce((n, c) => n + c.items, 0),
        ...(isRunning && this.waitSec !== undefined ? { waitSec: this.waitSec } : {})
      },
      lastError: r.lastError,
      lastErrorAt: r.lastErrorAt,
      createdAt: r.createdAt
    }
  }

  private publish(): void {
    try {
      this.d.changed(this.list())
    } catch (err) {
      this.d.warn(`sync: could not announce the jobs: ${String(err)}`)
    }
  }
}

/** An address of another network than the profile's is refused, with the prefix it should have. */
function checkNetwork(address: string, profile: EffectiveProfile): void {
  if (address.startsWith('0x')) return
  const { chain, hrp } = decodeBech32Address(address)
  if (chain !== undefined && !['P', 'X', 'C'].includes(chain))
    throw new AppError('BAD_INPUT', `${shortId(address, 16)}: the chain prefix must be P-, X- or C- (or none), not ${chain}-`)
  if (hrp !== profile.addressHrp)
    throw new AppError(
      'BAD_INPUT',
      `${shortId(address, 16)} is an address of another network: the profile "${profile.name}" is on ${profile.network}, whose addresses start with ${profile.addressHrp}1 (P-${profile.addressHrp}1…)`
    )
}
