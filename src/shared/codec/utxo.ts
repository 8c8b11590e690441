import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, decodeHexChecksum, encodeBech32Address, encodeCb58 } from '../domain/encoding'
import { ByteReader, DecodeError } from './reader'

/**
 * The node's hex UTXO (core.getUTXOs, encoding "hex"): 0x + codec bytes + 4-byte sha256 checksum.
 * Layout (reference/node-rpc/reference.utxo-codec-layout.json, big-endian): codec u16 (0), txID 32,
 * outputIndex u32, assetID 32, output typeID u32, then the output: type 7 (secp256k1 transfer) amount
 * u64, locktime u64, threshold u32, n u32, n × 20-byte addresses; type 6 (secp256k1 mint) the same
 * without the amount. Amounts stay decimal strings: a u64 above 2^53 keeps every digit.
 */
export const CODEC_VERSION = 0
export const OUTPUT_TYPES: Record<number, string> = { 6: 'secp256k1 mint output', 7: 'secp256k1 transfer output' }

export interface DecodedUtxo {
  /** cb58 sha256(u64 outputIndex ‖ txID): the id getUTXOs' startIndex and endIndex name */
  utxoID: string
  codecVersion: number
  txID: string
  outputIndex: number
  assetID: string
  outputTypeID: number
  outputType: string
  /** nAVAX (or the asset's units), decimal; "0" for a mint output */
  amount: string
  /** unix seconds, decimal */
  locktime: string
  threshold: number
  /** owners as bech32 chain addresses, e.g. C-avax1… */
  addresses: string[]
  /** the bytes without the checksum, 0x-hex */
  bytesHex: string
}

/** One UTXO as shown: decoded, or the reason it is not, with its raw text either way. */
export type UtxoView = { ok: true; hex: string; utxo: DecodedUtxo } | { ok: false; hex: string; reason: string }

export interface OwnerFormat {
  /** bech32 human-readable part, e.g. avax */
  hrp: string
  /** chain prefix of shown addresses, e.g. C */
  chain: string
}

/** Strips and checks the 4-byte checksum of the node's "hex" text. */
export function bytesOfHex(text: string, what: string): Uint8Array {
  if (!text.startsWith('0x')) throw new DecodeError(`the ${what} must start with 0x (the node's "hex" encoding)`)
  try {
    return decodeHexChecksum(text)
  } catch (e) {
    throw new DecodeError(`the ${what} is not valid checksummed hex: ${(e as Error).message}`)
  }
}

export function utxoIdOf(txId: Uint8Array, outputIndex: number): string {
  const buf = new Uint8Array(40)
  new DataView(buf.buffer).setBigUint64(0, BigInt(outputIndex))
  buf.set(txId, 8)
  return encodeCb58(sha256(buf))
}

export function readCodecVersion(r: ByteReader): number {
  const v = r.u16('codec version')
  if (v !== CODEC_VERSION) throw new DecodeError(`unknown codec version ${v} (only ${CODEC_VERSION} is known)`)
  return v
}

export function readOwners(r: ByteReader, owners: OwnerFormat): { locktime: string; threshold: number; addresses: string[] } {
  const locktime = r.u64('locktime').toString()
  const threshold = r.u32('threshold')
  const n = r.count('owner addresses', 20)
  const addresses: string[] = []
  for (let i = 0; i < n; i++) addresses.push(encodeBech32Address(owners.hrp, r.bytes(20, `owner address ${i}`), owners.chain))
  if (threshold > n) throw new DecodeError(`threshold ${threshold} is more than the ${n} owner addresses`)
  return { locktime, threshold, addresses }
}

/** A secp256k1 output after its typeID: the fields shared by UTXOs and exported outputs. */
export function readOutput(r: ByteReader, typeId: number, owners: OwnerFormat): { amount: string; locktime: string; threshold: number; addresses: string[] } {
  if (typeId === 7) {
    const amount = r.u64('amount').toString()
    return { amount, ...readOwners(r, owners) }
  }
  if (typeId === 6) return { amount: '0', ...readOwners(r, owners) }
  throw new DecodeError(`unknown output type ID ${typeId} (known: 6 mint, 7 transfer)`)
}

/** Decodes the codec bytes of a UTXO (checksum already removed); throws DecodeError with the reason. */
export function decodeUtxoBytes(bytes: Uint8Array, owners: OwnerFormat): DecodedUtxo {
  const r = new ByteReader(bytes)
  const codecVersion = readCodecVersion(r)
  const txId = r.bytes(32, 'txID')
  const outputIndex = r.u32('output index')
  const assetID = encodeCb58(r.bytes(32, 'assetID'))
  const outputTypeID = r.u32('output type ID')
  const out = readOutput(r, outputTypeID, owners)
  r.end('UTXO')
  return {
    utxoID: utxoIdOf(txId, outputIndex),
    codecVersion,
    txID: encodeCb58(txId),
    outputIndex,
    assetID,
    outputTypeID,
    outputType: OUTPUT_TYPES[outputTypeID]!,
    ...out,
    bytesHex: bytesToHex(bytes)
  }
}

export function decodeUtxoHex(text: string, owners: OwnerFormat): DecodedUtxo {
  return decodeUtxoBytes(bytesOfHex(text, 'UTXO'), owners)
}

/** Never throws: a UTXO that does not decode is reported with its reason, and the others still show. */
export function viewUtxo(text: string, owners: OwnerFormat): UtxoView {
  try {
    return { ok: true, hex: text, utxo: decodeUtxoHex(text, owners) }
  } catch (e) {
    return { ok: false, hex: text, reason: e instanceof DecodeError ? e.message : `cannot be decoded: ${String(e)}` }
  }
}
