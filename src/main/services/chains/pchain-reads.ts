import { DEPRECATED_PCHAIN_METHODS, type Data } from '../../../shared/contract'
import { platform, type NodeApis } from '../../clients/node/index'

/**
 * The P-Chain balance of addresses, mapped to the contract's view: the pchain.getBalance handler reads it
 * for the active profile's node, the sync jobs for the node of the profile they keep.
 */
export async function balanceOf(node: NodeApis, addresses: string[], signal: AbortSignal): Promise<Data<'pchain.getBalance'>> {
  const r = await platform.getBalance(node, { addresses }, { signal })
  return {
    addresses,
    ...(r.balance !== undefined ? { balance: r.balance } : {}),
    ...(r.unlocked !== undefined ? { unlocked: r.unlocked } : {}),
    ...(r.lockedStakeable !== undefined ? { lockedStakeable: r.lockedStakeable } : {}),
    ...(r.lockedNotStakeable !== undefined ? { lockedNotStakeable: r.lockedNotStakeable } : {}),
    balances: r.balances ?? {},
    unlockeds: r.unlockeds ?? {},
    lockedStakeables: r.lockedStakeables ?? {},
    lockedNotStakeables: r.lockedNotStakeables ?? {},
    utxoIDs: (r.utxoIDs ?? []).map((u) => ({ txID: u.txID, outputIndex: u.outputIndex })),
    deprecated: DEPRECATED_PCHAIN_METHODS['platform.getBalance']
  }
}
