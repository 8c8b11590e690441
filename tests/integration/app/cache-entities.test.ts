/**
 * The offline flight recorder (issue 21) through the real contract server over the websocket, against the
 * sim: validators, a UTXO page, data-service transactions, a "load all" of subnets and a P-Chain block
 * are browsed; then, with the sim stopped, what was never asked for by itself answers from the kept
 * entities (a validator from the set, page 2 of the kept load, the block by its ID, another page size of an
 * address's transactions, newest first), cache.search finds a tx by hash and a validator by NodeID, and a
 * profile of another network sees none of it.
 */
import { afterAll, describe, expect, it, vi } from 'vitest'
import { listPChainTransactionsResponse } from '../../../src/shared/contract/data-service/primary-tx'
import { startSim, type Sim } from '../../sim/index'
import { activateSim, appsPerTest, failure, finishedJob } from './helpers'

let sim: Sim | undefined
afterAll(async () => {
  await sim?.stop()
})

const { open } = appsPerTest()

describe('entities kept from reads', () => {
  it('answer offline where the exact request was never made, are searched, and stay on their network', async () => {
    sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    const { client } = open({ transport: 'ws' })
    await activateSim(client, sim)
    const rich = sim.dataset.wellKnown.rich

    // Browse, as the panels do: the set's table asks for its view (rows without keys, owners and rewards).
    const set = await client.call('validators.list', { view: 'table' })
    const other = set.data.validators.find((v) => v.nodeID !== sim!.dataset.nodes.self)!
    expect(other.signer).toBeUndefined()
    expect(other.validationRewardOwner).toBeUndefined()
    // The whole answer is what the sim holds for it: what the view left out is still kept (below).
    const whole = sim.dataset.validators.find((v) => v.nodeID === other.nodeID)!
    const rewardAddress = `P-${whole.validationRewardOwner.addresses[0]!}`
    const utxos = await client.call('core.getUTXOs', { addresses: [rich.cChain], sourceChain: 'X', limit: 10 })
    const firstUtxo = utxos.data.utxos.find((u) => u.ok)!
    const pTxParams = { network: 'mainnet' as const, blockchainId: 'p-chain', addresses: [rich.pChain] }
    // A live answer is checked against the contract once (the data path's pass; the contract server trusts its mark).
    const listPasses = vi.spyOn(listPChainTransactionsResponse._zod, 'run')
    const pTxs = await client.call('data.listLatestPrimaryNetworkTransactions', { ...pTxParams, pageSize: 6 })
    expect(listPasses).toHaveBeenCalledTimes(1)
    listPasses.mockRestore()
    expect(pTxs.data.transactions.length).toBeGreaterThan(3)
    const someTx = pTxs.data.transactions[1]!
    // A second address's transactions, read by themselves: offline, the two are asked for together (below).
    const operator = sim.dataset.wellKnown.operator.pChain
    const operatorTxs = await client.call('data.listLatestPrimaryNetworkTransactions', { ...pTxParams, addresses: [operator], pageSize: 6 })
    expect(operatorTxs.data.transactions.length).toBeGreaterThan(0)
    // A short "load all" (the sim's subnets, two a page), to keep the test quick on a busy machine.
    const subnetParams = { network: 'mainnet' as const, pageSize: 2 }
    const { jobId } = await client.call('data.loadAll', { endpoint: 'listSubnets', params: subnetParams })
    expect((await finishedJob(client, jobId)).state).toBe('done')
    const loaded = await client.call('data.loadedPages', { jobId })
    expect(loaded.pages.length).toBeGreaterThan(2)
    const block = sim.dataset.pBlocks[3]!
    await client.call('pchain.getBlockByHeight', { height: block.height.toString() })

    await sim.stop()
    sim = undefined

    // A validator never asked for by itself: from the cached set, whole (the view only shaped what was sent).
    const v = await client.call('validators.get', { nodeID: other.nodeID })
    expect(v).toMatchObject({ source: 'cache', data: { validator: other }, offline: { code: 'NETWORK' } })
    // Its delegators were never read: not known (no list), not "none" (an empty one).
    expect(v.data.delegators).toBeUndefined()
    expect(v.offline!.message).toMatch(/assembled from cached entities.*validators\.list.*delegator list was not kept/)
    expect(v.data.validator.signer?.publicKey).toMatch(/^0x/)
    expect(v.data.validator.validationRewardOwner?.addresses).toEqual([rewardAddress])
    // The set itself, whole or as the table's view, from the one cached answer.
    const cachedWhole = await client.call('validators.list', {})
    expect(cachedWhole).toMatchObject({ source: 'cache', data: { totals: set.data.totals } })
    expect(cachedWhole.data.validators.find((x) => x.nodeID === other.nodeID)).toEqual(v.data.validator)
    expect(await client.call('validators.list', { view: 'table' })).toMatchObject({ source: 'cache', data: set.data })

    // Page 2 of the kept "load all", asked for by the token page 1 gave.
    const page2 = await client.call('data.listSubnets', { ...subnetParams, pageToken: loaded.pages[0]!.nextPageToken! })
    expect(page2).toMatchObject({ source: 'cache', data: loaded.pages[1] })
    expect(page2.offline!.message).toMatch(/page 2 of \d+ that "load all" kept/)

    // The block read by its height, now asked for by its ID.
    const byId = await client.call('pchain.getBlock', { blockID: block.blockId, encoding: 'hex' })
    expect(byId).toMatchObject({ source: 'cache', data: { blockID: block.blockId, height: block.height.toString() } })

    // The address's transactions in pages of 2 (never asked so): newest first, from the kept rows.
    const first = await client.call('data.listLatestPrimaryNetworkTransactions', { ...pTxParams, pageSize: 2 })
    expect(first.source).toBe('cache')
    expect(first.offline!.message).toMatch(/assembled from cached entities: the transactions kept for/)
    // Only what is kept: the envelope says so, so that its last page is not shown as the list's end (issue 33 point 2).
    expect(first.offline!.partial).toBe(true)
    // A kept "load all" page is the service's own page: not partial.
    expect(page2.offline!.partial).toBeUndefined()
    const second = await client.call('data.listLatestPrimaryNetworkTransactions', { ...pTxParams, pageSize: 2, pageToken: first.data.nextPageToken! })
    const seen = [...first.data.transactions, ...second.data.transactions] as { txHash: string; blockTimestamp: number }[]
    const expected = (pTxs.data.transactions as { txHash: string; blockTimestamp: number }[]).toSorted((a, b) => b.blockTimestamp - a.blockTimestamp).slice(0, 4)
    expect(seen.map((t) => t.blockTimestamp)).toEqual(expected.map((t) => t.blockTimestamp))
    expect(new Set(seen.map((t) => t.txHash)).size).toBe(4)

    // Filtered as the service filters, from the same kept rows, two a page: a tx type, then a time range (both ends in).
    type Kept = { txHash: string; txType: string; blockTimestamp: number }
    const kept = (pTxs.data.transactions as Kept[]).toSorted((a, b) => b.blockTimestamp - a.blockTimestamp)
    const allPages = async (filter: Record<string, unknown>): Promise<Kept[]> => {
      const out: Kept[] = []
      let pageToken: string | undefined
      do {
        const page = await client.call('data.listLatestPrimaryNetworkTransactions', { ...pTxParams, pageSize: 2, ...filter, ...(pageToken ? { pageToken } : {}) })
        expect(page.source).toBe('cache')
        expect(page.offline!.message).toMatch(/filtered as asked/)
        out.push(...(page.data.transactions as Kept[]))
        pageToken = page.data.nextPageToken ?? undefined
      } while (pageToken)
      return out
    }
    const type = kept[0]!.txType
    const typed = await allPages({ txTypes: [type] })
    expect(typed.map((t) => t.txHash).toSorted()).toEqual(kept.filter((t) => t.txType === type).map((t) => t.txHash).toSorted())
    const [from, to] = [kept[4]!.blockTimestamp, kept[1]!.blockTimestamp]
    const ranged = await allPages({ startTimestamp: from, endTimestamp: to })
    expect(ranged.map((t) => t.txHash).toSorted()).toEqual(kept.filter((t) => t.blockTimestamp >= from && t.blockTimestamp <= to).map((t) => t.txHash).toSorted())
    expect(ranged.map((t) => t.blockTimestamp)).toEqual(ranged.map((t) => t.blockTimestamp).toSorted((a, b) => b - a))
    expect(await allPages({ txTypes: [type], startTimestamp: kept[0]!.blockTimestamp + 1 })).toEqual([])

    // Both addresses at once (never asked so): every tx of the two reads once, newest first.
    const union: Kept[] = []
    let unionToken: string | undefined
    do {
      const page = await client.call('data.listLatestPrimaryNetworkTransactions', { ...pTxParams, addresses: [rich.pChain, operator], pageSize: 3, ...(unionToken ? { pageToken: unionToken } : {}) })
      expect(page.source).toBe('cache')
      expect(page.offline!.message).toMatch(/the transactions kept for any of 2 addresses/)
      union.push(...(page.data.transactions as Kept[]))
      unionToken = page.data.nextPageToken ?? undefined
    } while (unionToken)
    const unionHashes = union.map((t) => t.txHash)
    expect(new Set(unionHashes).size).toBe(unionHashes.length)
    for (const t of [...pTxs.data.transactions, ...operatorTxs.data.transactions] as Kept[]) expect(unionHashes).toContain(t.txHash)
    expect(union.map((t) => t.blockTimestamp)).toEqual(union.map((t) => t.blockTimestamp).toSorted((a, b) => b - a))

    // Search: a tx by its hash, a validator by its NodeID, a UTXO by its ID.
    const byHash = await client.call('cache.search', { query: someTx.txHash })
    expect(byHash.network).toBe('mainnet')
    const txHit = byHash.groups.find((g) => g.kind === 'transaction')!.hits[0]!
    expect(txHit).toMatchObject({ key: someTx.txHash, chain: 'P', source: 'data.listLatestPrimaryNetworkTransactions', pinned: false })
    // It opens in the list of an address (no method reads one tx by its ID): the spender's first, as P-… addresses.
    const parties = (list: unknown): string[] => ((list ?? []) as { addresses: string[] }[]).flatMap((u) => u.addresses)
    const spent = parties((someTx as Record<string, unknown>).consumedUtxos)
    const all = [...new Set([...spent, ...parties((someTx as Record<string, unknown>).emittedUtxos)])]
    expect(all.length).toBeGreaterThan(0)
    expect(txHit.addresses).toEqual(all.map((a) => `P-${a}`))
    const byNode = await client.call('cache.search', { query: other.nodeID, kinds: ['validator'] })
    expect(byNode.groups).toEqual([{ kind: 'validator', total: 1, hits: [expect.objectContaining({ key: other.nodeID, label: expect.stringContaining(other.nodeID) })] }])
    // By its reward owner's address too, which the table's view never sent.
    const byOwner = await client.call('cache.search', { query: rewardAddress, kinds: ['validator'] })
    expect(byOwner.groups[0]?.hits.map((h) => h.key)).toContain(other.nodeID)
    const byUtxo = await client.call('cache.search', { query: firstUtxo.ok ? firstUtxo.utxo.utxoID : '' })
    expect(byUtxo.groups.map((g) => g.kind)).toContain('utxo')
    expect((await failure(client.call('cache.search', { query: 'two words' }))).code).toBe('BAD_INPUT')

    // Another network's profile sees none of it, offline answers included.
    const fuji = await client.call('profiles.create', { profile: { name: 'fuji', nodeUrl: 'http://127.0.0.1:9', dataUrl: 'http://127.0.0.1:9', metricsUrl: 'http://127.0.0.1:9', network: 'fuji', nodeIds: [] } })
    await client.call('profiles.activate', { id: fuji.id })
    expect(await client.call('cache.search', { query: someTx.txHash })).toEqual({ network: 'fuji', groups: [] })
    expect(await client.call('cache.search', { query: other.nodeID })).toEqual({ network: 'fuji', groups: [] })
    expect((await failure(client.call('validators.get', { nodeID: other.nodeID }))).code).toBe('OFFLINE')
  })

  it("a watch check keeps the profile's own validators as entities: found by NodeID, its drawer offline", async () => {
    sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    const { client } = open({ transport: 'ws' })
    const self = sim.dataset.nodes.self
    const p = await client.call('profiles.create', { profile: { name: 'watched', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [self] } })
    await client.call('profiles.activate', { id: p.id })
    // Only the watch's check reads the node here (validators.mine among its reads); no panel asked for anything.
    await client.call('validators.refresh', {})
    const found = await client.call('cache.search', { query: self, kinds: ['validator'] })
    expect(found.groups).toEqual([{ kind: 'validator', total: 1, hits: [expect.objectContaining({ key: self, source: 'validators.mine' })] }])
    await sim.stop()
    sim = undefined
    const v = await client.call('validators.get', { nodeID: self })
    expect(v).toMatchObject({ source: 'cache', data: { validator: { nodeID: self } } })
  })

  it('search without an active profile says to create or activate one', async () => {
    const { client } = open({ transport: 'ws' })
    const err = await failure(client.call('cache.search', { query: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' }))
    expect(err.message).toMatch(/create one in Connections and activate it/)
  })
})
