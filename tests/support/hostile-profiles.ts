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

/** A sample of `ids` (packed location ids) and one value, as a Profile field. */
const sampleField = (ids: number[], values: number[]): number[] => field(2, [...field(1, ids), ...field(2, values)])

/**
 * Within every count the scan checks, and still slow to summarise: location 2 has 256 inlined lines and
 * each of 300,000 samples is 8 of it (2,048 frames), so the summary walks some 600 million frames. Only the
 * decoder's deadline stops it.
 */
export function deepStacks(samples = 300_000): Buffer {
  const location = [...field(1, 2), ...new Array<number[]>(256).fill(field(4, field(1, 1))).flat()]
  const one = Buffer.from(sampleField(new Array<number>(8).fill(2), [1]))
  return gzipSync(Buffer.concat([Buffer.from([...header(), ...field(4, location)]), Buffer.alloc(one.length * samples).fill(one)]))
}

/** Within every count the scan checks, and too big for the decoder's heap: 500,000 samples of 100 values each. */
export function fatSamples(samples = 500_000, values = 100): Buffer {
  const location = [...field(1, 1), ...field(4, field(1, 1))]
  const one = Buffer.from(sampleField([1], new Array<number>(values).fill(1)))
  return gzipSync(Buffer.concat([Buffer.from([...header(), ...field(4, location)]), Buffer.alloc(one.length * samples).fill(one)]))
}
