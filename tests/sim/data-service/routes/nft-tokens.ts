/** GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}: one ERC-721 or ERC-1155 token. */
import type { DataContext } from '../context'
import { badRequest, notFound } from '../http/errors'
import { evmAddress } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'
import { tokenRecord } from '../serialize/nft'

export function nftTokenRoutes(ctx: DataContext): Route[] {
  return [
    get('getTokenDetails', '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}', ({ params }) => {
      const address = evmAddress('address', params.address)
      const tokenId = params.tokenId ?? ''
      // Token ids are uint256: a decimal string. Anything else is malformed input (400), not a missing token.
      if (!/^\d{1,78}$/.test(tokenId)) throw badRequest('tokenId must be a decimal uint256')
      const { net, chain } = ctx.evmChain(params.chainId ?? '')
      const collection = net.evm.collections.find((c) => c.chainId === chain.chainId && c.address === address)
      if (!collection) throw notFound(`NFT collection ${address} not found on chain ${chain.chainId}`)
      const token = net.evm.nftByKey.get(`${chain.chainId}:${address}:${BigInt(tokenId).toString()}`)
      if (!token) throw notFound(`Token ${tokenId} of ${address} not found`)
      return { body: tokenRecord(token, collection) }
    }),
  ]
}
