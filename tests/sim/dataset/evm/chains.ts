/**
 * The EVM chains the data service indexes: the C-Chain of the network plus one chain per EVM
 * blockchain of the Primary Network data set's subnets/L1s.
 */
import type { Rng } from '../../lib/prng'
import type { EvmChain, EvmPrimaryInput } from './types'
import { C_CHAIN_EVM_ID, ICM_MESSENGER } from './well-known'

/** vmId of coreth (the C-Chain VM) */
const CORETH_VM_ID = 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6'

function tokenSymbol(name: string): string {
  const letters = name.replace(/[^A-Za-z]/g, '').toUpperCase()
  return (letters.slice(0, 4) || 'GAS').padEnd(3, 'X')
}

export function buildChains(rng: Rng, primary: EvmPrimaryInput): EvmChain[] {
  const testnet = primary.network === 'fuji'
  const cChain: EvmChain = {
    chainId: C_CHAIN_EVM_ID[primary.network],
    blockchainId: primary.cChainBlockchainId,
    subnetId: primary.primarySubnetId,
    vmId: CORETH_VM_ID,
    chainName: testnet ? 'Avalanche Fuji (C-Chain)' : 'Avalanche (C-Chain)',
    description: testnet ? 'The Contract Chain on the Fuji test network.' : 'The Contract Chain on the Avalanche Primary Network.',
    isTestnet: testnet,
    isCChain: true,
    token: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    headBlock: testnet ? 38_000_000 + rng.int(0, 999_999) : 52_000_000 + rng.int(0, 999_999),
    blockTime: 2,
    icmContractAddress: ICM_MESSENGER,
  }
  const l1Chains = primary.evmBlockchains.map((b): EvmChain => ({
    chainId: String(b.evmChainId),
    blockchainId: b.blockchainId,
    subnetId: b.subnetId,
    vmId: b.vmId,
    chainName: b.name,
    description: `${b.name}, an EVM L1 of the sim.`,
    isTestnet: testnet,
    isCChain: false,
    token: { name: `${b.name} Gas`, symbol: tokenSymbol(b.name), decimals: 18 },
    headBlock: rng.int(200_000, 3_000_000),
    blockTime: rng.int(1, 3),
    icmContractAddress: ICM_MESSENGER,
  }))
  return [cChain, ...l1Chains]
}
