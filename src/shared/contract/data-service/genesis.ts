/**
 * EVM genesis of a blockchain (EvmGenesisDto), as carried by subnets' blockchains and by the
 * blockchainInfo of a CreateChainTx. Every field is optional in the reference; the top level holds hex
 * strings (some nullable), config holds integers. Real genesis files carry many more fields (each
 * upgrade adds some): the objects are loose. A server may also send the genesis as a plain string.
 */
import { z } from 'zod'
import { uint } from './common'

const allowListConfig = z.looseObject({
  blockTimestamp: uint.optional(),
  adminAddresses: z.array(z.string()).optional(),
  managerAddresses: z.array(z.string()).optional(),
  enabledAddresses: z.array(z.string()).optional()
})

const feeConfig = z.looseObject({
  baseFeeChangeDenominator: uint.optional(),
  blockGasCostStep: uint.optional(),
  gasLimit: uint.optional(),
  maxBlockGasCost: uint.optional(),
  minBaseFee: uint.optional(),
  minBlockGasCost: uint.optional(),
  targetBlockRate: uint.optional(),
  targetGas: uint.optional()
})

const warpConfig = z.looseObject({
  blockTimestamp: uint.optional(),
  quorumNumerator: uint.optional(),
  requirePrimaryNetworkSigners: z.boolean().optional()
})

export const evmGenesisConfig = z.looseObject({
  berlinBlock: uint.optional(),
  byzantiumBlock: uint.optional(),
  constantinopleBlock: uint.optional(),
  eip150Block: uint.optional(),
  eip155Block: uint.optional(),
  eip158Block: uint.optional(),
  homesteadBlock: uint.optional(),
  istanbulBlock: uint.optional(),
  londonBlock: uint.optional(),
  muirGlacierBlock: uint.optional(),
  petersburgBlock: uint.optional(),
  eip150Hash: z.string().optional(),
  chainId: uint.optional(),
  /** the subnet EVM's activation timestamp */
  subnetEVMTimestamp: uint.optional(),
  allowFeeRecipients: z.boolean().optional(),
  feeConfig: feeConfig.optional(),
  warpConfig: warpConfig.optional(),
  txAllowListConfig: allowListConfig.optional(),
  contractDeployerAllowListConfig: allowListConfig.optional(),
  contractNativeMinterConfig: allowListConfig.optional(),
  feeManagerConfig: allowListConfig.optional(),
  rewardManagerConfig: allowListConfig.optional()
})

const allocEntry = z.looseObject({
  balance: z.string().optional(),
  code: z.string().optional(),
  storage: z.record(z.string(), z.string()).optional()
})

export const evmGenesis = z.looseObject({
  airdropAmount: z.number().nullable().optional(),
  airdropHash: z.string().optional(),
  alloc: z.record(z.string(), allocEntry).optional(),
  baseFeePerGas: z.number().nullable().optional(),
  blobGasUsed: z.string().nullable().optional(),
  coinbase: z.string().optional(),
  config: evmGenesisConfig.optional(),
  difficulty: z.string().optional(),
  excessBlobGas: z.string().nullable().optional(),
  extraData: z.string().optional(),
  gasLimit: z.string().optional(),
  gasUsed: z.string().optional(),
  mixHash: z.string().optional(),
  nonce: z.string().optional(),
  number: z.string().optional(),
  parentHash: z.string().optional(),
  timestamp: z.string().optional()
})

/** `EvmGenesisDto | string` */
export const genesisData = z.union([evmGenesis, z.string()])
