/**
 * GET /v1/networks/{network}/rewards:listPending: rewards of stakes whose period has not ended.
 * At least one of addresses / nodeIds is required (400 otherwise). By address: the reward owner of a
 * validation (VALIDATOR), of a delegation (DELEGATOR) or of the delegation fees (VALIDATOR_FEE).
 * By node: the validation on that node and its delegations. Sorted by start time, newest first.
 */
import type { Dataset, Owner } from '../../dataset'
import type { DataContext } from '../context'
import { badRequest } from '../http/errors'
import { sortedNetworkList } from '../http/list-request'
import { scopeOf, tokenField } from '../http/page-token'
import { DEFAULT_PAGE_SIZE, listParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'
import { parsePrimaryAddresses } from '../primary-address'
import { assetAmount } from '../serialize/primary-tx'

const NODE_ID = /^NodeID-[1-9A-HJ-NP-Za-km-z]{20,40}$/

interface Pending {
  owner: Owner
  txHash: string
  staked: bigint
  nodeId: string
  start: number
  end: number
  type: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE'
  reward: bigint
}

function allPending(ds: Dataset): Pending[] {
  const out: Pending[] = []
  for (const v of ds.validators) {
    if (v.endTime <= ds.now) continue
    out.push({ owner: v.validationRewardOwner, txHash: v.txID, staked: v.weight, nodeId: v.nodeID, start: v.startTime, end: v.endTime, type: 'VALIDATOR', reward: v.potentialReward })
    if (v.delegators.length > 0) {
      const stakedByDelegators = v.delegators.reduce((s, d) => s + d.weight, 0n)
      out.push({ owner: v.delegationRewardOwner, txHash: v.txID, staked: stakedByDelegators, nodeId: v.nodeID, start: v.startTime, end: v.endTime, type: 'VALIDATOR_FEE', reward: v.accruedDelegateeReward })
    }
    for (const d of v.delegators) {
      if (d.endTime <= ds.now) continue
      out.push({ owner: d.rewardOwner, txHash: d.txID, staked: d.weight, nodeId: d.nodeID, start: d.startTime, end: d.endTime, type: 'DELEGATOR', reward: d.potentialReward })
    }
  }
  return out
}

const pendingCache = new WeakMap<Dataset, Pending[]>()

export function rewardRoutes(ctx: DataContext): Route[] {
  return [
    get('listPendingPrimaryNetworkRewards', '/v1/networks/{network}/rewards:listPending', ({ params, query }) => {
      const { network, pages, sortOrder } = sortedNetworkList(ctx.tokens, params, query, DEFAULT_PAGE_SIZE)
      const rawAddresses = listParam(query, 'addresses')
      const nodeIds = listParam(query, 'nodeIds')
      if (rawAddresses === undefined && nodeIds === undefined) throw badRequest('One of addresses or nodeIds is required')
      for (const n of nodeIds ?? []) if (!NODE_ID.test(n)) throw badRequest(`nodeIds must hold node IDs of the form NodeID-<hash>, got ${n}`)
      const net = ctx.network(network)
      const addresses = rawAddresses && parsePrimaryAddresses(rawAddresses, net, { allowEvm: false, param: 'addresses' })
      const ds = net.primary
      let all = pendingCache.get(ds)
      if (!all) pendingCache.set(ds, (all = allPending(ds)))
      const rows = all
        .filter((p) => (addresses !== undefined && p.owner.addresses.some((a) => addresses.includes(a.toLowerCase()))) || (nodeIds !== undefined && p.type !== 'VALIDATOR_FEE' && nodeIds.includes(p.nodeId)))
        .sort((a, b) => a.start - b.start || a.txHash.localeCompare(b.txHash) || a.type.localeCompare(b.type))
      if (sortOrder === 'desc') rows.reverse()
      const page = pages.page(scopeOf('listPendingPrimaryNetworkRewards', { network, addresses, nodeIds, sortOrder }), rows)
      return {
        body: {
          ...tokenField(page),
          pendingRewards: page.items.map((p) => ({
            addresses: p.owner.addresses,
            txHash: p.txHash,
            amountStaked: p.staked.toString(),
            nodeId: p.nodeId,
            startTimestamp: p.start,
            endTimestamp: p.end,
            rewardType: p.type,
            // share of the staking period already elapsed, in percent
            progress: Math.round(Math.min(100, Math.max(0, ((ds.now - p.start) / (p.end - p.start)) * 100)) * 100) / 100,
            estimatedReward: assetAmount(ds.avax, p.reward),
          })),
        },
      }
    }),
  ]
}
