import type { EntityKind, Network } from '../../shared/contract'
import type { Db } from './database'

/**
 * One thing a read brought, as the extractors (./entity-extract) give it. `terms` are already in their one
 * spelling (normalizeTerm / TermSet in ./entity-terms): the store writes them as they are, so that ingesting
 * a page costs one statement per row and one per term and nothing else.
 */
export interface EntityInput {
  kind: EntityKind
  chain: string
  key: string
  sort: number
  label: string
  data: unknown
  terms: readonly string[]
  /** The stamp of the contract shape `data` was checked against (./entity-checks.ts); 0 or absent: not known. */
  checked?: number
}

/** Where a batch of entities came from: the same for every row of one read. */
export interface EntityMeta {
  network: Network
  profileId: string | null
  scope: string
  source: string
  fetchedAt: number
}

/** One kept entity as read back; `data` is its JSON text, parsed only by whoever needs the value. */
export interface StoredEntity {
  id: number
  kind: EntityKind
  chain: string
  key: string
  network: Network
  profileId: string | null
  scope: string
  source: string
  sort: number
  label: string
  data: string
  fetchedAt: number
  pinned: boolean
  /** The stamp of the contract shape its data was checked against when kept (0: not known, or kept before migration 16). */
  checked: number
}

/** Where the next page of a term starts: the last row of the page before (newest first). */
export interface TermCursor {
  sort: number
  id: number
}

export interface TermPageQuery {
  kind: EntityKind
  chain?: string
  limit: number
  after?: TermCursor
}

interface Row {
  id: number
  kind: string
  chain: string
  key: string
  network: string
  profile_id: string | null
  scope: string
  source: string
  sort: number
  label: string
  data: string
  fetched_at: number
  pinned: number
  checked: number
}

const COLUMNS = 'e.id, e.kind, e.chain, e.key, e.network, e.profile_id, e.scope, e.source, e.sort, e.label, e.data, e.fetched_at, e.pinned, e.checked'
/** The term's index rows, newest first, joined to their entity by its primary key (CROSS JOIN: SQLite keeps this order, whatever its statistics say). */
const BY_TERM = `SELECT ${COLUMNS} FROM entity_terms t CROSS JOIN entities e ON e.id = t.entity_id WHERE t.network = ? AND t.term = ?`

/** SQL of the keyset page of one term (exported for the EXPLAIN QUERY PLAN test and the bench's raw baseline). */
export const TERM_PAGE_SQL = {
  first: `${BY_TERM} AND e.kind = ? AND e.chain = ? ORDER BY t.sort DESC, t.entity_id DESC LIMIT ?`,
  after: `${BY_TERM} AND e.kind = ? AND e.chain = ? AND (t.sort, t.entity_id) < (?, ?) ORDER BY t.sort DESC, t.entity_id DESC LIMIT ?`,
  firstAnyChain: `${BY_TERM} AND e.kind = ? ORDER BY t.sort DESC, t.entity_id DESC LIMIT ?`,
  afterAnyChain: `${BY_TERM} AND e.kind = ? AND (t.sort, t.entity_id) < (?, ?) ORDER BY t.sort DESC, t.entity_id DESC LIMIT ?`
} as const

/** SQL of one ingested row (exported for the bench's raw baseline: the same statements without this class). */
export const INGEST_SQL = {
  upsert: `INSERT INTO entities (network, kind, chain, key, profile_id, scope, source, sort, label, data, fetched_at, checked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT(network, kind, chain, key) DO UPDATE SET profile_id = excluded.profile_id, scope = excluded.scope, source = excluded.source,
      sort = excluded.sort, label = excluded.label, data = excluded.data, fetched_at = excluded.fetched_at, checked = excluded.checked
    RETURNING id`,
  term: 'INSERT OR IGNORE INTO entity_terms (network, term, sort, entity_id) VALUES (?, ?, ?, ?)',
  staleTerms: 'DELETE FROM entity_terms WHERE entity_id = ? AND sort <> ?'
} as const

/**
 * SQL of the entities whose terms start with a prefix (exported for the EXPLAIN QUERY PLAN test): the bounds
 * are parameters, [prefix, prefix + U+10FFFF), which in SQLite's binary order holds every term that starts
 * with the prefix and nothing else.
 */
export const PREFIX_KINDS_SQL =
  'SELECT e.id, e.kind FROM entity_terms t CROSS JOIN entities e ON e.id = t.entity_id WHERE t.network = ? AND t.term >= ? AND t.term < ? LIMIT ?'

/** The upper bound of the terms that start with a prefix: above every character a term can hold. */
export const prefixEnd = (prefix: string): string => `${prefix}\u{10FFFF}`

/** How many index rows a search reads at most per kind it looks for (totals are counted up to this). */
export const COUNT_CAP = 1_000

/**
 * Named statements over entities and entity_terms (migration 14): what the app has read, one row per thing
 * of a network, found by its terms. A newer reading of the same thing (network, kind, chain, key) replaces
 * the older; `pinned` is never touched by ingest. Every query is scoped to one network.
 */
export class EntitiesStore {
  private readonly s
  private readonly ingestTx: (meta: EntityMeta, items: readonly EntityInput[]) => void

  constructor(db: Db) {
    this.s = {
      upsert: db.prepare<[string, string, string, string, string | null, string, string, number, string, string, number, number], { id: number }>(INGEST_SQL.upsert),
      term: db.prepare<[string, string, number, number]>(INGEST_SQL.term),
      staleTerms: db.prepare<[number, number]>(INGEST_SQL.staleTerms),
      maxId: db.prepare<[], { m: number | null }>('SELECT max(id) AS m FROM entities'),
      get: db.prepare<[string, string, string, string], Row>(`SELECT ${COLUMNS} FROM entities e WHERE e.network = ? AND e.kind = ? AND e.chain = ? AND e.key = ?`),
      byId: db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM entities e WHERE e.id = ?`),
      first: db.prepare<[string, string, string, string, number], Row>(TERM_PAGE_SQL.first),
      after: db.prepare<[string, string, string, string, number, number, number], Row>(TERM_PAGE_SQL.after),
      firstAnyChain: db.prepare<[string, string, string, number], Row>(TERM_PAGE_SQL.firstAnyChain),
      afterAnyChain: db.prepare<[string, string, string, number, number, number], Row>(TERM_PAGE_SQL.afterAnyChain),
      // The kinds of a term's entities, newest first, without their data: what a search groups and counts.
      kindsOfTerm: db.prepare<[string, string, number], { id: number; kind: string }>(
        'SELECT e.id, e.kind FROM entity_terms t CROSS JOIN entities e ON e.id = t.entity_id WHERE t.network = ? AND t.term = ? ORDER BY t.sort DESC, t.entity_id DESC LIMIT ?'
      ),
      // The kinds of the entities of every term that starts with a prefix: a range of the (network, term, …)
      // primary key, in its order (no sort step, no LIKE and so no wildcard in what a person typed), bounded.
      kindsOfPrefix: db.prepare<[string, string, string, number], { id: number; kind: string }>(PREFIX_KINDS_SQL)
    }
    const { upsert, term, staleTerms, maxId } = this.s
    this.ingestTx = db.transaction((meta: EntityMeta, items: readonly EntityInput[]) => {
      // Rows with an id above this one are new: only a row read before can hold terms of an older sort.
      const newFrom = maxId.get()?.m ?? 0
      const { network, profileId, scope, source, fetchedAt } = meta
      for (const it of items) {
        const { id } = upsert.get(network, it.kind, it.chain, it.key, profileId, scope, source, it.sort, it.label, JSON.stringify(it.data), fetchedAt, it.checked ?? 0)!
        if (id <= newFrom) staleTerms.run(id, it.sort)
        for (const t of it.terms) term.run(network, t, it.sort, id)
      }
    })
  }

  /** Keeps a read's entities in one transaction: upserted by (network, kind, chain, key), terms added. */
  ingest(meta: EntityMeta, items: readonly EntityInput[]): void {
    if (items.length > 0) this.ingestTx(meta, items)
  }

  get(network: Network, kind: EntityKind, chain: string, key: string): StoredEntity | undefined {
    const r = this.s.get.get(network, kind, chain, key)
    return r ? toEntity(r) : undefined
  }

  byId(id: number): StoredEntity | undefined {
    const r = this.s.byId.get(id)
    return r ? toEntity(r) : undefined
  }

  /**
   * One page of the entities of a kind (and chain) a term finds, newest first (sort, then id), from the
   * (network, term, sort) index; `after` is the last row of the page before.
   */
  pageOfTerm(network: Network, term: string, q: TermPageQuery): StoredEntity[] {
    const { kind, chain, limit, after } = q
    const rows =
      chain === undefined
        ? after
          ? this.s.afterAnyChain.all(network, term, kind, after.sort, after.id, limit)
          : this.s.firstAnyChain.all(network, term, kind, limit)
        : after
          ? this.s.after.all(network, term, kind, chain, after.sort, after.id, limit)
          : this.s.first.all(network, term, kind, chain, limit)
    return rows.map(toEntity)
  }

  /**
   * What each term finds, grouped by kind, newest first: per kind the first `limit` entities and how many
   * there are, counted up to COUNT_CAP. Reads at most COUNT_CAP index rows per kind asked for (ids and kinds
   * only); the hits' rows are read by id. `prefixes` (part of an ID) find the entities of every term that
   * starts with one, after the exact terms' (so an exact match is never crowded out), read up to the same bound.
   */
  search(
    network: Network,
    terms: readonly string[],
    kinds: readonly EntityKind[],
    limit: number,
    prefixes: readonly string[] = []
  ): { kind: EntityKind; total: number; hits: StoredEntity[] }[] {
    const wanted = new Set<string>(kinds)
    const groups = new Map<string, { total: number; ids: number[] }>()
    const seen = new Set<number>()
    const cap = COUNT_CAP * kinds.length
    // Started one after another: a statement is busy while its iteration is open.
    const reads = [
      ...terms.map((term) => () => this.s.kindsOfTerm.iterate(network, term, cap)),
      ...prefixes.map((p) => () => this.s.kindsOfPrefix.iterate(network, p, prefixEnd(p), cap))
    ]
    for (const read of reads) {
      for (const r of read()) {
        if (!wanted.has(r.kind) || seen.has(r.id)) continue
        seen.add(r.id)
        const g = groups.get(r.kind) ?? { total: 0, ids: [] }
        if (g.total < COUNT_CAP) g.total++
        if (g.ids.length < limit) g.ids.push(r.id)
        groups.set(r.kind, g)
      }
    }
    return kinds
      .filter((k) => groups.has(k))
      .map((kind) => {
        const g = groups.get(kind)!
        const hits = g.ids.map((id) => this.byId(id)).filter((e): e is StoredEntity => e !== undefined)
        // Two terms of one query (an address with and without its prefix) may interleave: newest first again.
        hits.sort((a, b) => b.sort - a.sort || b.id - a.id)
        return { kind, total: g.total, hits }
      })
  }
}

function toEntity(r: Row): StoredEntity {
  return {
    id: r.id,
    kind: r.kind as EntityKind,
    chain: r.chain,
    key: r.key,
    network: r.network as Network,
    profileId: r.profile_id,
    scope: r.scope,
    source: r.source,
    sort: r.sort,
    label: r.label,
    data: r.data,
    fetchedAt: r.fetched_at,
    pinned: r.pinned === 1,
    checked: r.checked
  }
}
