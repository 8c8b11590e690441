import type { AlertStore } from '../../cache/alert-store'
import { alertEntity } from '../../cache/entity-extract/journals'
import { HeartbeatStore } from '../../cache/heartbeat-store'
import { WatchStore } from '../../cache/watch-store'
import { log } from '../../log'
import type { DeliveryService } from '../alerts/delivery'
import type { HoldReason } from '../alerts/hold'
import type { QuietService } from '../alerts/quiet'
import type { Area, Shared } from '../area'
import { SERVICE_LABELS } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import type { ProfilesService } from '../profiles/service'
import { scrapeMetrics, snapshotOf, type Scrape } from './exporter'
import { watchHandlers } from './handlers'
import { Heartbeat } from './heartbeat'
import { WatchService } from './service'

export interface WatchArea extends Area<AreaHandlers<'watch'>> {
  watch: WatchService
  /** Each check's sample, by profile (the validators' history reads them). */
  samples: WatchStore
  /** Called after each full round of checks (set by watch.setHeartbeat or the host's config file). */
  heartbeat: Heartbeat
  /** The watch's Prometheus metrics, read at each call. */
  metrics: () => Promise<Scrape>
}

/** Every profile's node, checked unattended on its interval; each alert that fires or resolves stored and told. */
export function createWatchArea(
  { options, clock, secrets, storage, publish, unattended }: Shared,
  deps: {
    profiles: ProfilesService
    onProfilesChanged: (listener: () => void) => void
    cacheChanged: (methods: string[]) => void
    alertStore: AlertStore
    delivery: DeliveryService
    holdReason: HoldReason
    quiet: QuietService
  }
): WatchArea {
  const { profiles, alertStore, delivery } = deps
  const samples = new WatchStore(storage.db)
  const watch = new WatchService({
    store: samples,
    alerts: alertStore,
    profiles: () => profiles.everyProfile(),
    profile: (id) => profiles.storedProfile(id),
    cache: {
      reads: storage.reads,
      labelOf: (service) => SERVICE_LABELS[service],
      entitiesOf: (profile) => storage.entities.for(() => ({ network: profile.network, profileId: profile.id }))
    },
    onAlert: (alert, state, { hold }) => {
      const owner = profiles.storedProfile(alert.profileId)
      storage.entities.keep(owner ? { network: owner.network, profileId: owner.id } : null, 'alerts', alert.nodeUrl, clock.now(), [alertEntity(alert)])
      publish('alerts.changed', { alert, state, ...(hold ? { hold } : {}) })
      deps.cacheChanged(['watch.status', 'alerts.list'])
      options.onWatchAlert?.(alert, state)
    },
    // One message per check of a node (a line per alert), held-back alerts left out: to the channels, and
    // what fired now to the desktop's notification.
    onMessage: (message) => {
      delivery.enqueueMessage(message)
      const fired = message.lines.filter((l) => l.kind === 'fired')
      if (message.state === 'firing' && fired.length > 0) options.notify?.('Node alert', fired.map((l) => l.alert.message).join('\n'))
    },
    holdReason: deps.holdReason,
    quiet: deps.quiet,
    warn: (m) => log.warn(m),
    onRound: () => heartbeat.roundDone(),
    clock,
    ...(options.now ? { now: options.now } : {})
  })
  // Watch the watcher: a URL called after each full round of checks, where the watch runs (heartbeat.ts).
  const heartbeat = new Heartbeat({
    store: new HeartbeatStore(storage.db),
    secrets,
    clock,
    critical: () => watch.criticalOpen(),
    warn: (m) => log.warn(m),
    info: (m) => log.info(m),
    changed: () => deps.cacheChanged(['watch.heartbeat'])
  })
  deps.onProfilesChanged(() => watch.refresh())
  return {
    handlers: watchHandlers(watch, heartbeat, () => options.allowLocalChannels === true),
    watch,
    heartbeat,
    samples,
    metrics: () => scrapeMetrics(snapshotOf({ profiles: () => profiles.everyProfile(), samples, openAlerts: () => alertStore.open(), channels: () => delivery.channelStats() })),
    start() {
      if (!unattended) return
      heartbeat.start()
      watch.start()
    },
    stop() {
      heartbeat.stop()
      watch.stop()
    }
  }
}
