import type { Area, Shared } from '../area'
import type { AreaHandlers } from '../handlers'
import { jobHandlers } from './handlers'
import { JobManager } from './manager'

export interface JobsArea extends Area<AreaHandlers<'jobs'>> {
  jobs: JobManager
}

/** Long work (load all, mirror, sync passes, timed profiles): each reports jobs.progress and can be cancelled. */
export function createJobsArea({ publish }: Shared): JobsArea {
  const jobs = new JobManager((job) => publish('jobs.progress', job))
  return { handlers: jobHandlers(jobs), jobs, stop: () => jobs.cancelAll() }
}
