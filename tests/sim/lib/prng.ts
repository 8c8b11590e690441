/** Seeded PRNG (mulberry32) for the data set: never Math.random, so a seed always gives the same data. */

export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** A sub-generator for one part of the data set, so parts stay stable when another part changes. */
  fork(label: string): Rng {
    let h = this.state ^ 0x9e3779b9
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193)
    return new Rng(h >>> 0)
  }

  /** uniform float in [0, 1) */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** integer in [min, max] inclusive */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** bigint in [min, max] inclusive (combines 53-bit draws; fine for amounts) */
  bigint(min: bigint, max: bigint): bigint {
    const span = max - min + 1n
    const r = (BigInt(Math.floor(this.next() * 2 ** 26)) << 27n) | BigInt(Math.floor(this.next() * 2 ** 27))
    return min + (r % span)
  }

  bool(pTrue = 0.5): boolean {
    return this.next() < pTrue
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)]!
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n)
    for (let i = 0; i < n; i += 4) {
      const v = (this.next() * 4294967296) >>> 0
      for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (v >>> (8 * j)) & 0xff
    }
    return out
  }
}
