/**
 * Well-known EVM addresses and ids of the sim, for demos and tests. The wallets are anvil's default
 * dev accounts (the node's C-Chain is anvil, which funds them), so the address a demo types in has
 * both node state and indexed data. All addresses are lower-case; lookups are case-insensitive.
 */

/** anvil's default accounts 0..4 (mnemonic "test test ... junk") */
export const ANVIL_ACCOUNTS = [
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65',
] as const

/** The wallet with the most data: >100 ERC-20 balances, dozens of NFTs, hundreds of transfers, ICM messages. */
export const DEMO_WALLET = ANVIL_ACCOUNTS[0]

/** Teleporter (ICM) messenger v1, deployed at the same address on every chain. */
export const ICM_MESSENGER = '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf'

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

export const C_CHAIN_EVM_ID = { mainnet: '43114', fuji: '43113' } as const

/** Real C-Chain tokens (mainnet addresses) so amounts and symbols look familiar in demos. */
export const KNOWN_C_CHAIN_TOKENS = [
  { address: '0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7', name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18, usd: 25_310_000n },
  { address: '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e', name: 'USD Coin', symbol: 'USDC', decimals: 6, usd: 1_000_000n },
  { address: '0x9702230a8ea53601f5cd2dc00fdbc13d4df4a8c7', name: 'TetherToken', symbol: 'USDt', decimals: 6, usd: 999_800n },
  { address: '0x152b9d0fdc40c096757f570a51e494bd4b943e50', name: 'Bitcoin', symbol: 'BTC.b', decimals: 8, usd: 67_123_450_000n },
  { address: '0x49d5c2bdffac6ce2bfdb6640f4f80f226bc10bab', name: 'Wrapped Ether', symbol: 'WETH.e', decimals: 18, usd: 3_456_780_000n },
  { address: '0x6e84a6216ea6dacc71ee8e6b0a5b7322eebc0fdd', name: 'JoeToken', symbol: 'JOE', decimals: 18, usd: 412_000n },
] as const

/** The ERC-721 collection with >1,000 holders (exercises NFT-holder paging) and its sibling collections. */
export const WELL_KNOWN_COLLECTIONS = {
  simPunks: '0x5e11b00000000000000000000000000000000721',
  validatorBadges: '0x5e11b00000000000000000000000000000000722',
  simItems: '0x5e11b00000000000000000000000000000001155',
} as const
