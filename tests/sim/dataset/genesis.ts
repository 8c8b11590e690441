/** Subnet-EVM genesis (spec "GenesisData") for the data set's blockchains. */
import { toHex } from '../lib/bytes'
import type { Rng } from '../lib/prng'
import type { GenesisData } from './types'

function precompile(ts: number, admins: string[]) {
  return { blockTimestamp: ts, adminAddresses: admins, managerAddresses: [], enabledAddresses: [] }
}

export function makeGenesis(rng: Rng, evmChainId: number, createdAt: number, admin: string): GenesisData {
  const funded = `0x${toHex(rng.bytes(20))}`
  return {
    airdropAmount: null,
    airdropHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
    alloc: {
      [admin.toLowerCase().slice(2)]: { balance: '0x52b7d2dcc80cd2e4000000', code: '0x', storage: {} },
      [funded.slice(2)]: { balance: '0x295be96e64066972000000', code: '0x', storage: {} },
    },
    baseFeePerGas: null,
    blobGasUsed: null,
    coinbase: '0x0000000000000000000000000000000000000000',
    config: {
      berlinBlock: 0,
      byzantiumBlock: 0,
      constantinopleBlock: 0,
      eip150Block: 0,
      eip155Block: 0,
      eip158Block: 0,
      homesteadBlock: 0,
      istanbulBlock: 0,
      londonBlock: 0,
      muirGlacierBlock: 0,
      petersburgBlock: 0,
      eip150Hash: '0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0',
      chainId: evmChainId,
      subnetEVMTimestamp: 0,
      allowFeeRecipients: rng.bool(0.3),
      feeConfig: {
        baseFeeChangeDenominator: 36,
        blockGasCostStep: 200000,
        gasLimit: rng.pick([8_000_000, 12_000_000, 15_000_000, 20_000_000]),
        maxBlockGasCost: 1000000,
        minBaseFee: rng.pick([1, 25_000_000_000]),
        minBlockGasCost: 0,
        targetBlockRate: 2,
        targetGas: 60_000_000,
      },
      warpConfig: { blockTimestamp: createdAt, quorumNumerator: 67, requirePrimaryNetworkSigners: false },
      txAllowListConfig: precompile(0, [admin]),
      contractDeployerAllowListConfig: precompile(0, [admin]),
      contractNativeMinterConfig: precompile(0, [admin]),
      feeManagerConfig: precompile(0, [admin]),
      rewardManagerConfig: precompile(0, [admin]),
    },
    difficulty: '0x0',
    excessBlobGas: null,
    extraData: '0x',
    gasLimit: '0xe4e1c0',
    gasUsed: '0x0',
    mixHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
    nonce: '0x0',
    number: '0x0',
    parentHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
    timestamp: `0x${createdAt.toString(16)}`,
  }
}
