/**
 * A bounded big-endian reader for the node's codec bytes. Every length read from the bytes is checked
 * against what is left before anything is allocated or read, so hostile input fails with a clear
 * message instead of a huge allocation or a read past the end.
 */
export class DecodeError extends Error {
  override readonly name = 'DecodeError'
}

export class ByteReader {
  private pos = 0
  constructor(private readonly buf: Uint8Array) {}

  get offset(): number {
    return this.pos
  }

  get remaining(): number {
    return this.buf.length - this.pos
  }

  private need(n: number, what: string): void {
    if (n > this.remaining) throw new DecodeError(`truncated: ${what} needs ${n} bytes at offset ${this.pos}, only ${this.remaining} left`)
  }

  u16(what: string): number {
    this.need(2, what)
    const v = (this.buf[this.pos]! << 8) | this.buf[this.pos + 1]!
    this.pos += 2
    return v
  }

  u32(what: string): number {
    this.need(4, what)
    const b = this.buf
    const p = this.pos
    const v = b[p]! * 0x1000000 + ((b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!)
    this.pos += 4
    return v
  }

  u64(what: string): bigint {
    this.need(8, what)
    const hi = BigInt(this.u32(what))
    const lo = BigInt(this.u32(what))
    return (hi << 32n) | lo
  }

  bytes(n: number, what: string): Uint8Array {
    this.need(n, what)
    const out = this.buf.slice(this.pos, this.pos + n)
    this.pos += n
    return out
  }

  /** A count of items of at least `itemSize` bytes each: refused when the bytes left cannot hold them. */
  count(what: string, itemSize: number): number {
    const n = this.u32(`number of ${what}`)
    if (n * itemSize > this.remaining) throw new DecodeError(`${what}: ${n} claimed at offset ${this.pos - 4}, but only ${this.remaining} bytes are left`)
    return n
  }

  end(what: string): void {
    if (this.remaining !== 0) throw new DecodeError(`${this.remaining} unexpected bytes after the ${what} at offset ${this.pos}`)
  }
}
