import type { AreaHandlers } from '../handlers'
import type { WatchService } from './service'

/** The watch area: what each profile's checks found and their settings. */
export function watchHandlers(watch: WatchService): AreaHandlers<'watch'> {
  return {
    'watch.status': () => watch.status(),
    'watch.settings': () => watch.settings(),
    'watch.setSettings': (input) => watch.setSettings(input),
    'watch.check': ({ profileId }) => watch.checkNow(profileId),
    'watch.samples': (input) => watch.samples(input)
  }
}
