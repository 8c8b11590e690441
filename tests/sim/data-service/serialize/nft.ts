/** Wire shapes of NFT tokens, collectible balances and NFT transfers (reference schemas' field order). */
import type { Collectible } from '../../dataset/evm'
import type { NftCollection, NftToken, NftTransfer } from '../../dataset/evm/types'

function metadataCommon(t: NftToken, symbol: string): Record<string, unknown> {
  // Metadata that could not be fetched or parsed is reported with its status only.
  if (t.indexStatus !== 'INDEXED') return { indexStatus: t.indexStatus, metadataLastUpdatedTimestamp: t.metadataLastUpdatedTimestamp }
  return {
    indexStatus: t.indexStatus,
    metadataLastUpdatedTimestamp: t.metadataLastUpdatedTimestamp,
    name: t.name,
    symbol,
    imageUri: t.imageUri,
    description: t.description,
    externalUrl: t.externalUrl,
    background: t.background,
  }
}

export function erc721Metadata(t: NftToken, c: NftCollection): Record<string, unknown> {
  const m = metadataCommon(t, c.symbol)
  return t.indexStatus === 'INDEXED' ? { ...m, attributes: t.traits } : m
}

export function erc1155Metadata(t: NftToken, c: NftCollection): Record<string, unknown> {
  const m = metadataCommon(t, c.symbol)
  return t.indexStatus === 'INDEXED' ? { ...m, decimals: 0, properties: t.traits } : m
}

/** ERC-721 token record (also the token-details answer) */
export function erc721Token(t: NftToken, c: NftCollection): Record<string, unknown> {
  const out: Record<string, unknown> = {
    address: c.address,
    name: c.name,
    symbol: c.symbol,
    ercType: 'ERC-721',
    tokenId: t.tokenId,
    tokenUri: t.tokenUri,
    metadata: erc721Metadata(t, c),
  }
  if (t.owner !== undefined) out.ownerAddress = t.owner
  return out
}

export function erc1155Token(t: NftToken, c: NftCollection): Record<string, unknown> {
  return { address: c.address, ercType: 'ERC-1155', tokenId: t.tokenId, tokenUri: t.tokenUri, metadata: erc1155Metadata(t, c) }
}

export function tokenRecord(t: NftToken, c: NftCollection): Record<string, unknown> {
  return c.standard === 'ERC-721' ? erc721Token(t, c) : erc1155Token(t, c)
}

export function collectibleBalance(item: Collectible): Record<string, unknown> {
  const { token, collection } = item
  if (collection.standard === 'ERC-721') return { ...erc721Token(token, collection), chainId: token.chainId }
  return { ...erc1155Token(token, collection), chainId: token.chainId, balance: (item.balance ?? 0n).toString() }
}

export function nftTransfer(tr: NftTransfer, t: NftToken, c: NftCollection): Record<string, unknown> {
  const base = {
    blockNumber: String(tr.blockNumber),
    blockTimestamp: tr.blockTimestamp,
    blockHash: tr.blockHash,
    txHash: tr.txHash,
    from: { address: tr.from },
    to: { address: tr.to },
    logIndex: tr.logIndex,
  }
  if (c.standard === 'ERC-721') return { ...base, erc721Token: erc721Token(t, c) }
  return { ...base, value: tr.value.toString(), erc1155Token: erc1155Token(t, c) }
}
