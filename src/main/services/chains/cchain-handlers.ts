import type { Hex } from 'viem'
import type { EvmInstance } from '../../../shared/contract'
import { PRIMARY_NETWORK_ID } from '../../../shared/domain/format'
import type { ChainsStore } from '../../cache/chains-store'
import { evm, platform } from '../../clients/node/index'
import type { Connections } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import type { EvmEndpoints } from './endpoints'
import type { LiveHeads } from './live-heads'
import { EVM_VM_IDS, headView, txView } from './views'

/** The statuses under which the node runs a chain (spec: it validates it, or takes part without validating). */
const RUNS = new Set(['Validating', 'Syncing'])

/**
 * The C-Chain and the node's other EVM instances. Reads go through the data path (cached, offline);
 * the live list is followed by LiveHeads and kept in the store, which recentHeads and feeSamples read.
 */
export function cchainHandlers(connections: Connections, endpoints: EvmEndpoints, live: LiveHeads, store: ChainsStore): AreaHandlers<'cchain'> {
  const http = (chain: string) => endpoints.get(chain).http
  const scope = () => connections.scopeOf('node')
  return {
    'cchain.instances': async (_input, { signal }) => {
      const node = connections.get().node
      const r = await platform.getBlockchains(node, {}, { signal })
      const evmChains = r.blockchains.filter((b) => EVM_VM_IDS.has(b.vmID))
      const statuses = await Promise.all(evmChains.map((b) => platform.getBlockchainStatus(node, { blockchainID: b.id }, { signal })))
      const instances: EvmInstance[] = []
      evmChains.forEach((b, i) => {
        const status = statuses[i]!.status
        // The C-Chain is the Primary Network's chain of that name (a subnet may name its own chain so too).
        const isC = b.name === 'C-Chain' && b.subnetID === PRIMARY_NETWORK_ID
        // The C-Chain is always served at /ext/bc/C; another instance only where the node runs it.
        if (isC || RUNS.has(status)) instances.push({ chain: isC ? 'C' : b.id, name: b.name, blockchainID: b.id, status, vmID: b.vmID })
      })
      // Only what the node reported: no C-Chain entry is made up for a node that lists none.
      return { instances: instances.sort((a, b) => Number(b.chain === 'C') - Number(a.chain === 'C')) }
    },
    'cchain.ids': async ({ chain }, { signal }) => {
      const [chainId, networkId] = await Promise.all([evm.chainId(http(chain), { signal }), evm.netVersion(http(chain), { signal })])
      return { chain, chainId: String(chainId), networkId }
    },
    'cchain.fees': async ({ chain }, { signal }) => {
      const [baseFee, tip] = await Promise.all([evm.baseFee(http(chain), { signal }), evm.maxPriorityFeePerGas(http(chain), { signal })])
      return { chain, baseFee: baseFee.toString(), maxPriorityFeePerGas: tip.toString() }
    },
    'cchain.getChainConfig': async ({ chain }, { signal }) => {
      const config = await evm.getChainConfig(http(chain), { signal })
      return { chain, config: config as Record<string, never> }
    },
    'cchain.getBlock': async ({ chain, number, hash }, { signal }) => {
      const ref = hash !== undefined ? { blockHash: hash as Hex } : { blockNumber: BigInt(number!) }
      const b = await evm.getBlockWithTxs(http(chain), ref, { signal })
      return { chain, head: headView(b), stateRoot: b.stateRoot, transactions: b.transactions.map(txView) }
    },
    'cchain.watch': ({ chain }) => live.watch(chain),
    'cchain.recentHeads': ({ chain, limit }) => ({ chain, heads: store.recentHeads(scope(), chain, limit) }),
    'cchain.feeSamples': ({ chain, limit }) => ({ chain, samples: store.recentFees(scope(), chain, limit) })
  }
}
