import { AppError } from '../../../shared/rpc/errors'
import { platform } from '../../clients/node/index'
import { assertSubnetKnown } from '../chains/subnets'
import type { Connections } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import type { ValidatorsService } from './service'
import { readMine } from './mine'
import { delegatorView, totalsOf, validatorView } from './views'

/**
 * The validators area. Node reads map the node's answer to the contract's view (the data path caches
 * them); the history and "check now" come from the service, over the watch.
 */
export function validatorHandlers(connections: Connections, validators: ValidatorsService): AreaHandlers<'validators'> {
  const node = () => connections.get().node
  return {
    'validators.mine': (input, { signal }) => readMine(node(), connections.get().profile.nodeIds, input, signal),
    'validators.list': async ({ subnetID }, { signal }) => {
      const subnet = subnetID ?? null
      const r = await platform.getCurrentValidators(node(), subnetID ? { subnetID } : {}, { signal })
      if (subnetID && r.validators.length === 0) await assertSubnetKnown(node(), subnetID, signal)
      // The list has no use for per-validator delegator lists (the detail view asks for them).
      const validators = r.validators.map((v) => validatorView(v, subnet))
      return { subnetID: subnet, validators, totals: totalsOf(validators) }
    },
    'validators.subnets': async (_input, { signal }) => {
      const r = await platform.getBlockchains(node(), {}, { signal })
      // The Primary Network's own chains (X, C) are not a subnet to choose: it is the default choice.
      const bySubnet = new Map<string, { id: string; name: string }[]>()
      for (const b of r.blockchains) {
        if (b.subnetID === PRIMARY_NETWORK_ID) continue
        const list = bySubnet.get(b.subnetID) ?? []
        list.push({ id: b.id, name: b.name })
        bySubnet.set(b.subnetID, list)
      }
      return { subnets: [...bySubnet].map(([subnetID, chains]) => ({ subnetID, chains })) }
    },
    'validators.get': async ({ nodeID, subnetID }, { signal }) => {
      const subnet = subnetID ?? null
      const r = await platform.getCurrentValidators(node(), { nodeIDs: [nodeID], ...(subnetID ? { subnetID } : {}) }, { signal })
      const v = r.validators.find((x) => x.nodeID === nodeID)
      if (!v) {
        if (subnetID) await assertSubnetKnown(node(), subnetID, signal)
        throw new AppError('NOT_FOUND', `${nodeID} is not a current validator of ${subnetID ? `subnet ${subnetID}` : 'the Primary Network'}`)
      }
      // Before 2021 a node listed delegators beside the validators instead of inside them.
      const delegators = v.delegators ?? r.delegators?.filter((d) => d.nodeID === nodeID) ?? []
      return { subnetID: subnet, validator: validatorView(v, subnet), delegators: delegators.map(delegatorView) }
    },
    'validators.refresh': () => validators.refresh(),
    'validators.history': ({ range, nodeID }) => validators.history(range, nodeID)
  }
}

/** The Primary Network's subnet ID (32 zero bytes in cb58). */
const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY'
