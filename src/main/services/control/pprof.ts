import { Profile } from 'pprof-format'
import type { ProfileSummary } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { limitError, notAProfile, PROFILE_LIMITS, scanProfile, unpack } from './pprof-limits'

const TOP = 300
/** Flame-graph frames thinner than this share of the total are folded into their parent. */
const MIN_SHARE = 0.001
const MAX_NODES = 20_000

/**
 * Reads a Go pprof file (gzipped protobuf, as a node writes it) into what the panel shows: the
 * functions with their flat and cumulative values, and the call tree for a flame graph. A file that
 * is not a profile, or is cut short, gets a message that says so; one past PROFILE_LIMITS, one that
 * names the limit. Synchronous and unbounded in time for what passes the limits: the app runs it only
 * in a worker (decodeProfile in pprof-decoder.ts).
 */
export function summarizeProfile(name: string, bytes: Uint8Array, valueIndex?: number): ProfileSummary {
  const profile = decode(name, bytes)
  const strings = profile.stringTable.strings
  const str = (i: number | bigint): string => strings[Number(i)] ?? ''
  const sampleTypes = profile.sampleType.map((t) => ({ type: str(t.type), unit: str(t.unit) }))
  if (sampleTypes.length === 0) throw unusable(name, 'it has no sample types')
  const index = valueIndex ?? defaultIndex(profile, sampleTypes)
  if (index < 0 || index >= sampleTypes.length) throw new AppError('BAD_INPUT', `valueIndex must be from 0 to ${sampleTypes.length - 1}`, { issues: [{ path: ['valueIndex'], message: 'out of range' }] })

  const functions = new Map<string, { name: string; file: string }>()
  for (const f of profile.function) functions.set(String(f.id), { name: str(f.name) || '(unknown)', file: str(f.filename) })
  /** Each location's frames, leaf first (inlined functions come first in a location's lines). */
  const frames = new Map<string, string[]>()
  for (const loc of profile.location) {
    const names = loc.line.map((l) => functions.get(String(l.functionId))?.name ?? '(unknown)')
    frames.set(String(loc.id), names.length > 0 ? names : [`0x${BigInt(loc.address).toString(16)}`])
  }

  const flat = new Map<string, bigint>()
  const cum = new Map<string, bigint>()
  let total = 0n
  type Node = { name: string; value: bigint; self: bigint; children: Map<string, Node> }
  const root: Node = { name: 'total', value: 0n, self: 0n, children: new Map() }
  for (const s of profile.sample) {
    const v = BigInt(s.value[index] ?? 0)
    if (v === 0n) continue
    total += v
    // Stack leaf first: flatten, then walk root first for the tree. The scan bounded the locations of a
    // stack; with their inlined lines it may still be deep (and the tree below is walked recursively).
    const parts = s.locationId.map((id) => frames.get(String(id)) ?? ['(unknown location)'])
    if (parts.reduce((n, p) => n + p.length, 0) > PROFILE_LIMITS.stackDepth) throw limitError(name, `has a stack deeper than ${PROFILE_LIMITS.stackDepth} frames`)
    const stack = parts.flat()
    if (stack.length === 0) continue
    flat.set(stack[0]!, (flat.get(stack[0]!) ?? 0n) + v)
    for (const fn of new Set(stack)) cum.set(fn, (cum.get(fn) ?? 0n) + v)
    let node = root
    node.value += v
    for (let i = stack.length - 1; i >= 0; i--) {
      const fn = stack[i]!
      let child = node.children.get(fn)
      if (!child) node.children.set(fn, (child = { name: fn, value: 0n, self: 0n, children: new Map() }))
      child.value += v
      node = child
    }
    node.self += v
  }

  const top = [...cum.keys()]
    .map((fn) => ({ name: fn, file: fileOf(functions, fn), flat: (flat.get(fn) ?? 0n).toString(), cum: cum.get(fn)!.toString() }))
    .sort((a, b) => cmp(BigInt(b.flat), BigInt(a.flat)) || cmp(BigInt(b.cum), BigInt(a.cum)) || a.name.localeCompare(b.name))
    .slice(0, TOP)

  // The call tree, flattened (parent before child), thin frames folded away, bounded in size.
  const nodes: ProfileSummary['flame'] = []
  const min = total === 0n ? 0n : (total * BigInt(Math.round(MIN_SHARE * 1e6))) / 1_000_000n
  const walk = (n: Node, parent: number, depth: number): void => {
    if (nodes.length >= MAX_NODES) return
    const id = nodes.length
    nodes.push({ id, parent, name: n.name.slice(0, 300), value: n.value.toString(), depth })
    for (const c of [...n.children.values()].sort((a, b) => cmp(b.value, a.value))) if (c.value >= min && c.value > 0n) walk(c, id, depth + 1)
  }
  walk(root, -1, 0)

  return {
    name,
    sampleTypes,
    valueIndex: index,
    samples: profile.sample.length,
    total: total.toString(),
    ...(BigInt(profile.durationNanos) > 0n ? { durationNanos: BigInt(profile.durationNanos).toString() } : {}),
    top,
    flame: nodes
  }
}

function decode(name: string, bytes: Uint8Array): Profile {
  const raw = unpack(name, bytes)
  scanProfile(name, raw)
  try {
    return Profile.decode(raw)
  } catch (e) {
    throw notAProfile(name, String((e as Error).message))
  }
}

function unusable(name: string, why: string): AppError {
  return new AppError('BAD_INPUT', `${name} is not a usable pprof profile: ${why}`, { issues: [{ path: ['name'], message: why }] })
}

/** Go's own choice: the default sample type when named, else the last (cpu: nanoseconds; heap: inuse_space). */
function defaultIndex(profile: Profile, types: { type: string }[]): number {
  const named = Number(profile.defaultSampleType)
  if (named > 0) {
    const want = profile.stringTable.strings[named]
    const i = types.findIndex((t) => t.type === want)
    if (i >= 0) return i
  }
  return types.length - 1
}

function fileOf(functions: Map<string, { name: string; file: string }>, name: string): string {
  for (const f of functions.values()) if (f.name === name) return f.file
  return ''
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0
}
