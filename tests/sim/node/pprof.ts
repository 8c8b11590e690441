/**
 * Go pprof profiles for the sim's admin API, encoded with `pprof-format` and gzipped as Go's
 * runtime/pprof writes them: cpu.profile (samples/count + cpu/nanoseconds, period 10 ms, with the
 * profile's start and duration), mem.profile (alloc_objects, alloc_space, inuse_objects, inuse_space;
 * period 512 KiB, a "bytes" label per sample) and the mutex profile (contentions/count +
 * delay/nanoseconds, period 1) — the last also in the text form `WriteTo(w, 1)` gives, which is what
 * avalanchego's LockProfile actually writes. The stacks come from goStacks.ts; what is sampled and how
 * much is drawn from the seed and the run number, so a (seed, run, duration) gives the same file.
 */
import { gzipSync } from 'node:zlib'
import { Function as PFunction, Label, Line, Location, Mapping, Profile, Sample, StringTable, ValueType } from 'pprof-format'
import { Rng } from '../lib/prng'
import { BINARY, CPU, FN, HEAP, HEAP_KEEP, HEAP_SIZES, MUTEX, MUTEX_WAIT_NS, sourcePath } from './goStacks'
import type { FnKey, Tree } from './goStacks'

export interface ProfileRun {
  seed: number
  /** the how-many-th profile of this kind the node writes (0 first): varies the weights */
  run: number
  /** unix time in ns when the profile started (CPU) or was taken */
  startNanos: bigint
}

/** Go's CPU sampling period: 100 Hz */
export const CPU_PERIOD_NS = 10_000_000
/** Go's default runtime.MemProfileRate */
export const HEAP_PERIOD_BYTES = 512 * 1024

const KEYS = Object.keys(FN) as FnKey[]

function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** a root-to-leaf path through a tree with the leaf's own weight */
interface Path {
  keys: FnKey[]
  weight: number
}

function paths(trees: readonly Tree[]): Path[] {
  const out: Path[] = []
  const walk = (node: Tree, above: FnKey[]) => {
    const [key, self, ...children] = node
    const keys = [...above, key]
    if (self > 0) out.push({ keys, weight: self })
    for (const c of children) walk(c, keys)
  }
  for (const tr of trees) walk(tr, [])
  return out
}

const PATHS = { cpu: paths(CPU), heap: paths(HEAP), mutex: paths(MUTEX) }

/** the line a frame is at: where it calls `callee`, or where it spends its own time */
function lineOf(key: FnKey, callee: FnKey | undefined): number {
  const def = FN[key]
  return def.line + 1 + (hash(`${key}>${callee ?? '.'}`) % 37)
}

/** a function's entry address in the binary (fixed: the same binary every run) */
function entryOf(key: FnKey): number {
  return 0x403000 + KEYS.indexOf(key) * 0x2400
}

interface Frame {
  key: FnKey
  line: number
}

/** one location: its frames innermost first (inlined frames, then the function they were inlined into) */
interface LocFrames {
  frames: Frame[]
  address: number
  /** identifies the location: its frames and lines */
  sig: string
}

const locationCache = new WeakMap<FnKey[], LocFrames[]>()

/** leaf-first locations of a root-to-leaf path (the paths are fixed, so this is worked out once each) */
function locationsOf(keys: FnKey[]): LocFrames[] {
  let locs = locationCache.get(keys)
  if (!locs) {
    locs = foldLocations(keys)
    locationCache.set(keys, locs)
  }
  return locs
}

/** leaf-first locations of a root-to-leaf path, inlined frames folded into their caller's location */
function foldLocations(keys: FnKey[]): LocFrames[] {
  const frames: Frame[] = keys.map((key, i) => ({ key, line: lineOf(key, keys[i + 1]) }))
  const out: LocFrames[] = []
  let group: Frame[] = []
  for (let i = frames.length - 1; i >= 0; i--) {
    const fr = frames[i]!
    group.push(fr)
    // an inlined function has no frame of its own: it joins the location of its caller (if any)
    if (FN[fr.key].inl && i > 0) continue
    const outer = group[group.length - 1]!
    // a call to an inlined function and a plain call on the same line sit at different pcs
    const address = entryOf(outer.key) + (outer.line - FN[outer.key].line) * 0x18 + (group.length > 1 ? 0xb : 0x5)
    out.push({ frames: group, address, sig: group.map((g) => `${g.key}:${g.line}`).join('|') })
    group = []
  }
  return out
}

class Builder {
  readonly st = new StringTable()
  private readonly fns = new Map<FnKey, PFunction>()
  private readonly locs = new Map<string, Location>()
  readonly mappings: Mapping[]

  constructor(seed: number) {
    const buildId = Array.from(new Rng(0x6275696c).fork(`build:${seed}`).bytes(20), (b) => b.toString(16).padStart(2, '0')).join('')
    this.mappings = [
      new Mapping({ id: 1, memoryStart: 0x400000, memoryLimit: 0x5a3c000, fileOffset: 0, filename: this.st.dedup(BINARY), buildId: this.st.dedup(buildId), hasFunctions: true }),
      new Mapping({ id: 2, memoryStart: 0x7f3c2a628000, memoryLimit: 0x7f3c2a7bd000, fileOffset: 0x28000, filename: this.st.dedup('/usr/lib/x86_64-linux-gnu/libc.so.6'), buildId: this.st.dedup('6d64b17fbac799e68da7ebd9985ddf9b5cb375e6') }),
      new Mapping({ id: 3, memoryStart: 0x7ffd4b9f2000, memoryLimit: 0x7ffd4b9f4000, fileOffset: 0, filename: this.st.dedup('[vdso]') }),
    ]
  }

  private fn(key: FnKey): PFunction {
    let fun = this.fns.get(key)
    if (!fun) {
      const def = FN[key]
      const name = this.st.dedup(def.name)
      fun = new PFunction({ id: this.fns.size + 1, name, systemName: name, filename: this.st.dedup(sourcePath(def)), startLine: def.line })
      this.fns.set(key, fun)
    }
    return fun
  }

  private location(l: LocFrames): Location {
    let loc = this.locs.get(l.sig)
    if (!loc) {
      loc = new Location({
        id: this.locs.size + 1,
        mappingId: 1,
        address: l.address,
        line: l.frames.map((fr) => new Line({ functionId: this.fn(fr.key).id, line: fr.line })),
      })
      this.locs.set(l.sig, loc)
    }
    return loc
  }

  /** location ids, leaf first, of a root-to-leaf path */
  stack(keys: FnKey[]): number[] {
    return locationsOf(keys).map((l) => Number(this.location(l).id))
  }

  valueType(type: string, unit: string): ValueType {
    return new ValueType({ type: this.st.dedup(type), unit: this.st.dedup(unit) })
  }

  profile(p: { sampleType: ValueType[]; sample: Sample[]; periodType: ValueType; period: number; timeNanos: bigint; durationNanos?: bigint }): Profile {
    return new Profile({
      sampleType: p.sampleType,
      sample: p.sample,
      mapping: this.mappings,
      location: [...this.locs.values()],
      function: [...this.fns.values()],
      stringTable: this.st,
      timeNanos: p.timeNanos,
      ...(p.durationNanos !== undefined ? { durationNanos: p.durationNanos } : {}),
      periodType: p.periodType,
      period: p.period,
    })
  }
}

/** Splits `total` over weights (largest remainder), so the parts add up to exactly `total`. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum <= 0 || total <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (const [, i] of order) {
    if (left <= 0) break
    parts[i]!++
    left--
  }
  return parts
}

/** per-run weights: each path's weight times 0.4–1.6, a few minor paths absent in a run */
function jitter(rng: Rng, list: Path[]): number[] {
  return list.map((p) => (p.weight <= 2 && rng.bool(0.12) ? 0 : p.weight * (0.4 + 1.2 * rng.next())))
}

/**
 * A CPU profile of `durationNanos`: 100 Hz samples of a node using 0.4–1.6 cores (at least 20
 * samples, so a profile stopped right after its start still has a tree).
 */
export function cpuProfile(r: ProfileRun & { durationNanos: bigint }): Profile {
  const rng = new Rng(r.seed).fork(`pprof:cpu:${r.run}`)
  const b = new Builder(r.seed)
  const cores = 0.4 + 1.2 * rng.next()
  const total = Math.max(20, Math.round((Number(r.durationNanos) / CPU_PERIOD_NS) * cores))
  const counts = apportion(total, jitter(rng, PATHS.cpu))
  const sample: Sample[] = []
  PATHS.cpu.forEach((p, i) => {
    const n = counts[i]!
    if (n > 0) sample.push(new Sample({ locationId: b.stack(p.keys), value: [n, n * CPU_PERIOD_NS] }))
  })
  const periodType = b.valueType('cpu', 'nanoseconds')
  return b.profile({
    sampleType: [b.valueType('samples', 'count'), b.valueType('cpu', 'nanoseconds')],
    sample,
    periodType,
    period: CPU_PERIOD_NS,
    timeNanos: r.startNanos,
    durationNanos: r.durationNanos,
  })
}

/** A heap profile: every allocation site and size since the start, and what is still in use (grows a little each run). */
export function heapProfile(r: ProfileRun): Profile {
  const rng = new Rng(r.seed).fork(`pprof:heap:${r.run}`)
  const b = new Builder(r.seed)
  const growth = 1 + 0.15 * r.run
  const weights = jitter(rng, PATHS.heap)
  const sample: Sample[] = []
  PATHS.heap.forEach((p, i) => {
    const w = weights[i]!
    if (w <= 0) return
    const leaf = p.keys[p.keys.length - 1]!
    const sizes = HEAP_SIZES[leaf] ?? [64]
    const keep = HEAP_KEEP[leaf] ?? 0.1 + 0.25 * rng.next()
    const stack = b.stack(p.keys)
    for (const size of sizes) {
      const bytes = w * growth * (24 + 40 * rng.next()) * 1024 * 1024 / sizes.length
      const objects = Math.max(1, Math.round(bytes / size))
      const inuse = Math.min(objects, Math.round(objects * keep * (0.8 + 0.4 * rng.next())))
      sample.push(new Sample({
        locationId: stack,
        value: [objects, objects * size, inuse, inuse * size],
        label: [new Label({ key: b.st.dedup('bytes'), num: size })],
      }))
    }
  })
  return b.profile({
    sampleType: [b.valueType('alloc_objects', 'count'), b.valueType('alloc_space', 'bytes'), b.valueType('inuse_objects', 'count'), b.valueType('inuse_space', 'bytes')],
    sample,
    periodType: b.valueType('space', 'bytes'),
    period: HEAP_PERIOD_BYTES,
    timeNanos: r.startNanos,
  })
}

interface MutexRecord {
  keys: FnKey[]
  count: number
  delayNs: number
}

/**
 * The contentions recorded over `recordingSeconds` (the time since mutex profiling was switched on:
 * coreth's StartCPUProfiler calls runtime.SetMutexProfileFraction(1); before that nothing is recorded).
 */
function mutexRecords(r: ProfileRun & { recordingSeconds: number }): MutexRecord[] {
  if (r.recordingSeconds <= 0) return []
  const rng = new Rng(r.seed).fork(`pprof:mutex:${r.run}`)
  const weights = jitter(rng, PATHS.mutex)
  const scale = Math.min(60, Math.max(1, r.recordingSeconds)) * 0.6
  const out: MutexRecord[] = []
  PATHS.mutex.forEach((p, i) => {
    const w = weights[i]!
    if (w <= 0) return
    const owner = p.keys[p.keys.length - 2]!
    const count = Math.max(1, Math.round(w * scale * (2 + 6 * rng.next())))
    const wait = (MUTEX_WAIT_NS[owner] ?? 50_000) * (0.5 + rng.next())
    out.push({ keys: p.keys, count, delayNs: Math.round(count * wait) })
  })
  // Go writes the records with the longest delay first
  return out.sort((a, b) => b.delayNs - a.delayNs)
}

/** The mutex profile as pprof (what `pprof.Lookup("mutex").WriteTo(w, 0)` writes). */
export function mutexProfile(r: ProfileRun & { recordingSeconds: number }): Profile {
  const b = new Builder(r.seed)
  const contentions = b.valueType('contentions', 'count')
  const sample = mutexRecords(r).map((m) => new Sample({ locationId: b.stack(m.keys), value: [m.count, m.delayNs] }))
  return b.profile({
    sampleType: [contentions, b.valueType('delay', 'nanoseconds')],
    sample,
    periodType: b.valueType('contentions', 'count'),
    period: 1,
    timeNanos: r.startNanos,
  })
}

/** this machine's TSC rate, as runtime/pprof prints it in the text form */
export function cyclesPerSecond(seed: number): number {
  return 2_000_000_000 + new Rng(seed).fork('pprof:machine').int(0, 1_200_000_000)
}

/**
 * A block of lines through Go's text/tabwriter as runtime/pprof sets it up (minwidth 1, tabwidth 8,
 * padding 1, padchar '\t'): each tab-terminated cell is padded with tabs to its column's width.
 */
function tabwrite(lines: string[][]): string[] {
  const widths: number[] = []
  for (const cells of lines) {
    cells.slice(0, -1).forEach((c, i) => {
      const w = Math.ceil((c.length + 1) / 8) * 8
      widths[i] = Math.max(widths[i] ?? 0, w)
    })
  }
  return lines.map((cells) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c + '\t'.repeat(Math.ceil((widths[i]! - c.length) / 8)))).join(''),
  )
}

const hex = (n: number) => `0x${n.toString(16)}`

/**
 * The mutex profile as text — what avalanchego's profiler.LockProfile writes to lock.profile
 * (`pprof.Lookup("mutex").WriteTo(file, 1)`): a "--- mutex:" header, cycles/second, the sampling
 * period, then per record "<delay cycles> <count> @ <pcs>" and its frames as "#\t<pc>\t<func>+<off>\t<file>:<line>".
 */
export function mutexProfileText(r: ProfileRun & { recordingSeconds: number }): string {
  const cps = cyclesPerSecond(r.seed)
  const out = ['--- mutex:', `cycles/second=${cps}`, `sampling period=${r.recordingSeconds > 0 ? 1 : 0}`]
  for (const m of mutexRecords(r)) {
    const locs = locationsOf(m.keys)
    const cycles = Math.round((m.delayNs * cps) / 1e9)
    out.push(`${cycles} ${m.count} @ ${locs.map((l) => hex(l.address)).join(' ')}`)
    const rows: string[][] = []
    for (const l of locs) {
      const offset = l.address - entryOf(l.frames[l.frames.length - 1]!.key)
      for (const fr of l.frames) {
        if (fr.key === 'goexit') continue
        const def = FN[fr.key]
        rows.push(['#', hex(l.address), `${def.name}+${hex(offset)}`, `${sourcePath(def)}:${fr.line}`])
      }
    }
    out.push(...tabwrite(rows), '')
  }
  return `${out.join('\n')}\n`
}

/** gzip, as runtime/pprof compresses (gzip.BestSpeed) */
export function encodePprof(p: Profile): Buffer {
  return gzipSync(p.encode(), { level: 1 })
}
