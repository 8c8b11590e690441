/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155
 * startBlock is inclusive, endBlock exclusive; either may be absent (genesis / latest block).
 */
import type { NftStandard } from '../../dataset/evm/types'
import type { DataContext } from '../context'
import { badRequest } from '../http/errors'
import { addressList } from '../http/list-request'
import { scopeOf, tokenField } from '../http/page-token'
import { DEFAULT_PAGE_SIZE, nonNegativeIntParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'
import { nftTransfer } from '../serialize/nft'

function transfersRoute(ctx: DataContext, standard: NftStandard): Route {
  const verb = standard === 'ERC-721' ? 'listErc721' : 'listErc1155'
  const name = standard === 'ERC-721' ? 'listErc721Transactions' : 'listErc1155Transactions'
  return get(name, `/v1/chains/{chainId}/addresses/{address}/transactions:${verb}`, ({ params, query }) => {
    const { address, pages } = addressList(ctx.tokens, params, query, DEFAULT_PAGE_SIZE)
    const startBlock = nonNegativeIntParam(query, 'startBlock')
    const endBlock = nonNegativeIntParam(query, 'endBlock')
    if (startBlock !== undefined && endBlock !== undefined && startBlock > endBlock) {
      throw badRequest('startBlock must be less than or equal to endBlock')
    }
    const { net, chain } = ctx.evmChain(params.chainId ?? '')
    const collections = new Map(net.evm.collections.filter((c) => c.chainId === chain.chainId).map((c) => [c.address, c]))
    const rows = (net.evm.nftTransfersByAddress.get(`${chain.chainId}:${address}`) ?? []).filter(
      (t) => t.standard === standard && (startBlock === undefined || t.blockNumber >= startBlock) && (endBlock === undefined || t.blockNumber < endBlock),
    )
    const page = pages.page(scopeOf(name, { chain: chain.chainId, address, startBlock, endBlock }), rows)
    const transactions = page.items.flatMap((tr) => {
      const c = collections.get(tr.collection)
      const t = net.evm.nftByKey.get(`${tr.chainId}:${tr.collection}:${tr.tokenId}`)
      return c && t ? [nftTransfer(tr, t, c)] : []
    })
    return { body: { ...tokenField(page), transactions } }
  })
}

export function ercTransferRoutes(ctx: DataContext): Route[] {
  return [transfersRoute(ctx, 'ERC-721'), transfersRoute(ctx, 'ERC-1155')]
}
