/** Byte helpers: hex conversion and a big-endian writer/reader for the Avalanche codec layouts. */

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')
}

export function fromHex(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') ? hex.slice(2) : hex
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) throw new Error('invalid hex string')
  return new Uint8Array(Buffer.from(clean, 'hex'))
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let len = 0
  for (const p of parts) len += p.length
  const out = new Uint8Array(len)
  let off = 0
  for (const p of parts) {
    out.set(p, off)
    off += p.length
  }
  return out
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Big-endian writer used for UTXOs, txs and blocks (the Avalanche linear codec is big-endian). */
export class ByteWriter {
  private buf = new Uint8Array(256)
  private len = 0

  private grow(n: number): void {
    if (this.len + n <= this.buf.length) return
    let size = this.buf.length * 2
    while (size < this.len + n) size *= 2
    const next = new Uint8Array(size)
    next.set(this.buf.subarray(0, this.len))
    this.buf = next
  }
  u8(v: number): this {
    this.grow(1)
    this.buf[this.len++] = v & 0xff
    return this
  }
  u16(v: number): this {
    this.grow(2)
    this.buf[this.len++] = (v >>> 8) & 0xff
    this.buf[this.len++] = v & 0xff
    return this
  }
  u32(v: number): this {
    this.grow(4)
    this.buf[this.len++] = (v >>> 24) & 0xff
    this.buf[this.len++] = (v >>> 16) & 0xff
    this.buf[this.len++] = (v >>> 8) & 0xff
    this.buf[this.len++] = v & 0xff
    return this
  }
  u64(v: bigint | number): this {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) {
      return this.u32(Math.floor(v / 4294967296)).u32(v >>> 0)
    }
    const b = BigInt(v)
    return this.u32(Number((b >> 32n) & 0xffffffffn)).u32(Number(b & 0xffffffffn))
  }
  bytes(b: Uint8Array): this {
    this.grow(b.length)
    this.buf.set(b, this.len)
    this.len += b.length
    return this
  }
  /** u32 length prefix then the bytes (codec []byte). */
  sized(b: Uint8Array): this {
    return this.u32(b.length).bytes(b)
  }
  finish(): Uint8Array {
    return this.buf.slice(0, this.len)
  }
}

/** Big-endian reader; throws a plain Error on truncated input (callers wrap it in the node's message). */
export class ByteReader {
  pos = 0
  constructor(private readonly buf: Uint8Array) {}

  private need(n: number): void {
    if (this.pos + n > this.buf.length) throw new Error(`unexpected end of bytes at offset ${this.pos}`)
  }
  u16(): number {
    this.need(2)
    const v = (this.buf[this.pos]! << 8) | this.buf[this.pos + 1]!
    this.pos += 2
    return v
  }
  u32(): number {
    this.need(4)
    const b = this.buf
    const p = this.pos
    const v = ((b[p]! << 24) >>> 0) + (b[p + 1]! << 16) + (b[p + 2]! << 8) + b[p + 3]!
    this.pos += 4
    return v
  }
  u64(): bigint {
    const hi = BigInt(this.u32())
    const lo = BigInt(this.u32())
    return (hi << 32n) | lo
  }
  bytes(n: number): Uint8Array {
    this.need(n)
    const out = this.buf.slice(this.pos, this.pos + n)
    this.pos += n
    return out
  }
  get remaining(): number {
    return this.buf.length - this.pos
  }
}
