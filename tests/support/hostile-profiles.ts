/**
 * Profile files built to hurt a decoder, from issue 19 (generated here, never committed): each is small on
 * disk and, before the decoder ran in a worker with limits, crashed or froze the main process.
 * Written with a bare protobuf writer: pprof-format's encoder would not write most of them.
 */
import { createGzip, gzipSync } from 'node:zlib'
import { writeFileSync } from 'node:fs'

/** A protobuf varint. */
export function varint(n: number): number[] {
  const out: number[] = []
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80)
    n = Math.floor(n / 0x80)
  }
  out.push(n)
  return out
}

/** A field: its one-byte tag (field ≤ 15) and a varint value or length-delimited bytes. */
export function field(num: number, value: number | Uint8Array | number[]): number[] {
  if (typeof value === 'number') return [(num << 3) | 0, ...varint(value)]
  return [(num << 3) | 2, ...varint(value.length), ...value]
}

const str = (s: string): number[] => [...Buffer.from(s)]

/** The start of a real-looking profile: one sample type (samples/count), its strings, one function (id 1). */
function header(): number[] {
  return [
    ...field(1, [...field(1, 1), ...field(2, 2)]),
    ...field(6, []),
    ...field(6, str('samples')),
    ...field(6, str('count')),
    ...field(6, str('main.spin')),
    ...field(5, [...field(1, 1), ...field(2, 3)])
  ]
}

/**
 * "A 240 KB gzip of 240 MiB of empty samples": 125 million empty Sample messages (two bytes each), gzipped
 * as a stream so the test never holds the 240 MiB. Written to `path`; resolves when the file is complete.
 */
export function writeEmptySamples(path: string, mib = 240): Promise<void> {
  const chunk = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < chunk.length; i += 2) chunk.set([0x12, 0x00], i)
  const gz = createGzip({ level: 9 })
  const parts: Buffer[] = []
  gz.on('data', (c: Buffer) => parts.push(c))
  return new Promise((resolve, reject) => {
    gz.on('error', reject)
    gz.on('end', () => {
      writeFileSync(path, Buffer.concat(parts))
      resolve()
    })
    gz.write(Buffer.from(header()))
    let left = mib
    const more = (): void => {
      while (left > 0) {
        left--
        if (!gz.write(chunk)) return void gz.once('drain', more)
      }
      gz.end()
    }
    more()
  })
}

/** "One location with 20,000 lines referenced 500 times by 2,000 samples", gzipped (about 20 KB). */
export function manyLines(lines = 20_000, refs = 500, samples = 2_000): Buffer {
  const line = field(4, field(1, 1))
  const location = [...field(1, 1), ...Array.from({ length: lines }, () => line).flat()]
  const sample = Buffer.from([...field(1, new Array<number>(refs).fill(1)), ...field(2, [1])])
  const one = Buffer.from(field(2, sample))
  return gzipSync(Buffer.concat([Buffer.from([...header(), ...field(4, location)]), ...new Array<Buffer>(samples).fill(one)]))
}

/** "A run of 1 MB of 0xff bytes after a field tag": a varint that never ends (the decoder's time is cubic in it). */
export function longVarint(bytes = 1024 * 1024): Buffer {
  return Buffer.concat([Buffer.from([...header(), (10 << 3) | 0]), Buffer.alloc(bytes, 0xff), Buffer.from([0x01])])
}
