import type { Db } from './database'

/** One kept UTXO: its raw hex and its view (decoded, or why not) as JSON. */
export interface UtxoRow {
  utxoId: string | null
  assetId: string | null
  amount: string | null
  hex: string
  view: string
}

export interface UtxoSetRow {
  addresses: string[]
  sourceChain: string
  loadedAt: number
  complete: boolean
}

/** Named statements over the UTXO sets "load all" keeps, per node URL and (addresses, source chain). */
export class UtxosStore {
  private readonly s
  private readonly replace
  constructor(db: Db) {
    this.s = {
      deleteRows: db.prepare<[string, string]>('DELETE FROM utxo_rows WHERE scope = ? AND set_key = ?'),
      insertRow: db.prepare<[string, string, number, string | null, string | null, string | null, string, string]>(
        'INSERT INTO utxo_rows (scope, set_key, position, utxo_id, asset_id, amount, hex, view) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
      ),
      upsertSet: db.prepare<[string, string, string, string, number, number]>(
        'INSERT OR REPLACE INTO utxo_sets (scope, set_key, addresses, source_chain, loaded_at, complete) VALUES (?, ?, ?, ?, ?, ?)'
      ),
      set: db.prepare<[string, string], { addresses: string; source_chain: string; loaded_at: number; complete: number }>(
        'SELECT addresses, source_chain, loaded_at, complete FROM utxo_sets WHERE scope = ? AND set_key = ?'
      ),
      list: db.prepare<[string, number], { addresses: string; source_chain: string; loaded_at: number; complete: number; count: number }>(
        'SELECT s.addresses, s.source_chain, s.loaded_at, s.complete, (SELECT count(*) FROM utxo_rows r WHERE r.scope = s.scope AND r.set_key = s.set_key) AS count FROM utxo_sets s WHERE s.scope = ? ORDER BY s.loaded_at DESC LIMIT ?'
      ),
      rows: db.prepare<[string, string], { utxo_id: string | null; asset_id: string | null; amount: string | null; hex: string; view: string }>(
        'SELECT utxo_id, asset_id, amount, hex, view FROM utxo_rows WHERE scope = ? AND set_key = ? ORDER BY position'
      )
    }
    // One transaction: a reader never sees half a set.
    this.replace = db.transaction((scope: string, key: string, set: UtxoSetRow, rows: UtxoRow[]) => {
      this.s.deleteRows.run(scope, key)
      rows.forEach((r, i) => this.s.insertRow.run(scope, key, i, r.utxoId, r.assetId, r.amount, r.hex, r.view))
      this.s.upsertSet.run(scope, key, JSON.stringify(set.addresses), set.sourceChain, set.loadedAt, set.complete ? 1 : 0)
    })
  }

  /** Replaces the kept set of (scope, key) with these rows. */
  keep(scope: string, key: string, set: UtxoSetRow, rows: UtxoRow[]): void {
    this.replace(scope, key, set, rows)
  }

  /** The sets kept for a node, newest first, with how many UTXOs each holds. */
  list(scope: string, limit: number): (UtxoSetRow & { count: number })[] {
    return this.s.list.all(scope, limit).map((s) => ({ addresses: JSON.parse(s.addresses) as string[], sourceChain: s.source_chain, loadedAt: s.loaded_at, complete: s.complete === 1, count: s.count }))
  }

  set(scope: string, key: string): { set: UtxoSetRow; rows: UtxoRow[] } | undefined {
    const s = this.s.set.get(scope, key)
    if (!s) return undefined
    const rows = this.s.rows.all(scope, key).map((r) => ({ utxoId: r.utxo_id, assetId: r.asset_id, amount: r.amount, hex: r.hex, view: r.view }))
    return { set: { addresses: JSON.parse(s.addresses) as string[], sourceChain: s.source_chain, loadedAt: s.loaded_at, complete: s.complete === 1 }, rows }
  }
}
