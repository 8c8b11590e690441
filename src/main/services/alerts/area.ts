import { AlertStore } from '../../cache/alert-store'
import { OutboxStore } from '../../cache/outbox-store'
import { WatchStore } from '../../cache/watch-store'
import { SilenceStore } from '../../cache/silence-store'
import { log } from '../../log'
import type { Area, Shared } from '../area'
import type { AreaHandlers } from '../handlers'
import type { ProfilesService } from '../profiles/service'
import { alertChannelHandlers } from './channel-handlers'
import { DeliveryService } from './delivery'
import { appHoldReason, holdsOf, type HoldReason } from './hold'
import { alertHandlers } from './handlers'
import { QuietService } from './quiet'
import { AlertsService } from './service'

export interface AlertsArea extends Area<AreaHandlers<'alerts'>> {
  alerts: AlertsService
  /** The alerts the watch raises are stored here (and read by the watch's metrics). */
  alertStore: AlertStore
  /** Silences and maintenance windows: what they hold back is not sent (the watch asks at each check). */
  quiet: QuietService
  /** The channels and the outbox of alert changes waiting to be sent (a restore vets the channels). */
  outbox: OutboxStore
  /** Each alert change to send off the page: written to the outbox for every channel, then sent. */
  delivery: DeliveryService
  /** Why an open alert is held back (inhibited, silenced): the watch asks it at each check, alerts.list for the panel. */
  holdReason: HoldReason
}

/** Alert rules, the alerts raised, and their delivery to channels (at least once, from an outbox). */
export function createAlertsArea(
  { options, clock, secrets, storage, unattended }: Shared,
  deps: { profiles: ProfilesService; cacheChanged: (methods: string[]) => void }
): AlertsArea {
  const alertStore = new AlertStore(storage.db)
  const hasProfile = (id: string): boolean => deps.profiles.storedProfile(id) !== undefined
  const now = (): number => (options.now ? options.now() : clock.now())
  const quiet = new QuietService({ store: new SilenceStore(storage.db), alerts: alertStore, hasProfile, now })
  const holdReason = appHoldReason(quiet)
  const alerts = new AlertsService({
    store: alertStore,
    quiet,
    hasProfile,
    holdReason,
    now,
    acknowledged: (alert) => delivery.enqueue(alert, 'acknowledged')
  })
  const outbox = new OutboxStore(storage.db)
  const delivery = new DeliveryService({
    store: outbox,
    secrets,
    clock,
    hasProfile,
    changed: (methods) => deps.cacheChanged(methods),
    warn: (m) => log.warn(m),
    info: (m) => log.info(m),
    ...(options.channelFailingMs !== undefined ? { channelFailingMs: options.channelFailingMs } : {}),
    // The daily digest reads the watch's last sample of each profile, the alerts of the last day and what is silenced.
    digestFacts: () => {
      const samples = new WatchStore(storage.db)
      const at = now()
      return {
        profiles: deps.profiles.everyProfile().map((p) => ({ id: p.id, name: p.name, latest: samples.recentSamples(p.id, 1).at(-1) })),
        open: alertStore.open(),
        recent: alertStore.past(500),
        silenced: quiet.silencedText(at, (id) => deps.profiles.storedProfile(id)?.name ?? id)
      }
    },
    // A channel added while alerts are open is told of them (one held back, inhibited or silenced, is not sent, as ever).
    openAlerts: () => {
      const open = alertStore.open()
      const held = new Set(holdsOf(open, holdReason, now()).map((h) => h.alertId))
      return open.filter((a) => !held.has(a.id))
    }
  })
  return {
    handlers: { ...alertHandlers(alerts, quiet), ...alertChannelHandlers(delivery, { localTargetsOverWebsocket: () => options.allowLocalChannels === true }) },
    alerts,
    alertStore,
    quiet,
    outbox,
    delivery,
    holdReason,
    // What waits in the outbox (also from before a restart or a kill) is sent where the watch runs.
    start() {
      if (unattended) delivery.start()
    },
    stop: () => delivery.stop()
  }
}
