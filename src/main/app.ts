import { contract, type Contract } from '../shared/contract'
import { createRpcServer, type RpcServer } from '../shared/rpc/server'
import { realClock } from './clock'
import { applyHostConfig, type ConfigReport } from './config/apply'
import { hideInLogs, log } from './log'
import { hidingSecrets } from './secrets'
import { handlersOf, type AppOptions, type Shared } from './services/area'
import { createAlertsArea } from './services/alerts/area'
import { createAppArea } from './services/app/area'
import { createCacheArea } from './services/cache/area'
import { openStorage } from './services/cache/storage'
import { createChainsArea } from './services/chains/area'
import { createConnectionArea } from './services/connection/area'
import { SERVICE_LABELS } from './services/connection/clients'
import { createControlArea } from './services/control/area'
import { createDataArea } from './services/data/area'
import { withDataPath } from './services/data-path'
import { withEffectPolicy } from './services/effect-policy'
import type { AllHandlers } from './services/handlers'
import { createInfoArea } from './services/info/area'
import { withInvalidation } from './services/invalidation'
import { createJobsArea } from './services/jobs/area'
import { createLogsArea } from './services/logs/area'
import { createMetricsArea } from './services/metrics/area'
import { createProfilesArea } from './services/profiles/area'
import { createSyncArea } from './services/sync/area'
import { createCoreArea } from './services/utxos/area'
import { createValidatorsArea } from './services/validators/area'
import { createWatchArea } from './services/watch/area'
import type { Scrape } from './services/watch/exporter'
import type { FleetState } from './services/watch/service'

export type { AppOptions } from './services/area'

export interface App {
  server: RpcServer<Contract>
  /** The watch's Prometheus metrics, read at each call (GET /metrics of browser mode and `companion watch`). */
  metrics(): Promise<Scrape>
  /** The worst state of the watched profiles (the desktop tray's icon). */
  fleetState(): FleetState
  /** What applying opts.hostConfig changed and left as it was. */
  configReport?: ConfigReport
  close(): void
}

/**
 * The areas, in the order they depend on each other: each is built from the shared pieces and the services
 * of the areas before it (never their handlers), and is started in this order and stopped in the reverse.
 */
function buildAreas(shared: Shared) {
  const profiles = createProfilesArea(shared)
  const { connections, activeOwner, cacheChanged, onChanged: onProfilesChanged } = profiles
  const app = createAppArea(shared, { profiles: profiles.profiles })
  const jobs = createJobsArea(shared)
  const alerts = createAlertsArea(shared, { profiles: profiles.profiles, cacheChanged })
  const logs = createLogsArea(shared)
  const watch = createWatchArea(shared, { profiles: profiles.profiles, onProfilesChanged, cacheChanged, alertStore: alerts.alertStore, delivery: alerts.delivery, holdReason: alerts.holdReason, quiet: alerts.quiet })
  const list = [
    profiles,
    createConnectionArea({ connection: profiles.connection }),
    app,
    jobs,
    alerts,
    watch,
    createSyncArea(shared, { profiles: profiles.profiles, onProfilesChanged, jobs: jobs.jobs }),
    createValidatorsArea(shared, { profiles: profiles.profiles, connections, watch: watch.watch, samples: watch.samples }),
    createInfoArea({ connections }),
    createControlArea(shared, { profiles: profiles.profiles, profilesStore: profiles.store, onProfilesChanged, connections, activeOwner, cacheChanged }),
    createChainsArea(shared, { connections, onProfilesChanged, activeOwner }),
    createCoreArea(shared, { connections, jobs: jobs.jobs, activeOwner, cacheChanged }),
    createDataArea(shared, { connections, jobs: jobs.jobs, activeEntities: profiles.activeEntities }),
    createMetricsArea({ connections }),
    createCacheArea(shared, { profilesStore: profiles.store, outbox: alerts.outbox, activeOwner, reloadProfiles: profiles.reload }),
    logs
  ] as const
  return { list, profiles, app, alerts, watch, logs }
}

/** Every method's handler behind the one data path, the invalidations it declares and the effect policy, served. */
function serve(shared: Shared, areas: ReturnType<typeof buildAreas>): RpcServer<Contract> {
  const { profiles } = areas
  const handlers = handlersOf(areas.list) satisfies AllHandlers
  const served = withEffectPolicy(
    withInvalidation(
      withDataPath(handlers, {
        reads: shared.storage.reads,
        scopeOf: (service) => profiles.connections.scopeOf(service),
        labelOf: (service) => SERVICE_LABELS[service],
        entities: profiles.activeEntities
      }),
      (methods) => profiles.cacheChanged(methods)
    ),
    { nodeChangesOverWebsocket: areas.app.nodeChangesOverWebsocket }
  )
  return createRpcServer<Contract>(contract, served, {
    onInternalError: (method, err) => log.error(`internal error in ${method}`, err),
    onLastUnsubscribed: (event) => {
      for (const area of areas.list) area.lastUnsubscribed?.(event)
    }
  })
}

/**
 * Builds the whole app from settings: the container. It holds what the areas share (database, clock, server,
 * secrets) and the list of areas; each area's state lives in its services. No Electron here, so it runs in plain Node.
 */
export function createApp(opts: AppOptions): App {
  const clock = opts.clock ?? realClock
  const storage = openStorage(opts.dataDir, opts.nativeBinding, clock)
  let server: RpcServer<Contract>
  const shared: Shared = {
    options: opts,
    clock,
    // Every secret sealed or opened (API keys, channel secrets) is kept out of the log from then on.
    secrets: hidingSecrets(opts.secrets, hideInLogs),
    storage,
    publish: (event, payload) => server.publish(event, payload),
    unattended: opts.mode !== 'cli' || opts.watch === true
  }
  let areas: ReturnType<typeof buildAreas>
  let configReport: ConfigReport | undefined
  try {
    areas = buildAreas(shared)
    server = serve(shared, areas)
    // The host's file first, so that the watch starts on its profiles and the probe checks its active one.
    const { profiles, alerts, watch, logs } = areas
    configReport = opts.hostConfig ? applyHostConfig({ profiles: profiles.profiles, alerts: alerts.alerts, watch: watch.watch, delivery: alerts.delivery, heartbeat: watch.heartbeat, logs: logs.logs }, opts.hostConfig) : undefined
  } catch (e) {
    // Nothing runs yet (no timer started): closing the database is all there is to undo.
    storage.close()
    throw e
  }
  for (const area of areas.list) area.start?.()

  return {
    server,
    metrics: () => areas.watch.metrics(),
    fleetState: () => areas.watch.watch.fleetState(),
    ...(configReport ? { configReport } : {}),
    close() {
      for (const area of [...areas.list].reverse()) area.stop?.()
      storage.close()
    }
  }
}
