import { AppError } from '../../../shared/rpc/errors'
import type { RemoteService } from '../../../shared/contract'
import { nodeApis, nodePaths } from '../../clients/node/endpoints'
import type { NodeApis } from '../../clients/node/index'
import { RestClient } from '../../clients/rest/client'
import type { EffectiveProfile, ProfilesService } from '../profiles/service'

/** The clients of one profile: every service reaches the outside world through these. */
export interface Clients {
  profile: EffectiveProfile
  node: NodeApis
  cchainWsUrl: string
  data: RestClient
  metrics: RestClient
}

export function buildClients(profile: EffectiveProfile): Clients {
  return {
    profile,
    node: nodeApis(profile.nodeUrl, profile.cchainUrl),
    cchainWsUrl: nodePaths(profile.nodeUrl, profile.cchainUrl).cchainWs,
    data: new RestClient({ baseUrl: profile.dataUrl, service: 'data service', apiKey: profile.apiKey }),
    metrics: new RestClient({ baseUrl: profile.metricsUrl, service: 'metrics service' })
  }
}

export const SERVICE_LABELS: Record<RemoteService, string> = { node: 'node', data: 'data service', metrics: 'metrics service' }

/**
 * Holds the clients of the active profile; rebuilt when profiles change. Built on one profile alone
 * (`{ effective: () => profile }`), it gives the area handlers that profile's clients (sync jobs).
 */
export class Connections {
  private current: Clients | undefined
  constructor(private readonly profiles: Pick<ProfilesService, 'effective'>) {}

  invalidate(): void {
    this.current = undefined
  }

  get(): Clients {
    if (!this.current) {
      const profile = this.profiles.effective()
      if (!profile) throw new AppError('NOT_FOUND', 'No active connection profile: create one in Connections and activate it')
      this.current = buildClients(profile)
    }
    return this.current
  }

  /** Like scopeOf, or null without an active profile. */
  scopeOfOrNull(service: RemoteService): string | null {
    return this.profiles.effective() ? this.scopeOf(service) : null
  }

  /** The base URL each remote service of the active profile is reached at (the cache's scope). */
  scopeOf(service: RemoteService): string {
    const p = this.get().profile
    return service === 'node' ? p.nodeUrl : service === 'data' ? p.dataUrl : p.metricsUrl
  }
}
