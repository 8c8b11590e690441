/**
 * The reads a sync job makes, for one profile: the areas' own reads of those methods (those their handlers
 * serve), on that profile's clients, each wrapped by the one data path (cachedRead) scoped to that profile's services. So a
 * page a sync job fetches is validated, cached and kept exactly as the same read made by a person.
 */
import { contract, type CachedMethod, type Data, type Envelope, type RemoteService } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import type { CallContext } from '../../../shared/rpc/server'
import type { ReadsStore } from '../../cache/reads-store'
import type { UtxosStore } from '../../cache/utxos-store'
import { dataEndpoints } from '../../clients/data/endpoints'
import { RestClient } from '../../clients/rest/client'
import { safeUrl } from '../../clients/transport/http'
import { balanceOf } from '../chains/pchain-reads'
import { Connections } from '../connection/clients'
import { cachedRead } from '../data-path'
import type { EntityRecorder } from '../entities/recorder'
import { callWithInput, type ServiceAccess } from '../data/service'
import { nodeIdOf } from '../info/reads'
import type { EffectiveProfile } from '../profiles/service'
import { UtxosService } from '../utxos/service'
import { readMine } from '../validators/mine'

/** The methods a sync job reads. */
export type SyncMethod =
  | 'data.listLatestPrimaryNetworkTransactions'
  | 'data.listErc20Balances'
  | 'data.listIcmMessagesByAddress'
  | 'data.listPendingPrimaryNetworkRewards'
  | 'core.getUTXOs'
  | 'pchain.getBalance'
  | 'validators.mine'
  | 'info.getNodeID'

export type SyncRead = <M extends SyncMethod>(method: M, input: Record<string, unknown>, signal: AbortSignal) => Promise<Data<M>>

export interface SyncReadDeps {
  reads: ReadsStore
  utxos: UtxosStore
  labelOf: (service: RemoteService) => string
  now: () => number
  /** Each page's entities kept for the job's profile, as a person's read keeps them (searched, pinned by the job). */
  entities?: EntityRecorder
}

type AnyHandler = (input: unknown, ctx: CallContext) => Promise<unknown>

export function syncReads(profile: EffectiveProfile, deps: SyncReadDeps): SyncRead {
  const connections = new Connections({ effective: () => profile })
  const node = connections.get().node
  // Its own client without silent retries: the pass waits out each 429 itself and shows the wait.
  const access: ServiceAccess = { client: new RestClient({ baseUrl: profile.dataUrl, service: 'data service', apiKey: profile.apiKey, retries: 0 }), hasKey: Boolean(profile.apiKey()) }
  const utxos = new UtxosService({ store: deps.utxos, active: () => ({ scope: profile.nodeUrl, node, owners: { hrp: profile.addressHrp, chain: 'C' } }), now: deps.now })
  const D = dataEndpoints
  const handlers: Record<SyncMethod, AnyHandler> = {
    'data.listLatestPrimaryNetworkTransactions': (input, { signal }) => callWithInput(access, D.listLatestPrimaryNetworkTransactions, input as object, signal),
    'data.listErc20Balances': (input, { signal }) => callWithInput(access, D.listErc20Balances, input as object, signal),
    'data.listIcmMessagesByAddress': (input, { signal }) => callWithInput(access, D.listIcmMessagesByAddress, input as object, signal),
    'data.listPendingPrimaryNetworkRewards': (input, { signal }) => callWithInput(access, D.listPendingPrimaryNetworkRewards, input as object, signal),
    'core.getUTXOs': (input, { signal }) => utxos.page(input as Parameters<UtxosService['page']>[0], signal),
    'pchain.getBalance': (input, { signal }) => balanceOf(node, (input as { addresses: string[] }).addresses, signal),
    'validators.mine': (input, { signal }) => readMine(node, profile.nodeIds, input as { nodeIDs?: string[] }, signal),
    'info.getNodeID': (_input, { signal }) => nodeIdOf(node, signal)
  }
  const scopeOf = (service: RemoteService): string => (service === 'node' ? profile.nodeUrl : service === 'data' ? profile.dataUrl : profile.metricsUrl)
  const entities = deps.entities?.for(() => ({ network: profile.network, profileId: profile.id }))
  const pathDeps = { reads: deps.reads, labelOf: deps.labelOf, scopeOf, now: deps.now, ...(entities ? { entities } : {}) }
  const wrapped = new Map<SyncMethod, AnyHandler>()
  return async (method, raw, signal) => {
    // The contract's own checks of the input, as for a call from a panel.
    const parsed = contract.methods[method].input.safeParse(raw)
    if (!parsed.success) throw new AppError('BAD_INPUT', `${method}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`)
    let read = wrapped.get(method)
    if (!read) wrapped.set(method, (read = cachedRead(method as CachedMethod, handlers[method], pathDeps) as AnyHandler))
    const env = (await read(parsed.data, { signal, transport: 'memory' })) as Envelope<unknown>
    // Answered from the cache (the source not reachable): for a sync job, no page was fetched.
    if (env.source !== 'live') throw new AppError('NETWORK', env.offline?.message ?? `the ${deps.labelOf(contract.methods[method].from)} could not be reached`, { url: safeUrl(scopeOf(contract.methods[method].from)) })
    return env.data as Data<typeof method>
  }
}
