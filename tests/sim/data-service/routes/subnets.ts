/** GET /v1/networks/{network}/subnets: subnets and L1s with their blockchains (pageSize 1..10000, default 100). */
import type { Subnet } from '../../dataset'
import type { DataContext } from '../context'
import { sortedNetworkList } from '../http/list-request'
import { scopeOf, tokenField } from '../http/page-token'
import { get } from '../http/router'
import type { Route } from '../http/router'

export function subnetRecord(s: Subnet): Record<string, unknown> {
  const owner = { locktime: Number(s.owner.locktime), threshold: s.owner.threshold, addresses: s.owner.addresses }
  return {
    createBlockTimestamp: s.createBlockTimestamp,
    createBlockIndex: s.createBlockIndex.toString(),
    subnetId: s.subnetId,
    // deprecated but still required fields, mirroring subnetOwnershipInfo
    ownerAddresses: owner.addresses,
    threshold: owner.threshold,
    locktime: owner.locktime,
    subnetOwnershipInfo: owner,
    isL1: s.isL1,
    ...(s.l1ConversionTransactionHash ? { l1ConversionTransactionHash: s.l1ConversionTransactionHash } : {}),
    ...(s.l1ValidatorManagerDetails ? { l1ValidatorManagerDetails: s.l1ValidatorManagerDetails } : {}),
    blockchains: s.blockchains.map((b) => ({
      createBlockTimestamp: b.createBlockTimestamp,
      createBlockNumber: b.createBlockNumber.toString(),
      blockchainId: b.blockchainId,
      vmId: b.vmId,
      subnetId: b.subnetId,
      blockchainName: b.name,
      evmChainId: b.evmChainId,
      genesisData: b.genesisData,
    })),
  }
}

export function subnetRoutes(ctx: DataContext): Route[] {
  return [
    get('listSubnets', '/v1/networks/{network}/subnets', ({ params, query }) => {
      const { network, pages, sortOrder } = sortedNetworkList(ctx.tokens, params, query, { def: 100, min: 1, max: 10_000 })
      const net = ctx.network(network)
      const subnets = [...net.primary.subnets].sort((a, b) => a.createBlockTimestamp - b.createBlockTimestamp || a.subnetId.localeCompare(b.subnetId))
      if (sortOrder === 'desc') subnets.reverse()
      const page = pages.page(scopeOf('listSubnets', { network, sortOrder }), subnets)
      return { body: { ...tokenField(page), subnets: page.items.map(subnetRecord) } }
    }),
  ]
}
