import type { Data, EvmBlock, Head, PBlock } from '../../../shared/contract'
import { avax } from '../../../shared/domain/format'
import type { EntityInput } from '../entities-store'
import { TermSet } from '../entity-terms'
import { heightOf, label, secondsToMs } from './common'

/**
 * The IDs a decoded P-Chain block names: its txs' IDs (json encoding) and the addresses in them, whatever
 * the block type (the JSON tree differs per type: every "id"/"txID" string and every "addresses" list is
 * taken, at most MAX_WALK nodes, so a hostile block cannot make ingest slow).
 */
const MAX_WALK = 5_000
function idsInTree(root: unknown, terms: TermSet): void {
  const stack: unknown[] = [root]
  for (let n = 0; stack.length > 0 && n < MAX_WALK; n++) {
    const node = stack.pop()
    if (Array.isArray(node)) stack.push(...(node as unknown[]).slice(0, MAX_WALK))
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if ((k === 'id' || k === 'txID' || k === 'nodeID' || k === 'subnetID') && typeof v === 'string') terms.add(v)
        else if (k === 'addresses' && Array.isArray(v)) terms.add(v)
        else if (typeof v === 'object') stack.push(v)
      }
  }
}

/** A P-Chain block, found by its ID, its height and (when read as json) the txs and addresses it holds. */
export function pBlockEntity(b: PBlock): EntityInput {
  const terms = new TermSet().add(b.blockID, b.height)
  if (b.json !== undefined) idsInTree(b.json, terms)
  return {
    kind: 'block',
    chain: 'P',
    key: b.blockID,
    // Blocks before Banff carry no time: they sort by height.
    sort: b.time !== undefined ? secondsToMs(b.time) : heightOf(b.height),
    label: label(`P-Chain block ${b.height}`, b.blockID),
    data: b,
    terms: terms.list()
  }
}

/** A block of an EVM instance of the node (chain: 'C' or its blockchain ID), found by hash, height and its txs' hashes. */
export function evmBlockEntity(b: EvmBlock): EntityInput {
  return {
    kind: 'block',
    chain: b.chain,
    key: b.head.hash.toLowerCase(),
    sort: secondsToMs(b.head.timestamp),
    label: label(`${b.chain === 'C' ? 'C-Chain' : b.chain} block ${b.head.number}`, b.head.hash, `${b.head.txCount} txs`),
    data: b,
    terms: new TermSet().add(b.head.hash, b.head.number, b.transactions.map((t) => t.hash)).list()
  }
}

/**
 * A head of an EVM instance as the live list showed it (number, hash, time, tx count, fees), found by its
 * hash and height: searchable, though it cannot answer cchain.getBlock (it has no transactions).
 */
export function evmHeadEntity(chain: string, h: Head): EntityInput {
  return {
    kind: 'block',
    chain,
    key: h.hash.toLowerCase(),
    sort: secondsToMs(h.timestamp),
    label: label(`${chain === 'C' ? 'C-Chain' : chain} block ${h.number}`, h.hash, `${h.txCount} txs`),
    data: h,
    terms: new TermSet().add(h.hash, h.number).list()
  }
}

/** platform.getBalance of a set of addresses (one row per set), sorted by when it was read. */
export function pBalanceEntity(b: Data<'pchain.getBalance'>, fetchedAt: number): EntityInput {
  return {
    kind: 'balance',
    chain: 'P',
    key: [...b.addresses].sort().join(','),
    sort: fetchedAt,
    label: label(b.balance === undefined ? 'balance not sent by the node' : avax(b.balance), b.addresses.length === 1 ? b.addresses[0] : `${b.addresses.length} addresses`),
    data: b,
    terms: new TermSet().add(b.addresses).list()
  }
}

/** An atomic tx of the C-Chain's core API, found by its ID, height, inputs' UTXOs and every address in it. */
export function atomicTxEntity(tx: Data<'core.getAtomicTx'>, fetchedAt: number): EntityInput {
  const terms = new TermSet().add(tx.txID, tx.blockHeight)
  const d = tx.decoded
  if (d) {
    for (const i of d.inputs) terms.add(i.kind === 'utxo' ? i.utxoID : i.address)
    for (const o of d.outputs) terms.add(o.kind === 'utxo' ? o.addresses : o.address)
  }
  return {
    kind: 'transaction',
    chain: 'C',
    key: tx.txID,
    sort: fetchedAt,
    label: label(`C-Chain atomic ${d?.type ?? 'tx'}`, tx.txID, tx.blockHeight !== undefined && `block ${tx.blockHeight}`),
    data: tx,
    terms: terms.list()
  }
}
