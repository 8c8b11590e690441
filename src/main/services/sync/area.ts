import { SyncStore } from '../../cache/sync-store'
import { UtxosStore } from '../../cache/utxos-store'
import { log } from '../../log'
import type { Area, Shared } from '../area'
import { SERVICE_LABELS } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import type { JobManager } from '../jobs/manager'
import type { ProfilesService } from '../profiles/service'
import { syncHandlers } from './handlers'
import { SyncService } from './service'

/** Sync jobs: addresses and validators kept in the cache on a schedule, where the watch runs. */
export function createSyncArea(
  { clock, storage, publish, unattended }: Shared,
  deps: { profiles: ProfilesService; onProfilesChanged: (listener: () => void) => void; jobs: JobManager }
): Area<AreaHandlers<'sync'>> {
  const { profiles } = deps
  const sync = new SyncService({
    store: new SyncStore(storage.db),
    jobs: deps.jobs,
    profile: (id) => profiles.storedProfile(id),
    active: () => profiles.effective(),
    reads: { reads: storage.reads, utxos: new UtxosStore(storage.db), labelOf: (service) => SERVICE_LABELS[service], entities: storage.entities },
    clock,
    changed: (list) => publish('sync.changed', { jobs: list }),
    warn: (m) => log.warn(m)
  })
  deps.onProfilesChanged(() => sync.refresh())
  return {
    handlers: syncHandlers(sync),
    // A pass stopped by a restart or a kill goes on from its last committed page.
    start() {
      if (unattended) sync.start()
    },
    stop: () => sync.stop()
  }
}
