import { join } from 'node:path'
import type { ProfilesStore } from '../../cache/profiles-store'
import { ControlStore } from '../../cache/control-store'
import { controlActionEntity, profileFileEntity } from '../../cache/entity-extract/journals'
import { nodeApis } from '../../clients/node/endpoints'
import { log } from '../../log'
import type { Area, Shared } from '../area'
import type { Connections } from '../connection/clients'
import type { EntityOwner } from '../entities/recorder'
import type { AreaHandlers } from '../handlers'
import type { ProfilesService } from '../profiles/service'
import { controlHandlers } from './handlers'
import { KeptProfiles } from './kept-profiles'
import { ControlService } from './service'

/** Node control of the active node (profilers, log levels with their reverts, its config) and the kept profile files. */
export function createControlArea(
  { options, clock, storage, publish }: Shared,
  deps: {
    profiles: ProfilesService
    profilesStore: ProfilesStore
    onProfilesChanged: (listener: () => void) => void
    connections: Connections
    activeOwner: () => EntityOwner | null
    cacheChanged: (methods: string[]) => void
  }
): Area<AreaHandlers<'control'>> {
  const { profiles, connections, activeOwner } = deps
  const keptProfiles = new KeptProfiles(join(options.dataDir, 'profiles'), () => clock.now())
  const store = new ControlStore(storage.db)
  const control = new ControlService({
    store,
    active: () => ({ scope: connections.scopeOf('node'), node: connections.get().node }),
    nodeAt: (scope) => nodeApis(scope),
    changed: (scope) => {
      if (scope !== connections.scopeOfOrNull('node')) return
      // The journal's newest records as entities (a log level set, a profiler started or stopped).
      storage.entities.keep(activeOwner(), 'control.journal', scope, clock.now(), store.recentActions(scope, 5).flatMap((r) => controlActionEntity(r) ?? []))
      publish('control.changed', control.state(scope))
      deps.cacheChanged(['control.state', 'control.journal'])
    },
    warn: (m) => log.warn(m),
    clock,
    ...(options.now ? { now: options.now } : {})
  })
  // A deleted profile's kept profile copies go with it.
  deps.onProfilesChanged(
    () => void keptProfiles.keepOnly(new Set(deps.profilesStore.list().map((p) => p.id))).catch((e: unknown) => log.warn(`kept profiles: could not remove a deleted profile's copies: ${String(e)}`))
  )
  return {
    // Read from the data folder at each call: the desktop app or the CLI may choose it while browser mode runs
    // (with no active profile, connections.get() says so).
    handlers: controlHandlers(
      control,
      () => (profiles.effective() ?? connections.get().profile).profileDir,
      {
        store: keptProfiles,
        dir: join(options.dataDir, 'profiles'),
        profileId: () => profiles.effective()?.id ?? null,
        opened: (copy) => storage.entities.keep(activeOwner(), 'control.openProfile', copy.node, copy.keptAt, [profileFileEntity(copy)])
      },
      options.decodeDeadlineMs
    ),
    // Reverts due while the app was closed are carried out now (and reported in control.state).
    start() {
      if (options.mode !== 'cli') void control.resume().catch((err: unknown) => log.warn(`resuming log-level reverts failed: ${String(err)}`))
    },
    stop: () => control.stop()
  }
}
