import type { AreaHandlers } from '../handlers'
import type { Heartbeat } from './heartbeat'
import type { WatchService } from './service'

/** The watch area: what each profile's checks found and their settings, and the heartbeat it pings. */
export function watchHandlers(watch: WatchService, heartbeat: Heartbeat): AreaHandlers<'watch'> {
  return {
    'watch.status': () => watch.status(),
    'watch.settings': () => watch.settings(),
    'watch.setSettings': (input) => watch.setSettings(input),
    'watch.check': ({ profileId }) => watch.checkNow(profileId),
    'watch.samples': (input) => watch.samples(input),
    'watch.heartbeat': () => heartbeat.view(),
    'watch.setHeartbeat': ({ url }) => heartbeat.set(url)
  }
}
