/**
 * Where a cached entity opens (the Cache panel's search): each kind in the panel that shows it, through the
 * app's deep links (links.ts), so a hit lands exactly where a link from any other panel would.
 */
import type { RouteLocationRaw } from 'vue-router'
import type { EntityHit, EntityKind } from '../../../../shared/contract'
import { addressKind, linkTo } from '../../links'

/** What each kind is called in the panel (group titles, the table). */
export const KIND_LABELS: Record<EntityKind, string> = {
  validator: 'Validators',
  utxo: 'UTXOs',
  transaction: 'Transactions',
  block: 'Blocks',
  icmMessage: 'ICM messages',
  balance: 'Balances',
  issuedTx: 'Issued transactions',
  profileFile: 'Profile files',
  logLevel: 'Log levels',
  profiler: 'Profiler runs',
  alert: 'Alerts'
}

/** A C-Chain bech32 address in a hit's label (a UTXO's owner), if there is one. */
function ownerIn(label: string): string | undefined {
  return /\bC-[a-z]+1[02-9ac-hj-np-z]{20,}/.exec(label)?.[0]
}

const dataChain = (chain: string): 'p-chain' | 'x-chain' | 'c-chain' => (chain === 'X' ? 'x-chain' : chain === 'C' ? 'c-chain' : 'p-chain')

/** The route a hit opens. */
export function hitLink(hit: Pick<EntityHit, 'kind' | 'key' | 'chain' | 'label' | 'addresses'>): RouteLocationRaw {
  const { key, chain } = hit
  switch (hit.kind) {
    case 'validator':
      return linkTo({ kind: 'node', nodeId: key })
    case 'transaction':
      // A C-Chain atomic tx (a CB58 ID) has its lookup in Atomic; the others open Data lookups' transactions
      // of the tx's spender, marked there (one address: the cache answers a list of one address offline).
      if (chain === 'C' && !key.startsWith('0x')) return linkTo({ kind: 'atomicTx', txId: key })
      return linkTo({ kind: 'chainTx', txId: key, chain: dataChain(chain), ...(hit.addresses?.length ? { addresses: hit.addresses.slice(0, 1) } : {}) })
    case 'issuedTx':
      return linkTo({ kind: 'atomicTx', txId: key })
    case 'block':
      if (chain === 'P') return linkTo(/^\d+$/.test(key) ? { kind: 'pblock', height: key } : { kind: 'pblock', blockId: key })
      return linkTo({ kind: 'cblock', block: key, ...(chain && chain !== 'C' ? { chain } : {}) })
    case 'utxo': {
      const owner = ownerIn(hit.label)
      return owner ? linkTo({ kind: 'address', address: owner }) : { path: '/utxos' }
    }
    case 'balance':
      return addressKind(key) ? linkTo({ kind: 'address', address: key }) : { path: '/data', query: { tab: 'balances' } }
    case 'icmMessage':
      return { path: '/data', query: { tab: 'icm-one', messageId: key } }
    case 'profileFile':
    case 'logLevel':
    case 'profiler':
      return { path: '/control' }
    case 'alert':
      return { path: '/alerts' }
  }
}
