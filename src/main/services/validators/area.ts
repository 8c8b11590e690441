import type { WatchStore } from '../../cache/watch-store'
import type { Area, Shared } from '../area'
import type { Connections } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import type { ProfilesService } from '../profiles/service'
import type { WatchService } from '../watch/service'
import { validatorHandlers } from './handlers'
import { ValidatorsService } from './service'

/** The active node's validators; their history and "check now" are the watch's samples and check of the active profile. */
export function createValidatorsArea(
  { options, clock }: Shared,
  deps: { profiles: ProfilesService; connections: Connections; watch: WatchService; samples: WatchStore }
): Area<AreaHandlers<'validators'>> {
  const { profiles } = deps
  const validators = new ValidatorsService({
    watch: deps.watch,
    samples: deps.samples,
    active: () => profiles.effective(),
    stored: (id) => profiles.storedProfile(id),
    now: options.now ?? (() => clock.now())
  })
  return { handlers: validatorHandlers(deps.connections, validators) }
}
