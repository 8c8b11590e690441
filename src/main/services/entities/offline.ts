import { DATA_LISTS, type DataList, type Network } from '../../../shared/contract'
import { JsonTexts } from '../../../shared/rpc/json-texts'
import type { DataLoadsStore } from '../../cache/data-loads-store'
import type { EntitiesStore, StoredEntity, TermCursor } from '../../cache/entities-store'
import { primaryTxStampOfChain } from '../../cache/entity-checks'
import { PRIMARY_TX_SOURCE, primaryChainOf } from '../../cache/entity-extract/data-service'
import { validatorKey } from '../../cache/entity-extract/validators'
import { normalizeTerm } from '../../cache/entity-terms'
import { canonicalKey } from '../../cache/reads-store'

/** An answer assembled from kept entities: its data, when its oldest part was read, and how it was made. */
export interface AssembledAnswer {
  data: unknown
  fetchedAt: number
  /** In words, for the envelope's offline reason: which cached entities it was assembled from. */
  note: string
  /**
   * The list of `data` whose items all come from rows stamped as checked against today's contract when they
   * were kept (../../cache/entity-checks.ts): the data path checks the rest of the answer and puts them back.
   * Absent: the whole answer is checked.
   */
  checkedList?: string
  /** It holds only what the cache keeps of a list the source may hold more of (its end is not the list's end). */
  partial?: true
}

export interface OfflineContext {
  store: EntitiesStore
  loads?: DataLoadsStore | undefined
  network: Network
  /** The base URL of the service the method reads (the kept "load all" sets are per scope). */
  scope: string
  /** The answer goes out as JSON text (CallContext.jsonTexts): a list of checked rows may be given as their texts. */
  jsonTexts?: boolean
}

type Answerer = (input: Record<string, unknown>, c: OfflineContext) => AssembledAnswer | undefined

/** A page token this app made for a page assembled from the cache: never sent to the data service. */
export const CACHED_PAGE_TOKEN = 'cached:'

export function isCachedPageToken(token: unknown): token is string {
  return typeof token === 'string' && token.startsWith(CACHED_PAGE_TOKEN)
}

function cursorOf(token: string): TermCursor | undefined {
  const m = /^cached:(-?\d{1,16}):(\d{1,16})$/.exec(token)
  return m ? { sort: Number(m[1]), id: Number(m[2]) } : undefined
}

function parsed(e: StoredEntity): unknown {
  return JSON.parse(e.data) as unknown
}

/**
 * validators.get: the validator as the cached set (or "my validators") last showed it. Its delegators were
 * not in that read: the answer has no list (not known), never an empty one (none).
 */
const validator: Answerer = (input, c) => {
  const subnetID = (input.subnetID as string | undefined) ?? null
  const e = c.store.get(c.network, 'validator', 'P', validatorKey(input.nodeID as string, subnetID))
  if (!e) return undefined
  return {
    data: { subnetID, validator: parsed(e) },
    fetchedAt: e.fetchedAt,
    note: `assembled from cached entities: ${input.nodeID as string} as ${e.source} read it; its delegator list was not kept (that read has none)`
  }
}

/** A P-Chain block read before by its ID or its height, in the encoding asked for (hex is in every read). */
function pBlockFits(e: StoredEntity, encoding: unknown): AssembledAnswer | undefined {
  const b = parsed(e) as { encoding?: string }
  if (encoding === 'json' && b.encoding !== 'json') return undefined
  return { data: { ...b, encoding: encoding === 'json' ? 'json' : b.encoding }, fetchedAt: e.fetchedAt, note: `assembled from cached entities: the block as ${e.source} read it` }
}

const pBlockById: Answerer = (input, c) => {
  const e = c.store.get(c.network, 'block', 'P', input.blockID as string)
  return e ? pBlockFits(e, input.encoding) : undefined
}

const pBlockByHeight: Answerer = (input, c) => {
  for (const e of c.store.pageOfTerm(c.network, input.height as string, { kind: 'block', chain: 'P', limit: 10 })) {
    if ((parsed(e) as { height?: string }).height === input.height) return pBlockFits(e, input.encoding)
  }
  return undefined
}

/** cchain.getBlock by hash or by number: a block read before the other way. */
const evmBlock: Answerer = (input, c) => {
  const chain = (input.chain as string | undefined) ?? 'C'
  const pick = (e: StoredEntity | undefined): AssembledAnswer | undefined =>
    e && e.source === 'cchain.getBlock' ? { data: parsed(e), fetchedAt: e.fetchedAt, note: `assembled from cached entities: the block as cchain.getBlock read it by its ${input.hash ? 'height' : 'hash'}` } : undefined
  if (typeof input.hash === 'string') return pick(c.store.get(c.network, 'block', chain, normalizeTerm(input.hash)))
  for (const e of c.store.pageOfTerm(c.network, input.number as string, { kind: 'block', chain, limit: 10 })) {
    if ((parsed(e) as { head?: { number?: string } }).head?.number === input.number) return pick(e)
  }
  return undefined
}

/**
 * A page of a data-service list that "load all" kept: the first page, or the page after the one whose
 * nextPageToken is asked for. Kept sets are per list and parameters without the page token.
 */
function keptPage(endpoint: DataList): Answerer {
  return (input, c) => {
    if (!c.loads || isCachedPageToken(input.pageToken)) return undefined
    const { pageToken, ...params } = input
    const kept = c.loads.last(c.scope, endpoint, canonicalKey(params))
    if (!kept) return undefined
    const pages = kept.pages as { nextPageToken?: unknown }[]
    const at = pageToken === undefined ? 0 : pages.findIndex((p) => p.nextPageToken === pageToken) + 1
    if (at <= 0 && pageToken !== undefined) return undefined
    const page = pages[at]
    if (!page) return undefined
    return { data: page, fetchedAt: kept.loadedAt, note: `assembled from cached entities: page ${at + 1} of ${pages.length} that "load all" kept (${kept.state})` }
  }
}

/** Addresses of one list whose kept transactions are merged offline; a longer list is not assembled (each is one index read a page). */
const MAX_MERGED_ADDRESSES = 64

/**
 * The transactions kept for any of `terms` (addresses), newest first, each once: a tx of two of them is one
 * entity under both terms. Each term's first `limit` rows after the cursor, merged: every term's rows come
 * in the same (sort, id) order, so the union's first `limit` are all among them. `read`: the rows read from
 * the index, what a caller bounds.
 */
function txRowsOfTerms(c: OfflineContext, terms: readonly string[], chain: string, limit: number, after: TermCursor | undefined): { rows: StoredEntity[]; read: number } {
  const q = { kind: 'transaction' as const, chain, limit, ...(after ? { after } : {}) }
  if (terms.length === 1) {
    const rows = c.store.pageOfTerm(c.network, terms[0]!, q)
    return { rows, read: rows.length }
  }
  const byId = new Map<number, StoredEntity>()
  let read = 0
  for (const term of terms) {
    const rows = c.store.pageOfTerm(c.network, term, q)
    read += rows.length
    for (const e of rows) byId.set(e.id, e)
  }
  return { rows: [...byId.values()].sort((a, b) => b.sort - a.sort || b.id - a.id).slice(0, limit), read }
}

/** Rows read from the index per page of a filtered list before the page is given short (its token goes on from there). */
const FILTER_SCAN_ROWS = 5_000

/**
 * The kept rows of the addresses' list that pass the list's filters (txTypes; a time range, as the service
 * reads it: blockTimestamp from startTimestamp to endTimestamp, both included), newest first, from `after`:
 * up to `want`, reading the index a chunk at a time, at most FILTER_SCAN_ROWS. `cursor` is the place the
 * next page goes on from: the last row kept, or the last row read when the scan stopped short.
 */
function filteredRows(c: OfflineContext, terms: readonly string[], chain: string, input: Record<string, unknown>, want: number, after: TermCursor | undefined): { rows: StoredEntity[]; cursor?: TermCursor; more: boolean } {
  const types = input.txTypes as readonly string[] | undefined
  const start = input.startTimestamp as number | undefined
  const end = input.endTimestamp as number | undefined
  const fits = (e: StoredEntity): boolean => {
    // Only the list's own rows are its items: a node's reading of the same tx (core.getAtomicTx) has another shape.
    if (e.source !== PRIMARY_TX_SOURCE) return false
    const t = parsed(e) as { txType?: unknown; blockTimestamp?: unknown }
    const at = typeof t.blockTimestamp === 'number' ? t.blockTimestamp : NaN
    return (!types || types.includes(t.txType as string)) && (start === undefined || at >= start) && (end === undefined || at <= end)
  }
  const kept: StoredEntity[] = []
  let cursor = after
  let scanned = 0
  // Each of the addresses reads up to a chunk from the index: shared out, so that one chunk of them all stays
  // within the scan's bound.
  const chunk = Math.max(1, Math.ceil(Math.min(FILTER_SCAN_ROWS, Math.max(want * 4, 200)) / terms.length))
  for (;;) {
    const { rows, read } = txRowsOfTerms(c, terms, chain, chunk, cursor)
    scanned += read
    for (const e of rows) {
      cursor = { sort: e.sort, id: e.id }
      // Newest first: once older than the range's start, nothing further is in it.
      if (start !== undefined && e.sort < start * 1000) return { rows: kept, more: false }
      if (!fits(e)) continue
      if (kept.length === want) return { rows: kept, cursor: { sort: kept[want - 1]!.sort, id: kept[want - 1]!.id }, more: true }
      kept.push(e)
    }
    if (rows.length < chunk) return { rows: kept, more: false }
    // Scanned far without filling the page: a short page whose token goes on from the last row read.
    if (scanned >= FILTER_SCAN_ROWS) return { rows: kept, ...(cursor ? { cursor } : {}), more: true }
  }
}

/**
 * data.listLatestPrimaryNetworkTransactions of one or more addresses, newest first, with or without its
 * filters (txTypes, startTimestamp, endTimestamp): the transactions kept for any of those addresses, a page
 * at a time from the (network, term, sort) index; the next page's token is the place it goes on from
 * (CACHED_PAGE_TOKEN…).
 */
const txPageOfAddress: Answerer = (input, c) => {
  const addresses = input.addresses as string[] | undefined
  if (!addresses || addresses.length === 0 || addresses.length > MAX_MERGED_ADDRESSES) return undefined
  if (input.l1ValidationId !== undefined || input.sortOrder === 'asc') return undefined
  const token = input.pageToken as string | undefined
  if (token !== undefined && !isCachedPageToken(token)) return undefined
  const after = token === undefined ? undefined : cursorOf(token)
  if (token !== undefined && !after) return undefined
  const size = input.pageSize as number
  const chain = primaryChainOf(input.blockchainId as string)
  const terms = [...new Set(addresses.map(normalizeTerm))]
  const filtered = input.txTypes !== undefined || input.startTimestamp !== undefined || input.endTimestamp !== undefined
  let own: StoredEntity[]
  let cursor: TermCursor | undefined
  let more: boolean
  if (!filtered) {
    // The plain list (the hot path: one index read, no row parsed).
    const { rows } = txRowsOfTerms(c, terms, chain, size + 1, after)
    if (rows.length === 0 && token === undefined) return undefined
    more = rows.length > size
    const page = more ? rows.slice(0, size) : rows
    // A node's reading of the same tx (core.getAtomicTx) has another shape: only the list's own rows are its items.
    own = page.filter((e) => e.source === PRIMARY_TX_SOURCE)
    const last = page[page.length - 1]
    cursor = last ? { sort: last.sort, id: last.id } : undefined
  } else {
    // Nothing kept for this address at all: no answer (an empty page would say it has no such transactions).
    if (token === undefined && txRowsOfTerms(c, terms, chain, 1, undefined).rows.length === 0) return undefined
    ;({ rows: own, cursor, more } = filteredRows(c, terms, chain, input, size, after))
  }
  const chainName = chain === 'P' ? 'p-chain' : chain === 'X' ? 'x-chain' : chain === 'C' ? 'c-chain' : (input.blockchainId as string)
  // Rows this very contract checked as items of this chain's shape when they were kept are not checked again.
  const stamp = primaryTxStampOfChain(chain)
  const checked = stamp !== 0 && own.every((e) => e.checked === stamp)
  return {
    data: {
      // Checked rows going out as JSON text are written into the frame as they were kept: not parsed here.
      transactions: checked && c.jsonTexts ? new JsonTexts(own.map((e) => e.data)) : own.map(parsed),
      chainInfo: { chainName, network: input.network },
      ...(more && cursor ? { nextPageToken: `${CACHED_PAGE_TOKEN}${cursor.sort}:${cursor.id}` } : {})
    },
    // The oldest reading on the page: the page is as old as that (an empty last page: now).
    fetchedAt: own.length > 0 ? Math.min(...own.map((e) => e.fetchedAt)) : Date.now(),
    note: `assembled from cached entities: the transactions kept for ${addresses.length === 1 ? addresses[0]! : `any of ${addresses.length} addresses`}, newest first${filtered ? ', filtered as asked' : ''} (${own.length} on this page)`,
    ...(checked ? { checkedList: 'transactions' } : {}),
    partial: true
  }
}

/** Tries each answerer of a method in turn: the kept "load all" set first (the service's own pages), then entities. */
const ANSWERERS: Readonly<Record<string, readonly Answerer[]>> = {
  'validators.get': [validator],
  'pchain.getBlock': [pBlockById],
  'pchain.getBlockByHeight': [pBlockByHeight],
  'cchain.getBlock': [evmBlock],
  ...Object.fromEntries(DATA_LISTS.map((l) => [`data.${l}`, [keptPage(l)]])),
  'data.listLatestPrimaryNetworkTransactions': [keptPage('listLatestPrimaryNetworkTransactions'), txPageOfAddress]
}

/** An answer assembled from kept entities for a read whose exact request was never cached, or undefined. */
export function answerFromEntities(method: string, input: unknown, c: OfflineContext): AssembledAnswer | undefined {
  const list = ANSWERERS[method]
  if (!list || !input || typeof input !== 'object') return undefined
  for (const a of list) {
    const answer = a(input as Record<string, unknown>, c)
    if (answer) return answer
  }
  return undefined
}
