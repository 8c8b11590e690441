import type { Area, Shared } from '../area'
import type { Connections } from '../connection/clients'
import type { EntitySink } from '../entities/recorder'
import type { AreaHandlers } from '../handlers'
import type { JobManager } from '../jobs/manager'
import { dataHandlers } from './handlers'
import { LoadAllJobs } from './load-all'

/** The hosted data service's lists for the active profile, one page at a time or all of them as a job. */
export function createDataArea({ clock, storage }: Shared, deps: { connections: Connections; jobs: JobManager; activeEntities: EntitySink }): Area<AreaHandlers<'data'>> {
  return { handlers: dataHandlers(deps.connections, deps.jobs, new LoadAllJobs(clock), storage.dataLoads, deps.activeEntities.recordPages) }
}
