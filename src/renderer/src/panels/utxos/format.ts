/**
 * Words and checks of the UTXOs panel, pure (unit-tested): the addresses a person typed, checked
 * against the active profile's prefix before anything is sent; UTXO views as table rows (one that does
 * not decode keeps its reason); filters; amounts exact; well-known chain and asset names.
 */
import type { DecodedUtxo, UtxoView } from '../../../../shared/codec'
import { MAX_UTXO_PAGE } from '../../../../shared/contract'
import { decodeBech32Address } from '../../../../shared/domain/encoding'
import { assetName } from '../../components/asset-text'

export interface AddressCheck {
  addresses: string[]
  /** One line per address that cannot be sent, saying what to fix. */
  problems: string[]
}

/**
 * Splits on spaces, commas and new lines; each must be a C-Chain address with the profile's prefix
 * (the C-Chain's shared memory is read with C- addresses), 20 bytes, a valid checksum. Repeats count once.
 */
export function checkAddresses(text: string, hrp: string): AddressCheck {
  const words = [...new Set(text.split(/[\s,;]+/).filter(Boolean))]
  const addresses: string[] = []
  const problems: string[] = []
  if (words.length === 0) problems.push('Give at least one address, such as C-' + hrp + '1…')
  for (const w of words) {
    const short = w.length > 24 ? `${w.slice(0, 20)}…` : w
    let parsed: ReturnType<typeof decodeBech32Address>
    try {
      parsed = decodeBech32Address(w)
    } catch (e) {
      problems.push(`“${short}” is not a bech32 address (${(e as Error).message}): it should look like C-${hrp}1…`)
      continue
    }
    if (parsed.chain !== 'C') {
      problems.push(`“${short}” ${parsed.chain ? `starts with ${parsed.chain}-` : 'has no chain prefix'}: write it as C-${parsed.hrp}1… (UTXOs waiting for the C-Chain are read with C- addresses)`)
    } else if (parsed.hrp !== hrp) {
      problems.push(`“${short}” has the prefix ${parsed.hrp}, but this profile's network uses ${hrp}: use a C-${hrp}1… address or change the profile's address prefix`)
    } else if (parsed.bytes.length !== 20) {
      problems.push(`“${short}” holds ${parsed.bytes.length} bytes, not the 20 of an address`)
    } else addresses.push(w)
  }
  if (addresses.length > MAX_UTXO_PAGE) problems.push(`${addresses.length} addresses: the node takes at most ${MAX_UTXO_PAGE} at once`)
  return { addresses, problems }
}

export { amountText, assetName, locktime, sourceChainKind } from '../../components/asset-text'

/** A C- address as the same key on another chain ("C-avax1…" → "X-avax1…"): the chain a tx of it is on. */
export function onChain(address: string, chain: 'x-chain' | 'p-chain'): string {
  return address.replace(/^C-/, chain === 'x-chain' ? 'X-' : 'P-')
}

/** "X-avax1…" or "P-avax1…": the same key on the C-Chain ("C-avax1…"), for the address field; null if not such. */
export function asCChainAddress(word: string): string | null {
  return /^[XP]-[a-z]+1[02-9ac-hj-np-z]+$/.test(word) ? `C-${word.slice(2)}` : null
}

export interface UtxoRow {
  /** utxoID when it decodes, else the hex (unique per UTXO) */
  key: string
  hex: string
  utxo: DecodedUtxo | null
  /** why the bytes do not decode */
  reason: string | null
}

export function rowsOf(views: readonly UtxoView[]): UtxoRow[] {
  return views.map((v) => (v.ok ? { key: v.utxo.utxoID, hex: v.hex, utxo: v.utxo, reason: null } : { key: `raw:${v.hex}`, hex: v.hex, utxo: null, reason: `Does not decode: ${v.reason}` }))
}

export type Shown = 'all' | 'decoded' | 'broken'

/** Rows whose ids, asset, owners or hex contain the text (any case), of the kind asked for. */
export function filterRows(rows: readonly UtxoRow[], text: string, shown: Shown): readonly UtxoRow[] {
  const q = text.trim().toLowerCase()
  // No filter: the rows themselves, not a copy of 100,000 made on each part of a big set that arrives.
  if (!q && shown === 'all') return rows
  return rows.filter((r) => {
    if (shown === 'decoded' && !r.utxo) return false
    if (shown === 'broken' && r.utxo) return false
    if (!q) return true
    const u = r.utxo
    const fields = u ? [u.utxoID, u.txID, u.assetID, assetName(u.assetID), u.outputType, u.amount, ...u.addresses] : [r.reason ?? '', r.hex]
    return fields.some((f) => f.toLowerCase().includes(q))
  })
}

/** Sorts undecodable rows last whatever the order; amounts compared as integers. */
export function compareAmount(a: UtxoRow, b: UtxoRow): number {
  const x = a.utxo ? BigInt(a.utxo.amount) : -1n
  const y = b.utxo ? BigInt(b.utxo.amount) : -1n
  return x < y ? -1 : x > y ? 1 : 0
}

/** Kept here too: other panels save their exports with it. */
export { download } from '../../components/download'
