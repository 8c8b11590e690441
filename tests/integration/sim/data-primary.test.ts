/**
 * Data service, Primary Network routes: transactions (filters and their rules, paging under the
 * UTXO threshold, sortOrder), vertices, subnets, L1 validators, pending rewards, chain ids; and
 * agreement with the data set the node serves (an address with UTXOs there has transactions here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDataset } from '../../sim/dataset'
import { startDataService } from '../../sim/data-service'
import { PAGE_UTXO_THRESHOLD } from '../../sim/data-service/routes/transactions'
import { Faults } from '../../sim/faults'
import { SIM_DEFAULT_SEED } from '../../sim/defaults'
import { collectPages, getJson, schemaErrors } from './data-helpers'
import type { Json } from './data-helpers'

const SEED = SIM_DEFAULT_SEED
const ds = createDataset(SEED, 'mainnet')
const rich = ds.wellKnown.rich.bech32
let url = ''
let close: () => Promise<void> = async () => {}
const txs = (chain: string, q = ''): string => `${url}/v1/networks/mainnet/blockchains/${chain}/transactions${q ? '?' + q : ''}`

beforeAll(async () => {
  const d = await startDataService({ port: 0, seed: SEED, faults: new Faults() })
  url = d.url
  close = d.close
})
afterAll(() => close())

describe('transactions', () => {
  it('the data set is big enough to page: >= 10,000 Primary Network txs', () => {
    expect(ds.transactions.length).toBeGreaterThanOrEqual(10_000)
  })

  it('lists every P-Chain tx of the rich address, the same ones the node data set holds', async () => {
    const { items } = await collectPages<Json>(txs('p-chain', `addresses=P-${rich}&pageSize=100`), 'transactions')
    const expected = ds.transactionsOf(rich).filter((t) => t.chain === 'P').map((t) => t.txHash)
    expect(items.map((t) => t.txHash).sort()).toEqual([...expected].sort())
    expect(items.length).toBeGreaterThan(0)
  })

  it('an address holding atomic UTXOs on the node has X-Chain transactions', async () => {
    expect(ds.atomicUtxos(ds.params.xChainId, ds.wellKnown.rich.shortIdHex).length).toBeGreaterThanOrEqual(5_000)
    const res = await getJson(txs('x-chain', `addresses=X-${rich}`))
    expect(res.status).toBe(200)
    expect(res.body.transactions.length).toBeGreaterThan(0)
    expect(schemaErrors('listLatestPrimaryNetworkTransactions.x-chain.json', res.body)).toEqual([])
  })

  it('answers each chain in its own shape, with chainInfo', async () => {
    for (const [chain, schema] of [['p-chain', 'p-chain'], [ds.params.xChainId, 'x-chain'], ['c-chain', 'c-chain']] as const) {
      const res = await getJson(txs(chain, 'pageSize=50'))
      expect(res.status).toBe(200)
      expect(res.body.chainInfo).toEqual({ chainName: schema, network: 'mainnet' })
      expect(schemaErrors(`listLatestPrimaryNetworkTransactions.${schema}.json`, res.body)).toEqual([])
    }
  })

  it('refuses txTypes or timestamps without addresses or l1ValidationId', async () => {
    for (const q of ['txTypes=BaseTx', 'startTimestamp=1', 'endTimestamp=1795000000']) {
      const res = await getJson(txs('p-chain', q))
      expect(res.status, q).toBe(400)
      expect(res.body.error).toBe('Bad Request')
    }
  })

  it('filters by txTypes and timestamps together with addresses', async () => {
    const all = await collectPages<Json>(txs('p-chain', `addresses=${rich}&pageSize=100`), 'transactions')
    const first = all.items.at(-1)
    expect(first).toBeDefined()
    const type = first.txType as string
    const typed = await collectPages<Json>(txs('p-chain', `addresses=${rich}&txTypes=${type}&pageSize=100`), 'transactions')
    expect(typed.items.every((t) => t.txType === type)).toBe(true)
    expect(typed.items.length).toBe(all.items.filter((t) => t.txType === type).length)
    const mid = all.items[Math.floor(all.items.length / 2)].blockTimestamp as number
    const after = await collectPages<Json>(txs('p-chain', `addresses=${rich}&startTimestamp=${mid}&pageSize=100`), 'transactions')
    expect(after.items.every((t) => t.blockTimestamp >= mid)).toBe(true)
    expect((await getJson(txs('p-chain', `addresses=${rich}&txTypes=NoSuchTx`))).status).toBe(400)
    expect((await getJson(txs('p-chain', `addresses=${rich}&startTimestamp=10&endTimestamp=5`))).status).toBe(400)
  })

  it('filters by l1ValidationId on the P-Chain only', async () => {
    const v = ds.l1Validators[0]!
    const res = await getJson(txs('p-chain', `l1ValidationId=${v.validationId}&txTypes=${ds.txById(v.registrationTxHash)?.txType}`))
    expect(res.status).toBe(200)
    expect(res.body.transactions.map((t: Json) => t.txHash)).toContain(v.registrationTxHash)
    expect((await getJson(txs('x-chain', `l1ValidationId=${v.validationId}`))).status).toBe(400)
  })

  it('accepts 0x addresses for C-Chain atomic txs only, and only addresses of the path network', async () => {
    const evm = ds.transactions.find((t) => t.chain === 'C')!.addresses.find((a) => a.startsWith('0x'))!
    expect((await getJson(txs('c-chain', `addresses=${evm}`))).body.transactions.length).toBeGreaterThan(0)
    expect((await getJson(txs('p-chain', `addresses=${evm}`))).status).toBe(400)
    expect((await getJson(txs('p-chain', 'addresses=fuji1ne5qqnl3w0jzmyjnlr9cg0qt5my7wkkcqxyv8u'))).status).toBe(400)
    expect((await getJson(`${url}/v1/networks/mainnet/blockchains/${'2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm'}/transactions`)).status).toBe(400)
  })

  it('keeps the UTXOs of a page under the threshold (a page may be shorter than pageSize)', async () => {
    const { items, pages } = await collectPages<Json>(txs('x-chain', `addresses=${rich}&pageSize=100`), 'transactions')
    expect(items.length).toBe(ds.transactionsOf(rich).filter((t) => t.chain === 'X').length)
    expect(pages).toBeGreaterThan(1)
    const res = await getJson(txs('x-chain', `addresses=${rich}&pageSize=100`))
    const n = (res.body.transactions as Json[]).reduce((s, t) => s + t.consumedUtxos.length + t.emittedUtxos.length, 0)
    expect(res.body.transactions.length === 1 || n <= PAGE_UTXO_THRESHOLD).toBe(true)
  })

  it('sorts newest first by default and oldest first with sortOrder=asc', async () => {
    const desc = (await getJson(txs('p-chain', 'pageSize=100'))).body.transactions as Json[]
    const asc = (await getJson(txs('p-chain', 'pageSize=100&sortOrder=asc'))).body.transactions as Json[]
    expect(desc[0].blockTimestamp).toBeGreaterThanOrEqual(desc.at(-1).blockTimestamp)
    expect(asc[0].blockTimestamp).toBeLessThanOrEqual(asc.at(-1).blockTimestamp)
  })
})

describe('vertices, subnets, L1 validators', () => {
  it('lists X-Chain vertices only on the X-Chain', async () => {
    const res = await getJson(`${url}/v1/networks/mainnet/blockchains/x-chain/vertices?pageSize=100`)
    expect(res.body.vertices).toHaveLength(100)
    expect(schemaErrors('listLatestXChainVertices.json', res.body)).toEqual([])
    expect((await getJson(`${url}/v1/networks/mainnet/blockchains/p-chain/vertices`)).status).toBe(400)
  })

  it('lists all subnets with their blockchains', async () => {
    const { items } = await collectPages<Json>(`${url}/v1/networks/mainnet/subnets?pageSize=2`, 'subnets')
    expect(items.map((s) => s.subnetId).sort()).toEqual(ds.subnets.map((s) => s.subnetId).sort())
    expect(items.some((s) => s.isL1)).toBe(true)
  })

  it('lists active L1 validators by default and inactive ones on request; filters by node and subnet', async () => {
    const active = await collectPages<Json>(`${url}/v1/networks/mainnet/l1Validators?pageSize=100`, 'validators')
    const all = await collectPages<Json>(`${url}/v1/networks/mainnet/l1Validators?pageSize=100&includeInactiveL1Validators=true`, 'validators')
    expect(active.items.length).toBe(ds.l1Validators.filter((v) => v.active).length)
    expect(all.items.length).toBe(ds.l1Validators.length)
    const v = ds.l1Validators[0]!
    const byNode = await getJson(`${url}/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true&nodeId=${v.nodeID}`)
    expect(byNode.body.validators.every((x: Json) => x.nodeId === v.nodeID)).toBe(true)
    const bySubnet = await getJson(`${url}/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=true&subnetId=${v.subnetId}&pageSize=100`)
    expect(bySubnet.body.validators.every((x: Json) => x.subnetId === v.subnetId)).toBe(true)
    expect(typeof bySubnet.body.blockHeight).toBe('string')
    expect((await getJson(`${url}/v1/networks/mainnet/l1Validators?nodeId=node-1`)).status).toBe(400)
    expect((await getJson(`${url}/v1/networks/mainnet/l1Validators?includeInactiveL1Validators=yes`)).status).toBe(400)
  })
})

describe('pending rewards and chain ids', () => {
  it('requires addresses or nodeIds', async () => {
    const res = await getJson(`${url}/v1/networks/mainnet/rewards:listPending`)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/addresses or nodeIds/)
  })

  it('lists pending rewards by reward address and by node', async () => {
    const byAddress = await getJson(`${url}/v1/networks/mainnet/rewards:listPending?addresses=${ds.wellKnown.delegator.pChain}&pageSize=100`)
    expect(byAddress.body.pendingRewards.length).toBeGreaterThan(0)
    expect(byAddress.body.pendingRewards.every((r: Json) => r.addresses.includes(ds.wellKnown.delegator.bech32))).toBe(true)
    const byNode = await getJson(`${url}/v1/networks/mainnet/rewards:listPending?nodeIds=${ds.nodes.self}&pageSize=100`)
    expect(byNode.body.pendingRewards.some((r: Json) => r.rewardType === 'VALIDATOR')).toBe(true)
    expect(schemaErrors('listPendingPrimaryNetworkRewards.json', byNode.body)).toEqual([])
  })

  it('lists the chains an address touched; addresses is required', async () => {
    const res = await getJson(`${url}/v1/networks/mainnet/addresses:listChainIds?addresses=${rich},${ds.wellKnown.empty.bech32}`)
    expect(res.body.addresses[0].blockchainIds).toContain(ds.params.xChainId)
    expect(res.body.addresses[1].blockchainIds).toEqual([])
    expect((await getJson(`${url}/v1/networks/mainnet/addresses:listChainIds`)).status).toBe(400)
  })
})
