/** base58 (Bitcoin alphabet) and cb58 = base58(data ‖ last 4 bytes of sha256(data)), as avalanchego's utils/cb58. */
import { checksum4 } from './hash'
import { bytesEqual, concatBytes } from './bytes'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const INDEX = new Map<string, number>([...ALPHABET].map((c, i) => [c, i]))

const BIG58_9 = 58n ** 9n // 58^9 < 2^53, so a chunk fits a double exactly

/** base58 via BigInt in chunks of 9 digits (the byte-by-byte loop was a hot spot of generation). */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  if (zeros === bytes.length) return '1'.repeat(zeros)
  let n = BigInt(`0x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`)
  let out = ''
  while (n > 0n) {
    let chunk = Number(n % BIG58_9)
    n /= BIG58_9
    let part = ''
    for (let i = 0; i < 9; i++) {
      part = ALPHABET[chunk % 58]! + part
      chunk = Math.floor(chunk / 58)
    }
    out = part + out
  }
  out = out.replace(/^1+/, '')
  return '1'.repeat(zeros) + out
}

export function base58Decode(text: string): Uint8Array {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    const v = INDEX.get(text[i]!)
    if (v === undefined) throw new Error('base58 decoding error')
    let carry = v
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const out = new Uint8Array(zeros + bytes.length)
  for (let i = 0; i < bytes.length; i++) out[zeros + i] = bytes[bytes.length - 1 - i]!
  return out
}

export function cb58Encode(data: Uint8Array): string {
  return base58Encode(concatBytes(data, checksum4(data)))
}

/** Decodes cb58; throws with avalanchego's messages ("invalid input checksum" etc.). */
export function cb58Decode(text: string): Uint8Array {
  const raw = base58Decode(text)
  if (raw.length < 4) throw new Error('input string is smaller than the checksum size')
  const data = raw.subarray(0, raw.length - 4)
  if (!bytesEqual(checksum4(data), raw.subarray(raw.length - 4))) throw new Error('invalid input checksum')
  return new Uint8Array(data)
}

/** Decodes a 32-byte ID (txID, blockID, chain/subnet ID); throws on a wrong length. */
export function parseId(text: string): Uint8Array {
  const b = cb58Decode(text)
  if (b.length !== 32) throw new Error(`expected 32 bytes but got ${b.length}`)
  return b
}

/** cb58 of 32 zero bytes: the Primary Network subnet ID and the P-Chain blockchain ID. */
export const EMPTY_ID = cb58Encode(new Uint8Array(32))
