/**
 * GET /v1/networks/{network}/l1Validators: active L1 validators by default; inactive ones too with
 * includeInactiveL1Validators=true. Filters: l1ValidationId (cb58 or 0x hex), nodeId, subnetId.
 * A subnetId switched off answers 503 (the "particular subnet" of the spec).
 */
import type { L1Validator } from '../../dataset'
import type { DataContext } from '../context'
import { badRequest } from '../http/errors'
import { networkList } from '../http/list-request'
import { scopeOf, tokenField } from '../http/page-token'
import { DEFAULT_PAGE_SIZE, booleanParam, stringParam } from '../http/query'
import { get } from '../http/router'
import type { Route } from '../http/router'

const NODE_ID = /^NodeID-[1-9A-HJ-NP-Za-km-z]{20,40}$/

function record(v: L1Validator): Record<string, unknown> {
  return {
    validationId: v.validationId,
    validationIdHex: v.validationIdHex,
    nodeId: v.nodeID,
    subnetId: v.subnetId,
    weight: Number(v.weight),
    remainingBalance: Number(v.balance),
    creationTimestamp: v.creationTimestamp,
    blsCredentials: v.signer,
    remainingBalanceOwner: { addresses: v.remainingBalanceOwner.addresses, threshold: v.remainingBalanceOwner.threshold },
    deactivationOwner: { addresses: v.deactivationOwner.addresses, threshold: v.deactivationOwner.threshold },
  }
}

export function l1ValidatorRoutes(ctx: DataContext): Route[] {
  return [
    get('listL1Validators', '/v1/networks/{network}/l1Validators', ({ params, query }) => {
      const { network, pages } = networkList(ctx.tokens, params, query, DEFAULT_PAGE_SIZE)
      const includeInactive = booleanParam(query, 'includeInactiveL1Validators') ?? false
      const validationId = stringParam(query, 'l1ValidationId')
      const nodeId = stringParam(query, 'nodeId')
      const subnetId = stringParam(query, 'subnetId')
      if (nodeId !== undefined && !NODE_ID.test(nodeId)) throw badRequest(`nodeId must be a valid node ID of the form NodeID-<hash>, got ${nodeId}`)
      if (subnetId !== undefined) ctx.assertSubnetAvailable(subnetId)
      const net = ctx.network(network)
      const rows = net.primary.l1Validators
        .filter(
          (v) =>
            (includeInactive || v.active) &&
            (validationId === undefined || v.validationId === validationId || v.validationIdHex.toLowerCase() === validationId.toLowerCase()) &&
            (nodeId === undefined || v.nodeID === nodeId) &&
            (subnetId === undefined || v.subnetId === subnetId),
        )
        .sort((a, b) => b.creationTimestamp - a.creationTimestamp || a.validationId.localeCompare(b.validationId))
      const page = pages.page(scopeOf('listL1Validators', { network, includeInactive, validationId, nodeId, subnetId }), rows)
      const tip = net.primary.pBlocks.at(-1)
      return { body: { ...tokenField(page), validators: page.items.map(record), blockHeight: (tip?.height ?? 0n).toString() } }
    }),
  ]
}
