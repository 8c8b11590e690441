/** Small deterministic generators shared by the EVM data set (seeded PRNG and hashes only). */
import { createHash } from 'node:crypto'
import { toHex } from '../../lib/bytes'
import type { Rng } from '../../lib/prng'

export function randomHex(rng: Rng, bytes: number): string {
  return '0x' + toHex(rng.bytes(bytes))
}

export const randomAddress = (rng: Rng): string => randomHex(rng, 20)
export const randomHash = (rng: Rng): string => randomHex(rng, 32)

/** A hash that depends only on its inputs, so the same block has the same hash in every record. */
export function derivedHash(...parts: (string | number)[]): string {
  return '0x' + createHash('sha256').update(parts.join('|')).digest('hex')
}

/** Fisher-Yates with the seeded PRNG. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i)
    const tmp = out[i] as T
    out[i] = out[j] as T
    out[j] = tmp
  }
  return out
}
