/**
 * GET /v1/chains/{chainId}/addresses/{address}/balances:listErc20
 * GET /v1/chains/{chainId}/addresses/{address}/balances:listCollectibles
 */
import { CURRENCIES, balanceValueIn, priceIn } from '../../dataset/evm/money'
import type { Currency } from '../../dataset/evm/money'
import type { EvmDataset } from '../../dataset/evm'
import type { Erc20Holding, Erc20Token, EvmChain } from '../../dataset/evm/types'
import type { DataContext } from '../context'
import { badRequest } from '../http/errors'
import { addressList } from '../http/list-request'
import { scopeOf, tokenField } from '../http/page-token'
import { booleanParam, enumParam, evmAddress, listParam, single } from '../http/query'
import type { PageSizeRange } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'
import { collectibleBalance } from '../serialize/nft'
import { moneyOut } from '../forms'
import type { FormsSwitch } from '../forms'

/** AVAX price on mainnet, micro-USD; test-network and L1 gas tokens have no market price. */
const AVAX_USD_MICRO = 25_310_000n

function nativeBalance(evm: EvmDataset, chain: EvmChain, address: string, currency: Currency, forms: FormsSwitch): Record<string, unknown> {
  const balance = evm.nativeBalances.get(`${chain.chainId}:${address}`) ?? 0n
  const out: Record<string, unknown> = {
    name: chain.token.name,
    symbol: chain.token.symbol,
    decimals: chain.token.decimals,
    logoUri: `https://assets.sim.invalid/tokens/${chain.token.symbol.toLowerCase()}.png`,
    chainId: chain.chainId,
  }
  const priced = chain.isCChain && evm.network === 'mainnet'
  if (priced) out.price = moneyOut(priceIn(AVAX_USD_MICRO, currency), forms)
  out.balance = balance.toString()
  if (priced) out.balanceValue = moneyOut(balanceValueIn(balance, chain.token.decimals, AVAX_USD_MICRO, currency), forms)
  return out
}

function erc20Balance(t: Erc20Token, h: Erc20Holding, currency: Currency, forms: FormsSwitch): Record<string, unknown> {
  const out: Record<string, unknown> = { address: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, logoUri: t.logoUri, ercType: 'ERC-20' }
  if (t.usdMicroPrice !== undefined) out.price = moneyOut(priceIn(t.usdMicroPrice, currency), forms)
  out.chainId = t.chainId
  out.balance = h.balance.toString()
  if (t.usdMicroPrice !== undefined) out.balanceValue = moneyOut(balanceValueIn(h.balance, t.decimals, t.usdMicroPrice, currency), forms)
  out.tokenReputation = t.reputation
  return out
}

/** USD value in micro-units, for ordering (highest value first, like a wallet view) */
function usdValue(t: Erc20Token, h: Erc20Holding): bigint {
  return t.usdMicroPrice === undefined ? 0n : (h.balance * t.usdMicroPrice) / 10n ** BigInt(t.decimals)
}

/** balances: 10 a page by default, up to 500 */
const PAGE_SIZE: PageSizeRange = { def: 10, min: 1, max: 500 }

export function balanceRoutes(ctx: DataContext): Route[] {
  return [
    get('listErc20Balances', '/v1/chains/{chainId}/addresses/{address}/balances:listErc20', ({ params, query }) => {
      const { address, pages } = addressList(ctx.tokens, params, query, PAGE_SIZE)
      const currency = enumParam(query, 'currency', CURRENCIES) ?? 'usd'
      const filterSpam = booleanParam(query, 'filterSpamTokens') ?? true
      const contracts = listParam(query, 'contractAddresses')?.map((a) => evmAddress('contractAddresses', a))
      const blockNumber = single(query, 'blockNumber')
      const { net, chain } = ctx.evmChain(params.chainId ?? '')
      if (blockNumber !== undefined && blockNumber !== '') {
        if (!/^\d+$/.test(blockNumber)) throw badRequest('blockNumber must be a decimal block number')
        // A block the indexer has not seen yet cannot have balances.
        if (BigInt(blockNumber) > BigInt(chain.headBlock)) throw badRequest(`blockNumber ${blockNumber} is after the latest indexed block ${chain.headBlock}`)
      }
      const rows = (net.evm.holdingsByOwner.get(`${chain.chainId}:${address}`) ?? [])
        .map((h) => ({ h, t: net.evm.tokenByKey.get(`${h.chainId}:${h.token}`) }))
        .filter((r): r is { h: Erc20Holding; t: Erc20Token } => r.t !== undefined)
        .filter((r) => !filterSpam || r.t.reputation !== 'Malicious')
        .filter((r) => contracts === undefined || contracts.includes(r.t.address))
        .sort((a, b) => {
          const d = usdValue(b.t, b.h) - usdValue(a.t, a.h)
          return d > 0n ? 1 : d < 0n ? -1 : a.t.address.localeCompare(b.t.address)
        })
      const page = pages.page(scopeOf('listErc20Balances', { chain: chain.chainId, address, filterSpam, contracts, blockNumber }), rows)
      return {
        body: {
          ...tokenField(page),
          nativeTokenBalance: nativeBalance(net.evm, chain, address, currency, ctx.forms),
          erc20TokenBalances: page.items.map((r) => erc20Balance({ ...r.t, name: ctx.tokenNames.get(r.t.address.toLowerCase()) ?? r.t.name }, r.h, currency, ctx.forms)),
        },
      }
    }),
    get('listCollectibleBalances', '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles', ({ params, query }) => {
      const { address, pages } = addressList(ctx.tokens, params, query, PAGE_SIZE)
      const rawContract = single(query, 'contractAddress')
      const contract = rawContract === undefined || rawContract === '' ? undefined : evmAddress('contractAddress', rawContract)
      const { net, chain } = ctx.evmChain(params.chainId ?? '')
      const items = (net.evm.collectiblesByOwner.get(`${chain.chainId}:${address}`) ?? []).filter((c) => contract === undefined || c.collection.address === contract)
      const page = pages.page(scopeOf('listCollectibleBalances', { chain: chain.chainId, address, contract }), items)
      return { body: { ...tokenField(page), collectibleBalances: page.items.map(collectibleBalance) } }
    }),
  ]
}
