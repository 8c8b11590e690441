import { join } from 'node:path'
import { contract, type Contract } from '../shared/contract'
import { createRpcServer, type RpcServer } from '../shared/rpc/server'
import { openDatabase } from './cache/database'
import { ProfilesStore } from './cache/profiles-store'
import { AppSettingsStore, BROWSER_NODE_CHANGES } from './cache/app-settings-store'
import { ControlStore } from './cache/control-store'
import { AtomicStore } from './cache/atomic-store'
import { UtxosStore } from './cache/utxos-store'
import { ReadsStore } from './cache/reads-store'
import { ChainsStore } from './cache/chains-store'
import { DataLoadsStore } from './cache/data-loads-store'
import { CacheAdminStore } from './cache/cache-admin-store'
import { EntitiesStore } from './cache/entities-store'
import { EntityRecorder } from './services/entities/recorder'
import { utxoEntities } from './cache/entity-extract/utxos'
import { alertEntity, controlActionEntity, issuedTxEntity, profileFileEntity } from './cache/entity-extract/journals'
import { nodeApis } from './clients/node/endpoints'
import { AlertStore } from './cache/alert-store'
import { WatchStore } from './cache/watch-store'
import { SyncStore } from './cache/sync-store'
import { OutboxStore } from './cache/outbox-store'
import { hideInLogs, log } from './log'
import { hidingSecrets, type SecretStore } from './secrets'
import { applyHostConfig, type ConfigReport } from './config/apply'
import type { HostConfig } from './config/host-config'
import { appHandlers } from './services/app/handlers'
import { cacheHandlers } from './services/cache/handlers'
import { SizeBound } from './services/cache/size-bound'
import { cchainHandlers } from './services/chains/cchain-handlers'
import { EvmEndpoints } from './services/chains/endpoints'
import { LiveHeads } from './services/chains/live-heads'
import { pchainHandlers } from './services/chains/pchain-handlers'
import { Connections, SERVICE_LABELS } from './services/connection/clients'
import { connectionHandlers } from './services/connection/handlers'
import { controlHandlers } from './services/control/handlers'
import { AtomicService } from './services/atomic/service'
import { coreHandlers } from './services/utxos/handlers'
import { UtxosService } from './services/utxos/service'
import { ControlService } from './services/control/service'
import { KeptProfiles } from './services/control/kept-profiles'
import { ConnectionService } from './services/connection/service'
import { withDataPath } from './services/data-path'
import { withEffectPolicy } from './services/effect-policy'
import { withInvalidation } from './services/invalidation'
import type { AllHandlers } from './services/handlers'
import { infoHandlers } from './services/info/handlers'
import { dataHandlers } from './services/data/handlers'
import { LoadAllJobs } from './services/data/load-all'
import { metricsHandlers } from './services/metrics/handlers'
import { jobHandlers } from './services/jobs/handlers'
import { JobManager } from './services/jobs/manager'
import { profileHandlers } from './services/profiles/handlers'
import { ProfilesService, type ConnectionOverrides } from './services/profiles/service'
import { validatorHandlers } from './services/validators/handlers'
import { ValidatorsService } from './services/validators/service'
import { alertHandlers } from './services/alerts/handlers'
import { alertChannelHandlers } from './services/alerts/channel-handlers'
import { DeliveryService } from './services/alerts/delivery'
import { AlertsService } from './services/alerts/service'
import { watchHandlers } from './services/watch/handlers'
import { syncHandlers } from './services/sync/handlers'
import { SyncService } from './services/sync/service'
import { WatchService, type FleetState } from './services/watch/service'
import { Heartbeat } from './services/watch/heartbeat'
import { HEARTBEAT_KEY, HeartbeatStore } from './cache/heartbeat-store'
import { checkRestored } from './services/cache/restore-checks'
import { channelRefusal } from './services/alerts/channel-check'
import { checkProfileFolder } from './services/profiles/profile-folder'
import { scrapeMetrics, snapshotOf, type Scrape } from './services/watch/exporter'
import type { Alert, AlertState } from '../shared/contract'
import { APP_VERSION } from './version'
import { realClock, type Clock } from './clock'

export interface AppOptions {
  dataDir: string
  mode: 'desktop' | 'browser' | 'cli'
  secrets: SecretStore
  overrides?: ConnectionOverrides
  /** CLI: use this profile (by name) instead of the stored active one, without changing it. */
  profileName?: string
  /** Desktop: better-sqlite3 built for Electron's ABI (scripts/electron-native.mjs). */
  nativeBinding?: string
  /** Browser mode: allow node-changing methods over the websocket (serve --allow-node-changes). */
  allowNodeChanges?: boolean
  /** Browser mode: let the page add alert channels that send to this machine or a private network (serve --allow-local-channels). */
  allowLocalChannels?: boolean
  /** `npm run demo`: its own sim's node URL; browser mode may change that node (and no other). */
  demoNodeUrl?: string
  /**
   * Main's clock, for every timer and wait of the services (the watch's scheduler, log-level reverts, timed
   * CPU profiles, Retry-After waits of "load all"); the real one by default. Browser mode under test passes
   * an OffsetClock that the test moves forward (src/main/clock.ts).
   */
  clock?: Clock
  /** How long an alert channel fails before the other channels are told; 10 min by default (channel-failure.ts). */
  channelFailingMs?: number
  /** Overrides the clock's time alone (tests that move only the time read at start, e.g. reverts due). */
  now?: () => number
  /** ms between two status polls of an atomic tx watch (tests make it short). */
  atomicPollMs?: number
  /** Desktop: show a system notification (alerts that fire). */
  notify?: (title: string, body: string) => void
  /** Run the watch's scheduler even in 'cli' mode (`companion watch`); it always runs otherwise. */
  watch?: boolean
  /** Each watch alert that fires or resolves (`companion watch` prints them). */
  onWatchAlert?: (alert: Alert, state: AlertState) => void
  /** A host's config file (serve and watch --config), applied before the watch starts (config/apply.ts). */
  hostConfig?: HostConfig
  /** Desktop: the save/open dialog of a backup file (cache.chooseFile); null when the person cancelled. */
  chooseFile?: (purpose: 'backup' | 'restore') => Promise<string | null>
}

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
 * Builds the whole graph from settings: the container. It only composes areas; each area's state
 * lives in its service. No Electron here, so it runs in plain Node.
 */
export function createApp(opts: AppOptions): App {
  const clock = opts.clock ?? realClock
  // Every secret sealed or opened (API keys, channel secrets) is kept out of the log from then on.
  const secrets = hidingSecrets(opts.secrets, hideInLogs)
  const { db, quarantined } = openDatabase(opts.dataDir, opts.nativeBinding)
  const cacheAdmin = new CacheAdminStore(db)
  if (quarantined) {
    log.warn(`database failed its integrity check; moved aside to ${quarantined} and rebuilt`)
    // Kept in the new database until the operator dismisses it: cache.stats and the Cache panel say where it went.
    cacheAdmin.setQuarantined(quarantined)
  }
  // The cache's size limit: checked now, then after writes (size-bound.ts).
  const sizeBound = new SizeBound({ store: cacheAdmin, clock, warn: (m) => log.warn(m) })
  try {
    sizeBound.enforce()
  } catch (e) {
    log.warn(`the cache's size check at start failed: ${String(e)}`)
  }
  const store = new ProfilesStore(db)
  const pinned = opts.profileName ? store.getByName(opts.profileName) : undefined
  if (opts.profileName && !pinned) {
    db.close()
    throw new Error(`No profile named "${opts.profileName}". List them with: companion call profiles.list '{}'`)
  }
  // eslint-disable-next-line prefer-const -- assigned once the server exists; the callbacks below run later
  let server: RpcServer<Contract>
  const keptProfiles = new KeptProfiles(join(opts.dataDir, 'profiles'), () => clock.now())
  // A profile created, changed or deleted (or a backup restored): the watch's list of nodes follows, and a
  // deleted one's kept profile copies go.
  const profilesChanged = (activeId: string | null): void => {
    watch.refresh()
    sync.refresh()
    void keptProfiles.keepOnly(new Set(store.list().map((p) => p.id))).catch((e: unknown) => log.warn(`kept profiles: could not remove a deleted profile's copies: ${String(e)}`))
    connections.invalidate()
    liveHeads.stopAll()
    server.publish('profiles.changed', { activeId })
    server.publish('cache.changed', { profileId: activeId, methods: ['*'] })
  }
  const profiles = new ProfilesService(
    store,
    secrets,
    profilesChanged,
    opts.overrides,
    pinned?.id
  )
  const connections = new Connections(profiles)
  const connection = new ConnectionService(
    connections,
    () => profiles.effective()?.id,
    (report) => {
      server.publish('connection.changed', report)
      server.publish('cache.changed', { profileId: report.profileId, methods: ['*'] })
    },
    () => clock.now()
  )
  // Every profile's node, checked unattended (not in a one-call CLI run).
  // Alerts off the page: each change written to the outbox for every channel, then sent (at least once).
  const outbox = new OutboxStore(db)
  const delivery = new DeliveryService({
    store: outbox,
    secrets,
    clock,
    changed: (methods) => server.publish('cache.changed', { profileId: profiles.effective()?.id ?? null, methods }),
    warn: (m) => log.warn(m),
    info: (m) => log.info(m),
    ...(opts.channelFailingMs !== undefined ? { channelFailingMs: opts.channelFailingMs } : {})
  })
  const watchStore = new WatchStore(db)
  const alertStore = new AlertStore(db)
  const readsStore = new ReadsStore(db, () => sizeBound.noteWrite())
  // What reads bring, kept as entities of the active profile's network (issue 21): searched, and assembled
  // into offline answers where the exact request was never made.
  const entitiesStore = new EntitiesStore(db)
  const dataLoads = new DataLoadsStore(db)
  const entities = new EntityRecorder({ store: entitiesStore, loads: dataLoads, warn: (m) => log.warn(m) })
  const activeOwner = () => {
    const p = profiles.effective()
    return p ? { network: p.network, profileId: p.id } : null
  }
  const activeEntities = entities.for(activeOwner)
  const watch = new WatchService({
    store: watchStore,
    alerts: alertStore,
    profiles: () => profiles.everyProfile(),
    profile: (id) => profiles.storedProfile(id),
    cache: {
      reads: readsStore,
      labelOf: (service) => SERVICE_LABELS[service],
      entitiesOf: (profile) => entities.for(() => ({ network: profile.network, profileId: profile.id }))
    },
    onAlert: (alert, state, { muted }) => {
      const owner = profiles.storedProfile(alert.profileId)
      entities.keep(owner ? { network: owner.network, profileId: owner.id } : null, 'alerts', alert.nodeUrl, clock.now(), [alertEntity(alert)])
      server.publish('alerts.changed', { alert, state })
      // profileId is the active profile's, whichever profile the alert is of: a page reads another id as
      // "another profile became active" and drops what it shows.
      server.publish('cache.changed', { profileId: profiles.effective()?.id ?? null, methods: ['watch.status', 'alerts.list'] })
      if (state === 'firing' && !muted) opts.notify?.('Node alert', alert.message)
      if (!muted) delivery.enqueue(alert, state)
      opts.onWatchAlert?.(alert, state)
    },
    warn: (m) => log.warn(m),
    onRound: () => heartbeat.roundDone(),
    clock,
    ...(opts.now ? { now: opts.now } : {})
  })
  // Watch the watcher: a URL called after each full round of checks, where the watch runs (heartbeat.ts).
  const heartbeat = new Heartbeat({
    store: new HeartbeatStore(db),
    secrets,
    clock,
    critical: () => watch.criticalOpen(),
    warn: (m) => log.warn(m),
    info: (m) => log.info(m),
    changed: () => server.publish('cache.changed', { profileId: profiles.effective()?.id ?? null, methods: ['watch.heartbeat'] })
  })
  const jobs = new JobManager((job) => server.publish('jobs.progress', job))
  // Sync jobs: addresses and validators kept in the cache on a schedule, where the watch runs.
  const sync = new SyncService({
    store: new SyncStore(db),
    jobs,
    profile: (id) => profiles.storedProfile(id),
    active: () => profiles.effective(),
    reads: { reads: readsStore, utxos: new UtxosStore(db), labelOf: (service) => SERVICE_LABELS[service], entities },
    clock,
    changed: (list) => server.publish('sync.changed', { jobs: list }),
    warn: (m) => log.warn(m)
  })
  // The validators area's history and "check now" are the watch's samples and check of the active profile.
  const validators = new ValidatorsService({
    watch,
    samples: watchStore,
    active: () => profiles.effective(),
    stored: (id) => profiles.storedProfile(id),
    now: opts.now ?? (() => clock.now())
  })
  const controlStore = new ControlStore(db)
  const control = new ControlService({
    store: controlStore,
    active: () => ({ scope: connections.scopeOf('node'), node: connections.get().node }),
    nodeAt: (scope) => nodeApis(scope),
    changed: (scope) => {
      if (scope !== connections.scopeOfOrNull('node')) return
      // The journal's newest records as entities (a log level set, a profiler started or stopped).
      entities.keep(activeOwner(), 'control.journal', scope, clock.now(), controlStore.recentActions(scope, 5).flatMap((r) => controlActionEntity(r) ?? []))
      server.publish('control.changed', control.state(scope))
      server.publish('cache.changed', { profileId: profiles.effective()?.id ?? null, methods: ['control.state', 'control.journal'] })
    },
    warn: (m) => log.warn(m),
    clock,
    ...(opts.now ? { now: opts.now } : {})
  })

  // Chains: the live block lists follow the active profile's node; they stop when nobody listens.
  const chainsStore = new ChainsStore(db)
  const evmEndpoints = new EvmEndpoints(connections)
  const liveHeads = new LiveHeads((chain) => ({
    endpoint: evmEndpoints.get(chain),
    scope: connections.scopeOf('node'),
    store: chainsStore,
    publish: (payload) => server.publish('cchain.heads', payload),
    keepEntities: (chain, heads, at) => entities.keepHeads(activeOwner(), connections.scopeOf('node'), chain, heads, at),
    warn: (m) => log.warn(m)
  }))

  // The core. area: UTXOs and atomic txs of the active node; owner addresses shown with the profile's prefix.
  const coreActive = () => ({ scope: connections.scopeOf('node'), node: connections.get().node, owners: { hrp: connections.get().profile.addressHrp, chain: 'C' } })
  const utxos = new UtxosService({
    store: new UtxosStore(db),
    active: coreActive,
    kept: (scope, sourceChain, views, at) => entities.keep(activeOwner(), 'core.loadAllUTXOs', scope, at, utxoEntities(views, sourceChain, at))
  })
  const atomicStore = new AtomicStore(db)
  const atomic = new AtomicService({
    store: atomicStore,
    active: coreActive,
    nodeAt: (scope) => nodeApis(scope),
    changed: (scope) => {
      if (scope !== connections.scopeOfOrNull('node')) return
      entities.keep(activeOwner(), 'core.journal', scope, clock.now(), atomicStore.recentIssued(scope, 5).map(issuedTxEntity))
      server.publish('cache.changed', { profileId: profiles.effective()?.id ?? null, methods: ['core.journal', 'core.watches'] })
    },
    warn: (m) => log.warn(m),
    ...(opts.atomicPollMs !== undefined ? { pollMs: opts.atomicPollMs } : {})
  })

  // Browser mode may change the node when serve was started with the flag, or while the desktop app's
  // setting (kept in this data folder, read at each call) allows it.
  const settings = new AppSettingsStore(db)
  const alerts = new AlertsService({ store: alertStore, hasProfile: (id) => profiles.storedProfile(id) !== undefined, ...(opts.now ? { now: opts.now } : {}) })
  // The demo (`npm run demo`) allows them on its own simulated node only, whichever profile is active.
  const demoNodeActive = (): boolean => opts.demoNodeUrl !== undefined && profiles.effective()?.nodeUrl === opts.demoNodeUrl
  const nodeChangesOverWebsocket = (): boolean => opts.allowNodeChanges === true || settings.browserNodeChanges() || demoNodeActive()
  const handlers = {
    ...appHandlers(
      () => ({
        version: APP_VERSION,
        mode: opts.mode,
        dataDir: opts.dataDir,
        secretStorage: opts.secrets.storage,
        nodeChanges: opts.mode !== 'browser' || nodeChangesOverWebsocket(),
        browserNodeChanges: settings.browserNodeChanges(),
        ...(opts.demoNodeUrl !== undefined ? { demoNode: opts.demoNodeUrl } : {})
      }),
      settings
    ),
    ...profileHandlers(profiles, () => connection.probe()),
    ...connectionHandlers(connection),
    ...jobHandlers(jobs),
    ...infoHandlers(() => connections.get().node),
    ...validatorHandlers(connections, validators),
    // Read from the data folder at each call: the desktop app or the CLI may choose it while browser mode runs
    // (with no active profile, connections.get() says so).
    ...controlHandlers(control, () => (profiles.effective() ?? connections.get().profile).profileDir, {
      store: keptProfiles,
      dir: join(opts.dataDir, 'profiles'),
      profileId: () => profiles.effective()?.id ?? null,
      opened: (copy) => entities.keep(activeOwner(), 'control.openProfile', copy.node, copy.keptAt, [profileFileEntity(copy)])
    }),
    ...coreHandlers(utxos, atomic, jobs),
    ...pchainHandlers(connections),
    ...cchainHandlers(connections, evmEndpoints, liveHeads, chainsStore),
    ...dataHandlers(connections, jobs, new LoadAllJobs(clock), dataLoads, activeEntities.recordPages),
    ...metricsHandlers(connections),
    ...watchHandlers(watch, heartbeat, () => opts.allowLocalChannels === true),
    ...alertHandlers(alerts),
    ...alertChannelHandlers(delivery, { localTargetsOverWebsocket: () => opts.allowLocalChannels === true }),
    ...cacheHandlers(
      { store: entitiesStore, owner: activeOwner },
      {
        db,
        dataDir: opts.dataDir,
        store: cacheAdmin,
        bound: sizeBound,
        profileScopes: (id) => {
          const p = store.get(id)
          return p ? [p.nodeUrl, p.dataUrl, p.metricsUrl] : undefined
        },
        restored: () => profilesChanged(profiles.effective()?.id ?? null),
        restorePolicy: {
          keep: [
            { key: BROWSER_NODE_CHANGES, label: 'browser mode may change the node' },
            { key: HEARTBEAT_KEY, label: "the watch's heartbeat URL" }
          ],
          vet: () =>
            checkRestored({
              profiles: {
                list: () => store.list(),
                clearProfileDir: (id) => store.update({ ...store.get(id)!, profileDir: null, updatedAt: clock.now() })
              },
              checkFolder: checkProfileFolder,
              channels: { list: () => outbox.channels(), disable: (id, reason) => outbox.disableChannel(id, reason) },
              channelRefusal: (row) => channelRefusal(row, secrets)
            })
        },
        ...(opts.chooseFile ? { chooseFile: opts.chooseFile } : {})
      }
    ),
    ...syncHandlers(sync)
  } satisfies AllHandlers

  const served = withEffectPolicy(
    withInvalidation(
      withDataPath(handlers, {
        reads: readsStore,
        scopeOf: (service) => connections.scopeOf(service),
        labelOf: (service) => SERVICE_LABELS[service],
        entities: activeEntities
      }),
      (methods) => server.publish('cache.changed', { profileId: profiles.effective()?.id ?? null, methods })
    ),
    { nodeChangesOverWebsocket }
  )
  server = createRpcServer<Contract>(contract, served, {
    onInternalError: (method, err) => log.error(`internal error in ${method}`, err),
    onLastUnsubscribed: (event) => {
      if (event === 'cchain.heads') liveHeads.stopAll()
    }
  })

  // The host's file first, so that the watch starts on its profiles and the probe below checks its active one.
  let configReport: ConfigReport | undefined
  try {
    configReport = opts.hostConfig ? applyHostConfig({ profiles, alerts, watch, delivery, heartbeat }, opts.hostConfig) : undefined
  } catch (e) {
    // Nothing runs yet (no timer started): closing the database is all there is to undo.
    db.close()
    throw e
  }
  if (opts.mode !== 'cli' || opts.watch) {
    heartbeat.start()
    watch.start()
  }
  // What waits in the outbox (also from before a restart or a kill) is sent where the watch runs.
  if (opts.mode !== 'cli' || opts.watch) delivery.start()
  // Sync passes too: a pass stopped by a restart or a kill goes on from its last committed page.
  if (opts.mode !== 'cli' || opts.watch) sync.start()
  // Reverts due while the app was closed are carried out now (and reported in control.state).
  // Status watches of atomic txs left running (an issued tx with no answer yet) poll again.
  if (opts.mode !== 'cli') atomic.resume()
  if (opts.mode !== 'cli') void control.resume().catch((err: unknown) => log.warn(`resuming log-level reverts failed: ${String(err)}`))
  // A profile active from the last run: check it now, so the status view and the panels that wait on
  // the probe know its parts without the operator pressing "Check again".
  if (opts.mode !== 'cli' && profiles.effective()) void connection.probe().catch((err: unknown) => log.warn(`checking the active profile at start failed: ${String(err)}`))

  return {
    server,
    metrics: () =>
      scrapeMetrics(snapshotOf({ profiles: () => profiles.everyProfile(), samples: watchStore, openAlerts: () => alertStore.open(), channels: () => delivery.channelStats() })),
    fleetState: () => watch.fleetState(),
    ...(configReport ? { configReport } : {}),
    close() {
      heartbeat.stop()
      watch.stop()
      sync.stop()
      delivery.stop()
      control.stop()
      atomic.stop()
      liveHeads.stopAll()
      jobs.cancelAll()
      sizeBound.stop()
      db.close()
    }
  }
}
