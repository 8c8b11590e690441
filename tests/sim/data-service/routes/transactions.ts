/**
 * GET /v1/networks/{network}/blockchains/{blockchainId}/transactions
 *
 * Rules (spec): filtering by txTypes / startTimestamp / endTimestamp needs `addresses` or
 * `l1ValidationId` (400 otherwise); l1ValidationId is a P-Chain filter. A page may hold fewer than
 * pageSize transactions when their UTXOs reach a performance threshold. Newest first by default.
 */
import { PRIMARY_NETWORK_TX_TYPES } from '../../dataset'
import type { IndexedList, PrimaryNetworkTx, PrimaryNetworkTxType } from '../../dataset'
import { arrayList, mergedList, reversedList, sliceList } from '../../scale/indexed-list'
import type { DataContext } from '../context'
import { badRequest } from '../http/errors'
import { sortedNetworkList } from '../http/list-request'
import type { PageTokens } from '../http/page-token'
import { scopeOf, tokenField } from '../http/page-token'
import { DEFAULT_PAGE_SIZE, enumValue, listParam, nonNegativeIntParam, single, stringParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'
import type { NetworkData } from '../network-data'
import { parsePrimaryAddresses } from '../primary-address'
import { primaryTx } from '../serialize/primary-tx'

/** UTXOs (consumed + emitted) after which a page stops early, as the real indexer does */
export const PAGE_UTXO_THRESHOLD = 1_000

const CHAIN_NAMES = { P: 'p-chain', X: 'x-chain', C: 'c-chain' } as const

/** The chain a blockchainId path value names on this network; 400 for ids of the other network. */
export function chainOfPathId(net: NetworkData, id: string, allowed: readonly ('P' | 'X' | 'C')[]): 'P' | 'X' | 'C' {
  const p = net.primary.params
  const byId: Record<string, 'P' | 'X' | 'C'> = { 'p-chain': 'P', 'x-chain': 'X', 'c-chain': 'C', [p.pChainId]: 'P', [p.xChainId]: 'X', [p.cChainId]: 'C' }
  const chain = byId[id]
  if (chain === undefined || !allowed.includes(chain)) {
    const known = allowed.map((c) => CHAIN_NAMES[c])
    throw badRequest(`blockchainId must be one of ${known.join(', ')} or the base58 id of that chain on ${net.name}`)
  }
  return chain
}

/** One page that also stops once the UTXOs of its transactions reach the threshold (never empty). */
function txPage(tokens: PageTokens, scope: string, all: IndexedList<PrimaryNetworkTx>, pageToken: string | undefined, pageSize: number, threshold = PAGE_UTXO_THRESHOLD) {
  const offset = tokens.read(pageToken, scope)
  const items: PrimaryNetworkTx[] = []
  let utxos = 0
  for (let i = offset; i < all.length && items.length < pageSize; i++) {
    const t = all.at(i)
    const n = t.consumedUtxos.length + t.emittedUtxos.length
    if (items.length > 0 && utxos + n > threshold) break
    items.push(t)
    utxos += n
  }
  const next = offset + items.length
  return { items, nextPageToken: next < all.length && items.length > 0 ? tokens.issue(scope, next) : undefined }
}

function l1Related(t: PrimaryNetworkTx, id: string): boolean {
  return (t.l1ValidatorDetails ?? []).some((v) => v.validationId === id || v.validationIdHex.toLowerCase() === id.toLowerCase())
}

export function transactionRoutes(ctx: DataContext): Route[] {
  return [
    get('listLatestPrimaryNetworkTransactions', '/v1/networks/{network}/blockchains/{blockchainId}/transactions', ({ params, query }) => {
      const { network, pages, sortOrder } = sortedNetworkList(ctx.tokens, params, query, DEFAULT_PAGE_SIZE)
      const txTypes = listParam(query, 'txTypes')?.map((t) => enumValue('each value in txTypes', t, PRIMARY_NETWORK_TX_TYPES)) as PrimaryNetworkTxType[] | undefined
      const start = nonNegativeIntParam(query, 'startTimestamp')
      const end = nonNegativeIntParam(query, 'endTimestamp')
      const rawAddresses = listParam(query, 'addresses')
      const l1ValidationId = stringParam(query, 'l1ValidationId')
      if (start !== undefined && end !== undefined && start > end) throw badRequest('startTimestamp must be less than or equal to endTimestamp')
      if ((txTypes !== undefined || start !== undefined || end !== undefined) && rawAddresses === undefined && l1ValidationId === undefined) {
        throw badRequest('Filtering by txTypes, startTimestamp or endTimestamp is only supported together with addresses or l1ValidationId')
      }
      const net = ctx.network(network)
      const chain = chainOfPathId(net, params.blockchainId ?? '', ['P', 'X', 'C'])
      if (l1ValidationId !== undefined && chain !== 'P') throw badRequest('l1ValidationId is only supported on the P-Chain')
      const addresses = rawAddresses && parsePrimaryAddresses(rawAddresses, net, { allowEvm: chain === 'C', param: 'addresses' })

      let rows: PrimaryNetworkTx[]
      const bulk = net.primary.bulk
      // the large scale's 1,000,000-tx history: a list computed from the index, merged with the rest below
      const withBulk = bulk !== undefined && chain === 'P' && addresses !== undefined && addresses.includes(bulk.address.bech32.toLowerCase())
      if (addresses) {
        const seen = new Set<PrimaryNetworkTx>()
        for (const a of addresses) for (const t of net.txsByAddress.get(a) ?? []) if (t.chain === chain) seen.add(t)
        rows = [...seen]
      } else rows = [...net.txsByChain[chain]]
      if (l1ValidationId !== undefined) rows = rows.filter((t) => l1Related(t, l1ValidationId))
      rows = rows.filter(
        (t) =>
          (txTypes === undefined || txTypes.includes(t.txType)) &&
          (start === undefined || t.blockTimestamp >= start) &&
          (end === undefined || t.blockTimestamp <= end),
      )
      const order = (a: PrimaryNetworkTx, b: PrimaryNetworkTx): number =>
        a.blockTimestamp - b.blockTimestamp || (a.blockNumber < b.blockNumber ? -1 : a.blockNumber > b.blockNumber ? 1 : 0) || a.txHash.localeCompare(b.txHash)
      rows.sort(order)
      let list: IndexedList<PrimaryNetworkTx> = arrayList(rows)
      if (withBulk && l1ValidationId === undefined && (txTypes === undefined || txTypes.includes('BaseTx'))) {
        const [from, to] = bulk.historyRange(start, end)
        list = mergedList(list, sliceList(bulk.history(), from, to), order)
      }
      if (sortOrder === 'desc') list = reversedList(list)

      const scope = scopeOf('listLatestPrimaryNetworkTransactions', { network, chain, addresses, l1ValidationId, txTypes, start, end, sortOrder })
      const page = txPage(ctx.tokens, scope, list, single(query, 'pageToken'), pages.pageSize, ctx.limits.pageUtxoThreshold)
      return {
        body: {
          ...tokenField(page),
          transactions: page.items.map((t) => primaryTx(net.primary, t)),
          chainInfo: { chainName: CHAIN_NAMES[chain], network },
        },
      }
    }),
  ]
}
