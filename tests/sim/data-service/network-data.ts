/**
 * One network's data for the REST services: the Primary Network data set (shared with the node,
 * from ../dataset) plus the EVM data set built on top of it, and the lookups the routes need.
 * Built once per (seed, network) and process; `fresh` builds a private copy (determinism tests): the Primary
 * Network data set read again from the disk cache, as its own objects (a generation of its own is several
 * CPU-seconds, and node-determinism.test.ts shows two generations of a seed equal), the EVM data set and
 * the lookups built again.
 */
import { Dataset, PRIMARY_NETWORK_ID, createDataset } from '../dataset'
import { generateCached } from '../dataset/disk-cache'
import type { PrimaryNetworkTx, SimScale } from '../dataset'
import { createEvmDataset } from '../dataset/evm'
import type { EvmDataset } from '../dataset/evm'

export type DataNetwork = 'mainnet' | 'fuji'

export interface NetworkData {
  name: DataNetwork
  primary: Dataset
  evm: EvmDataset
  /** Primary Network txs of a chain alias, oldest first */
  txsByChain: Record<'P' | 'X' | 'C', PrimaryNetworkTx[]>
  /** txs by lower-cased address (bare bech32 or 0x), oldest first */
  txsByAddress: Map<string, PrimaryNetworkTx[]>
}

function build(primary: Dataset, name: DataNetwork): NetworkData {
  const evm = createEvmDataset(primary.seed, {
    network: name,
    referenceTime: primary.now,
    cChainBlockchainId: primary.params.cChainId,
    primarySubnetId: PRIMARY_NETWORK_ID,
    evmBlockchains: primary.blockchains
      .filter((b) => b.subnetId !== PRIMARY_NETWORK_ID && b.evmChainId > 0)
      .map((b) => ({ blockchainId: b.blockchainId, subnetId: b.subnetId, name: b.name, evmChainId: b.evmChainId, vmId: b.vmId })),
  })
  const txsByChain: NetworkData['txsByChain'] = { P: [], X: [], C: [] }
  const txsByAddress = new Map<string, PrimaryNetworkTx[]>()
  for (const t of primary.transactions) {
    txsByChain[t.chain].push(t)
    for (const a of new Set(t.addresses.map((x) => x.toLowerCase()))) {
      const list = txsByAddress.get(a)
      if (list) list.push(t)
      else txsByAddress.set(a, [t])
    }
  }
  return { name, primary, evm, txsByChain, txsByAddress }
}

const memo = new Map<string, NetworkData>()

/** `scale` 'large': the data set with the bulk address's history (../dataset/bulk). */
export function loadNetworkData(seed: number, network: DataNetwork, fresh = false, scale: SimScale = 'small'): NetworkData {
  if (fresh) return build(new Dataset(seed, network, generateCached(seed, network)), network)
  const key = `${seed}:${network}:${scale}`
  let d = memo.get(key)
  if (!d) memo.set(key, (d = build(createDataset(seed, network, scale), network)))
  return d
}
