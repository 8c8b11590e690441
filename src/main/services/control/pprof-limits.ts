import { gunzipSync } from 'node:zlib'
import { AppError } from '../../../shared/rpc/errors'

/**
 * What a profile file may hold before the app refuses it. A profile file is untrusted input (anything that
 * can write into the profile folder can put one there), so these are checked before the decoder builds a
 * single object. Each is far above what a node writes: a 30-second CPU profile of a busy node has some
 * thousands of samples; a heap profile some tens of thousands; Go records at most 128 frames a stack and
 * inlining adds a few lines per location.
 */
export const PROFILE_LIMITS = {
  /** Bytes of the file as it is on disk (gzipped, as a node writes it). */
  fileBytes: 64 * 1024 * 1024,
  /** Bytes once unpacked. */
  unpackedBytes: 64 * 1024 * 1024,
  samples: 500_000,
  locations: 500_000,
  functions: 500_000,
  strings: 1_000_000,
  linesPerLocation: 256,
  /** Frames of one sample's stack, inlined functions counted. */
  stackDepth: 2_048,
  /** A protobuf varint never needs more than 10 bytes (64 bits, 7 a byte). */
  varintBytes: 10
} as const

const MiB = 1024 * 1024

/** The error of a file that passed one of the limits: it names the file, the limit, and that it was not opened. */
export function limitError(name: string, what: string): AppError {
  return new AppError('BAD_INPUT', `${name} ${what}: not opened`, { issues: [{ path: ['name'], message: what.slice(0, 300) }] })
}

export function notAProfile(name: string, why: string): AppError {
  return new AppError('BAD_INPUT', `${name} is not a pprof profile, or it is truncated (${why.slice(0, 200)})`, { issues: [{ path: ['name'], message: 'not a pprof profile' }] })
}

/** The protobuf bytes of a profile: gunzipped when gzipped (as Go writes them), never beyond PROFILE_LIMITS.unpackedBytes. */
export function unpack(name: string, bytes: Uint8Array): Uint8Array {
  if (bytes.length > PROFILE_LIMITS.fileBytes) throw limitError(name, `is larger than ${PROFILE_LIMITS.fileBytes / MiB} MiB`)
  if (!(bytes[0] === 0x1f && bytes[1] === 0x8b)) return bytes
  try {
    return gunzipSync(bytes, { maxOutputLength: PROFILE_LIMITS.unpackedBytes })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw limitError(name, `unpacks to more than ${PROFILE_LIMITS.unpackedBytes / MiB} MiB`)
    throw new AppError('BAD_INPUT', `${name} is gzipped but cannot be unpacked (${(e as Error).message}): it may be truncated`, {
      issues: [{ path: ['name'], message: 'truncated or damaged gzip data' }]
    })
  }
}

/** profile.proto's field numbers that the counts below need. */
const PROFILE_SAMPLE = 2
const PROFILE_LOCATION = 4
const PROFILE_FUNCTION = 5
const PROFILE_STRING = 6
const SAMPLE_LOCATION_ID = 1
const LOCATION_LINE = 4
/** Fields of Profile, Sample and Location that hold messages (the rest of the length-delimited ones hold packed numbers). */
const MESSAGE_FIELDS: Record<'profile' | 'sample' | 'location' | 'leaf', ReadonlySet<number>> = {
  profile: new Set([1, 2, 3, 4, 5, 11]),
  sample: new Set([3]),
  location: new Set([4]),
  leaf: new Set()
}
const INNER: Record<number, 'sample' | 'location' | 'leaf'> = { [PROFILE_SAMPLE]: 'sample', [PROFILE_LOCATION]: 'location' }

/**
 * Walks the protobuf wire format of a profile once, in time linear in its length, before it is decoded:
 * refuses a varint longer than 10 bytes (the decoder's time grows with the cube of such a run), a field the
 * decoder would not read (multi-byte tags, wire types other than varint and length-delimited, which
 * Go's encoder never writes), a length past the end, and a file past any of PROFILE_LIMITS' counts.
 */
export function scanProfile(name: string, buf: Uint8Array): void {
  /** The entries of the profile counted against their limit, by field number. */
  const counted: Record<number, { what: string; max: number; n: number }> = {
    [PROFILE_SAMPLE]: { what: 'samples', max: PROFILE_LIMITS.samples, n: 0 },
    [PROFILE_LOCATION]: { what: 'locations', max: PROFILE_LIMITS.locations, n: 0 },
    [PROFILE_FUNCTION]: { what: 'functions', max: PROFILE_LIMITS.functions, n: 0 },
    [PROFILE_STRING]: { what: 'strings', max: PROFILE_LIMITS.strings, n: 0 }
  }
  const varint = (at: number, end: number): { value: number; next: number } => {
    let value = 0
    let scale = 1
    for (let i = at; i < end; i++) {
      if (i - at >= PROFILE_LIMITS.varintBytes) throw limitError(name, `has a number longer than ${PROFILE_LIMITS.varintBytes} bytes at byte ${at}`)
      const b = buf[i]!
      value += (b & 0x7f) * scale
      scale *= 128
      if (b < 0x80) return { value, next: i + 1 }
    }
    throw notAProfile(name, `a number is cut off at byte ${at}`)
  }
  /** Packed numbers: counted, each checked for its length. */
  const packed = (start: number, end: number): number => {
    let n = 0
    for (let i = start; i < end; n++) i = varint(i, end).next
    return n
  }
  const message = (start: number, end: number, kind: 'profile' | 'sample' | 'location' | 'leaf'): void => {
    let i = start
    let depth = 0
    let lines = 0
    while (i < end) {
      const tag = buf[i]!
      const field = tag >> 3
      const wire = tag & 7
      // The decoder reads a tag as one byte: field numbers above 15 are not in profile.proto.
      if (tag >= 0x80) throw notAProfile(name, `field tag ${tag} at byte ${i}`)
      if (wire === 0) {
        const v = varint(i + 1, end)
        if (kind === 'sample' && field === SAMPLE_LOCATION_ID) depth++
        count(kind, field)
        i = v.next
      } else if (wire === 2) {
        const len = varint(i + 1, end)
        const from = len.next
        const to = from + len.value
        if (to > end) throw notAProfile(name, `a field of ${len.value} bytes at byte ${i} runs past the end`)
        count(kind, field)
        if (kind === 'location' && field === LOCATION_LINE && ++lines > PROFILE_LIMITS.linesPerLocation)
          throw limitError(name, `has a location with more than ${PROFILE_LIMITS.linesPerLocation} lines`)
        if (MESSAGE_FIELDS[kind].has(field)) message(from, to, kind === 'profile' ? (INNER[field] ?? 'leaf') : 'leaf')
        else if (!(kind === 'profile' && field === PROFILE_STRING)) {
          const n = packed(from, to)
          if (kind === 'sample' && field === SAMPLE_LOCATION_ID) depth += n
        }
        i = to
      } else throw notAProfile(name, `wire type ${wire} at byte ${i}`)
      if (depth > PROFILE_LIMITS.stackDepth) throw limitError(name, `has a stack deeper than ${PROFILE_LIMITS.stackDepth} frames`)
    }
  }
  const count = (kind: string, field: number): void => {
    const c = kind === 'profile' ? counted[field] : undefined
    if (c && ++c.n > c.max) throw limitError(name, `has more than ${c.max.toLocaleString('en-US')} ${c.what}`)
  }
  message(0, buf.length, 'profile')
}
