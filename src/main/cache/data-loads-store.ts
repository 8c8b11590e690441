import type { Db } from './database'

/** The last "load all" of one data-service list with one set of parameters, as it ended. */
export interface KeptLoad {
  state: string
  pages: unknown[]
  loadedAt: number
}

/**
 * Named statements over data_loads: the pages of the last "load all" per data-service URL (scope), list
 * and canonical parameters, kept when the load ends so the whole set can be browsed offline. A newer
 * load of the same list and parameters replaces the older one.
 */
export class DataLoadsStore {
  private readonly s
  constructor(db: Db) {
    this.s = {
      put: db.prepare<[string, string, string, string, string, number]>(
        'INSERT OR REPLACE INTO data_loads (scope, endpoint, params_key, state, pages, loaded_at) VALUES (?, ?, ?, ?, ?, ?)'
      ),
      get: db.prepare<[string, string, string], { state: string; pages: string; loaded_at: number }>(
        'SELECT state, pages, loaded_at FROM data_loads WHERE scope = ? AND endpoint = ? AND params_key = ?'
      )
    }
  }

  keep(scope: string, endpoint: string, paramsKey: string, load: KeptLoad): void {
    this.s.put.run(scope, endpoint, paramsKey, load.state, JSON.stringify(load.pages), load.loadedAt)
  }

  last(scope: string, endpoint: string, paramsKey: string): KeptLoad | undefined {
    const row = this.s.get.get(scope, endpoint, paramsKey)
    if (!row) return undefined
    try {
      return { state: row.state, pages: JSON.parse(row.pages) as unknown[], loadedAt: row.loaded_at }
    } catch {
      return undefined
    }
  }
}
