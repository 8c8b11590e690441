/**
 * GET /v1/networks/{network}/addresses:listChainIds: for each address, the base58 ids of the
 * Primary Network chains it has transactions on (never aliases). `addresses` is required.
 */
import type { DataContext } from '../context'
import { badRequest } from '../http/errors'
import { listParam, networkPathParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'
import { parsePrimaryAddress } from '../primary-address'

export function chainIdRoutes(ctx: DataContext): Route[] {
  return [
    get('getChainIdsForAddresses', '/v1/networks/{network}/addresses:listChainIds', ({ params, query }) => {
      const network = networkPathParam(params.network)
      const raw = listParam(query, 'addresses')
      if (raw === undefined) throw badRequest('addresses is required')
      const net = ctx.network(network)
      const p = net.primary.params
      const idOf = { P: p.pChainId, X: p.xChainId, C: p.cChainId } as const
      const addresses = raw.map((given) => {
        const key = parsePrimaryAddress(given, net, { allowEvm: false, param: 'addresses' })
        const chains = new Set((net.txsByAddress.get(key) ?? []).map((t) => t.chain))
        return { address: given, blockchainIds: (['P', 'X', 'C'] as const).filter((c) => chains.has(c)).map((c) => idOf[c]) }
      })
      return { body: { addresses } }
    }),
  ]
}
