import { DEPRECATED_PCHAIN_METHODS, type Data } from '../../../shared/contract'
import { platform, type NodeApis } from '../../clients/node/index'

/**
 * The P-Chain balance of addresses, mapped to the contract's view: the pchain.getBalance handler reads it
 * for the active profile's node, the sync jobs for the node of the profile they keep.
 */
export async function balanceOf(node: NodeApis, addresses: string[], signal: AbortSignal): Promise<Data<'pchain.getBalance'>> {
  return balanceView(addresses, await platform.getBalance(node, { addresses }, { signal }))
}

/**
 * The node's answer as the contract's view: each field only when the node sent it (a map or list not sent stays
 * absent: an empty one would say "no assets", "no UTXOs", which the node did not say).
 */
export function balanceView(addresses: string[], r: Awaited<ReturnType<typeof platform.getBalance>>): Data<'pchain.getBalance'> {
  return {
    addresses,
    ...(r.balance !== undefined ? { balance: r.balance } : {}),
    ...(r.unlocked !== undefined ? { unlocked: r.unlocked } : {}),
    ...(r.lockedStakeable !== undefined ? { lockedStakeable: r.lockedStakeable } : {}),
    ...(r.lockedNotStakeable !== undefined ? { lockedNotStakeable: r.lockedNotStakeable } : {}),
    ...(r.balances ? { balances: r.balances } : {}),
    ...(r.unlockeds ? { unlockeds: r.unlockeds } : {}),
    ...(r.lockedStakeables ? { lockedStakeables: r.lockedStakeables } : {}),
    ...(r.lockedNotStakeables ? { lockedNotStakeables: r.lockedNotStakeables } : {}),
    ...(r.utxoIDs ? { utxoIDs: r.utxoIDs.map((u) => ({ txID: u.txID, outputIndex: u.outputIndex })) } : {}),
    deprecated: DEPRECATED_PCHAIN_METHODS['platform.getBalance']
  }
}
