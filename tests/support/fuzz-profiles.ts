/**
 * Generated protobuf for fuzzing the profile decoder: random fields (profile.proto's numbers and others,
 * every wire type, multi-byte tags), random lengths (right, short, past the end, huge), nesting, long
 * varints, fields repeated up to hundreds of thousands of times, gzipped or not. Seeded: a seed always
 * gives the same bytes, so a failure is reproduced by its seed.
 */
import { gzipSync } from 'node:zlib'
import { Rng } from '../sim/lib/prng'
import { field, varint } from './hostile-profiles'

/** One generated field: tag, then a value of its wire type (sometimes a wrong one). */
function fieldOf(rng: Rng, depth: number): Buffer {
  const num = rng.bool(0.9) ? rng.int(1, 15) : rng.int(16, 4_000)
  const wire = rng.pick([0, 0, 2, 2, 2, 1, 5, 3])
  const tag = Buffer.from(varint(num * 8 + wire))
  switch (wire) {
    case 0:
      return Buffer.concat([tag, number(rng)])
    case 1:
      return Buffer.concat([tag, Buffer.alloc(rng.int(0, 8), rng.int(0, 255))])
    case 5:
      return Buffer.concat([tag, Buffer.alloc(rng.int(0, 4), rng.int(0, 255))])
    case 2: {
      const body = depth < 4 && rng.bool(0.6) ? message(rng, depth + 1) : rng.bool(0.5) ? packed(rng) : Buffer.from(Array.from({ length: rng.int(0, 40) }, () => rng.int(0, 255)))
      // The length: right most of the time; else short, past the end, or absurd.
      const r = rng.next()
      const len = r < 0.8 ? body.length : r < 0.9 ? rng.int(0, body.length) : r < 0.97 ? body.length + rng.int(1, 1_000) : 2 ** rng.int(20, 62)
      return Buffer.concat([tag, Buffer.from(varint(len)), body])
    }
    default:
      return tag
  }
}

/** A varint: small, large, at most 10 bytes, or now and then a run of continuation bytes far longer. */
function number(rng: Rng): Buffer {
  const r = rng.next()
  if (r < 0.7) return Buffer.from(varint(rng.int(0, 300)))
  if (r < 0.9) return Buffer.from(varint(rng.int(0, 2 ** 52)))
  if (r < 0.97) return Buffer.from([...Array.from({ length: rng.int(5, 9) }, () => 0x80 | rng.int(0, 127)), rng.int(0, 127)])
  return Buffer.concat([Buffer.alloc(rng.int(11, 200_000), 0xff), Buffer.from([0x01])])
}

function packed(rng: Rng): Buffer {
  return Buffer.concat(Array.from({ length: rng.int(0, 30) }, () => number(rng)))
}

/** A message of random fields; one of them, now and then, repeated many times. */
function message(rng: Rng, depth: number): Buffer {
  const parts = Array.from({ length: rng.int(0, 10) }, () => fieldOf(rng, depth))
  if (parts.length > 0 && rng.bool(0.15)) {
    const one = parts[0]!
    const times = rng.int(2, Math.max(2, Math.floor(2_000_000 / Math.max(1, one.length))))
    parts[0] = Buffer.alloc(one.length * times).fill(one)
  }
  return Buffer.concat(parts)
}

/** Well-formed functions, locations and samples with random ids (some dangling), values and addresses. */
function structured(rng: Rng): Buffer {
  const id = (): number => rng.int(0, 12)
  const parts: number[][] = []
  for (let i = rng.int(0, 6); i > 0; i--) parts.push(field(5, [...field(1, id()), ...field(2, rng.int(0, 4)), ...field(4, rng.int(0, 4))]))
  for (let i = rng.int(0, 8); i > 0; i--) {
    const lines = Array.from({ length: rng.int(0, 5) }, () => field(4, [...field(1, id()), ...field(2, rng.int(0, 10_000))])).flat()
    parts.push(field(4, [...field(1, id()), ...field(3, rng.int(0, 2 ** 53)), ...lines]))
  }
  for (let i = rng.int(0, 20); i > 0; i--) {
    const ids = Array.from({ length: rng.int(0, 12) }, () => varint(id())).flat()
    const values = Array.from({ length: rng.int(0, 3) }, () => (rng.bool(0.1) ? [...new Array<number>(9).fill(0xff), 0x01] : varint(rng.int(0, 1e9)))).flat()
    parts.push(field(2, [...field(1, ids), ...field(2, values)]))
  }
  parts.push(field(14, rng.int(0, 4)), field(10, rng.int(0, 2 ** 40)))
  const keyed = parts.map((p) => ({ key: rng.next(), p }))
  return Buffer.from(keyed.sort((a, b) => a.key - b.key).flatMap((k) => k.p))
}

/** The n-th generated file of a seed: a profile-shaped message (its header most of the time), gzipped or not. */
export function fuzzProfile(seed: number, n: number): Buffer {
  const rng = new Rng(seed).fork(`case-${n}`)
  // Most cases start as a real profile does (a sample type and its strings), so the decoder gets past them.
  const head = rng.bool(0.7) ? Buffer.from([0x0a, 0x04, 0x08, 0x01, 0x10, 0x02, 0x32, 0x00, 0x32, 0x01, 0x61, 0x32, 0x01, 0x62]) : Buffer.alloc(0)
  const bytes = Buffer.concat([head, rng.bool(0.3) ? structured(rng) : Buffer.alloc(0), message(rng, 0)])
  return rng.bool(0.4) ? gzipSync(bytes) : bytes
}
