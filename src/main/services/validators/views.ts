import type { DelegatorView, Owner, ValidatorSet, ValidatorView } from '../../../shared/contract'
import type { platform } from '../../clients/node/index'

/** Maps what the node sent (every shape a real node may send, already normalised) to the contract's view. */
export function validatorView(v: platform.Validator, subnetID: string | null): ValidatorView {
  const kind = v.validationID !== undefined ? 'l1' : subnetID === null ? 'primary' : 'subnet'
  const out: ValidatorView = { nodeID: v.nodeID, kind, startTime: v.startTime, weight: v.weight }
  const copy = <K extends keyof ValidatorView>(key: K, value: ValidatorView[K] | undefined): void => {
    if (value !== undefined) out[key] = value
  }
  copy('txID', v.txID)
  copy('endTime', v.endTime)
  copy('potentialReward', v.potentialReward)
  copy('accruedDelegateeReward', v.accruedDelegateeReward)
  copy('delegationFee', v.delegationFee)
  copy('exactDelegationFee', v.exactDelegationFee)
  copy('uptime', v.uptime)
  copy('connected', v.connected)
  copy('delegatorCount', v.delegatorCount)
  // Nodes before 2023 sent no delegatorWeight, only the delegators themselves (each validator's, nested).
  copy('delegatorWeight', v.delegatorWeight ?? (v.delegators ? v.delegators.reduce((s, d) => s + BigInt(d.weight), 0n).toString() : undefined))
  copy('validationRewardOwner', ownerView(v.validationRewardOwner))
  copy('delegationRewardOwner', ownerView(v.delegationRewardOwner))
  copy('signer', v.signer ? { publicKey: v.signer.publicKey, proofOfPossession: v.signer.proofOfPossession } : undefined)
  copy('validationID', v.validationID)
  copy('publicKey', v.publicKey)
  copy('balance', v.balance)
  copy('minNonce', v.minNonce)
  copy('remainingBalanceOwner', ownerView(v.remainingBalanceOwner))
  copy('deactivationOwner', ownerView(v.deactivationOwner))
  return out
}

export function delegatorView(d: platform.Delegator): DelegatorView {
  return {
    ...(d.txID !== undefined ? { txID: d.txID } : {}),
    nodeID: d.nodeID,
    startTime: d.startTime,
    endTime: d.endTime,
    weight: d.weight,
    ...(d.potentialReward !== undefined ? { potentialReward: d.potentialReward } : {}),
    ...(d.rewardOwner ? { rewardOwner: ownerView(d.rewardOwner)! } : {})
  }
}

function ownerView(o: platform.Owner | undefined): Owner | undefined {
  return o ? { locktime: o.locktime, threshold: o.threshold, addresses: o.addresses } : undefined
}

/**
 * Count, weights and connected share, exact (bigint sums of decimal strings). A Primary Network
 * validator's `weight` is its own stake; consensus samples it by its own stake plus what is delegated to
 * it (`delegatorWeight`), so the total and the connected share count both. Subnet and L1 validators have
 * no delegators: their total is their weight.
 */
export function totalsOf(validators: readonly ValidatorView[]): ValidatorSet['totals'] {
  let own = 0n
  let delegated = 0n
  let connectedOwn = 0n
  let connectedDelegated = 0n
  let connectedCount = 0
  let reportingConnected = 0
  for (const v of validators) {
    const w = BigInt(v.weight)
    const d = BigInt(v.delegatorWeight ?? '0')
    own += w
    delegated += d
    if (v.connected !== undefined) reportingConnected++
    if (v.connected === true) {
      connectedCount++
      connectedOwn += w
      connectedDelegated += d
    }
  }
  return {
    count: validators.length,
    totalWeight: (own + delegated).toString(),
    ownWeight: own.toString(),
    delegatedWeight: delegated.toString(),
    connectedCount,
    connectedTotalWeight: (connectedOwn + connectedDelegated).toString(),
    connectedOwnWeight: connectedOwn.toString(),
    reportingConnected
  }
}
