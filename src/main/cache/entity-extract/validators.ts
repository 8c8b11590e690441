import type { ValidatorView } from '../../../shared/contract'
import { avax, integer, percent } from '../../../shared/domain/format'
import type { EntityInput } from '../entities-store'
import { TermSet } from '../entity-terms'
import { label, secondsToMs } from './common'

/** A validator of a subnet is a row of its own: the same NodeID may validate several subnets. */
export function validatorKey(nodeID: string, subnetID: string | null | undefined): string {
  return subnetID ? `${nodeID}/${subnetID}` : nodeID
}

/**
 * A validator as its latest reading (its history is the watch's samples): found by NodeID, its staking tx,
 * its L1 validation ID, its subnet and the addresses of its reward and balance owners.
 */
export function validatorEntity(v: ValidatorView, subnetID: string | null): EntityInput {
  const terms = new TermSet().add(v.nodeID, v.txID, v.validationID, subnetID)
  for (const o of [v.validationRewardOwner, v.delegationRewardOwner, v.remainingBalanceOwner, v.deactivationOwner]) if (o) terms.add(o.addresses)
  return {
    kind: 'validator',
    chain: 'P',
    key: validatorKey(v.nodeID, subnetID),
    sort: secondsToMs(v.startTime),
    // A Primary Network weight is stake in nAVAX; a subnet's or an L1's weight has no unit.
    label: label(
      v.nodeID,
      subnetID ? `subnet ${subnetID}` : 'Primary Network',
      `weight ${subnetID ? integer(v.weight) : avax(v.weight)}`,
      v.uptime !== undefined && `uptime ${percent(v.uptime)}`
    ),
    data: v,
    terms: terms.list()
  }
}
