/**
 * The sim at --scale large, through the contract: the bulk address's 100,000 UTXOs page from any point
 * (a page from the far end, reached by startIndex, without paging through the rest), the Primary Network
 * lists 5,000 validators, and the 1,000,000-tx history pages by page token from both ends and by time.
 * What the app gets is compared with the data set's own items computed from their index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkAddress } from '../../sim/dataset'
import { startSim, type Sim } from '../../sim/index'
import { activateSim, appsPerTest } from './helpers'

let sim: Sim
let bulk: BulkAddress
beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true, scale: 'large' })
  bulk = sim.dataset.bulk!
}, 120_000)
afterAll(async () => {
  await sim?.stop()
})

const { open } = appsPerTest()

describe('the sim at --scale large', () => {
  it('pages the bulk address\'s 100,000 UTXOs from the far end with core.getUTXOs', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const address = bulk.address.cChain
    const sorted = bulk.atomicUtxos()
    expect(sorted.length).toBe(100_000)
    const first = await client.call('core.getUTXOs', { addresses: [address], sourceChain: 'X' })
    expect(first.data.utxos).toHaveLength(1024)
    expect(first.data.utxos.map((u) => (u.ok ? u.utxo.utxoID : u.reason)).slice(0, 3)).toEqual([0, 1, 2].map((i) => sorted.at(i).utxoId))
    // the page that starts at the 99,990th UTXO: the start comes back first (dropped by the app), then the last nine
    const start = sorted.at(99_990).utxoId
    const end = await client.call('core.getUTXOs', { addresses: [address], sourceChain: 'X', startIndex: { address, utxo: start } })
    expect(end.data.repeatDropped).toBe(true)
    expect(end.data.utxos.map((u) => (u.ok ? u.utxo.utxoID : u.reason))).toEqual([...Array(9).keys()].map((k) => sorted.at(99_991 + k).utxoId))
    const lastOne = end.data.utxos.at(-1)!
    if (!lastOne.ok) throw new Error(lastOne.reason)
    expect(lastOne.utxo.amount).toBe(sorted.at(99_999).amount.toString())
    expect(lastOne.utxo.addresses).toEqual([address])
    const after = await client.call('core.getUTXOs', { addresses: [address], sourceChain: 'X', startIndex: end.data.endIndex })
    expect(after.data.utxos).toHaveLength(0)
    expect(after.data.last).toBe(true)
  })

  it('lists 5,000 Primary Network validators', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const all = await client.call('validators.list', {})
    expect(all.data.validators).toHaveLength(5_000)
    expect(all.data.totals.count).toBe(5_000)
    expect(new Set(all.data.validators.map((v) => v.nodeID)).size).toBe(5_000)
  })

  it('pages the 1,000,000-tx history by page token, from both ends and from the middle by time', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const query = { network: 'mainnet' as const, blockchainId: 'p-chain', addresses: [bulk.address.pChain], pageSize: 100 }
    const newest = await client.call('data.listLatestPrimaryNetworkTransactions', query)
    const hashes = (page: typeof newest): string[] => page.data.transactions.map((t) => t.txHash)
    expect(hashes(newest)).toEqual([...Array(100).keys()].map((k) => bulk.txAt(999_999 - k).txHash))
    expect(newest.data.nextPageToken).toBeDefined()
    const second = await client.call('data.listLatestPrimaryNetworkTransactions', { ...query, pageToken: newest.data.nextPageToken! })
    expect(hashes(second)[0]).toBe(bulk.txAt(999_899).txHash)
    const oldest = await client.call('data.listLatestPrimaryNetworkTransactions', { ...query, sortOrder: 'asc' })
    expect(hashes(oldest).slice(0, 2)).toEqual([bulk.txAt(0).txHash, bulk.txAt(1).txHash])
    // the tx 500,000 by time: the window [t(500,000), t(500,009)] holds exactly ten
    const middle = await client.call('data.listLatestPrimaryNetworkTransactions', {
      ...query,
      startTimestamp: bulk.txTime(500_000),
      endTimestamp: bulk.txTime(500_009),
    })
    expect(hashes(middle)).toEqual([...Array(10).keys()].map((k) => bulk.txAt(500_009 - k).txHash))
    expect(middle.data.nextPageToken).toBeUndefined()
  })
})
