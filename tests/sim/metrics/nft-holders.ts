/**
 * GET /v2/chains/{chainId}/contracts/{address}/nfts:listHolders: holders of an NFT collection,
 * biggest first (sortKey = tokens or units held), 1000 a page by default, 1 to 5000. In the real
 * service's forms (default, ../data-service/forms) sortKey is a decimal string and the collection's
 * name and symbol are lists of strings; the spec's forms give an integer and plain strings.
 */
import type { DataContext } from '../data-service/context'
import { HttpError } from '../data-service/http/errors'
import { addressList } from '../data-service/http/list-request'
import { tokenField } from '../data-service/http/page-token'
import { get } from '../data-service/http/router'
import type { Route } from '../data-service/http/router'
import type { UuidPageTokens } from './uuid-page-tokens'

export function nftHolderRoutes(ctx: DataContext, tokens: UuidPageTokens): Route[] {
  return [
    get('getNftHoldersByContractAddress', '/v2/chains/{chainId}/contracts/{address}/nfts:listHolders', ({ params, query }) => {
      const { address, pages } = addressList(tokens, params, query, { def: 1000, min: 1, max: 5000 })
      const { net, chain } = ctx.evmChain(params.chainId ?? '')
      const collection = net.evm.collections.find((c) => c.chainId === chain.chainId && c.address === address)
      if (!collection) throw new HttpError(404, `No NFT collection at ${address} on chain ${chain.chainId}`)
      const holders = net.evm.holdersByCollection.get(`${chain.chainId}:${address}`) ?? []
      const totalTokens = [...net.evm.nftByKey.values()].filter((t) => t.chainId === chain.chainId && t.collection === address).length
      const page = pages.page(`holders|${chain.chainId}|${address}`, holders)
      const real = ctx.forms.real
      return {
        body: {
          ...tokenField(page),
          addresses: page.items.map((h) => ({ address: h.address, sortKey: real ? String(h.sortKey) : h.sortKey })),
          nftCollectionName: real ? [collection.name] : collection.name,
          nftSymbol: real ? [collection.symbol] : collection.symbol,
          totalHolders: holders.length,
          totalTokens,
        },
      }
    }),
  ]
}
