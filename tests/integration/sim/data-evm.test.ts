/**
 * Data service, EVM routes: ERC-20 balances (currencies, spam filter, contract filter), collectibles,
 * ERC-721/1155 transfers (startBlock inclusive, endBlock exclusive), token details, ICM messages in
 * all three statuses, latest blocks, subnet RPC usage, supported chains; and signature aggregation.
 * The real service's forms by default (Money.value a number, 201 from the aggregator), the spec's
 * behind POST /__sim/data-config {forms: "spec"}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDataService } from '../../sim/data-service'
import { DEMO_WALLET, HOSTILE_TOKEN, WELL_KNOWN_COLLECTIONS } from '../../sim/dataset/evm'
import { encodeUnsignedWarp } from '../../sim/data-service/warp/message'
import { toHex } from '../../sim/lib/bytes'
import { Faults } from '../../sim/faults'
import { SIM_DEFAULT_SEED } from '../../sim/defaults'
import { collectPages, getJson, postJson, schemaErrors } from './data-helpers'
import type { Json } from './data-helpers'

let url = ''
let close: () => Promise<void> = async () => {}
const chainPath = (verb: string, q = ''): string => `${url}/v1/chains/43114/addresses/${DEMO_WALLET}/${verb}${q ? '?' + q : ''}`

beforeAll(async () => {
  const d = await startDataService({ port: 0, seed: SIM_DEFAULT_SEED, faults: new Faults() })
  url = d.url
  close = d.close
})
afterAll(() => close())

/** runs `body` with the service in the spec's forms, and puts the real ones back */
async function inSpecForms(body: () => Promise<void>): Promise<void> {
  expect((await postJson(`${url}/__sim/data-config`, { forms: 'spec' })).body.forms).toBe('spec')
  try {
    await body()
  } finally {
    expect((await postJson(`${url}/__sim/data-config`, { forms: 'real' })).body.forms).toBe('real')
  }
}

describe('balances', () => {
  it('prices ERC-20 and native balances in the asked currency, as numbers (real) or decimal strings (spec forms)', async () => {
    const usd = await getJson(chainPath('balances:listErc20', 'pageSize=5'))
    const jpy = await getJson(chainPath('balances:listErc20', 'pageSize=5&currency=jpy'))
    expect(usd.body.nativeTokenBalance.price.currencyCode).toBe('usd')
    expect(jpy.body.nativeTokenBalance.price.currencyCode).toBe('jpy')
    expect(typeof usd.body.nativeTokenBalance.price.value).toBe('number')
    expect(typeof usd.body.nativeTokenBalance.balanceValue.value).toBe('number')
    expect(jpy.body.nativeTokenBalance.price.value).toBeGreaterThan(usd.body.nativeTokenBalance.price.value)
    expect(typeof jpy.body.erc20TokenBalances[0].balance).toBe('string')
    expect(schemaErrors('listErc20Balances.json', jpy.body)).toEqual([])
    expect((await getJson(chainPath('balances:listErc20', 'currency=xyz'))).status).toBe(400)
    await inSpecForms(async () => {
      const spec = await getJson(chainPath('balances:listErc20', 'pageSize=5&currency=jpy'))
      const prices = (b: Json) => [b.nativeTokenBalance.price, b.nativeTokenBalance.balanceValue, ...b.erc20TokenBalances.flatMap((t: Json) => [t.price, t.balanceValue])].filter(Boolean)
      for (const p of prices(spec.body)) expect(p.value).toMatch(/^\d+(\.\d+)?$/)
      // the same amounts, only written differently
      expect(prices(spec.body).map((p: Json) => Number(p.value))).toEqual(prices(jpy.body).map((p: Json) => p.value))
      expect(schemaErrors('listErc20Balances.json', spec.body, 'spec')).toEqual([])
    })
  })

  it('the forms switch of /__sim/data-config: listed, checked, and a refused patch changes nothing', async () => {
    expect((await getJson(`${url}/__sim/data-config`)).body.forms).toBe('real')
    const bad = await postJson(`${url}/__sim/data-config`, { forms: 'seed' })
    expect([bad.status, bad.body.message]).toEqual([400, 'forms must be one of "real", "spec"'])
    const mixed = await postJson(`${url}/__sim/data-config`, { forms: 'spec', pageUtxoThreshold: 0 })
    expect(mixed.status).toBe(400)
    expect((await getJson(`${url}/__sim/data-config`)).body.forms).toBe('real')
  })

  it('filters spam tokens by default and shows them with filterSpamTokens=false', async () => {
    const filtered = await collectPages<Json>(chainPath('balances:listErc20', 'pageSize=500'), 'erc20TokenBalances')
    const all = await collectPages<Json>(chainPath('balances:listErc20', 'pageSize=500&filterSpamTokens=false'), 'erc20TokenBalances')
    expect(filtered.items.some((b) => b.tokenReputation === 'Malicious')).toBe(false)
    expect(all.items.some((b) => b.tokenReputation === 'Malicious')).toBe(true)
    expect(all.items.length).toBeGreaterThan(100)
  })

  it('filters by contractAddresses and pages with opaque tokens', async () => {
    const wavax = '0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7'
    const res = await getJson(chainPath('balances:listErc20', `contractAddresses=${wavax}`))
    expect(res.body.erc20TokenBalances.map((b: Json) => b.address)).toEqual([wavax])
    const pages = await collectPages<Json>(chainPath('balances:listErc20', 'pageSize=10'), 'erc20TokenBalances')
    expect(pages.pages).toBeGreaterThan(10)
    expect((await getJson(chainPath('balances:listErc20', 'contractAddresses=0xnope'))).status).toBe(400)
  })

  it('lists ERC-721 and ERC-1155 collectibles, filterable by contract', async () => {
    const all = await collectPages<Json>(chainPath('balances:listCollectibles', 'pageSize=100'), 'collectibleBalances')
    expect(new Set(all.items.map((c) => c.ercType))).toEqual(new Set(['ERC-721', 'ERC-1155']))
    const one = await getJson(chainPath('balances:listCollectibles', `contractAddress=${WELL_KNOWN_COLLECTIONS.simItems}&pageSize=100`))
    expect(one.body.collectibleBalances.every((c: Json) => c.ercType === 'ERC-1155' && typeof c.balance === 'string')).toBe(true)
    expect(schemaErrors('listCollectibleBalances.json', one.body)).toEqual([])
  })
})

describe('transfers and tokens', () => {
  it('treats startBlock as inclusive and endBlock as exclusive', async () => {
    const all = await collectPages<Json>(chainPath('transactions:listErc721', 'pageSize=100'), 'transactions')
    expect(all.items.length).toBeGreaterThan(100)
    const block = Number(all.items[5].blockNumber)
    const from = await collectPages<Json>(chainPath('transactions:listErc721', `startBlock=${block}&pageSize=100`), 'transactions')
    const before = await collectPages<Json>(chainPath('transactions:listErc721', `endBlock=${block}&pageSize=100`), 'transactions')
    expect(from.items.some((t) => Number(t.blockNumber) === block)).toBe(true)
    expect(before.items.some((t) => Number(t.blockNumber) === block)).toBe(false)
    expect(from.items.length + before.items.length).toBe(all.items.length)
    expect((await getJson(chainPath('transactions:listErc721', 'startBlock=10&endBlock=5'))).status).toBe(400)
    expect((await getJson(chainPath('transactions:listErc1155', 'startBlock=-1'))).status).toBe(400)
  })

  it('lists ERC-1155 transfers with their value', async () => {
    const res = await getJson(chainPath('transactions:listErc1155', 'pageSize=20'))
    expect(res.body.transactions.length).toBe(20)
    expect(schemaErrors('listErc1155Transactions.json', res.body)).toEqual([])
  })

  it('returns token details, 404 for an unknown token, 400 for a malformed id; keeps hostile URLs as data', async () => {
    const ok = await getJson(`${url}/v1/chains/43114/nfts/collections/${WELL_KNOWN_COLLECTIONS.simItems}/tokens/3`)
    expect(ok.body.ercType).toBe('ERC-1155')
    expect((await getJson(`${url}/v1/chains/43114/nfts/collections/${WELL_KNOWN_COLLECTIONS.simPunks}/tokens/999999`)).status).toBe(404)
    expect((await getJson(`${url}/v1/chains/43114/nfts/collections/${WELL_KNOWN_COLLECTIONS.simPunks}/tokens/abc`)).status).toBe(400)
    const hostile = await getJson(`${url}/v1/chains/43114/nfts/collections/${HOSTILE_TOKEN.collection}/tokens/${HOSTILE_TOKEN.tokenId}`)
    expect(hostile.body.metadata.imageUri).toMatch(/^javascript:/)
  })
})

describe('ICM, blocks, usage, chains', () => {
  it('has messages in all three statuses, each in its variant shape', async () => {
    const { items } = await collectPages<Json>(`${url}/v1/icm/messages?network=mainnet&pageSize=100`, 'messages')
    const statuses = new Set(items.map((m) => m.status))
    expect(statuses).toEqual(new Set(['pending', 'delivered', 'delivered_source_not_indexed']))
    for (const s of statuses) {
      const m = items.find((x) => x.status === s)
      const one = await getJson(`${url}/v1/icm/messages/${m.messageId}`)
      expect(schemaErrors('getIcmMessage.json', one.body)).toEqual([])
    }
    expect((await getJson(`${url}/v1/icm/messages/${'0'.repeat(64)}`)).status).toBe(404)
  })

  it('filters messages by chain and address, newest first', async () => {
    const first = (await getJson(`${url}/v1/icm/messages?network=mainnet&pageSize=1`)).body.messages[0]
    const bySource = await getJson(`${url}/v1/icm/messages?network=mainnet&sourceBlockchainId=${first.sourceEvmChainId}&pageSize=100`)
    expect(bySource.body.messages.every((m: Json) => m.sourceBlockchainId === first.sourceBlockchainId)).toBe(true)
    const mine = await collectPages<Json>(`${url}/v1/icm/addresses/${DEMO_WALLET}/messages?network=mainnet&pageSize=100`, 'messages')
    expect(mine.items.length).toBeGreaterThan(0)
    expect(mine.items.every((m) => m.from === DEMO_WALLET || m.to === DEMO_WALLET)).toBe(true)
    const times = mine.items.map((m) => m.sourceTransaction?.timestamp ?? m.destinationTransaction.timestamp)
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('lists latest blocks across chains, newest first', async () => {
    const res = await getJson(`${url}/v1/blocks?network=mainnet&pageSize=100`)
    expect(new Set(res.body.blocks.map((b: Json) => b.chainId)).size).toBeGreaterThan(1)
    const ts = res.body.blocks.map((b: Json) => b.blockTimestamp)
    expect(ts).toEqual([...ts].sort((a: number, b: number) => b - a))
    expect(schemaErrors('listLatestBlocksAllChains.json', res.body)).toEqual([])
  })

  it('rounds usage-metric timestamps down to the day and groups on request', async () => {
    const day = 86_400
    const res = await getJson(`${url}/v1/subnetRpcUsageMetrics?timeInterval=daily&startTimestamp=${1_794_000_000 + 5_000}&endTimestamp=${1_794_000_000 + 3 * day}&groupBy=rpcMethod&rpcMethod=eth_call`)
    expect(res.status).toBe(200)
    expect(res.body.metrics.every((p: Json) => p.timestamp % day === 0)).toBe(true)
    expect(res.body.metrics[0].values.map((v: Json) => v.groupValue)).toEqual(['eth_call'])
    expect(schemaErrors('getSubnetRpcUsageMetrics.json', res.body)).toEqual([])
    expect((await getJson(`${url}/v1/subnetRpcUsageMetrics?timeInterval=yearly`)).status).toBe(400)
    expect((await getJson(`${url}/v1/subnetRpcUsageMetrics?startTimestamp=1795000000&endTimestamp=1700000000`)).status).toBe(400)
  })

  it('lists supported chains, filterable by network and feature', async () => {
    const res = await getJson(`${url}/v1/chains?network=mainnet`)
    expect(res.body.chains.map((c: Json) => c.chainId)).toContain('43114')
    expect(schemaErrors('supportedChains.json', res.body)).toEqual([])
    const fuji = await getJson(`${url}/v1/chains?network=fuji&feature=webhooks`)
    expect(fuji.body.chains.map((c: Json) => c.chainId)).toEqual(['43113'])
  })
})

describe('signature aggregation', () => {
  const post = (body: unknown) => postJson(`${url}/v1/signatureAggregator/mainnet/aggregateSignatures`, body)
  const cChain = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'

  it('signs a Warp message of the C-Chain with Primary Network validators', async () => {
    const { cb58Decode } = await import('../../sim/lib/cb58')
    const msg = toHex(encodeUnsignedWarp({ networkId: 1, sourceChainId: cb58Decode(cChain), payload: new Uint8Array([1, 2, 3]) }))
    const res = await post({ message: `0x${msg}` })
    // 201, as the real aggregator declares; 200 as the spec says with the spec's forms
    expect(res.status).toBe(201)
    expect(res.body.signedMessage.startsWith(msg)).toBe(true)
    expect(schemaErrors('aggregateSignatures.json', res.body)).toEqual([])
    await inSpecForms(async () => {
      const spec = await post({ message: `0x${msg}` })
      expect([spec.status, spec.body]).toEqual([200, res.body])
    })
    const wrongNetwork = toHex(encodeUnsignedWarp({ networkId: 5, sourceChainId: cb58Decode(cChain), payload: new Uint8Array([1]) }))
    expect((await post({ message: wrongNetwork })).status).toBe(400)
  })

  it('needs exactly one of message and justification', async () => {
    expect((await post({})).status).toBe(400)
    expect((await post({ message: '00', justification: '00' })).status).toBe(400)
    expect((await post({ justification: 'zz' })).status).toBe(400)
    expect((await post({ justification: '0x0001' })).status).toBe(201)
  })

  it('enforces the quorum rules', async () => {
    for (const bad of [{ quorumPercentage: 101 }, { quorumPercentage: -1 }, { quorumPercentage: 50.5 }, { quorumPercentageBuffer: 101 }, { quorumPercentage: 80, quorumPercentageBuffer: 21 }, { pChainHeight: -1 }]) {
      expect((await post({ justification: '01', ...bad })).status, JSON.stringify(bad)).toBe(400)
    }
    expect((await post({ justification: '01', quorumPercentage: 80, quorumPercentageBuffer: 20 })).status).not.toBe(400)
    // no subnet has every validator connected: a 100 % quorum cannot be reached
    const full = await post({ justification: '01', quorumPercentage: 100 })
    expect(full.status).toBe(500)
    expect(full.body.message).toMatch(/threshold/)
  })

  it('looks a message up by P-Chain tx hash; 404 for an unknown tx, 400 for a non-L1 tx', async () => {
    const v = (await getJson(`${url}/v1/networks/mainnet/l1Validators?pageSize=1`)).body.validators[0]
    const tx = (await getJson(`${url}/v1/networks/mainnet/blockchains/p-chain/transactions?l1ValidationId=${v.validationId}`)).body.transactions[0]
    const ok = await getJson(`${url}/v1/signatureAggregator/mainnet/aggregateSignatures/${tx.txHash}`)
    // 201 on this GET too, as the real service declares it (sic); 200 in the spec's forms
    expect(ok.status).toBe(201)
    expect(schemaErrors('getAggregatedSignatures.json', ok.body)).toEqual([])
    await inSpecForms(async () => expect((await getJson(`${url}/v1/signatureAggregator/mainnet/aggregateSignatures/${tx.txHash}`)).status).toBe(200))
    const other = (await getJson(`${url}/v1/networks/mainnet/blockchains/p-chain/transactions?pageSize=100`)).body.transactions.find((t: Json) => t.txType === 'AddPermissionlessDelegatorTx' || t.txType === 'BaseTx')
    if (other) expect((await getJson(`${url}/v1/signatureAggregator/mainnet/aggregateSignatures/${other.txHash}`)).status).toBe(400)
    expect((await getJson(`${url}/v1/signatureAggregator/mainnet/aggregateSignatures/11111111111111111111111111111111LpoYY`)).status).toBe(404)
    expect((await getJson(`${url}/v1/signatureAggregator/mainnet/aggregateSignatures/not-a-hash`)).status).toBe(400)
  })
})
