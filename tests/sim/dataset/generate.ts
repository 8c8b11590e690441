/** Runs the generators over one seeded timeline and returns the raw generated data. */
import { Rng } from '../lib/prng'
import { makeAddressPools, makeNodeId } from './addresses'
import type { AddressPools } from './addresses'
import type { GenContext, WellKnownNodes } from './context'
import { NOW, runEvents } from './context'
import type { NetworkName } from './constants'
import { NETWORKS } from './constants'
import { generateStaking } from './genStaking'
import { generateSubnets } from './genSubnets'
import { avaxAsset, generateTransfers } from './genTransfers'
import { generateSigner } from './genSigner'
import type { Signer } from './genSigner'
import { Ledger } from './ledger'
import type { AssetInfo, L1Validator, PBlock, PrimaryNetworkTx, PrimaryValidator, Subnet } from './types'

export interface Generated {
  pools: AddressPools
  nodes: WellKnownNodes
  avax: AssetInfo
  validators: PrimaryValidator[]
  subnets: Subnet[]
  l1Validators: L1Validator[]
  transactions: PrimaryNetworkTx[]
  pBlocks: PBlock[]
  pTxJson: Map<string, Record<string, unknown>>
  preferredChainId: string
  unknownChainId: string
  supply: bigint
  signer: Signer
}

export function generate(seed: number, network: NetworkName): Generated {
  const params = NETWORKS[network]
  const root = new Rng(seed)
  const pools = makeAddressPools(root.fork('addresses'), params.hrp, 2500)
  const nodeRng = root.fork('nodes')
  const nodes: WellKnownNodes = { self: makeNodeId(nodeRng), disconnected: makeNodeId(nodeRng), l1: makeNodeId(nodeRng), notValidator: makeNodeId(nodeRng) }
  const avax = avaxAsset(params.avaxAssetId)
  const ledgerRng = root.fork('ledger')
  const ledger = new Ledger(params, ledgerRng, avax, {
    P: BigInt(19_000_000 + ledgerRng.int(0, 500_000)),
    X: BigInt(4_000_000 + ledgerRng.int(0, 100_000)),
    C: 1n,
  })
  const ctx: GenContext = { rng: root.fork('timeline'), params, ledger, pools, nodes, now: NOW, events: [], validators: [], subnets: [], l1Validators: [] }
  generateStaking(ctx)
  const { preferredChainId, unknownChainId } = generateSubnets(ctx)
  generateTransfers(ctx)
  runEvents(ctx)
  const signer = generateSigner(ctx, seed)
  ledger.finish()
  const supplyRng = root.fork('supply')
  return {
    pools,
    nodes,
    avax,
    validators: ctx.validators.filter((v) => v.txID !== ''),
    subnets: ctx.subnets,
    l1Validators: ctx.l1Validators,
    transactions: ledger.txs,
    pBlocks: ledger.pBlocks,
    pTxJson: ledger.pTxJson,
    preferredChainId,
    unknownChainId,
    signer,
    supply: 460_000_000n * 1_000_000_000n + BigInt(supplyRng.int(0, 9_999_999)) * 1_000_000_000n + BigInt(supplyRng.int(0, 999_999_999)),
  }
}
