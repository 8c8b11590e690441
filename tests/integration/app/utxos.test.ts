/**
 * The core. area through the contract against the sim: UTXO pages with the real nodes' repeat dropped,
 * "load all" as a job over 5,000+ UTXOs with exact totals and a CSV that matches the data set,
 * atomic txs issued exactly once (journal, duplicate refused, a lost reply watched and never resent,
 * the watch resumed after a restart), core.version not offered, and cached answers with the sim stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/cache/database'
import { UtxosStore } from '../../../src/main/cache/utxos-store'
import { nodeApis } from '../../../src/main/clients/node/endpoints'
import { MAX_SET_UTXOS, UtxosService } from '../../../src/main/services/utxos/service'
import type { Contract, IssuedTx, Job } from '../../../src/shared/contract'
import { type RpcClient } from '../../../src/shared/rpc/client'
import { buildSignedImport, signerUtxos, startSim, type Sim } from '../../sim/index'
import { runCli } from '../../../src/main/cli'
import { activateSim, appsPerTest, failure } from './helpers'

let sim: Sim
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
})
afterAll(async () => {
  await sim?.stop()
})

const { open } = appsPerTest({ atomicPollMs: 100 })

async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, tries = 200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await read()
    if (done(v)) return v
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('condition not met')
}

const journalEntry = async (client: RpcClient<Contract>, txID: string): Promise<IssuedTx | undefined> =>
  (await client.call('core.journal', {})).entries.find((e) => e.txID === txID)

describe('UTXOs', () => {
  it('pages with the startIndex repeat dropped, decoded with the profile prefix', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const rich = sim.dataset.richAddress
    const first = await client.call('core.getUTXOs', { addresses: [rich.cChain], sourceChain: 'X', limit: 10 })
    expect(first.source).toBe('live')
    expect(first.data.utxos).toHaveLength(10)
    expect(first.data.repeatDropped).toBe(false)
    const u = first.data.utxos[0]!
    if (!u.ok) throw new Error(u.reason)
    expect(u.utxo.addresses).toEqual([rich.cChain])
    const next = await client.call('core.getUTXOs', { addresses: [rich.cChain], sourceChain: 'X', limit: 10, startIndex: first.data.endIndex })
    expect(next.data.repeatDropped).toBe(true)
    expect(next.data.utxos).toHaveLength(9)
    const ids = new Set(first.data.utxos.map((v) => (v.ok ? v.utxo.utxoID : '')))
    expect(next.data.utxos.some((v) => v.ok && ids.has(v.utxo.utxoID))).toBe(false)
    const bad = await failure(client.call('core.getUTXOs', { addresses: [rich.cChain], sourceChain: 'X', limit: 2000 }))
    expect(bad.code).toBe('BAD_INPUT')
  })

  it('loads all 5,000+ UTXOs as a job with progress, exact totals, and a CSV matching the data set', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const ds = sim.dataset
    const rich = ds.richAddress
    const progress: Job[] = []
    client.on('jobs.progress', (j) => progress.push(j))
    const { jobId } = await client.call('core.loadAllUTXOs', { addresses: [rich.cChain], sourceChain: 'X', pageSize: 1024 })
    const job = await until(
      async () => (await client.call('jobs.list', {})).jobs.find((j) => j.id === jobId)!,
      (j) => j.state !== 'running'
    )
    expect(job.state).toBe('done')
    const want = ds.atomicUtxos(ds.params.xChainId, rich.shortIdHex)
    expect(job.done).toBe(want.length)
    expect(progress.filter((p) => p.id === jobId && p.state === 'running').map((p) => p.done).slice(1)).toEqual(expect.arrayContaining([1024, 2047]))
    const set = await client.call('core.utxoSet', { addresses: [rich.cChain], sourceChain: 'X' })
    expect(set).toMatchObject({ complete: true, invalid: 0 })
    expect(set.utxos).toHaveLength(want.length)
    expect(set.totals.byAsset).toEqual([{ assetID: ds.avax.assetId, amount: want.reduce((s, x) => s + x.amount, 0n).toString(), count: want.length }])
    const csv = await client.call('core.exportUTXOs', { addresses: [rich.cChain], sourceChain: 'X', format: 'csv' })
    const rows = csv.text.trim().split('\r\n')
    expect(rows).toHaveLength(want.length + 1)
    const byId = new Map(want.map((x) => [x.utxoId, x]))
    for (const row of rows.slice(1, 50)) {
      const [utxoID, txID, outputIndex, assetID, , amount] = row.split(',')
      const x = byId.get(utxoID!)!
      expect([txID, Number(outputIndex), assetID, amount]).toEqual([x.txHash, x.outputIndex, x.asset.assetId, x.amount.toString()])
    }
    const json = JSON.parse((await client.call('core.exportUTXOs', { addresses: [rich.cChain], sourceChain: 'X', format: 'json' })).text) as unknown[]
    expect(json).toHaveLength(want.length)
    // The kept sets are listed for an offline reopen: this one, complete, with its count.
    const { sets } = await client.call('core.utxoSets', { limit: 10 })
    expect(sets).toContainEqual(expect.objectContaining({ addresses: [rich.cChain], sourceChain: 'X', complete: true, count: want.length }))
  })

  it('stops at its item limit when the node lists more, saying so, and keeps what it loaded marked as stopped before the end', async () => {
    expect(MAX_SET_UTXOS).toBe(250_000)
    // The limit as the app has it, made small: the sim's rich address has 5,000+ UTXOs, not 250,000.
    const dir = mkdtempSync(join(tmpdir(), 'utxo-bound-'))
    const { db } = openDatabase(dir)
    try {
      const store = new UtxosStore(db)
      const service = new UtxosService({ store, active: () => ({ scope: sim.nodeUrl, node: nodeApis(sim.nodeUrl), owners: { hrp: 'avax', chain: 'C' } }), maxItems: 2_500 })
      const query = { addresses: [sim.dataset.richAddress.cChain], sourceChain: 'X' }
      const said: string[] = []
      const ran = service.loadAll({ ...query, pageSize: 1024 }, { signal: new AbortController().signal, progress: (_d, _t, m) => said.push(m ?? '') })
      await expect(ran).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/^Stopped after 2,500 UTXOs in 3 pages: one "load all" keeps at most 2,500, and the node lists more\. What was loaded is kept/) })
      expect(said).toHaveLength(3)
      const kept = service.set(query)
      expect(kept).toMatchObject({ complete: false, total: 2_500 })
      expect(new Set(kept.utxos.map((v) => (v.ok ? v.utxo.utxoID : v.hex))).size).toBe(2_500)
    } finally {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('atomic txs', () => {
  it('issues once: journaled, watched to Accepted, and a second submit of the same bytes refused', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const t = buildSignedImport(sim.dataset, { utxos: signerUtxos(sim.dataset).slice(0, 1) })
    const entry = await client.call('core.issueTx', { tx: t.hex })
    expect(entry.outcome).toBe('accepted')
    const done = await until(() => journalEntry(client, entry.txID), (e) => e?.watch?.state === 'done')
    expect(done!.watch!.timeline.map((s) => s.status)).toEqual(['Processing', 'Accepted'])
    const again = await failure(client.call('core.issueTx', { tx: t.hex }))
    expect(again.code).toBe('CONFLICT')
    expect(again.message).toContain(entry.id)
    expect(sim.core.view().submissions[entry.txID]).toBe(1)
    const tx = await client.call('core.getAtomicTx', { txID: entry.txID })
    expect(tx.data.decoded).toMatchObject({ type: 'ImportTx', txID: entry.txID, credentials: 1 })
    const refused = await failure(client.call('core.issueTx', { tx: '0x1234' }))
    expect(refused.code).toBe('BAD_INPUT')
    // a watch on demand of any tx: final at once for one accepted long ago
    const old = sim.dataset.transactions.find((x) => x.chain === 'C')!
    expect((await client.call('core.watchTx', { txID: old.txHash })).state).toBe('watching')
    const watches = await until(() => client.call('core.watches', {}), (w) => w.watches.find((x) => x.txID === old.txHash)?.state === 'done')
    expect(watches.watches.find((x) => x.txID === old.txHash)!.timeline).toEqual([{ at: expect.any(Number), status: 'Accepted', blockHeight: old.blockNumber.toString() }])
  })

  it('a tx seen Accepted, or bytes the node refused, go again only with sendAgain; each send its own journal record (review #8, N2)', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const old = sim.dataset.transactions.filter((x) => x.chain === 'C')[1]!
    // Read through the app: the node gives its height, so the app has seen it Accepted.
    const { hex } = (await client.call('core.getAtomicTx', { txID: old.txHash })).data
    const before = sim.core.view().submissions[old.txHash] ?? 0
    const seen = await failure(client.call('core.issueTx', { tx: hex }))
    expect(seen.code).toBe('CONFLICT')
    expect(seen.message).toContain(`already seen tx ${old.txHash} Accepted at height ${old.blockNumber}`)
    expect(seen.message).toContain('"sendAgain": true')
    expect(sim.core.view().submissions[old.txHash] ?? 0).toBe(before)
    // The explicit second choice: sent, and the node refuses it as known.
    const first = await failure(client.call('core.issueTx', { tx: hex, sendAgain: true }))
    expect(first.code).toBe('RPC')
    expect((first.details as { upstreamMessage?: string }).upstreamMessage).toContain('already known')
    expect(sim.core.view().submissions[old.txHash]).toBe(before + 1)
    const second = await failure(client.call('core.issueTx', { tx: hex, sendAgain: true }))
    expect(second.code).toBe('RPC')
    const records = (await client.call('core.journal', {})).entries.filter((e) => e.txID === old.txHash)
    expect(records).toHaveLength(2)
    expect(new Set(records.map((r) => r.id)).size).toBe(2)
    for (const r of records) expect(r).toMatchObject({ outcome: 'refused', byNode: true, error: { code: 'RPC' } })
    expect(sim.core.view().submissions[old.txHash]).toBe(before + 2)
  })

  it('bytes the node refused as known are not sent again without sendAgain, by the contract and the CLI (N2)', async () => {
    const { app, client, dataDir } = open()
    await activateSim(client, sim)
    // Taken by the node outside this app: the app has never read its status.
    const t = buildSignedImport(sim.dataset, { utxos: signerUtxos(sim.dataset).slice(2, 3) })
    const outside = await fetch(`${sim.nodeUrl}/ext/bc/C/core`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'core.issueTx', params: { tx: t.hex, encoding: 'hex' } })
    })
    const { result } = (await outside.json()) as { result: { txID: string } }
    const refused = await failure(client.call('core.issueTx', { tx: t.hex }))
    expect(refused.code).toBe('RPC')
    const again = await failure(client.call('core.issueTx', { tx: t.hex }))
    expect(again.code).toBe('CONFLICT')
    expect(again.message).toMatch(/^Not sent: the node refused these bytes at .* \(journal entry [0-9a-f-]+\): "tx \S+ already known"/)
    expect(again.message).toContain('Send it again anyway')
    expect(sim.core.view().submissions[result.txID]).toBe(2)
    expect((await client.call('core.journal', {})).entries.filter((e) => e.txID === result.txID)).toHaveLength(1)

    // The CLI, on the same data folder once this app is closed: the same clear error, nothing sent.
    app.close()
    const out: string[] = []
    const err: string[] = []
    const code = await runCli(['call', 'core.issueTx', JSON.stringify({ tx: t.hex }), '--yes', '--data-dir', dataDir], (x) => out.push(x), (x) => err.push(x))
    expect(code).toBe(1)
    expect(JSON.parse(err.join('\n'))).toMatchObject({ error: { code: 'CONFLICT', message: expect.stringContaining('"sendAgain": true') } })
    expect(sim.core.view().submissions[result.txID]).toBe(2)
  })

  it('after a lost reply it does not resend: it watches the derived txID, and the watch resumes after a restart', async () => {
    const first = open()
    const tx = buildSignedImport(sim.dataset, { utxos: signerUtxos(sim.dataset).slice(1, 2) })
    await activateSim(first.client, sim)
    sim.core.configure({ dropIssueReplies: 1 })
    const entry = await first.client.call('core.issueTx', { tx: tx.hex })
    expect(entry.outcome).toBe('unknown')
    expect(entry.watch?.state).toBe('watching')
    const txID = entry.txID
    // closed at once: the watch is still running in the cache
    first.app.close()
    const second = open({ dataDir: first.dataDir })
    const done = await until(() => journalEntry(second.client, txID), (e) => e?.watch?.state === 'done')
    expect(done!.watch!.timeline.at(-1)!.status).toBe('Accepted')
    expect(sim.core.view().submissions[txID]).toBe(1)
  })

  it('core.version: not offered by a current node; the version of an older one', async () => {
    const { client } = open()
    try {
      await activateSim(client, sim)
      expect((await client.call('core.version', {})).data).toEqual({ offered: false })
      sim.core.configure({ version: true })
      expect((await client.call('core.version', {})).data).toMatchObject({ offered: true, version: expect.stringMatching(/^v/) })
    } finally {
      sim.core.configure({ version: false })
    }
  })
})

describe('offline', () => {
  it('with the sim stopped, the pages, txs and statuses seen before answer from the cache with their age', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const rich = sim.dataset.richAddress
    const atomic = sim.dataset.transactions.find((x) => x.chain === 'C')!
    const page = { addresses: [rich.cChain], sourceChain: 'X', limit: 5 }
    const live = await client.call('core.getUTXOs', page)
    await client.call('core.getAtomicTx', { txID: atomic.txHash })
    await client.call('core.getAtomicTxStatus', { txID: atomic.txHash })
    await sim.stop()
    const cached = await client.call('core.getUTXOs', page)
    expect(cached).toMatchObject({ source: 'cache', fetchedAt: live.fetchedAt, data: live.data })
    expect(cached.offline?.code).toBe('NETWORK')
    expect((await client.call('core.getAtomicTx', { txID: atomic.txHash })).source).toBe('cache')
    expect((await client.call('core.getAtomicTxStatus', { txID: atomic.txHash })).data).toMatchObject({ status: 'Accepted', blockHeight: atomic.blockNumber.toString() })
    const never = await failure(client.call('core.getAtomicTxStatus', { txID: sim.dataset.unknownBlockchainId }))
    expect(never.code).toBe('OFFLINE')
  })
})
