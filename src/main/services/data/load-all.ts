import type { DataList, LoadedPages } from '../../../shared/contract'
import { shortId } from '../../../shared/domain/format'
import { AppError } from '../../../shared/rpc/errors'
import { dataEndpoints } from '../../clients/data/endpoints'
import { realClock, type Clock } from '../../clock'
import type { JobContext } from '../jobs/manager'
import { waitOutRetryAfter } from '../jobs/wait-out'
import { callWithInput, type ServiceAccess } from './service'

/**
 * The most items one "load all" keeps. Its pages are held in memory while it runs, sent to the page, and
 * kept as one cache row: a list of a million transactions would take gigabytes. An address's whole
 * history is Sync's work (page by page into the cache, resumable).
 */
export const MAX_LOAD_ITEMS = 20_000

/** Rate-limit waits in a row before the job gives up (the service keeps refusing). */
const MAX_WAITS_IN_A_ROW = 60
/** Other transient failures (network, timeout, 5xx) in a row before it gives up. */
const MAX_TRANSIENT_IN_A_ROW = 3
const KEEP_RESULTS = 20

/** What each list holds, in words (the Jobs menu names a job by them, not by the endpoint). */
const LIST_WORDS: Readonly<Record<DataList, string>> = {
  listLatestPrimaryNetworkTransactions: 'transactions',
  listLatestXChainVertices: 'X-Chain vertices',
  listSubnets: 'subnets',
  listL1Validators: 'L1 validators',
  listPendingPrimaryNetworkRewards: 'pending rewards',
  listErc721Transactions: 'ERC-721 transfers',
  listErc1155Transactions: 'ERC-1155 transfers',
  listErc20Balances: 'ERC-20 balances',
  listCollectibleBalances: 'collectibles',
  listIcmMessages: 'interchain messages',
  listIcmMessagesByAddress: 'interchain messages',
  listLatestBlocksAllChains: 'recent blocks across chains'
}

const CHAIN_WORDS: Readonly<Record<string, string>> = { 'p-chain': 'P-Chain', 'x-chain': 'X-Chain', 'c-chain': 'C-Chain' }

/** A list of IDs in short: "P-avax1…", "P-avax1… and 2 more". */
function some(ids: unknown): string | null {
  const list = (Array.isArray(ids) ? ids : typeof ids === 'string' ? ids.split(',') : []).filter((x): x is string => typeof x === 'string' && x !== '')
  if (list.length === 0) return null
  return `${shortId(list[0]!, 10)}${list.length > 1 ? ` and ${list.length - 1} more` : ''}`
}

/** A "load all" job in words: "Load all pending rewards · P-avax1qx…", "Load all transactions on X-Chain · X-avax1…". */
export function loadAllLabel(endpoint: DataList, params: Record<string, unknown>): string {
  const chain = typeof params.blockchainId === 'string' ? (CHAIN_WORDS[params.blockchainId] ?? shortId(params.blockchainId)) : null
  const subject = some(params.addresses) ?? some(params.nodeIds) ?? some(params.address) ?? some(params.subnetId) ?? some(params.l1ValidationId)
  return `Load all ${LIST_WORDS[endpoint]}${chain ? ` on ${chain}` : ''}${subject ? ` · ${subject}` : ''}`
}

export type LoadEntry = { endpoint: DataList; state: LoadedPages['state']; pages: unknown[] }

/**
 * "Load all" of a data-service list: page after page until a page comes without nextPageToken (a
 * page with fewer items than asked is not the last). A 429 is waited out for its Retry-After, second
 * by second as job progress (the UI shows the countdown), then the same page is asked again. The
 * pages fetched so far stay readable (data.loadedPages), also after a cancel or a failure. Every wait
 * is on main's clock (tests move it instead of waiting).
 */
export class LoadAllJobs {
  private readonly results = new Map<string, LoadEntry>()

  constructor(
    private readonly clock: Clock = realClock,
    private readonly maxItems = MAX_LOAD_ITEMS
  ) {}

  /** A new result, empty until the job runs; kept under the job's id once it has one. */
  begin(endpoint: DataList): LoadEntry {
    return { endpoint, state: 'running', pages: [] }
  }

  async run(entry: LoadEntry, params: Record<string, unknown>, access: ServiceAccess, job: JobContext): Promise<string> {
    const endpoint = entry.endpoint
    const def = dataEndpoints[endpoint]
    const listField = def.page?.listField ?? ''
    const seen = new Set<string>()
    let token: string | undefined
    let items = 0
    let waits = 0
    let transient = 0
    try {
      for (;;) {
        if (job.signal.aborted) throw new AppError('CANCELLED', 'Cancelled')
        let page: Record<string, unknown>
        try {
          page = (await callWithInput(access, def, { ...params, ...(token !== undefined ? { pageToken: token } : {}) }, job.signal)) as Record<string, unknown>
          waits = 0
          transient = 0
        } catch (err) {
          if (job.signal.aborted) throw err
          if (err instanceof AppError && err.is('RATE_LIMITED') && ++waits <= MAX_WAITS_IN_A_ROW) {
            const next = entry.pages.length + 1
            await waitOutRetryAfter(this.clock, err.details?.retryAfter ?? 1, job, items, null, (left) => `Rate limited (HTTP 429): waiting ${left} s as the service asked (Retry-After), then page ${next}`)
            continue
          }
          if (err instanceof AppError && (err.code === 'NETWORK' || err.code === 'TIMEOUT' || err.code === 'UNAVAILABLE') && ++transient <= MAX_TRANSIENT_IN_A_ROW) {
            job.progress(items, null, `${err.message}: trying page ${entry.pages.length + 1} again`)
            await this.clock.sleep(500 * transient, job.signal)
            continue
          }
          throw err
        }
        entry.pages.push(page)
        const list = page[listField]
        items += Array.isArray(list) ? list.length : 0
        job.progress(items, null, `${items} items in ${entry.pages.length} page${entry.pages.length === 1 ? '' : 's'}`)
        const next = page.nextPageToken
        if (typeof next !== 'string' || next === '') break
        if (items >= this.maxItems) {
          const n = entry.pages.length
          throw new AppError(
            'BAD_INPUT',
            `Stopped after ${items} items in ${n} page${n === 1 ? '' : 's'}: one "load all" keeps at most ${this.maxItems} items, and there are more. ` +
              'What was loaded is kept. For fewer, narrow the lookup (a time range, tx types); for an address\'s whole history, keep the address in Sync.'
          )
        }
        if (seen.has(next)) throw new AppError('UPSTREAM_INVALID', `The data service sent the same nextPageToken twice for ${endpoint}`, { method: endpoint })
        seen.add(next)
        token = next
      }
      entry.state = 'done'
      return `${items} items in ${entry.pages.length} page${entry.pages.length === 1 ? '' : 's'}`
    } catch (err) {
      entry.state = job.signal.aborted ? 'cancelled' : 'failed'
      // What the job says last is how it ended, not the wait or retry it was in.
      const n = entry.pages.length
      if (job.signal.aborted) job.progress(items, null, n === 0 ? 'Cancelled before the first page' : `Cancelled after page ${n} (${items} items kept)`)
      throw err
    }
  }

  pagesOf(jobId: string): LoadedPages {
    const e = this.results.get(jobId)
    if (!e) throw new AppError('NOT_FOUND', `No "load all" with id ${jobId} in this session (results are kept for the last ${KEEP_RESULTS})`)
    return { endpoint: e.endpoint, state: e.state, pages: e.pages } as LoadedPages
  }

  keep(jobId: string, entry: LoadEntry): void {
    this.results.set(jobId, entry)
    for (const id of this.results.keys()) {
      if (this.results.size <= KEEP_RESULTS) break
      this.results.delete(id)
    }
  }
}
