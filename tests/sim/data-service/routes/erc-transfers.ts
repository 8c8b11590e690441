/**
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc721
 * GET /v1/chains/{chainId}/addresses/{address}/transactions:listErc1155
 * startBlock is inclusive, endBlock exclusive; either may be absent (genesis / latest block).
 */
import type { NftStandard } from '../../dataset/evm/types'
import type { DataContext } from '../context'
import { badRequest } from '../http/errors'
import { pageOf, scopeOf, tokenField } from '../http/page-token'
import { evmAddress, nonNegativeIntParam, pageSizeParam, single } from '../http/query'
import type { Route } from '../http/router'
import { nftTransfer } from '../serialize/nft'

function transfersRoute(ctx: DataContext, standard: NftStandard): Route {
  const verb = standard === 'ERC-721' ? 'listErc721' : 'listErc1155'
  const name = standard === 'ERC-721' ? 'listErc721Transactions' : 'listErc1155Transactions'
  return {
    name,
    method: 'GET',
    template: `/v1/chains/{chainId}/addresses/{address}/transactions:${verb}`,
    handler: ({ params, query }) => {
      const address = evmAddress('address', params.address)
      const pageSize = pageSizeParam(query, { def: 10, min: 1, max: 100 })
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
      const scope = scopeOf(name, { chain: chain.chainId, address, startBlock, endBlock })
      const page = pageOf(ctx.tokens, scope, rows, single(query, 'pageToken'), pageSize)
      const transactions = page.items.flatMap((tr) => {
        const c = collections.get(tr.collection)
        const t = net.evm.nftByKey.get(`${tr.chainId}:${tr.collection}:${tr.tokenId}`)
        return c && t ? [nftTransfer(tr, t, c)] : []
      })
      return { body: { ...tokenField(page), transactions } }
    },
  }
}

export function ercTransferRoutes(ctx: DataContext): Route[] {
  return [transfersRoute(ctx, 'ERC-721'), transfersRoute(ctx, 'ERC-1155')]
}
