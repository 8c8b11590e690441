import type { Data, ParsedInput } from '../../../shared/contract'
import { primaryTxShapeOf } from '../../../shared/contract/data-service/primary-tx'
import type { EntityInput } from '../entities-store'
import { checkedStamp } from '../entity-checks'
import { TermSet } from '../entity-terms'
import { label, secondsToMs, tokenLabel } from './common'

type PrimaryTx = Data<'data.listLatestPrimaryNetworkTransactions'>['transactions'][number]

const ALIAS_CHAIN: Readonly<Record<string, string>> = { 'p-chain': 'P', 'x-chain': 'X', 'c-chain': 'C' }
/** The P-Chain's blockchain ID, the same on every network. */
const P_CHAIN_ID = '11111111111111111111111111111111LpoYY'

/** 'P', 'X' or 'C' for the data service's aliases and the P-Chain's ID; any other blockchain ID as it is. */
export function primaryChainOf(blockchainId: string, chainName?: string): string {
  if (blockchainId === P_CHAIN_ID) return 'P'
  return ALIAS_CHAIN[blockchainId] ?? (chainName !== undefined ? (ALIAS_CHAIN[chainName] ?? blockchainId) : blockchainId)
}

/** The source of a data-service transaction list: offline pages are assembled only from rows it brought. */
export const PRIMARY_TX_SOURCE = 'data.listLatestPrimaryNetworkTransactions'

/**
 * The addresses a Primary Network transaction moves funds of, as the data service writes them, each once:
 * its spent UTXOs' owners first (the spender), then its outputs' and EVM inputs' and outputs' parties.
 */
export function primaryTxAddresses(tx: unknown): string[] {
  const t = tx as Record<string, unknown>
  const found = new Set<string>()
  const add = (...vs: unknown[]): void => {
    for (const v of vs) {
      if (typeof v === 'string' && v.length > 0) found.add(v)
      else if (Array.isArray(v)) add(...(v as unknown[]))
    }
  }
  for (const list of [t.consumedUtxos, t.emittedUtxos]) if (Array.isArray(list)) for (const u of list as { addresses?: unknown }[]) add(u?.addresses)
  for (const list of [t.evmInputs, t.evmOutputs]) if (Array.isArray(list)) for (const u of list as { fromAddress?: unknown; toAddress?: unknown }[]) add(u?.fromAddress, u?.toAddress)
  return [...found]
}

/**
 * A Primary Network transaction of the data service (P, X or C atomic), found by its hash, its block (hash
 * and height), every address it touches, its node and subnet, and the addresses the list was asked for
 * (so a page of one address is always found again by that address). `checked`: the stamp of the shape it
 * was checked as (./entity-checks.ts), 0 when not known.
 */
export function primaryTxEntity(tx: PrimaryTx, chain: string, askedFor: readonly string[], checked = 0): EntityInput {
  const t = tx as PrimaryTx & Record<string, unknown>
  const terms = new TermSet().add(t.txHash, t.blockHash, askedFor)
  const height = (t.blockNumber ?? t.blockHeight) as string | number | undefined
  if (height !== undefined) terms.add(String(height))
  terms.add(primaryTxAddresses(tx))
  terms.add(t.nodeId, t.subnetId, t.rewardAddresses)
  const seconds = (t.blockTimestamp ?? t.timestamp) as number | undefined
  return {
    kind: 'transaction',
    chain,
    key: t.txHash,
    sort: secondsToMs(seconds),
    label: label(`${chain}-Chain ${String(t.txType)}`, t.txHash, height !== undefined && `block ${String(height)}`),
    data: tx,
    terms: terms.list(),
    checked
  }
}

/** The transactions of a page the contract checked: stamped with the shape the page matched, if it was the one its chainName names. */
export function primaryTxEntities(input: ParsedInput<'data.listLatestPrimaryNetworkTransactions'>, data: Data<'data.listLatestPrimaryNetworkTransactions'>): EntityInput[] {
  const chain = primaryChainOf(input.blockchainId, (data.chainInfo as { chainName?: string } | undefined)?.chainName)
  const asked = input.addresses ?? []
  const shape = primaryTxShapeOf(data)
  const checked = shape ? checkedStamp(shape) : 0
  return data.transactions.map((tx) => primaryTxEntity(tx, chain, asked, checked))
}

type Transfer = Data<'data.listErc721Transactions'>['transactions'][number] | Data<'data.listErc1155Transactions'>['transactions'][number]

/** An ERC-721/1155 transfer: one row per log (a tx may move several tokens), found by tx, block, parties and token. */
export function transferEntities(input: { chainId: string; address: string }, transfers: readonly Transfer[]): EntityInput[] {
  return transfers.map((t) => {
    const token = ('erc721Token' in t ? t.erc721Token : t.erc1155Token) as { address?: string; name?: string } | undefined
    return {
      kind: 'transaction',
      chain: input.chainId,
      key: `${t.txHash.toLowerCase()}/${t.logIndex}`,
      sort: secondsToMs(t.blockTimestamp),
      label: label(`transfer of ${token?.name ?? 'a token'}`, t.txHash, `block ${t.blockNumber}`),
      data: t,
      terms: new TermSet().add(t.txHash, t.blockHash, t.blockNumber, t.from.address, t.to.address, token?.address, input.address).list()
    }
  })
}

type Icm = Data<'data.getIcmMessage'>

/** An ICM message: found by its ID, its parties, both chains and both transactions. */
export function icmEntity(m: Icm): EntityInput {
  const src = m.status === 'delivered_source_not_indexed' ? undefined : m.sourceTransaction
  const dst = m.status === 'pending' ? undefined : m.destinationTransaction
  return {
    kind: 'icmMessage',
    chain: m.sourceBlockchainId,
    key: m.messageId.toLowerCase(),
    sort: secondsToMs(src?.timestamp ?? dst?.timestamp),
    label: label(`ICM ${m.status}`, m.messageId, `${m.sourceEvmChainId} → ${m.destinationEvmChainId}`),
    data: m,
    terms: new TermSet().add(m.messageId, m.from, m.to, m.sourceBlockchainId, m.destinationBlockchainId, src?.txHash, dst?.txHash).list()
  }
}

type EvmBlock = Data<'data.listLatestBlocksAllChains'>['blocks'][number]

/** A block of an EVM chain the data service indexes (chain: its EVM chain id), found by hash and height. */
export function evmListBlockEntity(b: EvmBlock): EntityInput {
  return {
    kind: 'block',
    chain: b.chainId,
    key: b.blockHash.toLowerCase(),
    sort: secondsToMs(b.blockTimestamp),
    label: label(`chain ${b.chainId} block ${b.blockNumber}`, b.blockHash, `${b.txCount} txs`),
    data: b,
    terms: new TermSet().add(b.blockHash, b.blockNumber, b.parentHash).list()
  }
}

/** ERC-20 and native balances of an address on one EVM chain: one row per token, sorted by when they were read. */
export function erc20BalanceEntities(input: ParsedInput<'data.listErc20Balances'>, data: Data<'data.listErc20Balances'>, fetchedAt: number): EntityInput[] {
  const owner = input.address.toLowerCase()
  const out: EntityInput[] = data.erc20TokenBalances.map((b) => ({
    kind: 'balance',
    chain: input.chainId,
    key: `${owner}/${b.address.toLowerCase()}`,
    sort: fetchedAt,
    label: label(tokenLabel(b.balance, b.decimals, b.symbol), `of ${owner}`, `chain ${input.chainId}`),
    data: b,
    terms: new TermSet().add(owner, b.address).list()
  }))
  const n = data.nativeTokenBalance as { balance?: string; symbol?: string; decimals?: number } | undefined
  if (n)
    out.push({
      kind: 'balance',
      chain: input.chainId,
      key: `${owner}/native`,
      sort: fetchedAt,
      label: label(tokenLabel(String(n.balance), n.decimals ?? -1, String(n.symbol)), `of ${owner}`, `chain ${input.chainId}`),
      data: n,
      terms: [owner]
    })
  return out
}

