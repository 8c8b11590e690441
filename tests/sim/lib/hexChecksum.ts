/** The API "hex" encoding: "0x" + hex(bytes) + hex(last 4 bytes of sha256(bytes)) (avalanchego utils/formatting). */
import { checksum4 } from './hash'
import { bytesEqual, fromHex, toHex } from './bytes'

export function encodeHexChecksum(data: Uint8Array): string {
  return `0x${toHex(data)}${toHex(checksum4(data))}`
}

/** Decodes and verifies; error texts are the node's own ("missing 0x prefix to hex encoding", ...). */
export function decodeHexChecksum(text: string): Uint8Array {
  if (!text.startsWith('0x')) throw new Error('missing 0x prefix to hex encoding')
  let raw: Uint8Array
  try {
    raw = fromHex(text.slice(2))
  } catch {
    throw new Error('encoding/hex: invalid byte')
  }
  if (raw.length < 4) throw new Error('input string is smaller than the checksum size')
  const data = raw.subarray(0, raw.length - 4)
  if (!bytesEqual(checksum4(data), raw.subarray(raw.length - 4))) throw new Error('invalid input checksum')
  return new Uint8Array(data)
}

/** "hexnc": 0x-hex without checksum (signatures, BLS keys, memo inside JSON objects). */
export function encodeHexNoChecksum(data: Uint8Array): string {
  return `0x${toHex(data)}`
}
