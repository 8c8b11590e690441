import { randomUUID } from 'node:crypto'
import { AppError, toErrorData } from '../../../shared/rpc/errors'
import type { Job } from '../../../shared/contract'

export interface JobContext {
  signal: AbortSignal
  /** `waitSec`: the job is waiting this many seconds more (left out once it goes on). */
  progress(done: number, total: number | null, message?: string, waitSec?: number): void
}

/**
 * Long work (load all pages, a timed CPU profile, mirror an address): each run gets an id at once,
 * reports progress as jobs.progress events, and can be cancelled through its AbortSignal.
 */
export class JobManager {
  private readonly jobs = new Map<string, { job: Job; abort: AbortController }>()
  constructor(private readonly publish: (job: Job) => void, private readonly keep = 50) {}

  start(kind: string, label: string, run: (ctx: JobContext) => Promise<string | void>): string {
    const id = randomUUID()
    const abort = new AbortController()
    const job: Job = { id, kind, label, state: 'running', done: 0, total: null, startedAt: Date.now() }
    this.jobs.set(id, { job, abort })
    this.trim()
    this.publish({ ...job })
    const ctx: JobContext = {
      signal: abort.signal,
      progress: (done, total, message, waitSec) => {
        if (job.state !== 'running') return
        Object.assign(job, { done, total }, message !== undefined ? { message } : {})
        if (waitSec !== undefined) job.waitSec = waitSec
        else delete job.waitSec
        this.publish({ ...job })
      }
    }
    void run(ctx).then(
      (message) => this.end(job, abort.signal.aborted ? 'cancelled' : 'done', message ?? undefined),
      (err) => this.end(job, abort.signal.aborted ? 'cancelled' : 'failed', undefined, err)
    )
    return id
  }

  cancel(id: string): boolean {
    const entry = this.jobs.get(id)
    if (!entry) throw new AppError('NOT_FOUND', `No job with id ${id}`)
    if (entry.job.state !== 'running') return false
    entry.abort.abort()
    return true
  }

  list(): Job[] {
    return [...this.jobs.values()].map((e) => ({ ...e.job })).sort((a, b) => b.startedAt - a.startedAt)
  }

  cancelAll(): void {
    for (const e of this.jobs.values()) e.abort.abort()
  }

  private end(job: Job, state: Job['state'], message?: string, err?: unknown): void {
    job.state = state
    job.endedAt = Date.now()
    delete job.waitSec
    if (message !== undefined) job.message = message
    if (state === 'failed' && err !== undefined) job.error = toErrorData(err)
    this.publish({ ...job })
  }

  private trim(): void {
    const ended = [...this.jobs.values()].filter((e) => e.job.state !== 'running')
    for (const e of ended.slice(0, Math.max(0, this.jobs.size - this.keep))) this.jobs.delete(e.job.id)
  }
}
