import { ProfilesStore } from '../../cache/profiles-store'
import { log } from '../../log'
import type { Area, Shared } from '../area'
import { Connections } from '../connection/clients'
import { ConnectionService } from '../connection/service'
import type { EntityOwner, EntitySink } from '../entities/recorder'
import type { AreaHandlers } from '../handlers'
import { profileHandlers } from './handlers'
import { ProfilesService } from './service'

export interface ProfilesArea extends Area<AreaHandlers<'profiles'>> {
  profiles: ProfilesService
  store: ProfilesStore
  /** The clients of the active profile (or of the CLI's pinned one). */
  connections: Connections
  /** The probe of the active profile (served by the connection area). */
  connection: ConnectionService
  /** The active profile as the owner of what its reads keep (null: no profile). */
  activeOwner: () => EntityOwner | null
  /** The entities of the reads made for the active profile (the panels' reads). */
  activeEntities: EntitySink
  /** Tells the pages that these methods' answers may have changed, under the active profile's id. */
  cacheChanged: (methods: string[]) => void
  /** Runs after every change of the profiles (in the order added), before the pages are told. */
  onChanged: (listener: () => void) => void
  /** What the profiles are changed under them (a backup restored): all that follows them follows again. */
  reload: () => void
}

/**
 * Profiles, and the clients and probe of the active one: made here, because activating a profile answers with
 * the probe of its connection, and the connection is made from the active profile.
 */
export function createProfilesArea({ options, clock, secrets, storage, publish }: Shared): ProfilesArea {
  const store = new ProfilesStore(storage.db)
  const pinned = options.profileName ? store.getByName(options.profileName) : undefined
  if (options.profileName && !pinned) throw new Error(`No profile named "${options.profileName}". List them with: companion call profiles.list '{}'`)
  const listeners: (() => void)[] = []
  // A profile created, changed or deleted (or a backup restored): the areas that follow the profiles (the
  // watch's list of nodes, the clients, the live lists...) first, then the pages.
  const changed = (activeId: string | null): void => {
    connections.invalidate()
    for (const listener of listeners) listener()
    publish('profiles.changed', { activeId })
    publish('cache.changed', { profileId: activeId, methods: ['*'] })
  }
  const profiles = new ProfilesService(store, secrets, changed, options.overrides, pinned?.id)
  const connections = new Connections(profiles)
  const connection = new ConnectionService(
    connections,
    () => profiles.effective()?.id,
    (report) => {
      publish('connection.changed', report)
      publish('cache.changed', { profileId: report.profileId, methods: ['*'] })
    },
    () => clock.now()
  )
  const activeOwner = (): EntityOwner | null => {
    const p = profiles.effective()
    return p ? { network: p.network, profileId: p.id } : null
  }
  return {
    handlers: profileHandlers(profiles, () => connection.probe()),
    profiles,
    store,
    connections,
    connection,
    activeOwner,
    activeEntities: storage.entities.for(activeOwner),
    // profileId is the active profile's, whichever profile the change is of: a page reads another id as
    // "another profile became active" and drops what it shows.
    cacheChanged: (methods) => publish('cache.changed', { profileId: profiles.effective()?.id ?? null, methods }),
    onChanged: (listener) => void listeners.push(listener),
    reload: () => changed(profiles.effective()?.id ?? null),
    start() {
      // A profile active from the last run: check it now, so the status view and the panels that wait on
      // the probe know its parts without the operator pressing "Check again".
      if (options.mode !== 'cli' && profiles.effective()) void connection.probe().catch((err: unknown) => log.warn(`checking the active profile at start failed: ${String(err)}`))
    }
  }
}
