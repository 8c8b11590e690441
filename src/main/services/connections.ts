import { AppError } from '../../shared/rpc/errors'
import { JsonRpcHttpClient } from '../clients/jsonrpc-http'
import { nodeEndpoints } from '../clients/node-endpoints'
import { RestClient } from '../clients/rest'
import type { EffectiveProfile, ProfilesService } from './profiles'

/** The clients of one profile: every service reaches the outside world through these. */
export interface Clients {
  profile: EffectiveProfile
  cchain: JsonRpcHttpClient
  cchainWsUrl: string
  admin: JsonRpcHttpClient
  core: JsonRpcHttpClient
  pchain: JsonRpcHttpClient
  data: RestClient
  metrics: RestClient
}

export function buildClients(profile: EffectiveProfile): Clients {
  const ep = nodeEndpoints(profile.nodeUrl)
  const cchainUrl = profile.cchainUrl ?? ep.cchainRpc
  return {
    profile,
    cchain: new JsonRpcHttpClient({ url: cchainUrl, service: 'C-Chain RPC' }),
    cchainWsUrl: profile.cchainUrl ? profile.cchainUrl.replace(/^http/, 'ws') : ep.cchainWs,
    admin: new JsonRpcHttpClient({ url: ep.admin, service: 'admin API', retries: 0 }),
    core: new JsonRpcHttpClient({ url: ep.core, service: 'native-asset (core) API' }),
    pchain: new JsonRpcHttpClient({ url: ep.pchain, service: 'P-Chain API' }),
    data: new RestClient({ baseUrl: profile.dataUrl, service: 'data service', apiKey: profile.apiKey }),
    metrics: new RestClient({ baseUrl: profile.metricsUrl, service: 'metrics service' })
  }
}

/** Holds the clients of the active profile; rebuilt when profiles change. */
export class Connections {
  private current: Clients | undefined
  constructor(private readonly profiles: ProfilesService) {}

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
}
