/**
 * Words and checks of the UTXOs panel, pure (unit-tested): the addresses a person typed, checked
 * against the active profile's prefix before anything is sent; UTXO views as table rows (one that does
 * not decode keeps its reason); filters; amounts exact; well-known chain and asset names.
 */
import type { DecodedUtxo, UtxoView } from '../../../../shared/codec'
import { MAX_UTXO_PAGE } from '../../../../shared/contract'
import { decodeBech32Address } from '../../../../shared/domain/encoding'
import { formatUnits } from '../../../../shared/domain/quantities'

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

/** Primary Network chains by id (mainnet, Fuji): named beside the id. */
const CHAINS: Record<string, string> = {
  '11111111111111111111111111111111LpoYY': 'P-Chain',
  '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM': 'X-Chain',
  '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5': 'C-Chain',
  '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm': 'X-Chain (Fuji)',
  yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp: 'C-Chain (Fuji)'
}
/** AVAX on mainnet and Fuji: 9 decimals (nAVAX). Other assets are shown in their own units. */
const AVAX_ASSETS = new Set(['FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK'])

export function chainName(id: string | undefined): string {
  if (id === undefined) return '—'
  const name = CHAINS[id]
  return name ? `${name} · ${id}` : id
}

export function assetName(assetID: string): string {
  return AVAX_ASSETS.has(assetID) ? 'AVAX' : assetID
}

/** An amount in the asset's units, exact: "2,000.000000001 AVAX" for AVAX, "18,446,744,073,709,551,615 units" otherwise. */
export function amountText(amount: string, assetID: string): string {
  return AVAX_ASSETS.has(assetID) ? `${formatUnits(amount, 9)} AVAX` : `${formatUnits(amount, 0)} units`
}

/** A unix-seconds locktime: 0 is "none", anything else its date (and the exact number beside). */
export function locktimeText(locktime: string): string {
  if (locktime === '0') return 'none'
  const s = BigInt(locktime)
  // Dates past year 275760 do not exist in JS; the exact seconds still show.
  return s < 8_640_000_000_000n ? `${new Date(Number(s) * 1_000).toISOString().replace('.000Z', 'Z')} (${locktime})` : locktime
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
export function filterRows(rows: readonly UtxoRow[], text: string, shown: Shown): UtxoRow[] {
  const q = text.trim().toLowerCase()
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
export { download } from './download'
