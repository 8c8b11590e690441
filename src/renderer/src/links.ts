/**
 * Where an ID opens, in one place: every panel that shows a NodeID, tx ID, block or address links it
 * through linkTo, and the panel it opens reads the same query keys (LINK_QUERY) back, so a deep link, the
 * back button and a reload all land on the same view.
 *
 * - a NodeID opens its validator (drawer) in Validators;
 * - a P-Chain block (height or ID) opens it in P-Chain;
 * - a C-Chain block (number or hash) opens it in C-Chain live;
 * - a C-Chain atomic tx opens it in Atomic;
 * - a tx on the P- or X-Chain (which no node method looks up by ID) opens Data lookups' transactions of
 *   that chain for the addresses it concerns, with the tx marked;
 * - a C-… address opens its UTXOs; a P-/X-… address its transactions in Data lookups; a 0x address its
 *   balances in Data lookups.
 */
import type { RouteLocationRaw } from 'vue-router'

export type LinkTarget =
  | { kind: 'node'; nodeId: string; subnetId?: string }
  | { kind: 'pblock'; height: string }
  | { kind: 'pblock'; blockId: string }
  | { kind: 'cblock'; block: string; chain?: string }
  | { kind: 'atomicTx'; txId: string; chain?: string }
  | { kind: 'chainTx'; txId: string; chain: 'p-chain' | 'x-chain' | 'c-chain'; addresses?: readonly string[] }
  | { kind: 'address'; address: string }

/** The query keys panels read; one name per meaning across panels. */
export const LINK_QUERY = {
  node: 'node',
  subnet: 'subnet',
  height: 'height',
  block: 'block',
  chain: 'chain',
  tx: 'tx',
  address: 'address',
  addresses: 'addresses',
  tab: 'tab'
} as const

/** The chain prefix of a bech32 address ("C", "P", "X"), "0x" for an EVM address, or null. */
export function addressKind(address: string): 'C' | 'P' | 'X' | '0x' | null {
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) return '0x'
  const m = /^([CPX])-/.exec(address)
  return m ? (m[1] as 'C' | 'P' | 'X') : null
}

export function linkTo(t: LinkTarget): RouteLocationRaw {
  switch (t.kind) {
    case 'node':
      return { path: '/validators', query: { node: t.nodeId, ...(t.subnetId ? { subnet: t.subnetId } : {}) } }
    case 'pblock':
      return { path: '/pchain', query: 'height' in t ? { height: t.height } : { block: t.blockId } }
    case 'cblock':
      return { path: '/cchain', query: { block: t.block, ...(t.chain ? { chain: t.chain } : {}) } }
    case 'atomicTx':
      return { path: '/atomic', query: { tx: t.txId, ...(t.chain ? { chain: t.chain } : {}) } }
    case 'chainTx':
      return {
        path: '/data',
        query: { tab: 'transactions', chain: t.chain, tx: t.txId, ...(t.addresses?.length ? { addresses: t.addresses.join(',') } : {}) }
      }
    case 'address': {
      const kind = addressKind(t.address)
      if (kind === 'C') return { path: '/utxos', query: { address: t.address } }
      if (kind === '0x') return { path: '/data', query: { tab: 'balances', address: t.address } }
      return { path: '/data', query: { tab: 'transactions', chain: kind === 'X' ? 'x-chain' : 'p-chain', addresses: t.address } }
    }
  }
}

/** One value of a query key (the first when repeated), or undefined. */
export function queryValue(v: unknown): string | undefined {
  const one = Array.isArray(v) ? v[0] : v
  return typeof one === 'string' && one !== '' ? one : undefined
}
