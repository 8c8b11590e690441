/**
 * What a sync job reads, as lists of pages. Each list has a key that stays the same across restarts (its
 * cursor is stored under it), words for the progress, the terms that find its rows (pinned), and how one
 * page is fetched from a cursor: the items it brought and the next cursor, or null after its last page.
 */
import type { Network, SyncKeep } from '../../../shared/contract'
import { shortId } from '../../../shared/domain/format'
import type { SyncRead } from './reads'

export interface SyncList {
  key: string
  label: string
  fetch(cursor: string | null, signal: AbortSignal): Promise<{ items: number; next: string | null }>
}

/** The EVM chain id of the C-Chain per network (listErc20Balances). */
const C_CHAIN_ID: Readonly<Record<Network, string>> = { mainnet: '43114', fuji: '43113', testnet: '43113' }
const CHAIN_NAMES = { P: 'P-Chain', X: 'X-Chain', C: 'C-Chain' } as const
const ALIASES = { P: 'p-chain', X: 'x-chain', C: 'c-chain' } as const

/** An address as the lists use it: bech32 without its chain prefix, or 0x lower-case. */
export function bareAddress(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address.slice(address.indexOf('-') + 1).toLowerCase()
}

/** The words an address is found by in the cache (pinned rows): as given, bare, and with each chain's prefix. */
export function termsOf(addresses: readonly string[]): string[] {
  const out = new Set<string>()
  for (const a of addresses) {
    const bare = bareAddress(a)
    out.add(a)
    out.add(bare)
    if (!bare.startsWith('0x')) for (const c of ['P', 'X', 'C']) out.add(`${c}-${bare}`)
  }
  return [...out]
}

/** A data-service list walked by nextPageToken. */
function tokenList(key: string, label: string, fetchPage: (token: string | undefined, signal: AbortSignal) => Promise<{ items: unknown[]; next: string | undefined }>): SyncList {
  return {
    key,
    label,
    async fetch(cursor, signal) {
      const page = await fetchPage(cursor ?? undefined, signal)
      return { items: page.items.length, next: page.next === undefined || page.next === '' || page.next === cursor ? null : page.next }
    }
  }
}

/** A read of one page only (a balance, the validators' state). */
function onePage(key: string, label: string, fetchOne: (signal: AbortSignal) => Promise<number>): SyncList {
  return { key, label, fetch: async (_cursor, signal) => ({ items: await fetchOne(signal), next: null }) }
}

export function addressLists(read: SyncRead, network: Network, addresses: readonly string[], keep: readonly SyncKeep[], pageSize: number): SyncList[] {
  const lists: SyncList[] = []
  const wants = new Set(keep)
  for (const given of addresses) {
    const a = bareAddress(given)
    const short = shortId(a, 10)
    const evm = a.startsWith('0x')
    if (wants.has('transactions'))
      for (const chain of evm ? (['C'] as const) : (['P', 'X', 'C'] as const))
        lists.push(
          tokenList(`tx:${chain}:${a}`, `${CHAIN_NAMES[chain]} transactions of ${short}`, async (pageToken, signal) => {
            const d = await read('data.listLatestPrimaryNetworkTransactions', { network, blockchainId: ALIASES[chain], addresses: [a], pageSize, ...(pageToken ? { pageToken } : {}) }, signal)
            return { items: d.transactions, next: d.nextPageToken }
          })
        )
    if (wants.has('utxos') && !evm) for (const source of ['P', 'X'] as const) lists.push(utxoList(read, a, source, pageSize))
    if (wants.has('balances'))
      lists.push(
        evm
          ? tokenList(`erc20:${a}`, `C-Chain balances of ${short}`, async (pageToken, signal) => {
              const d = await read('data.listErc20Balances', { chainId: C_CHAIN_ID[network], address: a, pageSize, ...(pageToken ? { pageToken } : {}) }, signal)
              return { items: d.erc20TokenBalances, next: d.nextPageToken }
            })
          : onePage(`pbalance:${a}`, `P-Chain balance of ${short}`, async (signal) => {
              await read('pchain.getBalance', { addresses: [`P-${a}`] }, signal)
              return 1
            })
      )
    if (wants.has('icmMessages') && evm)
      lists.push(
        tokenList(`icm:${a}`, `ICM messages of ${short}`, async (pageToken, signal) => {
          const d = await read('data.listIcmMessagesByAddress', { address: a, network, pageSize, ...(pageToken ? { pageToken } : {}) }, signal)
          return { items: d.messages, next: d.nextPageToken }
        })
      )
  }
  return lists
}

/**
 * UTXOs exported to the C-Chain from P or X, by the node's start index. As core.loadAllUTXOs ends: a page
 * holding nothing new (the node sends the UTXO named by startIndex again first: it is dropped), a short
 * page, or an end index that did not move.
 */
function utxoList(read: SyncRead, bare: string, source: 'P' | 'X', pageSize: number): SyncList {
  return {
    key: `utxo:${source}:${bare}`,
    label: `UTXOs from the ${CHAIN_NAMES[source]} of ${shortId(bare, 10)}`,
    async fetch(cursor, signal) {
      const startIndex = cursor ? (JSON.parse(cursor) as { address: string; utxo: string }) : undefined
      // after the first page one item is the repeat: at least 2, so a page of 1 still moves on
      const limit = startIndex ? Math.max(pageSize, 2) : pageSize
      const page = await read('core.getUTXOs', { addresses: [`C-${bare}`], sourceChain: source, limit, ...(startIndex ? { startIndex } : {}) }, signal)
      const same = startIndex && page.endIndex.address === startIndex.address && page.endIndex.utxo === startIndex.utxo
      const end = page.last || page.utxos.length === 0 || same || Number(page.numFetched) < limit
      return { items: page.utxos.length, next: end ? null : JSON.stringify(page.endIndex) }
    }
  }
}

/** "Keep my validators": their current state on the Primary Network, then their pending rewards. */
export function validatorLists(read: SyncRead, network: Network, nodeIds: readonly string[], pageSize: number): SyncList[] {
  const who = nodeIds.length === 1 ? shortId(nodeIds[0]!, 14) : `${nodeIds.length} validators`
  return [
    onePage('validators', `State of ${who}`, async (signal) => (await read('validators.mine', { nodeIDs: [...nodeIds] }, signal)).validators.length),
    tokenList('rewards', `Pending rewards of ${who}`, async (pageToken, signal) => {
      const d = await read('data.listPendingPrimaryNetworkRewards', { network, nodeIds: [...nodeIds], pageSize, ...(pageToken ? { pageToken } : {}) }, signal)
      return { items: d.pendingRewards, next: d.nextPageToken }
    })
  ]
}
