import type { Db } from './database'

/** One cached answer of a remote read. */
export interface CachedRead {
  data: unknown
  fetchedAt: number
}

/**
 * Named statements over the reads table: the last answer of each remote read, per service URL
 * (scope), contract method and canonical input. Written through on every live answer.
 */
export class ReadsStore {
  private readonly s
  /** onWrite: after each answer written (the cache's size bound plans a check: size-bound.ts). */
  constructor(
    db: Db,
    private readonly onWrite: () => void = () => undefined
  ) {
    this.s = {
      get: db.prepare<[string, string, string], { data: string; fetched_at: number }>(
        'SELECT data, fetched_at FROM reads WHERE scope = ? AND method = ? AND input_key = ?'
      ),
      put: db.prepare<[string, string, string, string, number]>(
        `INSERT INTO reads (scope, method, input_key, data, fetched_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(scope, method, input_key) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at`
      )
    }
  }

  get(scope: string, method: string, inputKey: string): CachedRead | undefined {
    const row = this.s.get.get(scope, method, inputKey)
    if (!row) return undefined
    try {
      return { data: JSON.parse(row.data) as unknown, fetchedAt: row.fetched_at }
    } catch {
      return undefined
    }
  }

  put(scope: string, method: string, inputKey: string, data: unknown, fetchedAt: number): void {
    this.s.put.run(scope, method, inputKey, JSON.stringify(data), fetchedAt)
    this.onWrite()
  }
}

/** The same input always gives the same key: object keys sorted, undefined dropped. */
export function canonicalKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v
  )
}
