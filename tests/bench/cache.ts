/**
 * The SQLite cache beside its peer, raw better-sqlite3, in one run (ratios are what to read):
 *
 *   reads   the one cache of remote answers: 2,000 answers written through one at a time (as live reads
 *           arrive, each its own commit), then read back (as offline reads are);
 *   UTXOs   a "load all" set of 5,000 UTXOs kept in one transaction, then read back in order.
 *
 * "ours" is the app's own store on the app's database (openDatabase: WAL, migrations, named statements,
 * JSON of the answer); "raw" is the least code that does the same work with better-sqlite3 directly: the
 * same table, WAL, one prepared statement each, the same JSON. The difference is what our layer costs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { openDatabase } from '../../src/main/cache/database'
import { canonicalKey, ReadsStore } from '../../src/main/cache/reads-store'
import { UtxosStore, type UtxoRow } from '../../src/main/cache/utxos-store'

const READS = 2_000
const UTXOS = 5_000
const ROUNDS = 5
const SCOPE = 'http://127.0.0.1:9650'

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** A block header as eth_getBlockByNumber answers it (about 1 KB of JSON). */
function answer(i: number): Record<string, unknown> {
  const hex = (n: number, width = 64): string => `0x${n.toString(16).padStart(width, '0')}`
  return {
    number: hex(i, 1),
    hash: hex(i * 7 + 1),
    parentHash: hex(i * 7),
    stateRoot: hex(i * 11),
    transactionsRoot: hex(i * 13),
    receiptsRoot: hex(i * 17),
    miner: hex(i, 40),
    gasLimit: '0x7a1200',
    gasUsed: hex(i * 21_000, 1),
    baseFeePerGas: '0x5d21dba00',
    timestamp: hex(1_700_000_000 + i, 1),
    logsBloom: `0x${'0'.repeat(512)}`,
    transactions: [hex(i * 19), hex(i * 23)]
  }
}

function utxoRows(): UtxoRow[] {
  return Array.from({ length: UTXOS }, (_, i) => ({
    utxoId: `utxo-${i}`,
    assetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
    amount: (18_446_744_073_709_551_615n - BigInt(i)).toString(),
    hex: `0x${'ab'.repeat(100)}`,
    view: JSON.stringify({ outputIndex: i, locktime: '0', threshold: 1, addresses: ['avax1…'] })
  }))
}

function timed(run: () => void): number {
  const start = performance.now()
  run()
  return performance.now() - start
}

function rawDb(dir: string): Database.Database {
  const db = new Database(join(dir, 'raw.sqlite'))
  db.pragma('journal_mode = WAL')
  db.exec(`
    CREATE TABLE reads (scope TEXT NOT NULL, method TEXT NOT NULL, input_key TEXT NOT NULL, data TEXT NOT NULL,
      fetched_at INTEGER NOT NULL, PRIMARY KEY (scope, method, input_key)) WITHOUT ROWID;
    CREATE TABLE utxo_rows (scope TEXT NOT NULL, set_key TEXT NOT NULL, position INTEGER NOT NULL, utxo_id TEXT,
      asset_id TEXT, amount TEXT, hex TEXT NOT NULL, view TEXT NOT NULL, PRIMARY KEY (scope, set_key, position)) WITHOUT ROWID;
  `)
  return db
}

export function benchCache(): void {
  const dir = mkdtempSync(join(tmpdir(), 'companion-bench-'))
  try {
    const { db } = openDatabase(join(dir, 'ours'))
    const reads = new ReadsStore(db)
    const utxos = new UtxosStore(db)
    const raw = rawDb(dir)
    const rawPut = raw.prepare('INSERT INTO reads VALUES (?, ?, ?, ?, ?) ON CONFLICT(scope, method, input_key) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at')
    const rawGet = raw.prepare<[string, string, string], { data: string; fetched_at: number }>('SELECT data, fetched_at FROM reads WHERE scope = ? AND method = ? AND input_key = ?')
    const rawDelete = raw.prepare('DELETE FROM utxo_rows WHERE scope = ? AND set_key = ?')
    const rawInsert = raw.prepare('INSERT INTO utxo_rows VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    const rawRows = raw.prepare('SELECT utxo_id, asset_id, amount, hex, view FROM utxo_rows WHERE scope = ? AND set_key = ? ORDER BY position')
    const rawKeep = raw.transaction((rows: UtxoRow[]) => {
      rawDelete.run(SCOPE, 'set')
      rows.forEach((r, i) => rawInsert.run(SCOPE, 'set', i, r.utxoId, r.assetId, r.amount, r.hex, r.view))
    })

    const answers = Array.from({ length: READS }, (_, i) => answer(i))
    const inputs = answers.map((_, i) => ({ block: i, full: false }))
    const rows = utxoRows()
    const setInfo = { addresses: ['C-avax1…'], sourceChain: 'X', loadedAt: 0, complete: true }

    const candidates: { name: string; run: () => void }[] = [
      {
        name: 'reads, ours: ReadsStore put then get',
        run: () => {
          inputs.forEach((inp, i) => reads.put(SCOPE, 'evm.getBlock', canonicalKey(inp), answers[i], i))
          for (const inp of inputs) if (!reads.get(SCOPE, 'evm.getBlock', canonicalKey(inp))) throw new Error('bench: a read is missing')
        }
      },
      {
        name: 'reads, raw better-sqlite3',
        run: () => {
          inputs.forEach((inp, i) => rawPut.run(SCOPE, 'evm.getBlock', JSON.stringify(inp), JSON.stringify(answers[i]), i))
          for (const inp of inputs) {
            const row = rawGet.get(SCOPE, 'evm.getBlock', JSON.stringify(inp))
            if (!row) throw new Error('bench: a read is missing')
            JSON.parse(row.data)
          }
        }
      },
      {
        name: 'UTXOs, ours: UtxosStore keep then set',
        run: () => {
          utxos.keep(SCOPE, 'set', setInfo, rows)
          if (utxos.set(SCOPE, 'set')?.rows.length !== UTXOS) throw new Error('bench: UTXO rows missing')
        }
      },
      {
        name: 'UTXOs, raw better-sqlite3',
        run: () => {
          rawKeep(rows)
          if (rawRows.all(SCOPE, 'set').length !== UTXOS) throw new Error('bench: UTXO rows missing')
        }
      }
    ]

    const times = new Map(candidates.map((c) => [c.name, [] as number[]]))
    for (const c of candidates) c.run() // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      // Rotating order, so no candidate always runs first on a busy machine.
      for (let k = 0; k < candidates.length; k++) {
        const c = candidates[(k + round) % candidates.length]!
        times.get(c.name)!.push(timed(c.run))
      }
    }
    db.close()
    raw.close()

    console.log(`\nSQLite cache: ${READS} reads written through one at a time and read back; a set of ${UTXOS} UTXOs kept and read back; median of ${ROUNDS}\n`)
    console.log(`${'candidate'.padEnd(42)} ${'median ms'.padStart(10)} ${'vs raw'.padStart(8)}`)
    for (let i = 0; i < candidates.length; i += 2) {
      const ours = median(times.get(candidates[i]!.name)!)
      const base = median(times.get(candidates[i + 1]!.name)!)
      console.log(`${candidates[i]!.name.padEnd(42)} ${ours.toFixed(1).padStart(10)} ${(ours / base).toFixed(2).padStart(7)}x`)
      console.log(`${candidates[i + 1]!.name.padEnd(42)} ${base.toFixed(1).padStart(10)} ${'1.00'.padStart(7)}x`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
