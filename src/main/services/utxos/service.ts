import { totalsOf, utxosToCsv, utxosToJson, viewUtxo, type OwnerFormat, type UtxoView } from '../../../shared/codec'
import type { Output } from '../../../shared/contract'
import { integer } from '../../../shared/domain/format'
import { AppError } from '../../../shared/rpc/errors'
import { canonicalKey } from '../../cache/reads-store'
import type { UtxoRow, UtxosStore } from '../../cache/utxos-store'
import { core, type NodeApis } from '../../clients/node/index'
import type { JobContext } from '../jobs/manager'

type Query = { addresses: string[]; sourceChain: string }
type PageInput = Query & { limit: number; startIndex?: { address: string; utxo: string } | undefined }
type Page = Output<'core.getUTXOs'>['data']

export interface UtxosDeps {
  store: UtxosStore
  /** The active node: its base URL (the cache's scope), its APIs, and how owner addresses are written. */
  active: () => { scope: string; node: NodeApis; owners: OwnerFormat }
  now?: () => number
  /** Each set "load all" kept, also as entities (searchable; issue 21). */
  kept?: (scope: string, sourceChain: string, views: readonly UtxoView[], loadedAt: number) => void
  /** MAX_SET_UTXOS unless given (a test makes it small). */
  maxItems?: number
}

/**
 * The most UTXOs one "load all" keeps: a node whose list never ends (or an address with millions) cannot
 * fill main's memory and the cache with one set. The bench's bulk address has 100,000.
 */
export const MAX_SET_UTXOS = 250_000

/**
 * UTXOs in the C-Chain's shared memory. Real nodes send the UTXO that startIndex names again as the
 * first item of the next page: it is dropped here, at every page boundary, and a page holding only
 * it ends the list. Each UTXO is decoded on its own: one whose bytes do not decode is shown with its
 * reason and the others still show.
 */
export class UtxosService {
  private readonly now: () => number
  private readonly maxItems: number
  /** the whole set's totals of the set read last (see summaryOf) */
  private summary?: { version: string; value: { invalid: number; totals: Output<'core.utxoSet'>['totals'] } }
  constructor(private readonly d: UtxosDeps) {
    this.now = d.now ?? Date.now
    this.maxItems = d.maxItems ?? MAX_SET_UTXOS
  }

  async page(input: PageInput, signal?: AbortSignal): Promise<Page> {
    const { node, owners } = this.d.active()
    return fetchPage(node, owners, input, signal)
  }

  /** The whole list, page by page, kept in the cache; progress after each page; stops on cancel (keeping what came). */
  async loadAll(input: Query & { pageSize: number }, job: JobContext): Promise<string> {
    const { scope, node, owners } = this.d.active()
    const views: UtxoView[] = []
    const seen = new Set<string>()
    let startIndex: PageInput['startIndex']
    let complete = false
    let pages = 0
    try {
      for (;;) {
        if (job.signal.aborted) break
        // after the first page one item is the repeat: at least 2, so a page of 1 still moves on
        const limit = startIndex ? Math.max(input.pageSize, 2) : input.pageSize
        const page = await fetchPage(node, owners, { ...input, limit, startIndex }, job.signal)
        pages++
        let added = 0
        for (const v of page.utxos) {
          const id = v.ok ? v.utxo.utxoID : `raw:${v.hex}`
          if (seen.has(id)) continue
          seen.add(id)
          views.push(v)
          added++
        }
        // Past the bound: the rest of this page is dropped, and the set is not the whole list.
        const over = views.length > this.maxItems
        if (over) views.length = this.maxItems
        job.progress(views.length, null, `${integer(views.length)} UTXOs, page ${page.numFetched} fetched`)
        const same = startIndex && page.endIndex.address === startIndex.address && page.endIndex.utxo === startIndex.utxo
        // Ends: nothing new (a page holding only the repeat), a short page, or an end index that did not move.
        const ended = page.last || added === 0 || same || Number(page.numFetched) < limit
        if (ended && !over) {
          complete = true
          break
        }
        if (ended || views.length >= this.maxItems) break
        startIndex = page.endIndex
      }
    } finally {
      const loadedAt = this.now()
      this.d.store.keep(scope, setKey(input), { addresses: input.addresses, sourceChain: input.sourceChain, loadedAt, complete }, views.map(rowOf))
      this.d.kept?.(scope, input.sourceChain, views, loadedAt)
    }
    if (!complete && views.length >= this.maxItems)
      throw new AppError(
        'BAD_INPUT',
        `Stopped after ${integer(views.length)} UTXOs in ${integer(pages)} page${pages === 1 ? '' : 's'}: one "load all" keeps at most ${integer(this.maxItems)}, and the node lists more. ` +
          'What was loaded is kept, marked as stopped before the end; for one address of several, load it on its own.'
      )
    const invalid = views.filter((v) => !v.ok).length
    return `${integer(views.length)} UTXOs${invalid ? ` (${integer(invalid)} that do not decode)` : ''}${complete ? '' : ', stopped before the end'}`
  }

  /** The kept set from `offset`, at most `limit` UTXOs; the totals are always the whole set's. */
  set(input: Query & { offset?: number; limit?: number }): Output<'core.utxoSet'> {
    const scope = this.d.active().scope
    const key = setKey(input)
    const kept = this.d.store.set(scope, key)
    const rows = kept?.rows ?? []
    const offset = input.offset ?? 0
    const views = rows.slice(offset, offset + (input.limit ?? rows.length)).map((r) => JSON.parse(r.view) as UtxoView)
    const whole = this.summaryOf(`${scope} ${key} ${kept?.set.loadedAt ?? ''}`, rows, offset === 0 && views.length === rows.length ? views : undefined)
    return {
      addresses: input.addresses,
      sourceChain: input.sourceChain,
      loadedAt: kept?.set.loadedAt ?? null,
      complete: kept?.set.complete ?? false,
      total: rows.length,
      offset,
      utxos: views,
      ...whole
    }
  }

  /**
   * Totals and the count that does not decode, of the whole set: computed once per kept version (its
   * load time), so a panel reading a big set part by part does not decode every row again for each part.
   */
  private summaryOf(version: string, rows: readonly { view: string }[], views?: UtxoView[]): { invalid: number; totals: Output<'core.utxoSet'>['totals'] } {
    if (this.summary?.version === version) return this.summary.value
    const all = views ?? rows.map((r) => JSON.parse(r.view) as UtxoView)
    const decoded = all.flatMap((v) => (v.ok ? [v.utxo] : []))
    const value = { invalid: all.length - decoded.length, totals: totalsOf(decoded) }
    this.summary = { version, value }
    return value
  }

  /** The address sets "load all" kept for the active node, newest first: to reopen one (offline too). */
  sets(limit: number): Output<'core.utxoSets'> {
    return { sets: this.d.store.list(this.d.active().scope, limit) }
  }

  export(input: Query & { format: 'csv' | 'json' }): Output<'core.exportUTXOs'> {
    const s = this.set(input)
    if (s.loadedAt === null) throw new AppError('NOT_FOUND', 'No UTXOs are kept for these addresses and chain yet: run "load all" first')
    const stamp = new Date(s.loadedAt).toISOString().replace(/[:.]/g, '-')
    const text = input.format === 'csv' ? utxosToCsv(s.utxos) : utxosToJson(s.utxos)
    return { filename: `utxos-${input.sourceChain}-${stamp}.${input.format}`, mime: input.format === 'csv' ? 'text/csv' : 'application/json', text, rows: s.utxos.length }
  }
}

function setKey(q: Query): string {
  return canonicalKey({ addresses: [...q.addresses].sort(), sourceChain: q.sourceChain })
}

function rowOf(v: UtxoView): UtxoRow {
  return { utxoId: v.ok ? v.utxo.utxoID : null, assetId: v.ok ? v.utxo.assetID : null, amount: v.ok ? v.utxo.amount : null, hex: v.hex, view: JSON.stringify(v) }
}

async function fetchPage(node: NodeApis, owners: OwnerFormat, input: PageInput, signal?: AbortSignal): Promise<Page> {
  const r = await core.getUTXOs(
    node,
    { addresses: input.addresses, sourceChain: input.sourceChain, limit: input.limit, ...(input.startIndex ? { startIndex: input.startIndex } : {}) },
    signal ? { signal } : {}
  )
  let views = r.utxos.map((hex) => viewUtxo(hex, owners))
  const first = views[0]
  const repeatDropped = Boolean(input.startIndex && first?.ok && first.utxo.utxoID === input.startIndex.utxo)
  if (repeatDropped) views = views.slice(1)
  return { utxos: views, numFetched: r.numFetched, endIndex: { address: r.endIndex.address, utxo: r.endIndex.utxo }, repeatDropped, last: views.length === 0 }
}

