/**
 * The data and metrics endpoint tables against the real local sim: every endpoint of both tables is
 * called through callEndpoint with arguments taken from the sim's data set, and its answer passes the
 * response schema (callEndpoint validates it). pages() walks lists to their end. Bad arguments are
 * refused with BAD_INPUT before any request leaves (a counting server proves nothing was sent).
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataEndpoints as D } from '../../../src/main/clients/data/endpoints'
import { metricsEndpoints as M } from '../../../src/main/clients/metrics/endpoints'
import { RestClient, callEndpoint, pages } from '../../../src/main/clients/rest/client'
import type { EndpointArgs, EndpointDef, ResponseOf } from '../../../src/main/clients/rest/define'
import { AppError } from '../../../src/shared/rpc/errors'
import { startSim } from '../../sim/index'
import type { Sim } from '../../sim/index'
import { DEMO_WALLET, WELL_KNOWN_COLLECTIONS } from '../../sim/dataset/evm'
import { ENDPOINT_NAMES, endpointsFromSpec, specKey, tableKey } from '../../support/endpoints'

let sim: Sim
let data: RestClient
let metrics: RestClient
const mainnet = { network: 'mainnet' } as const
const cChain = { chainId: '43114', address: DEMO_WALLET }

/** Names of the endpoints called (successfully) in this file; the last test checks that all were. */
const called = new Set<string>()

async function call<E extends EndpointDef>(client: RestClient, def: E, args: EndpointArgs<E>): Promise<ResponseOf<E>> {
  const res = await callEndpoint(client, def, args)
  called.add(def.name)
  return res
}

async function allPages<E extends EndpointDef>(client: RestClient, def: E, args: EndpointArgs<E>, maxPages?: number): Promise<ResponseOf<E>[]> {
  const out: ResponseOf<E>[] = []
  for await (const page of pages(client, def, args, maxPages === undefined ? {} : { maxPages })) out.push(page)
  return out
}

beforeAll(async () => {
  sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  data = new RestClient({ baseUrl: sim.dataUrl, service: 'data service', apiKey: () => 'sim-test-key' })
  metrics = new RestClient({ baseUrl: sim.metricsUrl, service: 'metrics service' })
})
afterAll(async () => {
  await sim?.stop()
})

describe('signature aggregation', () => {
  it('aggregateSignatures signs a justification; getAggregatedSignatures signs the message of an L1 tx', async () => {
    const signed = await call(data, D.aggregateSignatures, { path: mainnet, body: { justification: '0x0001', quorumPercentage: 60, quorumPercentageBuffer: 10 } })
    expect(signed.signedMessage).toMatch(/^(0x)?[0-9a-f]+$/i)
    const l1 = sim.dataset.l1Validators[0]!
    const byTx = await call(data, D.getAggregatedSignatures, { path: { ...mainnet, txHash: l1.registrationTxHash } })
    expect(byTx.signedMessage.length).toBeGreaterThan(0)
  })
})

describe('Primary Network', () => {
  it('listLatestPrimaryNetworkTransactions answers each chain in its shape', async () => {
    for (const chain of ['p-chain', 'x-chain', 'c-chain'] as const) {
      const res = await call(data, D.listLatestPrimaryNetworkTransactions, { path: { ...mainnet, blockchainId: chain }, query: { pageSize: 100 } })
      expect(res.chainInfo.chainName).toBe(chain)
      expect(res.transactions.length).toBeGreaterThan(0)
    }
    const rich = sim.dataset.wellKnown.rich
    const mine = await call(data, D.listLatestPrimaryNetworkTransactions, {
      path: { ...mainnet, blockchainId: sim.dataset.params.pChainId },
      query: { addresses: [rich.pChain], sortOrder: 'asc', startTimestamp: 0, pageSize: 50 }
    })
    expect(mine.transactions.length).toBeGreaterThan(0)
    const l1 = sim.dataset.l1Validators[0]!
    const byValidation = await call(data, D.listLatestPrimaryNetworkTransactions, { path: { ...mainnet, blockchainId: 'p-chain' }, query: { l1ValidationId: l1.validationId } })
    expect(byValidation.transactions.map((t) => t.txHash)).toContain(l1.registrationTxHash)
  })

  it('listLatestXChainVertices, listSubnets, listL1Validators', async () => {
    const vertices = await call(data, D.listLatestXChainVertices, { path: { ...mainnet, blockchainId: 'x-chain' }, query: { pageSize: 20 } })
    expect(vertices.vertices).toHaveLength(20)
    const subnets = await call(data, D.listSubnets, { path: mainnet })
    expect(subnets.subnets.map((s) => s.subnetId).sort()).toEqual(sim.dataset.subnets.map((s) => s.subnetId).sort())
    const v = sim.dataset.l1Validators[0]!
    const validators = await call(data, D.listL1Validators, { path: mainnet, query: { includeInactiveL1Validators: true, subnetId: v.subnetId, nodeId: v.nodeID } })
    expect(validators.validators.map((x) => x.validationId)).toContain(v.validationId)
    expect(validators.blockHeight).toMatch(/^\d+$/)
  })

  it('listPendingPrimaryNetworkRewards by node and by address; getChainIdsForAddresses', async () => {
    const byNode = await call(data, D.listPendingPrimaryNetworkRewards, { path: mainnet, query: { nodeIds: [sim.dataset.nodes.self], pageSize: 100 } })
    expect(byNode.pendingRewards.length).toBeGreaterThan(0)
    expect(byNode.pendingRewards.every((r) => r.nodeId === sim.dataset.nodes.self)).toBe(true)
    const byAddress = await call(data, D.listPendingPrimaryNetworkRewards, { path: mainnet, query: { addresses: sim.dataset.wellKnown.delegator.pChain } })
    expect(byAddress.pendingRewards.length).toBeGreaterThan(0)
    const rich = sim.dataset.wellKnown.rich
    const chains = await call(data, D.getChainIdsForAddresses, { path: mainnet, query: { addresses: [rich.pChain, rich.xChain] } })
    expect(chains.addresses).toHaveLength(2)
    expect(chains.addresses[0]?.blockchainIds).toContain(sim.dataset.params.pChainId)
  })
})

describe('EVM chains', () => {
  it('listErc721Transactions and listErc1155Transactions, with a block range', async () => {
    const erc721 = await call(data, D.listErc721Transactions, { path: cChain, query: { pageSize: 100 } })
    expect(erc721.transactions.length).toBeGreaterThan(0)
    const block = Number(erc721.transactions[0]!.blockNumber)
    const ranged = await call(data, D.listErc721Transactions, { path: cChain, query: { startBlock: block, endBlock: block + 1 } })
    expect(ranged.transactions.every((t) => Number(t.blockNumber) === block)).toBe(true)
    const erc1155 = await call(data, D.listErc1155Transactions, { path: cChain, query: { pageSize: 20 } })
    expect(erc1155.transactions.every((t) => /^\d+$/.test(t.value))).toBe(true)
  })

  it('listErc20Balances (the spec string prices come back as decimal strings) and listCollectibleBalances', async () => {
    const balances = await call(data, D.listErc20Balances, { path: cChain, query: { pageSize: 500, currency: 'eur', filterSpamTokens: false } })
    expect(balances.nativeTokenBalance.price?.currencyCode).toBe('eur')
    expect(typeof balances.nativeTokenBalance.price?.value).toBe('string')
    expect(balances.erc20TokenBalances.length).toBeGreaterThan(10)
    const wavax = '0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7'
    const one = await call(data, D.listErc20Balances, { path: cChain, query: { contractAddresses: [wavax] } })
    expect(one.erc20TokenBalances.map((b) => b.address)).toEqual([wavax])
    const collectibles = await call(data, D.listCollectibleBalances, { path: cChain, query: { pageSize: 500 } })
    expect(new Set(collectibles.collectibleBalances.map((c) => c.ercType))).toEqual(new Set(['ERC-721', 'ERC-1155']))
  })

  it('getTokenDetails answers ERC-1155 and ERC-721 tokens', async () => {
    const erc1155 = await call(data, D.getTokenDetails, { path: { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simItems, tokenId: '3' } })
    expect(erc1155.ercType).toBe('ERC-1155')
    const owned = (await call(data, D.listCollectibleBalances, { path: cChain, query: { contractAddress: WELL_KNOWN_COLLECTIONS.simPunks } })).collectibleBalances[0]
    expect(owned).toBeDefined()
    const erc721 = await call(data, D.getTokenDetails, { path: { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks, tokenId: owned!.tokenId } })
    expect(erc721.ercType).toBe('ERC-721')
    if (erc721.ercType === 'ERC-721') expect(erc721.ownerAddress?.toLowerCase()).toBe(DEMO_WALLET)
  })

  it('listIcmMessages, listIcmMessagesByAddress and getIcmMessage in all three statuses', async () => {
    const list = await call(data, D.listIcmMessages, { path: {}, query: { network: 'mainnet', pageSize: 100 } })
    const statuses = new Set(list.messages.map((m) => m.status))
    expect(statuses).toEqual(new Set(['pending', 'delivered', 'delivered_source_not_indexed']))
    for (const status of statuses) {
      const m = list.messages.find((x) => x.status === status)!
      const one = await call(data, D.getIcmMessage, { path: { messageId: m.messageId } })
      expect(one.status).toBe(status)
    }
    const first = list.messages[0]!
    const filtered = await call(data, D.listIcmMessages, { path: {}, query: { sourceBlockchainId: first.sourceEvmChainId, network: 'mainnet' } })
    expect(filtered.messages.every((m) => m.sourceBlockchainId === first.sourceBlockchainId)).toBe(true)
    const mine = await call(data, D.listIcmMessagesByAddress, { path: { address: DEMO_WALLET }, query: { network: 'mainnet' } })
    expect(mine.messages.length).toBeGreaterThan(0)
  })

  it('listLatestBlocksAllChains, getSubnetRpcUsageMetrics, supportedChains', async () => {
    const blocks = await call(data, D.listLatestBlocksAllChains, { path: {}, query: { network: 'mainnet', pageSize: 50 } })
    expect(new Set(blocks.blocks.map((b) => b.chainId)).size).toBeGreaterThan(1)
    const day = 86_400
    const usage = await call(data, D.getSubnetRpcUsageMetrics, {
      path: {},
      query: { timeInterval: 'daily', startTimestamp: 1_794_000_000, endTimestamp: 1_794_000_000 + 3 * day, groupBy: 'rpcMethod', rpcMethod: 'eth_call' }
    })
    expect(usage.metrics.length).toBeGreaterThan(0)
    expect(usage.metrics.every((p) => p.timestamp % day === 0)).toBe(true)
    const chains = await call(data, D.supportedChains, { path: {}, query: { network: 'mainnet' } })
    expect(chains.chains.map((c) => c.chainId)).toContain('43114')
  })
})

describe('metrics service', () => {
  it('getAvgTps and getNftHoldersByContractAddress', async () => {
    const tps = await call(metrics, M.getAvgTps, { path: { chainId: '43114' } })
    expect(tps.results.length).toBeGreaterThan(0)
    // the real route's paging (the sim's default forms)
    expect(tps.nextPageStartKey).toBeDefined()
    const older = await call(metrics, M.getAvgTps, { path: { chainId: '43114' }, query: { startKey: tps.nextPageStartKey! } })
    expect(older.results[0]!.timestamp).toBeLessThan(tps.results.at(-1)!.timestamp)
    const holders = await call(metrics, M.getNftHoldersByContractAddress, { path: { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks }, query: { pageSize: 10 } })
    expect(holders.addresses).toHaveLength(10)
    expect(holders.totalHolders).toBeGreaterThan(10)
    expect(holders.addresses.every((h) => typeof h.sortKey === 'string')).toBe(true)
  })
})

describe('pages()', () => {
  it('walks a multi-page data-service list to its end: only the last page lacks nextPageToken', async () => {
    const walked = await allPages(data, D.listErc20Balances, { path: cChain, query: { pageSize: 25, filterSpamTokens: false } })
    expect(walked.length).toBeGreaterThan(2)
    walked.slice(0, -1).forEach((p) => expect(p.nextPageToken).toBeDefined())
    expect(walked.at(-1)!.nextPageToken).toBeUndefined()
    const items = walked.flatMap((p) => p.erc20TokenBalances.map((b) => b.address))
    expect(new Set(items).size).toBe(items.length)
    const whole = await allPages(data, D.listErc20Balances, { path: cChain, query: { pageSize: 500, filterSpamTokens: false } })
    expect(items.sort()).toEqual(whole.flatMap((p) => p.erc20TokenBalances.map((b) => b.address)).sort())
  })

  it('walks the subnets list page by page and the metrics service UUID-token lists too', async () => {
    const subnets = await allPages(data, D.listSubnets, { path: mainnet, query: { pageSize: 2 } })
    expect(subnets.length).toBe(Math.ceil(sim.dataset.subnets.length / 2))
    expect(subnets.at(-1)!.nextPageToken).toBeUndefined()
    const holders = await allPages(metrics, M.getNftHoldersByContractAddress, { path: { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks } })
    expect(holders.length).toBeGreaterThan(1)
    expect(holders.flatMap((p) => p.addresses).length).toBe(holders[0]!.totalHolders)
    const tps = await allPages(metrics, M.getAvgTps, { path: { chainId: '43114' } })
    expect(tps.length).toBeGreaterThan(1)
    expect(tps.at(-1)!.nextPageStartKey).toBeUndefined()
    // the same days by the spec's pageToken, with the spec's forms switched on
    sim.serviceForms('spec')
    try {
      const spec = await allPages(metrics, M.getAvgTps, { path: { chainId: '43114' } })
      expect(spec.flatMap((p) => p.results)).toEqual(tps.flatMap((p) => p.results))
      expect(spec.slice(0, -1).every((p) => p.nextPageToken !== undefined && p.nextPageStartKey === undefined)).toBe(true)
    } finally {
      sim.serviceForms('real')
    }
  })

  it('stops at maxPages', async () => {
    const two = await allPages(data, D.listLatestXChainVertices, { path: { ...mainnet, blockchainId: 'x-chain' }, query: { pageSize: 5 } }, 2)
    expect(two).toHaveLength(2)
  })
})

describe('bad arguments are refused before any request, with BAD_INPUT', () => {
  let counter: Server
  let hits = 0
  let guarded: RestClient

  beforeAll(async () => {
    counter = createServer((_req, res) => {
      hits++
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"should not be reached","statusCode":500,"error":"Internal Server Error"}')
    })
    await new Promise<void>((r) => counter.listen(0, '127.0.0.1', r))
    guarded = new RestClient({ baseUrl: `http://127.0.0.1:${(counter.address() as AddressInfo).port}`, service: 'data service' })
  })
  afterAll(() => new Promise<void>((r) => counter.close(() => r())))

  async function refused<E extends EndpointDef>(def: E, args: unknown, mentions: RegExp): Promise<void> {
    const before = hits
    const err = await callEndpoint(guarded, def, args as EndpointArgs<E>).then(
      () => undefined,
      (e: unknown) => e
    )
    expect(err, `${def.name} ${JSON.stringify(args)}`).toBeInstanceOf(AppError)
    expect((err as AppError).code, `${def.name}: ${(err as Error).message}`).toBe('BAD_INPUT')
    expect((err as AppError).message).toMatch(mentions)
    expect(hits - before, `${def.name} sent a request`).toBe(0)
  }

  it('pageSize out of its endpoint range, or not a whole number', async () => {
    await refused(D.listErc721Transactions, { path: cChain, query: { pageSize: 101 } }, /pageSize/)
    await refused(D.listErc1155Transactions, { path: cChain, query: { pageSize: 0 } }, /pageSize/)
    await refused(D.listErc20Balances, { path: cChain, query: { pageSize: 501 } }, /pageSize.*500/)
    await refused(D.listCollectibleBalances, { path: cChain, query: { pageSize: 2.5 } }, /pageSize/)
    await refused(D.listSubnets, { path: mainnet, query: { pageSize: 10_001 } }, /pageSize.*10000/)
    await refused(D.listLatestXChainVertices, { path: { ...mainnet, blockchainId: 'x-chain' }, query: { pageSize: '10' } }, /pageSize/)
    await refused(D.listL1Validators, { path: mainnet, query: { pageSize: -1 } }, /pageSize/)
    await refused(D.listIcmMessages, { path: {}, query: { pageSize: 1000 } }, /pageSize/)
    await refused(D.listIcmMessagesByAddress, { path: { address: DEMO_WALLET }, query: { pageSize: 101 } }, /pageSize/)
    await refused(D.listLatestBlocksAllChains, { path: {}, query: { pageSize: 101 } }, /pageSize/)
    await refused(D.listPendingPrimaryNetworkRewards, { path: mainnet, query: { nodeIds: [sim.dataset.nodes.self], pageSize: 101 } }, /pageSize/)
    await refused(D.listLatestPrimaryNetworkTransactions, { path: { ...mainnet, blockchainId: 'p-chain' }, query: { pageSize: 101 } }, /pageSize/)
    await refused(M.getNftHoldersByContractAddress, { path: { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks }, query: { pageSize: 5001 } }, /pageSize.*5000/)
  })

  it('missing required parameters and the rules between parameters', async () => {
    await refused(D.getChainIdsForAddresses, { path: mainnet, query: {} }, /addresses/)
    await refused(D.getChainIdsForAddresses, { path: mainnet, query: { addresses: [] } }, /addresses/)
    await refused(D.listPendingPrimaryNetworkRewards, { path: mainnet, query: {} }, /addresses or nodeIds/)
    await refused(D.listLatestPrimaryNetworkTransactions, { path: { ...mainnet, blockchainId: 'p-chain' }, query: { txTypes: ['BaseTx'] } }, /needs addresses/)
    await refused(D.listLatestPrimaryNetworkTransactions, { path: { ...mainnet, blockchainId: 'p-chain' }, query: { addresses: ['P-avax1x'], startTimestamp: 10, endTimestamp: 5 } }, /startTimestamp/)
    await refused(D.getSubnetRpcUsageMetrics, { path: {}, query: { startTimestamp: -1 } }, /startTimestamp/)
    await refused(D.getSubnetRpcUsageMetrics, { path: {}, query: { endTimestamp: 1.5 } }, /endTimestamp/)
    // A time past the year 9999 says so, and one that would be a time in milliseconds says that too.
    await refused(D.getSubnetRpcUsageMetrics, { path: {}, query: { startTimestamp: 1e20 } }, /startTimestamp is past the year 9999 .*at most 253402300799\)$/)
    await refused(D.listLatestPrimaryNetworkTransactions, { path: { ...mainnet, blockchainId: 'p-chain' }, query: { addresses: ['P-avax1x'], endTimestamp: 1_764_000_000_000 } }, /endTimestamp .*looks like a time in milliseconds; divide it by 1000/)
    await refused(D.listErc721Transactions, { path: cChain, query: { startBlock: 10, endBlock: 5 } }, /startBlock/)
    await refused(D.getIcmMessage, { path: {} }, /messageId/)
    await refused(D.getTokenDetails, { path: { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks, tokenId: 'abc' } }, /tokenId/)
  })

  it('signature aggregation: exactly one of message or justification, hex, quorum rules', async () => {
    await refused(D.aggregateSignatures, { path: mainnet, body: { message: '0x00', justification: '0x01' } }, /not both/)
    await refused(D.aggregateSignatures, { path: mainnet, body: {} }, /exactly one of message or justification/)
    await refused(D.aggregateSignatures, { path: mainnet, body: { justification: 'zz' } }, /hex/)
    await refused(D.aggregateSignatures, { path: mainnet, body: { message: '0x123' } }, /hex/)
    await refused(D.aggregateSignatures, { path: mainnet, body: { justification: '01', quorumPercentage: 101 } }, /quorumPercentage/)
    await refused(D.aggregateSignatures, { path: mainnet, body: { justification: '01', quorumPercentage: 50.5 } }, /quorumPercentage/)
    await refused(D.aggregateSignatures, { path: mainnet, body: { justification: '01', quorumPercentage: 80, quorumPercentageBuffer: 21 } }, /at most 100/)
    // the default quorum (67) counts too
    await refused(D.aggregateSignatures, { path: mainnet, body: { justification: '01', quorumPercentageBuffer: 40 } }, /default.*at most 100/)
    await refused(D.aggregateSignatures, { path: mainnet, body: { justification: '01', pChainHeight: -1 } }, /pChainHeight/)
    await refused(D.getAggregatedSignatures, { path: { ...mainnet, txHash: 'not-a-hash' } }, /txHash/)
  })

  it('unknown parameters, unknown body fields, values outside an enumeration, malformed ids', async () => {
    await refused(D.listSubnets, { path: mainnet, query: { pagesize: 10 } }, /pagesize/)
    await refused(D.supportedChains, { path: {}, query: { chain: '43114' } }, /chain/)
    await refused(M.getAvgTps, { path: { chainId: '43114' }, query: { startKey: 'x', pageToken: 'y' } }, /pageToken .* or startKey .*, not both/)
    await refused(M.getAvgTps, { path: { chainId: '43114' }, query: { from: '1' } }, /from/)
    await refused(D.listLatestBlocksAllChains, { path: { network: 'mainnet' }, query: {} }, /network/)
    await refused(D.aggregateSignatures, { path: mainnet, body: { justification: '01', signers: 3 } }, /signers/)
    await refused(D.listSubnets, { path: { network: 'devnet' } }, /network/)
    await refused(D.listSubnets, { path: mainnet, query: { sortOrder: 'up' } }, /sortOrder/)
    await refused(D.listErc20Balances, { path: cChain, query: { currency: 'xyz' } }, /currency/)
    await refused(D.getSubnetRpcUsageMetrics, { path: {}, query: { timeInterval: 'yearly' } }, /timeInterval/)
    await refused(D.getSubnetRpcUsageMetrics, { path: {}, query: { groupBy: 'country' } }, /groupBy/)
    await refused(D.listLatestPrimaryNetworkTransactions, { path: { ...mainnet, blockchainId: 'p-chain' }, query: { addresses: ['P-avax1x'], txTypes: ['NoSuchTx'] } }, /txTypes/)
    await refused(D.listLatestXChainVertices, { path: { ...mainnet, blockchainId: 'p-chain' } }, /blockchainId/)
    await refused(D.listErc20Balances, { path: { chainId: '43114', address: '0xnope' } }, /address/)
    await refused(D.listL1Validators, { path: mainnet, query: { nodeId: 'node-1' } }, /nodeId/)
    await refused(D.listL1Validators, { path: mainnet, query: { includeInactiveL1Validators: 'yes' } }, /includeInactiveL1Validators/)
    await refused(M.getNftHoldersByContractAddress, { path: { chainId: 'C', address: WELL_KNOWN_COLLECTIONS.simPunks } }, /chainId/)
  })

  it('accepts the edges of each range (the same calls reach the real sim)', async () => {
    await expect(call(data, D.listErc20Balances, { path: cChain, query: { pageSize: 500 } })).resolves.toBeDefined()
    await expect(call(data, D.listErc721Transactions, { path: cChain, query: { pageSize: 1 } })).resolves.toBeDefined()
    await expect(call(data, D.aggregateSignatures, { path: mainnet, body: { message: undefined, justification: '01', quorumPercentage: 67, quorumPercentageBuffer: 33 } })).resolves.toBeDefined()
  })
})

/**
 * One plain call of each endpoint, for the coverage test: run alone it calls them all; after the tests
 * above it calls only what they left out (none, as long as each endpoint has a test of its own above).
 */
function samples(): Record<string, () => Promise<unknown>> {
  const ds = sim.dataset
  const l1 = ds.l1Validators[0]!
  return {
    aggregateSignatures: () => call(data, D.aggregateSignatures, { path: mainnet, body: { justification: '0x0001', quorumPercentage: 60, quorumPercentageBuffer: 10 } }),
    getAggregatedSignatures: () => call(data, D.getAggregatedSignatures, { path: { ...mainnet, txHash: l1.registrationTxHash } }),
    listLatestPrimaryNetworkTransactions: () => call(data, D.listLatestPrimaryNetworkTransactions, { path: { ...mainnet, blockchainId: 'p-chain' }, query: { pageSize: 5 } }),
    listLatestXChainVertices: () => call(data, D.listLatestXChainVertices, { path: { ...mainnet, blockchainId: 'x-chain' }, query: { pageSize: 5 } }),
    listSubnets: () => call(data, D.listSubnets, { path: mainnet }),
    listL1Validators: () => call(data, D.listL1Validators, { path: mainnet, query: { includeInactiveL1Validators: true } }),
    listPendingPrimaryNetworkRewards: () => call(data, D.listPendingPrimaryNetworkRewards, { path: mainnet, query: { nodeIds: [ds.nodes.self] } }),
    getChainIdsForAddresses: () => call(data, D.getChainIdsForAddresses, { path: mainnet, query: { addresses: [ds.richAddress.pChain] } }),
    listErc721Transactions: () => call(data, D.listErc721Transactions, { path: cChain, query: { pageSize: 5 } }),
    listErc1155Transactions: () => call(data, D.listErc1155Transactions, { path: cChain, query: { pageSize: 5 } }),
    listErc20Balances: () => call(data, D.listErc20Balances, { path: cChain, query: { pageSize: 5 } }),
    listCollectibleBalances: () => call(data, D.listCollectibleBalances, { path: cChain, query: { pageSize: 5 } }),
    getTokenDetails: () => call(data, D.getTokenDetails, { path: { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simItems, tokenId: '3' } }),
    listIcmMessages: () => call(data, D.listIcmMessages, { path: {}, query: { network: 'mainnet', pageSize: 5 } }),
    listIcmMessagesByAddress: () => call(data, D.listIcmMessagesByAddress, { path: { address: DEMO_WALLET }, query: { network: 'mainnet' } }),
    getIcmMessage: async () => {
      const [m] = (await call(data, D.listIcmMessages, { path: {}, query: { network: 'mainnet', pageSize: 1 } })).messages
      return call(data, D.getIcmMessage, { path: { messageId: m!.messageId } })
    },
    listLatestBlocksAllChains: () => call(data, D.listLatestBlocksAllChains, { path: {}, query: { network: 'mainnet', pageSize: 5 } }),
    getSubnetRpcUsageMetrics: () => call(data, D.getSubnetRpcUsageMetrics, { path: {}, query: { timeInterval: 'daily', groupBy: 'rpcMethod' } }),
    supportedChains: () => call(data, D.supportedChains, { path: {}, query: { network: 'mainnet' } }),
    getAvgTps: () => call(metrics, M.getAvgTps, { path: { chainId: '43114' } }),
    getNftHoldersByContractAddress: () => call(metrics, M.getNftHoldersByContractAddress, { path: { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks }, query: { pageSize: 10 } })
  }
}

describe('coverage', () => {
  it('called every endpoint of both tables against the sim', async () => {
    const sample = samples()
    for (const name of ENDPOINT_NAMES) {
      if (called.has(name)) continue
      if (!sample[name]) throw new Error(`no sample call of ${name}: add one to samples()`)
      await expect(sample[name](), name).resolves.toBeDefined()
    }
    expect([...called].sort()).toEqual(ENDPOINT_NAMES)
    // The tables are the spec's endpoints, no more and no fewer.
    expect(ENDPOINT_NAMES.map(tableKey).sort()).toEqual(endpointsFromSpec().map(specKey).sort())
  })
})
