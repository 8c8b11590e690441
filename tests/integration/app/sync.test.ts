/**
 * Sync jobs against the sim: a job over an address walks every page of its lists and what it kept matches
 * the sim's data set; a 429 burst is waited out for its Retry-After; a cancel stops between pages and the
 * next pass goes on from the last committed page; the built `companion watch` killed with SIGKILL half-way
 * finishes after a restart with no page counted twice and no row missing. Inputs are refused with words
 * that say what to fix.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import type { Contract, Job, SyncJob } from '../../../src/shared/contract'
import type { RpcClient } from '../../../src/shared/rpc/client'
import { decodeBech32Address, encodeBech32Address } from '../../../src/shared/domain/encoding'
import { until } from '../../support/until'
import { activateSim, appsPerTest, failure, simPerFile, tempDir } from './helpers'

const sim = simPerFile()
const { open } = appsPerTest()

const ALIAS = { P: 'p-chain', X: 'x-chain', C: 'c-chain' } as const

/** The transactions of an address on each chain, as the sim's data set has them. */
function expectedTxs(bech32: string): Record<'P' | 'X' | 'C', string[]> {
  const out = { P: [] as string[], X: [] as string[], C: [] as string[] }
  for (const t of sim.dataset.transactionsOf(bech32)) out[t.chain].push(t.txHash)
  return out
}

/** What the data path cached of the pages of one address's transactions on a chain: every tx hash, repeats kept. */
function cachedTxs(dataDir: string, bech32: string, chain: 'P' | 'X' | 'C'): string[] {
  const db = new Database(join(dataDir, 'companion.sqlite'), { readonly: true })
  try {
    const rows = db.prepare<[string], { input_key: string; data: string }>("SELECT input_key, data FROM reads WHERE scope = ? AND method = 'data.listLatestPrimaryNetworkTransactions'").all(sim.dataUrl)
    return rows
      .filter((r) => {
        const input = JSON.parse(r.input_key) as { blockchainId: string; addresses: string[] }
        return input.blockchainId === ALIAS[chain] && input.addresses.includes(bech32)
      })
      .flatMap((r) => (JSON.parse(r.data) as { transactions: { txHash: string }[] }).transactions.map((t) => t.txHash))
  } finally {
    db.close()
  }
}

/**
 * The transactions the cache keeps as entities for an address on one chain (what the Cache panel searches and
 * an offline page reads): their keys, one per row, and whether each is pinned.
 */
function entityTxs(dataDir: string, bech32: string, chain: 'P' | 'X' | 'C'): { key: string; pinned: number }[] {
  const db = new Database(join(dataDir, 'companion.sqlite'), { readonly: true })
  try {
    return db
      .prepare<[string, string], { key: string; pinned: number }>(
        "SELECT e.key, e.pinned FROM entity_terms t JOIN entities e ON e.id = t.entity_id WHERE t.network = 'mainnet' AND t.term = ? AND e.kind = 'transaction' AND e.chain = ?"
      )
      .all(bech32, chain)
  } finally {
    db.close()
  }
}

/** The job's committed cursors: pages and items per list. */
function cursors(dataDir: string, jobId: string): { list: string; pages: number; items: number; done: number }[] {
  const db = new Database(join(dataDir, 'companion.sqlite'), { readonly: true })
  try {
    return db.prepare<[string], { list: string; pages: number; items: number; done: number }>('SELECT list, pages, items, done FROM sync_cursors WHERE job_id = ?').all(jobId)
  } finally {
    db.close()
  }
}

async function jobOf(client: RpcClient<Contract>, id: string): Promise<SyncJob> {
  return (await client.call('sync.list', {})).jobs.find((j) => j.id === id)!
}

const inSync = (j: SyncJob): boolean => j.state === 'idle' && j.inSyncSince !== null

describe('sync jobs', () => {
  it('keeps an address: every page of its transactions and UTXOs, matching the sim, in sync since the pass ended', async () => {
    const { client, dataDir } = open()
    await activateSim(client, sim)
    const op = sim.dataset.wellKnown.operator
    const before = Date.now()
    const { job } = await client.call('sync.keepAddresses', { addresses: [op.pChain], keep: ['transactions', 'utxos'], pageSize: 10 })
    expect(job).toMatchObject({ kind: 'addresses', subjects: [op.pChain], keep: ['transactions', 'utxos'], enabled: true, intervalSec: 900, inSyncSince: null })
    const done = await until(() => jobOf(client, job.id), inSync, 60_000)
    expect(done.lastError).toBeNull()
    expect(done.inSyncSince).toBeGreaterThanOrEqual(before)
    // 3 chains of transactions, UTXOs exported from P and from X
    expect(done.progress).toMatchObject({ lists: 5, listsDone: 5 })

    const want = expectedTxs(op.bech32)
    for (const chain of ['P', 'X', 'C'] as const) expect(cachedTxs(dataDir, op.bech32, chain).sort()).toEqual([...want[chain]].sort())
    const byList = Object.fromEntries(cursors(dataDir, job.id).map((c) => [c.list, c]))
    expect(byList[`tx:X:${op.bech32}`]).toMatchObject({ items: want.X.length, pages: Math.ceil(want.X.length / 10), done: 1 })
    expect(byList[`utxo:X:${op.bech32}`]!.items).toBe(sim.dataset.atomicUtxos(sim.dataset.params.xChainId, op.shortIdHex).length)
    expect(byList[`utxo:P:${op.bech32}`]!.items).toBe(sim.dataset.atomicUtxos(sim.dataset.params.pChainId, op.shortIdHex).length)
    expect(done.progress.items).toBe(want.P.length + want.X.length + want.C.length + byList[`utxo:X:${op.bech32}`]!.items + byList[`utxo:P:${op.bech32}`]!.items)
  }, 90_000)

  it('waits out a 429 burst for its Retry-After, counting down, and goes on', async () => {
    const { client, dataDir } = open()
    await activateSim(client, sim)
    const seen: Job[] = []
    client.on('jobs.progress', (j) => void (j.kind === 'sync' && seen.push(j)))
    const d = sim.dataset.wellKnown.delegator
    sim.faults.add({ service: 'data', kind: 'status429', match: '/blockchains/x-chain/transactions', ms: 1, count: 2 })
    const { job } = await client.call('sync.keepAddresses', { addresses: [d.xChain], keep: ['transactions'], pageSize: 10 })
    const done = await until(() => jobOf(client, job.id), inSync, 60_000)
    expect(done.lastError).toBeNull()
    expect(sim.faults.list()).toEqual([])
    const waits = seen.filter((j) => j.waitSec !== undefined)
    expect(waits.length).toBeGreaterThanOrEqual(2)
    expect(waits[0]!.message).toMatch(/Rate limited \(HTTP 429\): waiting 1 s as the service asked \(Retry-After\), then page 1 of X-Chain transactions/)
    expect(cachedTxs(dataDir, d.bech32, 'X').sort()).toEqual([...expectedTxs(d.bech32).X].sort())
    expect(seen.at(-1)).toMatchObject({ state: 'done', message: expect.stringMatching(/^In sync: 3 lists/) })
  }, 60_000)

  it('cancel stops between pages; the next pass goes on from the last committed page', async () => {
    const { client, dataDir } = open()
    await activateSim(client, sim)
    const op = sim.dataset.wellKnown.operator
    // Its count says how many pages were asked for (each request takes one).
    const slow = sim.faults.add({ service: 'data', kind: 'latency', match: '/transactions', ms: 300, count: 1_000 })
    try {
      const { job } = await client.call('sync.keepAddresses', { addresses: [op.bech32], keep: ['transactions'], pageSize: 5 })
      const mid = await until(() => jobOf(client, job.id), (j) => j.progress.pages >= 3, 30_000)
      expect(mid.state).toBe('running')
      expect(await client.call('sync.cancel', { id: job.id })).toEqual({ cancelled: true })
      const paused = await until(() => jobOf(client, job.id), (j) => j.state === 'paused', 10_000)
      expect(paused).toMatchObject({ state: 'paused', inSyncSince: null, jobId: null, lastError: null })
      const pagesAtCancel = paused.progress.pages
      // Nothing is committed after the cancel: the page being fetched is dropped, not half kept.
      await new Promise((r) => setTimeout(r, 800))
      expect((await jobOf(client, job.id)).progress.pages).toBe(pagesAtCancel)

      const jobsBefore = (await client.call('jobs.list', {})).jobs.filter((j) => j.kind === 'sync').length
      await client.call('sync.runNow', { id: job.id })
      const done = await until(() => jobOf(client, job.id), inSync, 60_000)
      const want = expectedTxs(op.bech32)
      expect(done.progress.items).toBe(want.P.length + want.X.length + want.C.length)
      for (const chain of ['P', 'X', 'C'] as const) expect(cachedTxs(dataDir, op.bech32, chain).sort()).toEqual([...want[chain]].sort())
      const passes = (await client.call('jobs.list', {})).jobs.filter((j) => j.kind === 'sync')
      expect(passes).toHaveLength(jobsBefore + 1)
      expect(passes[0]!.message).toMatch(/In sync/)
      // The second pass began at the page after the last one committed: every page was asked for once, and
      // the one being fetched at the cancel once more at most.
      const pages = Math.ceil(want.P.length / 5) + Math.ceil(want.X.length / 5) + Math.ceil(want.C.length / 5)
      expect(done.progress.pages).toBe(pages)
      const asked = 1_000 - (sim.faults.list().find((f) => f.id === slow)?.remaining ?? 0)
      expect(asked).toBeGreaterThanOrEqual(pages)
      expect(asked).toBeLessThanOrEqual(pages + 1)
    } finally {
      sim.faults.remove(slow)
    }
  }, 90_000)

  it("keeps a profile's validators (the node's own when it names none); turned off, changed and removed", async () => {
    const { client } = open()
    await activateSim(client, sim)
    const { job } = await client.call('sync.keepValidators', {})
    expect(job).toMatchObject({ kind: 'validators', keep: [], intervalSec: 900, enabled: true })
    const done = await until(() => jobOf(client, job.id), inSync, 60_000)
    expect(done.lastError).toBeNull()
    // the node's state, then its pending rewards: at least the validator itself
    expect(done.progress).toMatchObject({ lists: 2, listsDone: 2 })
    const rewards = await client.call('data.listPendingPrimaryNetworkRewards', { network: 'mainnet', nodeIds: [sim.dataset.nodes.self], pageSize: 100 })
    expect(rewards.data.nextPageToken).toBeUndefined()
    expect(done.progress.items).toBe(1 + rewards.data.pendingRewards.length)
    // One such job per profile: asked again, the same job answers.
    expect((await client.call('sync.keepValidators', { intervalSec: 3_600 })).job).toMatchObject({ id: job.id, intervalSec: 3_600 })

    const off = (await client.call('sync.update', { id: job.id, enabled: false })).job
    expect(off).toMatchObject({ state: 'off', enabled: false, nextRunAt: null })
    const on = (await client.call('sync.update', { id: job.id, enabled: true, intervalSec: 600 })).job
    expect(on).toMatchObject({ state: 'idle', enabled: true, intervalSec: 600 })
    expect(on.nextRunAt).toBe(on.inSyncSince! + 600_000)
    expect(await client.call('sync.remove', { id: job.id })).toEqual({ removed: true })
    expect((await client.call('sync.list', {})).jobs).toEqual([])
    expect((await failure(client.call('sync.update', { id: job.id, enabled: true }))).code).toBe('NOT_FOUND')
  }, 60_000)

  it('refuses input with words that say what to fix', async () => {
    const { client } = open()
    expect((await failure(client.call('sync.keepAddresses', { addresses: [sim.dataset.wellKnown.rich.pChain] }))).message).toMatch(/No active connection profile/)
    await activateSim(client, sim)
    const fuji = encodeBech32Address('fuji', decodeBech32Address(sim.dataset.wellKnown.rich.bech32).bytes, 'P')
    const fujiErr = await failure(client.call('sync.keepAddresses', { addresses: [fuji] }))
    expect(fujiErr.code).toBe('BAD_INPUT')
    expect(fujiErr.message).toMatch(/is an address of another network: the profile "sim" is on mainnet, whose addresses start with avax1/)
    expect((await failure(client.call('sync.keepAddresses', { addresses: ['avax1nothing'] }))).message).toMatch(/not a bech32 address/)
    expect((await failure(client.call('sync.keepAddresses', { addresses: [] }))).message).toMatch(/at least one address/)
    expect((await failure(client.call('sync.keepAddresses', { addresses: Array.from({ length: 51 }, () => sim.dataset.wellKnown.rich.pChain) }))).message).toMatch(/at most 50/)
    expect((await failure(client.call('sync.keepAddresses', { addresses: [sim.dataset.wellKnown.rich.pChain], intervalSec: 10 }))).message).toMatch(/at least 60 seconds/)
    expect((await failure(client.call('sync.keepAddresses', { addresses: [sim.dataset.wellKnown.rich.pChain], keep: ['everything'] as never }))).message).toMatch(/one of transactions, utxos/)
    expect((await failure(client.call('sync.runNow', { id: 'nope' }))).message).toMatch(/No sync job with id nope/)
  })
})

describe('a sync job in the built `companion watch`, killed half-way', () => {
  const data = tempDir()
  let watcher: ChildProcess | undefined
  let log = ''
  afterAll(async () => {
    if (watcher && watcher.exitCode === null && watcher.signalCode === null) {
      const exited = new Promise((r) => watcher!.once('exit', r))
      watcher.kill('SIGTERM')
      await exited
    }
    data.remove()
  })

  /** `companion watch` from the built JS, as an installed copy runs it (npx electron-vite build first). */
  function startWatcher(): ChildProcess {
    const child = spawn(process.execPath, ['out/main/cli.js', 'watch', '--data-dir', data.dir], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout!.resume()
    child.stderr!.on('data', (chunk: Buffer) => void (log += chunk.toString()))
    return child
  }

  async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill(signal)
    await exited
  }

  const inSyncSince = (jobId: string): number | null => {
    const db = new Database(join(data.dir, 'companion.sqlite'), { readonly: true })
    try {
      return db.prepare<[string], { s: number | null }>('SELECT in_sync_since AS s FROM sync_jobs WHERE id = ?').get(jobId)?.s ?? null
    } finally {
      db.close()
    }
  }

  it('goes on after a restart from the last committed page: no row twice, none missing', async () => {
    const op = sim.dataset.wellKnown.operator
    const want = expectedTxs(op.bech32)
    // Set up as an operator would (companion call is the same), then the app closes.
    const { app, client } = open({ dataDir: data.dir, mode: 'cli' })
    await activateSim(client, sim)
    const { job } = await client.call('sync.keepAddresses', { addresses: [op.pChain], keep: ['transactions'], pageSize: 2 })
    app.close()
    const pages = Math.ceil(want.P.length / 2) + Math.ceil(want.X.length / 2) + Math.ceil(want.C.length / 2)
    const committed = (): number => cursors(data.dir, job.id).reduce((n, c) => n + c.pages, 0)

    // Its count says how many pages were asked for (each request takes one).
    const slow = sim.faults.add({ service: 'data', kind: 'latency', match: '/transactions', ms: 150, count: 10_000 })
    let asked = 0
    try {
      watcher = startWatcher()
      const atKill = await until(committed, (n) => n >= pages / 4, 60_000)
      await stop(watcher, 'SIGKILL')
      expect(atKill, log).toBeGreaterThanOrEqual(pages / 4)
      const kept = committed()
      expect(kept).toBeLessThan(pages)
      expect(inSyncSince(job.id)).toBeNull()

      watcher = startWatcher()
      await until(() => inSyncSince(job.id), (s) => s !== null, 90_000)
      await stop(watcher, 'SIGTERM')
      expect(inSyncSince(job.id), log).not.toBeNull()
      asked = 10_000 - (sim.faults.list().find((f) => f.id === slow)?.remaining ?? 0)
    } finally {
      sim.faults.remove(slow)
    }
    // The restart went on from the last committed page: each page was asked for once, the one being
    // fetched at the kill once more at most (a pass begun again would have asked for the first `kept` again).
    expect(asked).toBeGreaterThanOrEqual(pages)
    expect(asked).toBeLessThanOrEqual(pages + 1)
    const lists = cursors(data.dir, job.id)
    expect(lists.reduce((n, c) => n + c.pages, 0)).toBe(pages)
    expect(lists.reduce((n, c) => n + c.items, 0)).toBe(want.P.length + want.X.length + want.C.length)
    for (const chain of ['P', 'X', 'C'] as const) {
      const cached = cachedTxs(data.dir, op.bech32, chain)
      expect(cached.length).toBe(new Set(cached).size)
      expect(cached.sort()).toEqual([...want[chain]].sort())
      // The same rows as entities: each transaction once, none missing, pinned by the job.
      const rows = entityTxs(data.dir, op.bech32, chain)
      expect(rows.map((r) => r.key).sort(), `${chain}-Chain entities`).toEqual([...want[chain]].sort())
      expect(rows.every((r) => r.pinned === 1)).toBe(true)
    }
  }, 180_000)
})
