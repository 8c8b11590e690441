/**
 * GET /v1/icm/messages, GET /v1/icm/addresses/{address}/messages, GET /v1/icm/messages/{messageId}.
 * Lists are newest first. Without `network` both networks' messages are listed, merged by time.
 */
import type { IcmMessage } from '../../dataset/evm/types'
import type { DataContext } from '../context'
import { notFound } from '../http/errors'
import { pageOf, scopeOf, tokenField } from '../http/page-token'
import { NETWORKS, enumParam, evmAddress, pageSizeParam, single, stringParam } from '../http/query'
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
    {
      name: 'listIcmMessages',
      method: 'GET',
      template: '/v1/icm/messages',
      handler: ({ query }) => {
        const pageSize = pageSizeParam(query, { def: 10, min: 1, max: 100 })
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
        const scope = scopeOf('listIcmMessages', { network, source, destination, either, to, from })
        const page = pageOf(ctx.tokens, scope, rows, single(query, 'pageToken'), pageSize)
        return { body: { ...tokenField(page), messages: page.items.map(icmMessage) } }
      },
    },
    {
      name: 'listIcmMessagesByAddress',
      method: 'GET',
      template: '/v1/icm/addresses/{address}/messages',
      handler: ({ params, query }) => {
        const address = evmAddress('address', params.address)
        const pageSize = pageSizeParam(query, { def: 10, min: 1, max: 100 })
        const { network, messages } = messagesOf(ctx, query)
        const rows = messages.filter((m) => m.from === address || m.to === address)
        const scope = scopeOf('listIcmMessagesByAddress', { network, address })
        const page = pageOf(ctx.tokens, scope, rows, single(query, 'pageToken'), pageSize)
        return { body: { ...tokenField(page), messages: page.items.map(icmMessage) } }
      },
    },
    {
      name: 'getIcmMessage',
      method: 'GET',
      template: '/v1/icm/messages/{messageId}',
      handler: ({ params }) => {
        const id = (params.messageId ?? '').toLowerCase().replace(/^0x/, '')
        // mainnet first; the test network is built only when the id is not a mainnet message
        for (const name of ['mainnet', 'fuji'] as const) {
          const m = ctx.network(name).evm.icmById.get(id)
          if (m) return { body: icmMessage(m) }
        }
        throw notFound(`ICM message ${params.messageId ?? ''} not found`)
      },
    },
  ]
}
