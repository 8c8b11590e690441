/**
 * The data area through the contract against the sim: every endpoint once, the contract's rules
 * (with the client's words), "load all" as a job past short pages and through a 429's Retry-After,
 * what 401, 403 and 503 say, the key only in x-data-api-key, and cached answers with the sim stopped.
 */
import { describe, expect, it } from 'vitest'
import type { Job } from '../../../src/shared/contract'
import { DEMO_WALLET, WELL_KNOWN_COLLECTIONS } from '../../sim/dataset/evm'
import { startSim } from '../../sim/index'
import { activateSim, appsPerTest, failure, finishedJob, simPerFile } from './helpers'
import { RestClient } from '../../../src/main/clients/rest/client'
import { LoadAllJobs, MAX_LOAD_ITEMS } from '../../../src/main/services/data/load-all'

const sim = simPerFile()

const { open } = appsPerTest()

async function simConfig(patch: object): Promise<void> {
  const res = await fetch(`${sim.dataUrl}/__sim/data-config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) })
  expect(res.status).toBe(200)
}

const finished = finishedJob

const cChain = { chainId: '43114', address: DEMO_WALLET }

describe('every data-service endpoint through the contract', () => {
  it('Primary Network: transactions, vertices, subnets, L1 validators, rewards, chain interactions', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const rich = sim.dataset.wellKnown.rich
    const txs = await client.call('data.listLatestPrimaryNetworkTransactions', { network: 'mainnet', blockchainId: 'p-chain', addresses: [rich.pChain], sortOrder: 'asc', startTimestamp: 0 })
    expect(txs.source).toBe('live')
    expect(txs.data.transactions.length).toBeGreaterThan(0)
    const v = await client.call('data.listLatestXChainVertices', { network: 'mainnet', blockchainId: 'x-chain', pageSize: 5 })
    expect(v.data.vertices).toHaveLength(5)
    const subnets = await client.call('data.listSubnets', { network: 'mainnet' })
    expect(subnets.data.subnets.length).toBe(sim.dataset.subnets.length)
    const l1 = sim.dataset.l1Validators[0]!
    const validators = await client.call('data.listL1Validators', { network: 'mainnet', includeInactiveL1Validators: true, subnetId: l1.subnetId, nodeId: l1.nodeID })
    expect(validators.data.validators.map((x) => x.validationId)).toContain(l1.validationId)
    const rewards = await client.call('data.listPendingPrimaryNetworkRewards', { network: 'mainnet', nodeIds: [sim.dataset.nodes.self] })
    expect(rewards.data.pendingRewards.every((r) => r.nodeId === sim.dataset.nodes.self)).toBe(true)
    const chains = await client.call('data.getChainIdsForAddresses', { network: 'mainnet', addresses: 'P-' + rich.pChain.replace(/^P-/, '') })
    expect(chains.data.addresses[0]?.blockchainIds.length).toBeGreaterThan(0)
  })

  it('EVM chains, ICM, blocks, usage metrics and signature aggregation', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const supported = await client.call('data.supportedChains', { network: 'mainnet' })
    expect(supported.data.chains.map((c) => c.chainId)).toContain('43114')
    const e721 = await client.call('data.listErc721Transactions', { ...cChain, pageSize: 100 })
    const block = Number(e721.data.transactions[0]!.blockNumber)
    const ranged = await client.call('data.listErc721Transactions', { ...cChain, startBlock: block, endBlock: block + 1 })
    expect(ranged.data.transactions.every((t) => Number(t.blockNumber) === block)).toBe(true)
    const e1155 = await client.call('data.listErc1155Transactions', { ...cChain })
    expect(e1155.data.transactions.every((t) => /^\d+$/.test(t.value))).toBe(true)
    const balances = await client.call('data.listErc20Balances', { ...cChain, currency: 'eur', filterSpamTokens: false })
    expect(balances.data.nativeTokenBalance.balance).toMatch(/^\d+$/)
    const collectibles = await client.call('data.listCollectibleBalances', { ...cChain, contractAddress: WELL_KNOWN_COLLECTIONS.simPunks })
    const owned = collectibles.data.collectibleBalances[0]!
    const token = await client.call('data.getTokenDetails', { chainId: '43114', address: WELL_KNOWN_COLLECTIONS.simPunks, tokenId: owned.tokenId })
    expect(token.data.ercType).toBe('ERC-721')
    const messages = await client.call('data.listIcmMessages', { network: 'mainnet', pageSize: 20 })
    const m = messages.data.messages[0]!
    expect((await client.call('data.getIcmMessage', { messageId: m.messageId })).data.messageId).toBe(m.messageId)
    expect((await client.call('data.listIcmMessagesByAddress', { address: DEMO_WALLET, network: 'mainnet' })).data.messages.length).toBeGreaterThan(0)
    const blocks = await client.call('data.listLatestBlocksAllChains', { network: 'mainnet' })
    expect(blocks.data.blocks.length).toBe(10)
    const usage = await client.call('data.getSubnetRpcUsageMetrics', { timeInterval: 'daily', groupBy: 'rpcMethod', startTimestamp: 1_794_000_000, endTimestamp: 1_794_259_200 })
    expect(usage.data.metrics.length).toBeGreaterThan(0)
    const signed = await client.call('data.aggregateSignatures', { network: 'mainnet', justification: '0x0001', quorumPercentage: 60, quorumPercentageBuffer: 10 })
    expect(signed.data.signedMessage).toMatch(/^(0x)?[0-9a-f]+$/i)
    const byTx = await client.call('data.getAggregatedSignatures', { network: 'mainnet', txHash: sim.dataset.l1Validators[0]!.registrationTxHash })
    expect(byTx.data.signedMessage.length).toBeGreaterThan(0)
  })
})

describe('the contract refuses what the spec forbids, in the words the client uses', () => {
  it('page sizes, one-of rules, filters without addresses, block ranges and the quorum rules', async () => {
    const { client } = open()
    await activateSim(client, sim)
    const cases: [Promise<unknown>, string, string][] = [
      [client.call('data.listErc20Balances', { ...cChain, pageSize: 501 }), 'pageSize', 'pageSize must be a whole number from 1 to 500 (default 10)'],
      [client.call('data.listSubnets', { network: 'mainnet', pageSize: 10_001 }), 'pageSize', 'from 1 to 10000'],
      [client.call('data.listPendingPrimaryNetworkRewards', { network: 'mainnet' }), 'addresses', 'give addresses or nodeIds'],
      [client.call('data.listLatestPrimaryNetworkTransactions', { network: 'mainnet', blockchainId: 'p-chain', txTypes: ['ImportTx'] }), 'addresses', 'needs addresses'],
      [client.call('data.listErc721Transactions', { ...cChain, startBlock: 5, endBlock: 5 }), 'startBlock', 'startBlock (inclusive) must be below endBlock (exclusive)'],
      [client.call('data.aggregateSignatures', { network: 'mainnet' }), 'message', 'give exactly one of message or justification'],
      [client.call('data.aggregateSignatures', { network: 'mainnet', message: '0x01', justification: '0x02' }), 'justification', 'not both'],
      [client.call('data.aggregateSignatures', { network: 'mainnet', message: '01', quorumPercentage: 90, quorumPercentageBuffer: 20 }), 'quorumPercentageBuffer', 'must be at most 100'],
      [client.call('data.aggregateSignatures', { network: 'mainnet', message: '0x1' }), 'message', 'hex-encoded bytes'],
      [client.call('data.listL1Validators', { network: 'mainnet', nodeId: 'node-1' }), 'nodeId', 'NodeID-<cb58>'],
      [client.call('data.listErc20Balances', { ...cChain, address: '0x12' }), 'address', 'EVM address'],
      [client.call('data.listSubnets', { network: 'mainnet', pagesize: 3 } as never), '', 'pagesize']
    ]
    for (const [call, path, text] of cases) {
      const e = await failure(call)
      expect(e.code).toBe('BAD_INPUT')
      const issues = (e.details as { issues: { path: string[]; message: string }[] }).issues
      expect(issues.some((i) => i.path.join('.') === path && i.message.includes(text)), `${path}: ${text} in ${JSON.stringify(issues)}`).toBe(true)
    }
  })
})

describe('load all', () => {
  it('walks past pages shorter than asked, to the page without nextPageToken', async () => {
    const { client } = open()
    try {
      await activateSim(client, sim)
      // A few pages are enough to show it: the operator's X-Chain transactions come in five pages of 11 to 13
      // (the rich address's 1,283 would be 223 pages, each validated and kept by the app).
      const operator = sim.dataset.wellKnown.operator
      // pages stop early once their transactions hold this many UTXOs, as the real indexer's do
      await simConfig({ pageUtxoThreshold: 40 })
      const params = { network: 'mainnet' as const, blockchainId: 'x-chain', addresses: [operator.xChain], pageSize: 20 }
      const { jobId } = await client.call('data.loadAll', { endpoint: 'listLatestPrimaryNetworkTransactions', params })
      const job = await finished(client, jobId)
      expect(job.state).toBe('done')
      const loaded = await client.call('data.loadedPages', { jobId })
      if (loaded.endpoint !== 'listLatestPrimaryNetworkTransactions') throw new Error('wrong endpoint')
      const sizes = loaded.pages.map((p) => p.transactions.length)
      expect(sizes.slice(0, -1).some((n) => n < 20), `page sizes ${sizes.join(',')}`).toBe(true)
      expect(loaded.pages.slice(0, -1).every((p) => p.nextPageToken)).toBe(true)
      expect(loaded.pages.at(-1)!.nextPageToken).toBeUndefined()
      const ids = loaded.pages.flatMap((p) => p.transactions.map((t) => t.txHash))
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.length).toBe(sim.dataset.transactionsOf(operator.bech32).filter((t) => t.chain === 'X').length)
      expect(job.done).toBe(ids.length)
    } finally {
      await simConfig({ pageUtxoThreshold: 1_000 })
    }
  })

  it('stops at its item limit when there are more, saying so and what to do instead, and keeps what it loaded', async () => {
    expect(MAX_LOAD_ITEMS).toBe(20_000)
    // The limit as the app has it, made small: the sim's address has hundreds of transactions, not 20,000.
    const jobs = new LoadAllJobs(undefined, 5)
    const entry = jobs.begin('listLatestPrimaryNetworkTransactions')
    const client = new RestClient({ baseUrl: sim.dataUrl, service: 'data service', retries: 0 })
    const said: string[] = []
    const params = { network: 'mainnet', blockchainId: 'p-chain', addresses: [sim.dataset.wellKnown.rich.pChain], pageSize: 2 }
    const ran = jobs.run(entry, params, { client, hasKey: true }, { signal: new AbortController().signal, progress: (_d, _t, m) => said.push(m ?? '') })
    await expect(ran).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/^Stopped after 6 items in 3 pages: one "load all" keeps at most 5 items, and there are more\. What was loaded is kept\..*keep the address in Sync/) })
    expect(entry.state).toBe('failed')
    expect((entry.pages as { transactions: unknown[] }[]).map((p) => p.transactions.length)).toEqual([2, 2, 2])
    expect(said.at(-1)).toBe('6 items in 3 pages')
  })

  it('without a key it hits the rate limit, waits out Retry-After (counting down as progress) and completes; with a key it does not', async () => {
    const { client } = open()
    const progress: Job[] = []
    client.on('jobs.progress', (j) => progress.push(j))
    try {
      await activateSim(client, sim)
      await simConfig({ rateLimit: { perMinuteWithoutKey: 120, perMinuteWithKey: 100_000 } })
      // 120 a minute = one token every 0.5 s; the bucket starts full, so drain it first
      for (let i = 0; i < 130; i++) await fetch(`${sim.dataUrl}/v1/chains`)
      const { jobId } = await client.call('data.loadAll', { endpoint: 'listSubnets', params: { network: 'mainnet', pageSize: 1 } })
      const job = await finished(client, jobId)
      expect(job.state).toBe('done')
      const waits = progress.filter((p) => p.id === jobId && /Rate limited \(HTTP 429\): waiting \d+ s/.test(p.message ?? ''))
      expect(waits.length).toBeGreaterThan(0)
      // The seconds left also come as a number (the page counts down from it), and go once the load goes on.
      for (const w of waits) expect(w.waitSec).toBe(Number(/waiting (\d+) s/.exec(w.message!)![1]))
      expect(job.waitSec).toBeUndefined()
      const loaded = await client.call('data.loadedPages', { jobId })
      expect(loaded.pages).toHaveLength(sim.dataset.subnets.length)

      const keyed = open()
      const keyedProgress: Job[] = []
      keyed.client.on('jobs.progress', (j) => keyedProgress.push(j))
      await activateSim(keyed.client, sim, { apiKey: 'sim-key-1' })
      const run = await keyed.client.call('data.loadAll', { endpoint: 'listSubnets', params: { network: 'mainnet', pageSize: 1 } })
      expect((await finished(keyed.client, run.jobId)).state).toBe('done')
      expect(keyedProgress.some((p) => /Rate limited/.test(p.message ?? ''))).toBe(false)
    } finally {
      await simConfig({ rateLimit: { perMinuteWithoutKey: 10_000, perMinuteWithKey: 100_000 } })
    }
  })

  it('a 429 from a fault is waited out too, and a cancel stops the job keeping the pages it has', async () => {
    const { client } = open()
    try {
      await activateSim(client, sim)
      sim.faults.add({ service: 'data', kind: 'status429', match: '/subnets', ms: 1, count: 1 })
      const { jobId } = await client.call('data.loadAll', { endpoint: 'listSubnets', params: { network: 'mainnet', pageSize: 2 } })
      expect((await finished(client, jobId)).state).toBe('done')
      sim.faults.add({ service: 'data', kind: 'status429', match: '/subnets', ms: 30, count: 1 })
      const second = await client.call('data.loadAll', { endpoint: 'listSubnets', params: { network: 'mainnet', pageSize: 2 } })
      for (let i = 0; i < 100 && !(await client.call('jobs.list', {})).jobs.find((j) => j.id === second.jobId)?.message?.startsWith('Rate limited'); i++) await new Promise((r) => setTimeout(r, 50))
      expect(await client.call('jobs.cancel', { id: second.jobId })).toEqual({ cancelled: true })
      const ended = await finished(client, second.jobId)
      expect(ended.state).toBe('cancelled')
      // named in words, and ending with how it ended, not with the wait it was in (review #26)
      expect(ended.label).toBe('Load all subnets')
      expect(ended.message).toMatch(/^Cancelled (before the first page|after page \d+)/)
      expect((await client.call('data.loadedPages', { jobId: second.jobId })).state).toBe('cancelled')
    } finally {
      sim.faults.clear()
    }
  })
})

describe('what errors say', () => {
  it('401 and 403 say what is wrong with the key, 503 that the subnet node has a problem, others show the service words with the status', async () => {
    await simConfig({ rejectedKeys: ['bad-key-0123456789abcdef'], forbiddenKeys: ['weak-key-0123456789abcdef'] })
    try {
      for (const [key, code, text] of [
        ['bad-key-0123456789abcdef', 'UNAUTHORIZED', "refused this profile's API key (HTTP 401)"],
        ['weak-key-0123456789abcdef', 'FORBIDDEN', 'lacks the privilege for this request (HTTP 403)']
      ] as const) {
        const { client } = open()
        await activateSim(client, sim, { apiKey: key })
        const e = await failure(client.call('data.listSubnets', { network: 'mainnet', pageSize: 3 }))
        expect(e.code).toBe(code)
        expect(e.message).toContain(text)
        expect(e.message).not.toContain(key)
      }
      const { client } = open()
      await activateSim(client, sim)
      const subnetChain = sim.evmInstances[0]!
      const subnet = sim.dataset.blockchains.find((b) => b.blockchainId === subnetChain.blockchainId)!.subnetId
      await simConfig({ unavailableSubnets: [subnet] })
      const down = await failure(client.call('data.listErc20Balances', { chainId: String(subnetChain.evmChainId), address: DEMO_WALLET }))
      // The service answered: its 503 as it is (never "cannot be reached"), with its own words.
      expect(down.code).toBe('UNAVAILABLE')
      expect(down.message).toContain("the subnet's node has a problem (HTTP 503)")
      expect(down.details).toMatchObject({ status: 503, upstreamMessage: expect.any(String) })
      const missing = await failure(client.call('data.getIcmMessage', { messageId: 'ab'.repeat(32) }))
      expect(missing.code).toBe('NOT_FOUND')
      expect(missing.message).toBe('The data service answered HTTP 404')
      expect((missing.details as { upstreamMessage?: string }).upstreamMessage).toBeTruthy()
    } finally {
      await simConfig({ rejectedKeys: [], forbiddenKeys: [], unavailableSubnets: [] })
    }
  })
})

describe('offline', () => {
  it('with the data service gone, lookups made before answer from the cache, marked with the reason', async () => {
    const own = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    const { client } = open()
    try {
      await activateSim(client, sim, { dataUrl: own.dataUrl })
      const live = await client.call('data.listLatestBlocksAllChains', { network: 'mainnet', pageSize: 5 })
      expect(live.source).toBe('live')
      await own.stop()
      const cached = await client.call('data.listLatestBlocksAllChains', { network: 'mainnet', pageSize: 5 })
      expect(cached.source).toBe('cache')
      expect(cached.fetchedAt).toBe(live.fetchedAt)
      expect(cached.offline?.code).toBe('NETWORK')
      expect(cached.data).toEqual(live.data)
      const never = await failure(client.call('data.listLatestBlocksAllChains', { network: 'mainnet', pageSize: 6 }))
      expect(never.code).toBe('OFFLINE')
      // "Next page" to a page never fetched: what is kept of that lookup, not "nothing is cached" (review 2 N17).
      const token = live.data.nextPageToken
      expect(token).toBeTruthy()
      const later = await failure(client.call('data.listLatestBlocksAllChains', { network: 'mainnet', pageSize: 5, pageToken: token! }))
      expect(later.code).toBe('OFFLINE')
      expect(later.details).toMatchObject({ keptPages: 1, keptRows: 5 })
      expect(later.message).toContain('only page 1 (5 rows) is kept for this lookup')
      expect(never.details).not.toHaveProperty('keptPages')
    } finally {
      await own.stop()
    }
  })

  it('the last "load all" of a list is kept when it ends, and read back with the service gone', async () => {
    const own = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
    const { client } = open()
    try {
      await activateSim(client, sim, { dataUrl: own.dataUrl })
      const input = { endpoint: 'listSubnets' as const, params: { network: 'mainnet' as const, pageSize: 2 } }
      expect(await client.call('data.keptLoad', input)).toBeNull()
      const { jobId } = await client.call('data.loadAll', input)
      expect((await finished(client, jobId)).state).toBe('done')
      const loaded = await client.call('data.loadedPages', { jobId })
      await own.stop()
      const kept = await client.call('data.keptLoad', input)
      expect(kept?.load).toEqual(loaded)
      expect(kept?.loadedAt).toBeGreaterThan(0)
      // The same list with other parameters (the default page size here) was never loaded.
      expect(await client.call('data.keptLoad', { endpoint: 'listSubnets', params: { network: 'mainnet' } })).toBeNull()
    } finally {
      await own.stop()
    }
  })
})
