import type { AreaHandlers } from '../handlers'
import type { JobManager } from './manager'

export function jobHandlers(jobs: JobManager): AreaHandlers<'jobs'> {
  return {
    'jobs.list': () => ({ jobs: jobs.list() }),
    'jobs.cancel': ({ id }) => ({ cancelled: jobs.cancel(id) })
  }
}
