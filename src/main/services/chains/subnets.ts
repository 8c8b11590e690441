import { PRIMARY_NETWORK_ID } from '../../../shared/domain/format'
import { AppError } from '../../../shared/rpc/errors'
import { admin, platform, type NodeApis } from '../../clients/node/index'

/**
 * Whether the node knows a subnet, and what kind it is, from what the node says of the subnet itself:
 * platform.getSubnet where the node serves it (avalanchego v1.11+), else the subnets of its blockchains.
 *
 * Not from platform.getCurrentSupply: avalanchego keeps a supply for the Primary Network and elastic
 * subnets only, and answers a permissioned subnet, an L1 and an unknown ID alike ("fetching current supply
 * failed: not found"). Nor from an empty validator set: a subnet may have no current validators.
 */
export type SubnetKind = 'permissioned' | 'elastic' | 'l1'

export type SubnetKnowledge =
  | { known: true; /** null when only its blockchains say it exists */ kind: SubnetKind | null }
  | { known: false; /** the node's own words, when it said something (getSubnet's error) */ nodeSaid?: string; how: 'getSubnet' | 'getBlockchains' }

/** ids.Empty in cb58 (the Primary Network's ID is that too): what avalanchego prints for an ID a subnet does not have. */
const EMPTY_ID = PRIMARY_NETWORK_ID

/** getSubnet's answer for an ID that names no subnet: unknown, or the ID of a transaction that is not a subnet's. */
const NO_SUBNET = /not found|is not a subnet/i

export async function subnetKnowledge(node: NodeApis, subnetID: string, signal: AbortSignal): Promise<SubnetKnowledge> {
  // Its ID is accepted wherever a subnet's is; getSubnet would answer "the primary network isn't a subnet".
  if (subnetID === PRIMARY_NETWORK_ID) return { known: true, kind: null }
  try {
    const s = await platform.getSubnet(node, { subnetID }, { signal })
    const kind: SubnetKind =
      s.conversionID !== undefined && s.conversionID !== EMPTY_ID
        ? 'l1'
        : s.isPermissioned
          ? 'permissioned'
          : 'elastic'
    return { known: true, kind }
  } catch (err) {
    // A node older than getSubnet: its blockchains name the subnets it knows (one without a chain stays unseen).
    // Asked first: "method not found" holds "not found", which is not the node saying the subnet is unknown.
    if (!admin.isUnknownMethodError(err)) {
      const said = err instanceof AppError && err.is('RPC') ? err.details?.upstreamMessage : undefined
      if (said !== undefined && NO_SUBNET.test(said)) return { known: false, nodeSaid: said, how: 'getSubnet' }
      throw err
    }
  }
  const r = await platform.getBlockchains(node, {}, { signal })
  return r.blockchains.some((b) => b.subnetID === subnetID) ? { known: true, kind: null } : { known: false, how: 'getBlockchains' }
}

/**
 * NOT_FOUND for a subnet the node does not know, with the node's words when it said any. A node without
 * platform.getSubnet cannot say that a subnet does not exist (one without a blockchain is in no list it
 * serves): the error says what it could not ask, not that there is no such subnet.
 */
export function unknownSubnetError(subnetID: string, k: Extract<SubnetKnowledge, { known: false }>, cause?: unknown): AppError {
  const message =
    k.how === 'getSubnet'
      ? `The node knows no subnet ${subnetID}: check the subnet ID`
      : `The node cannot say whether subnet ${subnetID} exists: it does not serve platform.getSubnet, and none of its blockchains belongs to that subnet (check the subnet ID, or ask a node that serves platform.getSubnet)`
  return new AppError('NOT_FOUND', message, k.nodeSaid ? { upstreamMessage: k.nodeSaid } : undefined, { cause })
}

/** Throws NOT_FOUND unless the node knows the subnet (asked when the node lists no validator of it). */
export async function assertSubnetKnown(node: NodeApis, subnetID: string, signal: AbortSignal): Promise<void> {
  const k = await subnetKnowledge(node, subnetID, signal)
  if (!k.known) throw unknownSubnetError(subnetID, k)
}

/** How the app names each kind in a sentence. */
export const SUBNET_KIND_TEXT: Record<SubnetKind, string> = {
  permissioned: 'a permissioned subnet',
  elastic: 'an elastic subnet',
  l1: 'an L1'
}
