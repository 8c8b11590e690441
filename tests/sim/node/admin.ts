/**
 * The C-Chain admin API (/ext/bc/C/admin) as coreth serves it (graft/coreth/plugin/evm/admin.go with
 * avalanchego's utils/profiler):
 *
 * - startCPUProfiler creates cpu.profile (empty while the profile runs, as Go's pprof writes it at the
 *   end) and fails with "cpu profiler already running" when one runs; it also switches mutex profiling
 *   on (runtime.SetMutexProfileFraction(1)), so lock profiles only have samples after a CPU profile was
 *   started. stopCPUProfiler writes the profile, or fails with "cpu profiler doesn't exist".
 * - memoryProfile writes mem.profile, lockProfile writes lock.profile; each call overwrites its file.
 *   All are real Go pprof files (gzipped protobuf, see pprof.ts), made up from the seed in a few ms;
 *   lock.profile can also be written as the text avalanchego really writes there
 *   (`lockProfileFormat: 'text'`, see pprof.ts).
 * - setLogLevel parses the level as the EVM's logger does (case-insensitive trace/trce, debug/dbug,
 *   info, warn, error/eror, crit) and fails with "failed to parse log level: unknown level: X " — the
 *   trailing space is in coreth's format string.
 * - Errors are gorilla's: code -32000, the Go error text, data null (jsonrpc.ts).
 *
 * Method names: a real node routes only `admin.startCPUProfiler` (a gorilla service "admin"); the spec
 * writes `admin_startCPUProfiler`. `adminNames` picks what the sim routes: 'dot' (default, a real node:
 * an underscore name gets -32000 `rpc: service/method request ill-formed: "admin_x"`), 'spec' (only the
 * underscore names; a dot name gets -32000 `rpc: can't find method "admin.X"`) or 'both'.
 * `adminApi: false` is a node without `admin-api-enabled`: the path is not registered, so avalanchego's
 * router answers 404 "404 page not found".
 *
 * The profile directory: coreth writes to `${admin-api-dir}_coreth_performance_C` (relative to the
 * node's working directory when admin-api-dir is empty, its default); getVMConfig reports admin-api-dir
 * accordingly when the sim's directory has that suffix.
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { handleGorilla } from './gorilla'
import type { GorillaMethod, RpcRequest } from './jsonrpc'
import { InvalidArgument, MethodError, gorillaError, idOf, optString } from './jsonrpc'
import type { SimLog } from './log'
import { LOG_LEVELS } from './log'
import type { LogLevel } from './log'
import { cpuProfile, encodePprof, heapProfile, mutexProfile, mutexProfileText } from './pprof'

/** the file names avalanchego's utils/profiler writes (cpuProfileFile, memProfileFile, lockProfileFile) */
export const PROFILE_FILES = { cpu: 'cpu.profile', memory: 'mem.profile', lock: 'lock.profile' } as const

/** coreth's performance directory is `${admin-api-dir}${PROFILE_DIR_SUFFIX}` */
export const PROFILE_DIR_SUFFIX = '_coreth_performance_C'

export const ADMIN_NAMES = ['dot', 'spec', 'both'] as const
/** which spellings of the admin methods the sim routes */
export type AdminNames = (typeof ADMIN_NAMES)[number]

export const LOCK_PROFILE_FORMATS = ['pprof', 'text'] as const
/** lock.profile as gzipped protobuf ('pprof', default) or as the debug=1 text avalanchego writes ('text') */
export type LockProfileFormat = (typeof LOCK_PROFILE_FORMATS)[number]

/** The admin API's run-time switches (part of /__sim/config). */
export interface AdminConfig {
  adminNames: AdminNames
  adminApi: boolean
  lockProfileFormat: LockProfileFormat
  /** The node's own /ext/admin (avalanchego --api-admin-enabled): only admin.getLoggerLevel here. */
  nodeAdminApi: boolean
}

export const ADMIN_DEFAULTS: Readonly<AdminConfig> = { adminNames: 'dot', adminApi: true, lockProfileFormat: 'pprof', nodeAdminApi: true }
export const ADMIN_CONFIG_KEYS = ['adminNames', 'adminApi', 'lockProfileFormat', 'nodeAdminApi'] as const

const quoted = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(', ')

/** Validates the admin keys of a /__sim/config patch; throws with the 400 message. */
export function parseAdminConfig(v: Record<string, unknown>): Partial<AdminConfig> {
  const out: Partial<AdminConfig> = {}
  if (v.adminNames !== undefined) {
    if (typeof v.adminNames !== 'string' || !(ADMIN_NAMES as readonly string[]).includes(v.adminNames)) {
      throw new Error(`config: adminNames must be one of ${quoted(ADMIN_NAMES)}`)
    }
    out.adminNames = v.adminNames as AdminNames
  }
  if (v.adminApi !== undefined) {
    if (typeof v.adminApi !== 'boolean') throw new Error('config: adminApi must be a boolean')
    out.adminApi = v.adminApi
  }
  if (v.nodeAdminApi !== undefined) {
    if (typeof v.nodeAdminApi !== 'boolean') throw new Error('config: nodeAdminApi must be a boolean')
    out.nodeAdminApi = v.nodeAdminApi
  }
  if (v.lockProfileFormat !== undefined) {
    if (typeof v.lockProfileFormat !== 'string' || !(LOCK_PROFILE_FORMATS as readonly string[]).includes(v.lockProfileFormat)) {
      throw new Error(`config: lockProfileFormat must be one of ${quoted(LOCK_PROFILE_FORMATS)}`)
    }
    out.lockProfileFormat = v.lockProfileFormat as LockProfileFormat
  }
  return out
}

/** The admin switches that differ from the defaults (the config lists only those, so it reads as before). */
export function adminConfigView(c: AdminConfig): Partial<AdminConfig> {
  const out: Partial<AdminConfig> = {}
  for (const key of ADMIN_CONFIG_KEYS) if (c[key] !== ADMIN_DEFAULTS[key]) Object.assign(out, { [key]: c[key] })
  return out
}

/** A file in the profile directory, as GET /__sim/profiles lists it. */
export interface ProfileFile {
  name: string
  path: string
  size: number
  /** ISO 8601 */
  mtime: string
  mtimeMs: number
}

export interface ProfileListing {
  dir: string
  /** the files this sim wrote that are still there, by name */
  files: ProfileFile[]
  /** whether a CPU profile runs now */
  cpuProfiling: boolean
}

const GO_ERRNO: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  EEXIST: 'file exists',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
}

/** a Node fs error as Go's *PathError prints: "open /x/cpu.profile: permission denied" */
function pathError(op: 'open' | 'mkdir', path: string, e: unknown): MethodError {
  const err = e as NodeJS.ErrnoException
  const text = (err.code && GO_ERRNO[err.code]) ?? err.message
  return new MethodError(`${op} ${op === 'mkdir' && err.path ? err.path : path}: ${text}`)
}

export interface ProfilerOptions {
  /** the data set's seed: what the profiles contain */
  seed: number
  /** lock.profile's format, read at each lockProfile */
  lockFormat?: () => LockProfileFormat
  /** wall clock in ms (default Date.now) */
  now?: () => number
}

/** avalanchego's utils/profiler over the sim's profile directory. */
export class Profiler {
  private cpu?: { startedMs: number; startedHr: bigint }
  /** when mutex profiling was switched on (the first startCPUProfiler), in ms */
  private mutexSinceMs?: number
  private readonly runs = { cpu: 0, memory: 0, lock: 0 }
  private readonly written = new Set<string>()
  private readonly now: () => number

  constructor(readonly dir: string, private readonly o: ProfilerOptions) {
    this.now = o.now ?? Date.now
  }

  get cpuRunning(): boolean {
    return this.cpu !== undefined
  }

  private async mkdir(): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true, mode: 0o700 })
    } catch (e) {
      throw pathError('mkdir', this.dir, e)
    }
  }

  private async write(name: string, data: string | Uint8Array): Promise<string> {
    const file = join(this.dir, name)
    try {
      await writeFile(file, data, { mode: 0o600 })
    } catch (e) {
      throw pathError('open', file, e)
    }
    this.written.add(name)
    return file
  }

  async startCpu(): Promise<void> {
    if (this.cpu) throw new MethodError('cpu profiler already running')
    // taken before the first await, so two calls at once cannot both start
    this.cpu = { startedMs: this.now(), startedHr: process.hrtime.bigint() }
    try {
      await this.mkdir()
      await this.write(PROFILE_FILES.cpu, '')
    } catch (e) {
      this.cpu = undefined
      throw e
    }
    this.mutexSinceMs ??= this.now()
  }

  async stopCpu(): Promise<string> {
    const c = this.cpu
    if (!c) throw new MethodError("cpu profiler doesn't exist")
    this.cpu = undefined
    const durationNanos = process.hrtime.bigint() - c.startedHr
    const p = cpuProfile({ seed: this.o.seed, run: this.runs.cpu++, startNanos: BigInt(c.startedMs) * 1_000_000n, durationNanos })
    return this.write(PROFILE_FILES.cpu, encodePprof(p))
  }

  async memoryProfile(): Promise<string> {
    await this.mkdir()
    const p = heapProfile({ seed: this.o.seed, run: this.runs.memory++, startNanos: BigInt(this.now()) * 1_000_000n })
    return this.write(PROFILE_FILES.memory, encodePprof(p))
  }

  async lockProfile(): Promise<string> {
    await this.mkdir()
    const now = this.now()
    const r = {
      seed: this.o.seed,
      run: this.runs.lock++,
      startNanos: BigInt(now) * 1_000_000n,
      recordingSeconds: this.mutexSinceMs === undefined ? 0 : Math.max(0.001, (now - this.mutexSinceMs) / 1000),
    }
    const format = this.o.lockFormat?.() ?? 'pprof'
    return this.write(PROFILE_FILES.lock, format === 'text' ? mutexProfileText(r) : encodePprof(mutexProfile(r)))
  }

  /** the files this profiler wrote that still exist */
  async list(): Promise<ProfileListing> {
    const files: ProfileFile[] = []
    for (const name of [...this.written].sort()) {
      const path = join(this.dir, name)
      try {
        const s = await stat(path)
        files.push({ name, path, size: s.size, mtime: s.mtime.toISOString(), mtimeMs: s.mtimeMs })
      } catch {
        // removed by someone else
      }
    }
    return { dir: this.dir, files, cpuProfiling: this.cpuRunning }
  }

  /** deletes the files this profiler wrote (not a running CPU profile's file) */
  async clear(): Promise<ProfileListing> {
    for (const name of [...this.written]) {
      if (name === PROFILE_FILES.cpu && this.cpu) continue
      await rm(join(this.dir, name), { force: true })
      this.written.delete(name)
    }
    return this.list()
  }

  async stop(): Promise<void> {
    this.cpu = undefined
  }
}

/**
 * The admin endpoint with the naming switch applied (see the file comment). Envelope errors (not an
 * object, jsonrpc not "2.0") are gorilla's in every mode.
 */
export function handleAdmin(body: unknown, methods: Record<string, GorillaMethod>, names: AdminNames): Promise<unknown> {
  if (names === 'spec' && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const req = body as RpcRequest
    if (req.jsonrpc === '2.0' && typeof req.method === 'string' && req.method.includes('.')) {
      const dot = req.method.lastIndexOf('.')
      const m = req.method.slice(dot + 1)
      const shown = `${req.method.slice(0, dot)}.${m.slice(0, 1).toUpperCase()}${m.slice(1)}`
      return Promise.resolve(gorillaError(idOf(req), `rpc: can't find method "${shown}"`))
    }
  }
  return handleGorilla(body, 'admin', methods, names !== 'dot')
}

/** admin-api-dir as coreth's config would hold it for this profile directory */
export function adminApiDirOf(profileDir: string): string {
  const base = basename(profileDir)
  return base.endsWith(PROFILE_DIR_SUFFIX) ? join(dirname(profileDir), base.slice(0, -PROFILE_DIR_SUFFIX.length)) : profileDir
}

export function vmConfig(opts: { debugApi: boolean; logLevel: LogLevel; profileDir: string }) {
  // field names of coreth's config.Config (the part an operator looks at)
  return {
    'snowman-api-enabled': false,
    'admin-api-enabled': true,
    'admin-api-dir': adminApiDirOf(opts.profileDir),
    'warp-api-enabled': false,
    'eth-apis': ['eth', 'eth-filter', 'net', 'web3', 'internal-eth', 'internal-blockchain', 'internal-transaction', ...(opts.debugApi ? ['debug-tracer'] : [])],
    'rpc-gas-cap': 50000000,
    'rpc-tx-fee-cap': 100,
    'pruning-enabled': true,
    'commit-interval': 4096,
    'accepted-cache-size': 32,
    'historical-proof-query-window': 43200,
    'log-level': opts.logLevel,
    'log-json-format': false,
    'api-max-duration': 0,
    'api-max-blocks-per-request': 0,
    'allow-unfinalized-queries': false,
    'allow-unprotected-txs': false,
    'batch-request-limit': 40,
    'batch-response-max-size': 25000000,
    'local-txs-enabled': false,
    'tx-pool-price-limit': 1,
    'state-sync-enabled': false,
    'offline-pruning-enabled': false,
    'max-outbound-active-requests': 16,
  }
}

const LEVEL_ALIASES: Record<string, LogLevel> = { trce: 'trace', dbug: 'debug', eror: 'error' }

/** avalanchego graft/evm/log.LvlFromString: case-insensitive names and the 4-letter aliases */
export function parseLogLevel(level: string): LogLevel | undefined {
  const l = level.toLowerCase()
  if ((LOG_LEVELS as readonly string[]).includes(l)) return l as LogLevel
  return LEVEL_ALIASES[l]
}

export function adminMethods(profiler: Profiler, log: SimLog, config: () => Record<string, unknown>): Record<string, GorillaMethod> {
  return {
    async startCPUProfiler() {
      await profiler.startCpu()
      log.info('Admin: CPU profiler started')
      return {}
    },
    async stopCPUProfiler() {
      const file = await profiler.stopCpu()
      log.info(`Admin: CPU profile written to ${file}`)
      return {}
    },
    async memoryProfile() {
      const file = await profiler.memoryProfile()
      log.info(`Admin: memory profile written to ${file}`)
      return {}
    },
    async lockProfile() {
      const file = await profiler.lockProfile()
      log.info(`Admin: lock profile written to ${file}`)
      return {}
    },
    setLogLevel(p) {
      // a missing or null level unmarshals to "" in Go; a non-string does not unmarshal at all
      const raw = p.level
      if (raw !== undefined && raw !== null && typeof raw !== 'string') throw new InvalidArgument()
      const given = optString(p, 'level') ?? ''
      const level = parseLogLevel(given)
      if (!level) throw new MethodError(`failed to parse log level: unknown level: ${given} `)
      log.level = level
      return {}
    },
    getVMConfig() {
      return { config: config() }
    },
  }
}

/** avalanchego's names of the EVM's levels, as its logging.Level prints them (upper case). */
const NODE_LEVEL: Record<LogLevel, string> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', crit: 'FATAL' }

/**
 * The node's own admin API (/ext/admin) as avalanchego serves it: admin.getLoggerLevel({loggerName})
 * answers `{loggerLevels: {<name>: {logLevel, displayLevel}}}`; without a name, every logger (here: C).
 * An unknown logger fails with avalanchego's "logger ... not found"-like error. The C logger's level is
 * the level the C-Chain admin API's setLogLevel sets in the sim.
 */
export function nodeAdminMethods(log: SimLog): Record<string, GorillaMethod> {
  return {
    getLoggerLevel(p) {
      const name = optString(p, 'loggerName') ?? ''
      if (name !== '' && name !== 'C') throw new MethodError(`logger with name "${name}" not found`)
      const level = NODE_LEVEL[log.level]
      return { loggerLevels: { C: { logLevel: level, displayLevel: level } } }
    },
  }
}
