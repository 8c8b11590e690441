/**
 * Rows of the cache written straight into an app's database file (a second connection beside the app's, as
 * WAL allows), for the tests of what the cache's administration does with rows however they got there.
 */
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { DB_FILE } from '../../src/main/cache/database'

export interface EntityRow {
  kind: string
  key: string
  fetchedAt: number
  network?: string
  chain?: string
  profileId?: string | null
  sort?: number
  pinned?: boolean
  label?: string
  data?: unknown
}

/** Writes the entities (one term each: their key) in one transaction; returns nothing, the app reads them. */
export function putEntities(dataDir: string, rows: readonly EntityRow[]): void {
  const db = new Database(join(dataDir, DB_FILE))
  try {
    db.pragma('foreign_keys = ON')
    const entity = db.prepare(
      `INSERT INTO entities (network, kind, chain, key, profile_id, scope, source, sort, label, data, fetched_at, pinned)
       VALUES (?, ?, ?, ?, ?, 'http://127.0.0.1:9650', 'test', ?, ?, ?, ?, ?)`
    )
    const term = db.prepare('INSERT INTO entity_terms (network, term, sort, entity_id) VALUES (?, ?, ?, ?)')
    db.transaction(() => {
      for (const r of rows) {
        const network = r.network ?? 'mainnet'
        const sort = r.sort ?? r.fetchedAt
        const id = entity.run(network, r.kind, r.chain ?? 'P', r.key, r.profileId ?? null, sort, r.label ?? r.key, JSON.stringify(r.data ?? { id: r.key }), r.fetchedAt, r.pinned ? 1 : 0).lastInsertRowid
        term.run(network, r.key, sort, id)
      }
    })()
  } finally {
    db.close()
  }
}

/** The keys of the entities left, and how many terms (a cleared entity takes its terms with it). */
export function entityKeys(dataDir: string): { keys: string[]; terms: number } {
  const db = new Database(join(dataDir, DB_FILE), { readonly: true })
  try {
    const keys = db.prepare<[], { key: string }>('SELECT key FROM entities ORDER BY key').all().map((r) => r.key)
    const terms = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM entity_terms').get()!.n
    return { keys, terms }
  } finally {
    db.close()
  }
}
