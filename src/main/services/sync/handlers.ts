import type { AreaHandlers } from '../handlers'
import type { SyncService } from './service'

/** The sync area: jobs that keep addresses or a profile's validators in the cache, on a schedule. */
export function syncHandlers(sync: SyncService): AreaHandlers<'sync'> {
  return {
    'sync.list': () => ({ jobs: sync.list() }),
    'sync.keepAddresses': (input) => ({ job: sync.keepAddresses(input) }),
    'sync.keepValidators': (input) => ({ job: sync.keepValidators(input) }),
    'sync.update': (input) => ({ job: sync.update(input) }),
    'sync.remove': ({ id }) => ({ removed: sync.remove(id) }),
    'sync.runNow': ({ id }) => ({ job: sync.runNow(id) }),
    'sync.cancel': ({ id }) => ({ cancelled: sync.cancel(id) })
  }
}
