/**
 * The parameters a paged list reads before its own filters, in the order the real service checks
 * them, so that a request with several bad values gets the same 400 as there. The page token is
 * read last, by the Pager, when the page is cut.
 */
import { pager } from './page-token'
import type { PageTokenIssuer, Pager } from './page-token'
import { evmAddress, networkPathParam, sortOrderParam } from './query'
import type { NetworkName, PageSizeRange, SortOrder } from './query'

type PathParams = Readonly<Record<string, string>>

/** A list under /v1/networks/{network}: the network of the path, then pageSize. */
export function networkList(tokens: PageTokenIssuer, params: PathParams, query: URLSearchParams, range: PageSizeRange): { network: NetworkName; pages: Pager } {
  const network = networkPathParam(params.network)
  return { network, pages: pager(tokens, query, range) }
}

/** networkList, then sortOrder (newest first unless asked otherwise), for the lists that take one. */
export function sortedNetworkList(
  tokens: PageTokenIssuer,
  params: PathParams,
  query: URLSearchParams,
  range: PageSizeRange,
): { network: NetworkName; pages: Pager; sortOrder: SortOrder } {
  const list = networkList(tokens, params, query, range)
  return { ...list, sortOrder: sortOrderParam(query) }
}

/** A list about the EVM address of the path (`.../{address}/...`): the address, then pageSize. */
export function addressList(tokens: PageTokenIssuer, params: PathParams, query: URLSearchParams, range: PageSizeRange): { address: string; pages: Pager } {
  const address = evmAddress('address', params.address)
  return { address, pages: pager(tokens, query, range) }
}
