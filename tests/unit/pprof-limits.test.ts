/**
 * Issue 19, item 1: a profile file is untrusted input. Before a single object is decoded, a file past one
 * of the limits is refused with a message that names the limit it passed: varints longer than 10 bytes (the
 * decoder's time is cubic in such a run), unpacked size, samples, locations, functions, strings, lines per
 * location, stack depth (also once inlined lines are counted), lengths past the end, wire types the decoder
 * does not read. A real profile still opens. (Runs the decoder in-process: tests/integration/app/
 * security-pprof-limits.test.ts runs it the way the app does, in the worker.)
 */
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { summarizeProfile } from '../../src/main/services/control/pprof'
import { PROFILE_LIMITS } from '../../src/main/services/control/pprof-limits'
import { AppError } from '../../src/shared/rpc/errors'
import { field, longVarint, manyLines } from '../support/hostile-profiles'

/** A small valid profile: samples/count, function 1 "f", location 1 → f, then `body`. */
function profile(...body: (number[] | Buffer)[]): Buffer {
  const str = (s: string): number[] => [...Buffer.from(s)]
  const head = Buffer.from([
    ...field(1, [...field(1, 1), ...field(2, 2)]),
    ...field(6, []),
    ...field(6, str('samples')),
    ...field(6, str('count')),
    ...field(6, str('f')),
    ...field(5, [...field(1, 1), ...field(2, 3)]),
    ...field(4, [...field(1, 1), ...field(4, field(1, 1))])
  ])
  return Buffer.concat([head, ...body.map((b) => Buffer.from(b))])
}
const sample = (ids: number[], value = 1): number[] => field(2, [...field(1, ids), ...field(2, [value])])
const repeat = (part: number[], n: number): Buffer => Buffer.alloc(part.length * n).fill(Buffer.from(part))

function refusal(bytes: Uint8Array): AppError {
  try {
    summarizeProfile('hostile.profile', bytes)
  } catch (e) {
    expect(e).toBeInstanceOf(AppError)
    return e as AppError
  }
  throw new Error('the file was opened')
}

describe('profile limits', () => {
  it('a profile within every limit opens', () => {
    const s = summarizeProfile('cpu.profile', gzipSync(profile(sample([1], 5), sample([1, 1], 2))))
    expect(s).toMatchObject({ samples: 2, total: '7', top: [{ name: 'f', flat: '7', cum: '7' }] })
  })

  it('a varint longer than 10 bytes is refused before decoding (1 MB of 0xff after a field tag)', () => {
    const started = Date.now()
    const e = refusal(longVarint())
    expect(e.code).toBe('BAD_INPUT')
    expect(e.message).toMatch(/^hostile\.profile has a number longer than 10 bytes at byte \d+: not opened$/)
    // Linear: the refusal does not depend on the run's length (generous: the decoder took minutes).
    expect(Date.now() - started).toBeLessThan(5_000)
    // Eleven bytes are too many also inside packed numbers and as a length.
    expect(refusal(profile(field(2, [(1 << 3) | 2, 11, ...new Array<number>(10).fill(0xff), 1]))).message).toMatch(/number longer than 10 bytes/)
    expect(refusal(profile([(6 << 3) | 2, ...new Array<number>(10).fill(0x80), 0])).message).toMatch(/number longer than 10 bytes/)
  })

  it('a file that unpacks past the limit is refused without unpacking it all', () => {
    const big = gzipSync(Buffer.alloc(PROFILE_LIMITS.unpackedBytes + 1))
    expect(refusal(big).message).toBe(`hostile.profile unpacks to more than ${PROFILE_LIMITS.unpackedBytes / 1024 / 1024} MiB: not opened`)
  })

  it('counts: samples, locations, functions, strings', () => {
    expect(refusal(profile(repeat([0x12, 0x00], PROFILE_LIMITS.samples + 1))).message).toBe('hostile.profile has more than 500,000 samples: not opened')
    expect(refusal(profile(repeat([0x22, 0x00], PROFILE_LIMITS.locations))).message).toBe('hostile.profile has more than 500,000 locations: not opened')
    expect(refusal(profile(repeat([0x2a, 0x00], PROFILE_LIMITS.functions))).message).toBe('hostile.profile has more than 500,000 functions: not opened')
    expect(refusal(profile(repeat([0x32, 0x00], PROFILE_LIMITS.strings))).message).toBe('hostile.profile has more than 1,000,000 strings: not opened')
  })

  it('lines per location (one location with 20,000 lines referenced 500 times by 2,000 samples)', () => {
    expect(refusal(manyLines()).message).toBe(`hostile.profile has a location with more than ${PROFILE_LIMITS.linesPerLocation} lines: not opened`)
  })

  it('stack depth: location ids of a sample, packed or not, and the frames of their inlined lines', () => {
    const deep = `hostile.profile has a stack deeper than ${PROFILE_LIMITS.stackDepth} frames: not opened`
    expect(refusal(profile(sample(new Array<number>(PROFILE_LIMITS.stackDepth + 1).fill(1)))).message).toBe(deep)
    expect(refusal(profile(field(2, [...repeat(field(1, 1), PROFILE_LIMITS.stackDepth + 1)]))).message).toBe(deep)
    // Location 2 has the most lines allowed; a stack of 9 of them is 2,304 frames.
    const inlined = field(4, [...field(1, 2), ...repeat(field(4, field(1, 1)), PROFILE_LIMITS.linesPerLocation)])
    expect(refusal(profile(inlined, sample(new Array<number>(9).fill(2)))).message).toBe(deep)
    expect(summarizeProfile('ok.profile', profile(inlined, sample(new Array<number>(8).fill(2)))).samples).toBe(1)
  })

  it('what the decoder would misread: a length past the end, other wire types, multi-byte tags', () => {
    expect(refusal(profile([0x12, 0x7f, 0x00])).message).toMatch(/^hostile\.profile is not a pprof profile, or it is truncated \(a field of 127 bytes at byte \d+ runs past the end\)$/)
    expect(refusal(profile([0x11, ...new Array<number>(8).fill(0)])).message).toMatch(/wire type 1 at byte/)
    expect(refusal(profile([0x80, 0x01, 0x00])).message).toMatch(/field tag 128 at byte/)
    expect(refusal(profile([0x50, 0xff])).message).toMatch(/a number is cut off at byte/)
  })
})
