/**
 * The offline page's path without a second process: the app (createApp, browser mode, on the same cache
 * file) and a client over the in-memory pair, which writes and parses every frame as JSON text as the
 * websocket does, through the contract server and the data path; beside the raw keyset query, one after
 * the other as in ./entities.ts. What is left between this and the whole path is the websocket and the two
 * wake-ups of a round trip between processes, which on a loaded 2-core machine wait for a CPU.
 */
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { createApp } from '../../src/main/app'
import { DB_FILE } from '../../src/main/cache/database'
import { TERM_PAGE_SQL } from '../../src/main/cache/entities-store'
import { plainSecretStore } from '../../src/main/secrets'
import type { Contract } from '../../src/shared/contract'
import { createRpcClient } from '../../src/shared/rpc/client'
import { createMemoryPair } from '../../src/shared/rpc/memory'
import { median, timeBoth } from './figures'
import { FIXTURE_ADDRESS } from './tx-fixture'

export interface Cursor {
  sort: number
  id: number
}

/** Medians of the page through the app in this process and of the raw query, after `warmup` pages. */
export async function pageInProcess(dataDir: string, cursors: readonly Cursor[], page: number, warmup: number): Promise<{ oursMs: number; rawMs: number }> {
  const app = createApp({ dataDir, mode: 'browser', secrets: plainSecretStore })
  const ro = new Database(join(dataDir, DB_FILE), { readonly: true })
  try {
    const pair = createMemoryPair()
    app.server.attach(pair.server, 'ws')
    const client = createRpcClient<Contract>(pair.client)
    const after = ro.prepare<unknown[], { id: number }>(TERM_PAGE_SQL.after)
    const input = (c: Cursor) => ({ network: 'mainnet' as const, blockchainId: 'p-chain', addresses: [`P-${FIXTURE_ADDRESS}`], pageSize: page, pageToken: `cached:${c.sort}:${c.id}` })
    const ours: number[] = []
    const raw: number[] = []
    // The two take turns going first (the pages are in memory by now: serve read them all just before).
    for (const [k, c] of [...cursors.slice(0, warmup), ...cursors].entries()) {
      const r = await timeBoth(
        k,
        () => client.call('data.listLatestPrimaryNetworkTransactions', input(c)),
        () => after.all('mainnet', FIXTURE_ADDRESS, 'transaction', 'P', c.sort, c.id, page + 1)
      )
      if (r.ours.data.transactions.length !== page) throw new Error(`in-process page: ${r.ours.data.transactions.length} rows (source ${r.ours.source})`)
      if (k >= warmup) {
        ours.push(r.oursMs)
        raw.push(r.rawMs)
      }
    }
    return { oursMs: median(ours), rawMs: median(raw) }
  } finally {
    app.close()
    ro.close()
  }
}
