import { sha256 } from '@noble/hashes/sha2.js'
import { base58, bech32, hex } from '@scure/base'

/**
 * The node's two text encodings of bytes (see shared/reference/node-rpc/reference.encoding-*.json):
 * cb58 = base58(data ‖ last 4 bytes of sha256(data)); "hex" = 0x + hex(data ‖ same 4-byte checksum).
 */
const CHECKSUM_BYTES = 4

function checksum(data: Uint8Array): Uint8Array {
  const digest = sha256(data)
  return digest.subarray(digest.length - CHECKSUM_BYTES)
}

function withChecksum(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length + CHECKSUM_BYTES)
  out.set(data)
  out.set(checksum(data), data.length)
  return out
}

function stripChecksum(bytes: Uint8Array, what: string): Uint8Array {
  if (bytes.length < CHECKSUM_BYTES) throw new Error(`the ${what} is too short to hold a checksum`)
  const data = bytes.subarray(0, bytes.length - CHECKSUM_BYTES)
  const got = bytes.subarray(bytes.length - CHECKSUM_BYTES)
  const want = checksum(data)
  if (!got.every((b, i) => b === want[i])) throw new Error(`the ${what} has a wrong checksum (a typo?)`)
  return data
}

export function encodeCb58(data: Uint8Array): string {
  return base58.encode(withChecksum(data))
}

export function decodeCb58(text: string): Uint8Array {
  let bytes: Uint8Array
  try {
    bytes = base58.decode(text)
  } catch {
    throw new Error('it has characters that are not base58 (0, O, I and l are never used)')
  }
  return stripChecksum(bytes, 'cb58 text')
}

export function encodeHexChecksum(data: Uint8Array): string {
  return '0x' + hex.encode(withChecksum(data))
}

export function decodeHexChecksum(text: string): Uint8Array {
  const body = text.startsWith('0x') ? text.slice(2) : text
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) throw new Error('it is not an even number of hex digits')
  return stripChecksum(hex.decode(body.toLowerCase()), 'hex text')
}

export function bytesToHex(data: Uint8Array): string {
  return '0x' + hex.encode(data)
}

/** Bech32 address words of a chain address such as P-avax1…; returns the hrp and the 20-byte payload. */
export function decodeBech32Address(text: string): { chain: string | undefined; hrp: string; bytes: Uint8Array } {
  const dash = text.indexOf('-')
  const chain = dash > 0 ? text.slice(0, dash) : undefined
  const rest = dash > 0 ? text.slice(dash + 1) : text
  const decoded = bech32.decode(rest as `${string}1${string}`)
  return { chain, hrp: decoded.prefix, bytes: bech32.fromWords(decoded.words) }
}

export function encodeBech32Address(hrp: string, bytes: Uint8Array, chain?: string): string {
  const addr = bech32.encode(hrp, bech32.toWords(bytes))
  return chain ? `${chain}-${addr}` : addr
}
