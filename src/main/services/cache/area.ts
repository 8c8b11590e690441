import { BROWSER_NODE_CHANGES, LOG_DIR } from '../../cache/app-settings-store'
import { HEARTBEAT_KEY } from '../../cache/heartbeat-store'
import type { OutboxStore } from '../../cache/outbox-store'
import type { ProfilesStore } from '../../cache/profiles-store'
import { channelRefusal } from '../alerts/channel-check'
import type { Area, Shared } from '../area'
import type { EntityOwner } from '../entities/recorder'
import type { AreaHandlers } from '../handlers'
import { checkProfileFolder } from '../profiles/profile-folder'
import { cacheHandlers } from './handlers'
import { checkRestored } from './restore-checks'

/** The cache itself: search of what reads kept, its size, export, backup and restore, the quarantined file. */
export function createCacheArea(
  { options, clock, secrets, storage }: Shared,
  deps: { profilesStore: ProfilesStore; outbox: OutboxStore; activeOwner: () => EntityOwner | null; reloadProfiles: () => void }
): Area<AreaHandlers<'cache'>> {
  const store = deps.profilesStore
  return {
    handlers: cacheHandlers(
      { store: storage.entitiesStore, owner: deps.activeOwner },
      {
        db: storage.db,
        dataDir: options.dataDir,
        store: storage.admin,
        bound: storage.bound,
        profileScopes: (id) => {
          const p = store.get(id)
          return p ? [p.nodeUrl, p.dataUrl, p.metricsUrl] : undefined
        },
        // A backup restored brings its own profiles: everything that follows them follows again.
        restored: () => deps.reloadProfiles(),
        // A restore brings data, not authority: this machine's switches are kept, and what the file says is vetted.
        restorePolicy: {
          keep: [
            { key: BROWSER_NODE_CHANGES, label: 'browser mode may change the node' },
            { key: HEARTBEAT_KEY, label: "the watch's heartbeat URL" },
            { key: LOG_DIR, label: "the node's log folder" }
          ],
          vet: () =>
            checkRestored({
              profiles: {
                list: () => store.list(),
                clearProfileDir: (id) => store.update({ ...store.get(id)!, profileDir: null, updatedAt: clock.now() })
              },
              checkFolder: checkProfileFolder,
              channels: { list: () => deps.outbox.channels(), disable: (id, reason) => deps.outbox.disableChannel(id, reason) },
              channelRefusal: (row) => channelRefusal(row, secrets)
            })
        },
        ...(options.chooseFile ? { chooseFile: options.chooseFile } : {})
      }
    )
  }
}
