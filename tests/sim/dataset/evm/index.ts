/**
 * The EVM side of the sim's deterministic data set: `createEvmDataset(seed, primary)` builds the
 * chains, ERC-20 tokens and balances, NFT collections/tokens/transfers/holders, ICM messages,
 * latest blocks and metric series for one network, with lookup indexes the services use.
 * Seeded PRNG only; "now" is the Primary Network data set's fixed reference time.
 */
import { Rng } from '../../lib/prng'
import { buildLatestBlocks } from './blocks'
import { buildChains } from './chains'
import { buildIcmMessages } from './icm'
import { buildNfts } from './nfts'
import type { NftData } from './nfts'
import { randomAddress } from './random'
import { buildAvgTps } from './series'
import { buildHoldings, buildNativeBalances, buildTokens } from './tokens'
import type { AvgTpsPoint, Erc20Holding, Erc20Token, EvmBlockSummary, EvmChain, EvmPrimaryInput, IcmMessage, NftCollection, NftToken, NftTransfer } from './types'
import { ANVIL_ACCOUNTS } from './well-known'

export type * from './types'
export * from './well-known'
export { HOSTILE_TOKEN } from './nfts'

const RANDOM_WALLETS = 60

export interface Collectible {
  token: NftToken
  collection: NftCollection
  /** ERC-1155 balance; undefined for ERC-721 */
  balance?: bigint
}

export interface NftHolder {
  address: string
  /** tokens held (ERC-721) or units held (ERC-1155) */
  sortKey: number
}

export interface EvmDataset {
  seed: number
  network: EvmPrimaryInput['network']
  referenceTime: number
  chains: EvmChain[]
  wallets: string[]
  tokens: Erc20Token[]
  /** key `${chainId}:${tokenAddress}` */
  tokenByKey: Map<string, Erc20Token>
  /** key `${chainId}:${owner}` */
  holdingsByOwner: Map<string, Erc20Holding[]>
  /** key `${chainId}:${owner}` */
  nativeBalances: Map<string, bigint>
  collections: NftCollection[]
  /** key `${chainId}:${collection}:${tokenId}` */
  nftByKey: Map<string, NftToken>
  /** key `${chainId}:${address}`, newest first; an address's transfers in or out */
  nftTransfersByAddress: Map<string, NftTransfer[]>
  /** key `${chainId}:${owner}`, in collection then token-id order */
  collectiblesByOwner: Map<string, Collectible[]>
  /** key `${chainId}:${collection}`, biggest holders first */
  holdersByCollection: Map<string, NftHolder[]>
  /** newest first */
  icmMessages: IcmMessage[]
  icmById: Map<string, IcmMessage>
  /** newest first across chains */
  latestBlocks: EvmBlockSummary[]
  /** by EVM chain id, newest first */
  avgTps: Map<string, AvgTpsPoint[]>
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function indexNfts(nft: NftData, collections: readonly NftCollection[]) {
  const nftByKey = new Map<string, NftToken>()
  for (const t of nft.tokens) nftByKey.set(`${t.chainId}:${t.collection}:${t.tokenId}`, t)
  const collectionByKey = new Map(collections.map((c) => [`${c.chainId}:${c.address}`, c]))

  const nftTransfersByAddress = new Map<string, NftTransfer[]>()
  for (const tr of nft.transfers) {
    push(nftTransfersByAddress, `${tr.chainId}:${tr.from}`, tr)
    if (tr.to !== tr.from) push(nftTransfersByAddress, `${tr.chainId}:${tr.to}`, tr)
  }
  for (const list of nftTransfersByAddress.values()) {
    list.sort((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex || a.txHash.localeCompare(b.txHash))
  }

  const collectiblesByOwner = new Map<string, Collectible[]>()
  const held = new Map<string, Map<string, number>>()
  const count = (chainId: string, collection: string, owner: string, n: number): void => {
    const k = `${chainId}:${collection}`
    const m = held.get(k) ?? new Map<string, number>()
    m.set(owner, (m.get(owner) ?? 0) + n)
    held.set(k, m)
  }
  for (const t of nft.tokens) {
    if (t.owner === undefined) continue
    const collection = collectionByKey.get(`${t.chainId}:${t.collection}`)
    if (collection) push(collectiblesByOwner, `${t.chainId}:${t.owner}`, { token: t, collection })
    count(t.chainId, t.collection, t.owner, 1)
  }
  for (const [key, balance] of [...nft.erc1155Balances.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [chainId = '', collectionAddr = '', tokenId = '', owner = ''] = key.split(':')
    const token = nftByKey.get(`${chainId}:${collectionAddr}:${tokenId}`)
    const collection = collectionByKey.get(`${chainId}:${collectionAddr}`)
    if (token && collection) push(collectiblesByOwner, `${chainId}:${owner}`, { token, collection, balance })
    count(chainId, collectionAddr, owner, Number(balance))
  }
  for (const list of collectiblesByOwner.values()) {
    list.sort((a, b) => a.collection.address.localeCompare(b.collection.address) || Number(a.token.tokenId) - Number(b.token.tokenId))
  }
  const holdersByCollection = new Map<string, NftHolder[]>()
  for (const [k, m] of held) {
    const list = [...m.entries()].map(([address, sortKey]) => ({ address, sortKey }))
    holdersByCollection.set(k, list.sort((a, b) => b.sortKey - a.sortKey || a.address.localeCompare(b.address)))
  }
  return { nftByKey, nftTransfersByAddress, collectiblesByOwner, holdersByCollection }
}

export function createEvmDataset(seed: number, primary: EvmPrimaryInput): EvmDataset {
  const root = new Rng(seed).fork(`evm:${primary.network}`)
  const chains = buildChains(root.fork('chains'), primary)
  const walletRng = root.fork('wallets')
  const wallets: string[] = [...ANVIL_ACCOUNTS]
  for (let i = 0; i < RANDOM_WALLETS; i++) wallets.push(randomAddress(walletRng))

  const tokens = buildTokens(root.fork('tokens'), chains)
  const holdings = buildHoldings(root.fork('holdings'), chains, tokens, wallets)
  const nativeBalances = buildNativeBalances(root.fork('native'), chains, wallets, ANVIL_ACCOUNTS)
  const nft = buildNfts(root.fork('nfts'), chains, wallets, primary.referenceTime)
  const icmMessages = buildIcmMessages(root.fork('icm'), chains, tokens, wallets, primary.referenceTime)

  const holdingsByOwner = new Map<string, Erc20Holding[]>()
  for (const h of holdings) push(holdingsByOwner, `${h.chainId}:${h.owner}`, h)

  return {
    seed,
    network: primary.network,
    referenceTime: primary.referenceTime,
    chains,
    wallets,
    tokens,
    tokenByKey: new Map(tokens.map((t) => [`${t.chainId}:${t.address}`, t])),
    holdingsByOwner,
    nativeBalances,
    collections: nft.collections,
    ...indexNfts(nft, nft.collections),
    icmMessages,
    icmById: new Map(icmMessages.map((m) => [m.messageId, m])),
    latestBlocks: buildLatestBlocks(root.fork('blocks'), chains, primary.referenceTime),
    avgTps: buildAvgTps(root.fork('tps'), chains, primary.referenceTime),
  }
}
