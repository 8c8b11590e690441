import type { MyValidators } from '../../../shared/contract'
import { platform, type NodeApis } from '../../clients/node/index'
import { assertSubnetKnown } from '../chains/subnets'
import { validatorView } from './views'

/**
 * "My validators" of one node: the NodeIDs asked for (the profile's unless given), in their order, and
 * those the node leaves out of the current set. The validators.mine handler reads them for the active profile;
 * the watch's checks and the sync jobs for the profile they work on, through the same data path.
 */
export async function readMine(
  node: NodeApis,
  profileNodeIds: readonly string[],
  { subnetID, nodeIDs }: { subnetID?: string | undefined; nodeIDs?: string[] | undefined },
  signal: AbortSignal
): Promise<MyValidators> {
  const asked = nodeIDs ?? [...profileNodeIds]
  const subnet = subnetID ?? null
  // An empty nodeIDs list would ask the node for every validator: ask nothing instead.
  if (asked.length === 0) return { subnetID: subnet, nodeIDs: [], validators: [], notValidating: [] }
  const r = await platform.getCurrentValidators(node, { nodeIDs: asked, ...(subnetID ? { subnetID } : {}) }, { signal })
  if (subnetID && r.validators.length === 0) await assertSubnetKnown(node, subnetID, signal)
  const found = new Set(r.validators.map((v) => v.nodeID))
  const order = new Map(asked.map((id, i) => [id, i]))
  return {
    subnetID: subnet,
    nodeIDs: asked,
    validators: r.validators
      .filter((v) => order.has(v.nodeID))
      .sort((a, b) => order.get(a.nodeID)! - order.get(b.nodeID)!)
      .map((v) => validatorView(v, subnet)),
    notValidating: asked.filter((id) => !found.has(id))
  }
}

