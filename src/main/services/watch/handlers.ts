import type { AreaHandlers } from '../handlers'
import { AppError } from '../../../shared/rpc/errors'
import { isLocalHost } from '../alerts/channel-targets'
import type { Heartbeat } from './heartbeat'
import type { WatchService } from './service'

/** The watch area: what each profile's checks found and their settings, and the heartbeat it pings. */
export function watchHandlers(watch: WatchService, heartbeat: Heartbeat, localTargetsOverWebsocket: () => boolean = () => false): AreaHandlers<'watch'> {
  return {
    'watch.status': () => watch.status(),
    'watch.settings': () => watch.settings(),
    'watch.setSettings': (input) => watch.setSettings(input),
    'watch.check': ({ profileId }) => watch.checkNow(profileId),
    'watch.samples': (input) => watch.samples(input),
    'watch.heartbeat': () => heartbeat.view(),
    'watch.setHeartbeat': ({ url }, ctx) => {
      // The channels' rule (alerts/channel-targets.ts): a page pings only public receivers unless serve allows local ones.
      if (url !== null && ctx.transport === 'ws' && !localTargetsOverWebsocket() && isLocalHost(new URL(url).hostname))
        throw new AppError(
          'FORBIDDEN',
          'url: this heartbeat pings this machine or a private network, which a browser-mode page may not set: start serve with --allow-local-channels, or set it with the desktop app, the command line (companion call watch.setHeartbeat) or the config file'
        )
      return heartbeat.set(url)
    }
  }
}
