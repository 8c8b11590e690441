import { canonicalKey } from '../../cache/reads-store'
import type { DataLoadsStore } from '../../cache/data-loads-store'
import { dataEndpoints } from '../../clients/data/endpoints'
import { RestClient } from '../../clients/rest/client'
import type { Connections } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import type { JobManager } from '../jobs/manager'
import { loadAllLabel, type LoadAllJobs } from './load-all'
import type { DataList, Output } from '../../../shared/contract'
import { callWithInput, type ServiceAccess } from './service'

type KeptPages = NonNullable<Output<'data.keptLoad'>>

/**
 * The data area: one handler per data-service endpoint (each a cached read: the data path writes
 * the answer through and answers from the cache when the service cannot be reached), and "load all"
 * as a job, whose pages are kept when it ends (the last load of each list and parameters, to browse
 * offline). The key stays in main: the client puts it in x-data-api-key and nowhere else.
 */
/** Where the pages of a finished "load all" go besides the kept set: the entities (services/entities/recorder.ts). */
export type KeepLoadedPages = (method: `data.${DataList}`, params: unknown, pages: readonly unknown[], fetchedAt: number, scope: string) => void

export function dataHandlers(connections: Connections, jobs: JobManager, loads: LoadAllJobs, kept: DataLoadsStore, entities?: KeepLoadedPages): AreaHandlers<'data'> {
  const access = (): ServiceAccess => {
    const c = connections.get()
    return { client: c.data, hasKey: Boolean(c.profile.apiKey()) }
  }
  const D = dataEndpoints
  return {
    'data.supportedChains': (input, { signal }) => callWithInput(access(), D.supportedChains, input, signal),
    'data.listLatestPrimaryNetworkTransactions': (input, { signal }) => callWithInput(access(), D.listLatestPrimaryNetworkTransactions, input, signal),
    'data.listLatestXChainVertices': (input, { signal }) => callWithInput(access(), D.listLatestXChainVertices, input, signal),
    'data.listSubnets': (input, { signal }) => callWithInput(access(), D.listSubnets, input, signal),
    'data.listL1Validators': (input, { signal }) => callWithInput(access(), D.listL1Validators, input, signal),
    'data.listPendingPrimaryNetworkRewards': (input, { signal }) => callWithInput(access(), D.listPendingPrimaryNetworkRewards, input, signal),
    'data.getChainIdsForAddresses': (input, { signal }) => callWithInput(access(), D.getChainIdsForAddresses, input, signal),
    'data.listErc721Transactions': (input, { signal }) => callWithInput(access(), D.listErc721Transactions, input, signal),
    'data.listErc1155Transactions': (input, { signal }) => callWithInput(access(), D.listErc1155Transactions, input, signal),
    'data.listErc20Balances': (input, { signal }) => callWithInput(access(), D.listErc20Balances, input, signal),
    'data.listCollectibleBalances': (input, { signal }) => callWithInput(access(), D.listCollectibleBalances, input, signal),
    'data.getTokenDetails': (input, { signal }) => callWithInput(access(), D.getTokenDetails, input, signal),
    'data.listIcmMessages': (input, { signal }) => callWithInput(access(), D.listIcmMessages, input, signal),
    'data.listIcmMessagesByAddress': (input, { signal }) => callWithInput(access(), D.listIcmMessagesByAddress, input, signal),
    'data.getIcmMessage': (input, { signal }) => callWithInput(access(), D.getIcmMessage, input, signal),
    'data.listLatestBlocksAllChains': (input, { signal }) => callWithInput(access(), D.listLatestBlocksAllChains, input, signal),
    'data.getSubnetRpcUsageMetrics': (input, { signal }) => callWithInput(access(), D.getSubnetRpcUsageMetrics, input, signal),
    'data.getAggregatedSignatures': (input, { signal }) => callWithInput(access(), D.getAggregatedSignatures, input, signal),
    'data.aggregateSignatures': (input, { signal }) => callWithInput(access(), D.aggregateSignatures, input, signal),
    'data.loadAll': ({ endpoint, params }) => {
      const c = connections.get()
      // Its own client without silent retries: the job waits out each 429 itself and shows the wait.
      const client = new RestClient({ baseUrl: c.profile.dataUrl, service: 'data service', apiKey: c.profile.apiKey, retries: 0 })
      const entry = loads.begin(endpoint)
      const scope = connections.scopeOf('data')
      const jobId = jobs.start('data.loadAll', loadAllLabel(endpoint, params as Record<string, unknown>), (ctx) =>
        loads.run(entry, params, { client, hasKey: Boolean(c.profile.apiKey()) }, ctx).finally(() => {
          // Done, cancelled or failed part way: what was fetched is kept, and says which it was.
          if (entry.pages.length === 0) return
          const loadedAt = Date.now()
          kept.keep(scope, endpoint, canonicalKey(params), { state: entry.state, pages: entry.pages, loadedAt })
          entities?.(`data.${endpoint}`, params, entry.pages, loadedAt, scope)
        })
      )
      loads.keep(jobId, entry)
      return { jobId }
    },
    'data.loadedPages': ({ jobId }) => loads.pagesOf(jobId),
    'data.keptLoad': ({ endpoint, params }) => {
      const k = kept.last(connections.scopeOf('data'), endpoint, canonicalKey(params))
      return k ? ({ load: { endpoint, state: k.state, pages: k.pages }, loadedAt: k.loadedAt } as KeptPages) : null
    }
  }
}
