/**
 * GET /v1/icm/messages, GET /v1/icm/addresses/{address}/messages, GET /v1/icm/messages/{messageId}.
 * Lists are newest first. Without `network` both networks' messages are listed, merged by time.
 */
import type { IcmMessage } from '../../dataset/evm/types'
import type { DataContext } from '../context'
import { notFound } from '../http/errors'
import { addressList } from '../http/list-request'
import { pager, scopeOf, tokenField } from '../http/page-token'
import { DEFAULT_PAGE_SIZE, NETWORKS, enumParam, evmAddress, stringParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'
import { icmMessage } from '../serialize/icm'

function messagesOf(ctx: DataContext, query: URLSearchParams): { network: string; messages: IcmMessage[] } {
  const network = enumParam(query, 'network', NETWORKS)
  if (network !== undefined) return { network, messages: ctx.network(network).evm.icmMessages }
  const merged = ctx.allNetworks().flatMap((n) => n.evm.icmMessages)
  merged.sort((a, b) => b.timestamp - a.timestamp || a.messageId.localeCompare(b.messageId))
  return { network: 'all', messages: merged }
}

/** a base58 blockchain id or an EVM chain id, as the real filters accept */
const onChain = (id: string, chain: { blockchainId: string; chainId: string }): boolean => chain.blockchainId === id || chain.chainId === id

export function icmRoutes(ctx: DataContext): Route[] {
  return [
    get('listIcmMessages', '/v1/icm/messages', ({ query }) => {
      const pages = pager(ctx.tokens, query, DEFAULT_PAGE_SIZE)
      const source = stringParam(query, 'sourceBlockchainId')
      const destination = stringParam(query, 'destinationBlockchainId')
      const either = stringParam(query, 'blockchainId')
      const rawTo = stringParam(query, 'to')
      const rawFrom = stringParam(query, 'from')
      const to = rawTo === undefined ? undefined : evmAddress('to', rawTo)
      const from = rawFrom === undefined ? undefined : evmAddress('from', rawFrom)
      const { network, messages } = messagesOf(ctx, query)
      const rows = messages.filter(
        (m) =>
          (source === undefined || onChain(source, m.source)) &&
          (destination === undefined || onChain(destination, m.destination)) &&
          (either === undefined || onChain(either, m.source) || onChain(either, m.destination)) &&
          (to === undefined || m.to === to) &&
          (from === undefined || m.from === from),
      )
      const page = pages.page(scopeOf('listIcmMessages', { network, source, destination, either, to, from }), rows)
      return { body: { ...tokenField(page), messages: page.items.map((m) => icmMessage(m, ctx.forms)) } }
    }),
    get('listIcmMessagesByAddress', '/v1/icm/addresses/{address}/messages', ({ params, query }) => {
      const { address, pages } = addressList(ctx.tokens, params, query, DEFAULT_PAGE_SIZE)
      const { network, messages } = messagesOf(ctx, query)
      const rows = messages.filter((m) => m.from === address || m.to === address)
      const page = pages.page(scopeOf('listIcmMessagesByAddress', { network, address }), rows)
      return { body: { ...tokenField(page), messages: page.items.map((m) => icmMessage(m, ctx.forms)) } }
    }),
    get('getIcmMessage', '/v1/icm/messages/{messageId}', ({ params }) => {
      const id = (params.messageId ?? '').toLowerCase().replace(/^0x/, '')
      // mainnet first; the test network is built only when the id is not a mainnet message
      for (const name of ['mainnet', 'fuji'] as const) {
        const m = ctx.network(name).evm.icmById.get(id)
        if (m) return { body: icmMessage(m, ctx.forms) }
      }
      throw notFound(`ICM message ${params.messageId ?? ''} not found`)
    }),
  ]
}
