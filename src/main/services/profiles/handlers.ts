import type { ProbeReport } from '../../../shared/contract'
import type { AreaHandlers } from '../handlers'
import type { ProfilesService } from './service'

export function profileHandlers(profiles: ProfilesService, probe: () => Promise<ProbeReport>): AreaHandlers<'profiles'> {
  return {
    'profiles.list': () => profiles.list(),
    'profiles.create': (input) => profiles.create(input),
    'profiles.update': ({ id, profile }) => profiles.update(id, profile),
    'profiles.setProfileDir': ({ id, profileDir }) => profiles.setProfileDir(id, profileDir),
    'profiles.delete': ({ id }) => {
      profiles.delete(id)
      return { deleted: true as const }
    },
    'profiles.setApiKey': ({ id, apiKey }) => profiles.setApiKey(id, apiKey),
    'profiles.activate': async ({ id }) => {
      profiles.setActive(id)
      return probe()
    }
  }
}
