/**
 * ERC-20 tokens per chain and who holds how much. The demo wallet holds well over one page of
 * tokens on the C-Chain (including a few spam tokens, so filterSpamTokens changes the answer).
 */
import type { Rng } from '../../lib/prng'
import { randomAddress, shuffled } from './random'
import type { Erc20Holding, Erc20Token, EvmChain } from './types'
import { DEMO_WALLET, KNOWN_C_CHAIN_TOKENS } from './well-known'

const C_CHAIN_TOKEN_COUNT = 150
const C_CHAIN_SPAM_COUNT = 9
const L1_TOKEN_COUNT = 12
/** how many C-Chain tokens the demo wallet holds: more than one max page (100) of most lists */
const DEMO_C_CHAIN_HOLDINGS = 130

const WORDS = ['Nova', 'Granite', 'Summit', 'Glacier', 'Ember', 'Aurora', 'Basalt', 'Cobalt', 'Delta', 'Falcon', 'Harbor', 'Juniper', 'Lumen', 'Meridian', 'Onyx', 'Quartz', 'Ridge', 'Sierra', 'Tundra', 'Vertex']

function logoFor(symbol: string): string {
  return `https://assets.sim.invalid/tokens/${encodeURIComponent(symbol.toLowerCase())}.png`
}

export function buildTokens(rng: Rng, chains: readonly EvmChain[]): Erc20Token[] {
  const tokens: Erc20Token[] = []
  for (const chain of chains) {
    if (chain.isCChain) {
      // Known tokens keep their real mainnet addresses on both networks: the sim has one C-Chain layout.
      for (const t of KNOWN_C_CHAIN_TOKENS) {
        tokens.push({ chainId: chain.chainId, address: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, logoUri: logoFor(t.symbol), usdMicroPrice: t.usd, reputation: 'Benign' })
      }
      for (let i = KNOWN_C_CHAIN_TOKENS.length; i < C_CHAIN_TOKEN_COUNT; i++) {
        const spam = i >= C_CHAIN_TOKEN_COUNT - C_CHAIN_SPAM_COUNT
        const word = rng.pick(WORDS)
        const symbol = spam ? `CLAIM${i}` : `${word.slice(0, 3).toUpperCase()}${i}`
        tokens.push({
          chainId: chain.chainId,
          address: randomAddress(rng),
          name: spam ? `Visit claim-${word.toLowerCase()}.sim.invalid to claim rewards` : `${word} Token ${i}`,
          symbol,
          decimals: rng.pick([6, 8, 18, 18, 18]),
          logoUri: logoFor(symbol),
          // a third of the tokens have no market price, like most long-tail tokens
          usdMicroPrice: spam || rng.bool(0.33) ? undefined : rng.bigint(1_000n, 150_000_000n),
          reputation: spam ? 'Malicious' : 'Benign',
        })
      }
    } else {
      for (let i = 0; i < L1_TOKEN_COUNT; i++) {
        const symbol = `${chain.token.symbol}${i}`
        tokens.push({
          chainId: chain.chainId,
          address: randomAddress(rng),
          name: `${chain.chainName} Token ${i}`,
          symbol,
          decimals: 18,
          logoUri: logoFor(symbol),
          usdMicroPrice: undefined,
          // the real service only rates C-Chain tokens
          reputation: null,
        })
      }
    }
  }
  return tokens
}

function randomBalance(rng: Rng, decimals: number): bigint {
  const whole = rng.bigint(1n, 250_000n)
  const frac = decimals > 0 ? rng.bigint(0n, 10n ** BigInt(decimals) - 1n) : 0n
  return whole * 10n ** BigInt(decimals) + frac
}

export function buildHoldings(rng: Rng, chains: readonly EvmChain[], tokens: readonly Erc20Token[], wallets: readonly string[]): Erc20Holding[] {
  const holdings: Erc20Holding[] = []
  for (const chain of chains) {
    const chainTokens = tokens.filter((t) => t.chainId === chain.chainId)
    for (const owner of wallets) {
      const isDemo = owner === DEMO_WALLET
      const count = isDemo ? (chain.isCChain ? DEMO_C_CHAIN_HOLDINGS : chainTokens.length) : rng.int(0, 14)
      let held = shuffled(rng, chainTokens).slice(0, count)
      // the demo wallet always holds the known tokens and a few spam tokens
      if (isDemo && chain.isCChain) {
        const must = chainTokens.filter((t) => KNOWN_C_CHAIN_TOKENS.some((k) => k.address === t.address) || t.reputation === 'Malicious')
        held = [...must, ...held.filter((t) => !must.includes(t))].slice(0, count)
      }
      for (const t of held) holdings.push({ chainId: chain.chainId, owner, token: t.address, balance: randomBalance(rng, t.decimals) })
    }
  }
  return holdings
}

/** Native balance per (chain, wallet); anvil's dev accounts start with 10,000 of the native token. */
export function buildNativeBalances(rng: Rng, chains: readonly EvmChain[], wallets: readonly string[], anvilAccounts: readonly string[]): Map<string, bigint> {
  const out = new Map<string, bigint>()
  for (const chain of chains) {
    for (const w of wallets) {
      const balance = chain.isCChain && anvilAccounts.includes(w) ? 10_000n * 10n ** 18n : rng.bigint(0n, 5_000n) * 10n ** 18n + rng.bigint(0n, 10n ** 18n - 1n)
      out.set(`${chain.chainId}:${w}`, balance)
    }
  }
  return out
}
