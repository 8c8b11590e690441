/** Fixed facts of the simulated networks: chain/asset/VM IDs of the real networks, codec type IDs. */

export type NetworkName = 'mainnet' | 'fuji' | 'local'

/**
 * The data set's clock (unix seconds, 2026-11-20T00:00Z). Everything is generated relative to it, never
 * relative to Date.now(), so two runs with the same seed give the same answers.
 */
export const DATASET_NOW = 1795132800

export interface NetworkParams {
  name: NetworkName
  /** avalanchego network ID: 1 mainnet, 5 fuji, 12345 local */
  networkId: number
  /** bech32 human-readable part of addresses */
  hrp: string
  /** C-Chain EVM chain id */
  evmChainId: number
  /** cb58 IDs of the Primary Network chains */
  pChainId: string
  xChainId: string
  cChainId: string
  /** cb58 AVAX asset ID */
  avaxAssetId: string
}

export const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY'

export const NETWORKS: Record<NetworkName, NetworkParams> = {
  mainnet: {
    name: 'mainnet',
    networkId: 1,
    hrp: 'avax',
    evmChainId: 43114,
    pChainId: PRIMARY_NETWORK_ID,
    xChainId: '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM',
    cChainId: '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5',
    avaxAssetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
  },
  fuji: {
    name: 'fuji',
    networkId: 5,
    hrp: 'fuji',
    evmChainId: 43113,
    pChainId: PRIMARY_NETWORK_ID,
    xChainId: '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm',
    cChainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
    avaxAssetId: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK',
  },
  local: {
    name: 'local',
    networkId: 12345,
    hrp: 'local',
    evmChainId: 43112,
    pChainId: PRIMARY_NETWORK_ID,
    xChainId: '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed',
    cChainId: '2CA6j5zYzasynPsFeNoqWkmTCt3VScMvXUZHbfDJ8k3oGzAPtU',
    avaxAssetId: '2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe',
  },
}

/** VM IDs (cb58) of the real VMs */
export const VM_IDS = {
  avm: 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
  evm: 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6',
  subnetEvm: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
  timestamp: 'tGas3T58KzdjLHhBDMnH2TvrddhqTji5iZAMZ3RXs2NLpSnhH',
} as const

/** secp256k1fx feature-extension ID, shown as fxID in JSON blocks */
export const SECP_FX_ID = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ'

/** PrimaryNetworkTxType of the data service (reference/data-service/README.md §3) */
export const PRIMARY_NETWORK_TX_TYPES = [
  'AddValidatorTx',
  'AddSubnetValidatorTx',
  'AddDelegatorTx',
  'CreateChainTx',
  'CreateSubnetTx',
  'ImportTx',
  'ExportTx',
  'AdvanceTimeTx',
  'RewardValidatorTx',
  'RemoveSubnetValidatorTx',
  'TransformSubnetTx',
  'AddPermissionlessValidatorTx',
  'AddPermissionlessDelegatorTx',
  'BaseTx',
  'TransferSubnetOwnershipTx',
  'ConvertSubnetToL1Tx',
  'RegisterL1ValidatorTx',
  'SetL1ValidatorWeightTx',
  'DisableL1ValidatorTx',
  'IncreaseL1ValidatorBalanceTx',
  'UNKNOWN',
  'CreateAssetTx',
  'OperationTx',
] as const
export type PrimaryNetworkTxType = (typeof PRIMARY_NETWORK_TX_TYPES)[number]

/** platformvm codec type IDs of the tx types the data set uses */
export const P_TX_TYPE_IDS: Partial<Record<PrimaryNetworkTxType, number>> = {
  AddSubnetValidatorTx: 13,
  CreateChainTx: 15,
  CreateSubnetTx: 16,
  ImportTx: 17,
  ExportTx: 18,
  RewardValidatorTx: 20,
  RemoveSubnetValidatorTx: 23,
  AddPermissionlessValidatorTx: 25,
  AddPermissionlessDelegatorTx: 26,
  TransferSubnetOwnershipTx: 33,
  BaseTx: 34,
  ConvertSubnetToL1Tx: 35,
  RegisterL1ValidatorTx: 36,
  SetL1ValidatorWeightTx: 37,
  IncreaseL1ValidatorBalanceTx: 38,
  DisableL1ValidatorTx: 39,
}

/** avm codec type IDs */
export const X_TX_TYPE_IDS: Partial<Record<PrimaryNetworkTxType, number>> = {
  BaseTx: 0,
  CreateAssetTx: 1,
  OperationTx: 2,
  ImportTx: 3,
  ExportTx: 4,
}

/** coreth atomic codec type IDs */
export const ATOMIC_TYPE_IDS = { ImportTx: 0, ExportTx: 1 } as const

/** secp256k1fx type IDs (same in all three codecs) */
export const SECP = { transferInput: 5, transferOutput: 7, credential: 9, input: 10, outputOwners: 11 } as const

/** Banff standard block type ID in the platformvm codec (Apricot standard block was 3) */
export const BANFF_STANDARD_BLOCK_TYPE_ID = 32

/** 1 AVAX in nAVAX */
export const NANO_AVAX = 1_000_000_000n
