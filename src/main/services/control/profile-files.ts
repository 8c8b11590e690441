import { constants, type Stats } from 'node:fs'
import { lstat, open, opendir, realpath } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, join, normalize, sep } from 'node:path'
import type { ProfileFolderSource } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { PROFILE_LIMITS } from './pprof-limits'
import { notRegularKind } from '../../file-kind'

export type ProfileKind = 'cpu' | 'memory' | 'lock' | 'other'

/** The node's own default: its data directory's profiles/ folder (avalanchego's --profile-dir, for /ext/admin). */
export const NODE_DEFAULT_PROFILE_DIR = '~/.avalanchego/profiles'
/** coreth's C-Chain admin API writes to `<admin-api-dir>_coreth_performance_<alias>`; the C-Chain's alias is C. */
export const CORETH_PROFILE_SUFFIX = '_coreth_performance_C'

/** A folder path with a leading ~/ made the home folder. */
export function resolveProfileDir(configured: string | null): string {
  const dir = configured ?? NODE_DEFAULT_PROFILE_DIR
  return dir.startsWith('~/') ? join(homedir(), dir.slice(2)) : dir
}

export interface ProfileFolder {
  dir: string
  source: ProfileFolderSource
  /** The admin-api-dir the node reports, when it reports one (also when it could not be used). */
  adminApiDir?: string
  /** Why the node's admin-api-dir was not used, when it was not. */
  note?: string
}

/**
 * Expands $VAR and ${VAR} as Go's os.ExpandEnv does (an unset variable is empty), with this machine's
 * environment: coreth expands admin-api-dir with the node's, the same when the node runs here.
 */
export function expandEnv(value: string, env: NodeJS.ProcessEnv): string {
  return value.replace(/\$(?:\{([^}]*)\}|([A-Za-z0-9_]+|[*#$@!?0-9-]))/g, (_m, braced: string | undefined, bare: string | undefined) => env[braced ?? bare ?? ''] ?? '')
}

/**
 * The folder where the profiles are looked for: the profile's own folder when the operator set one; else
 * where coreth writes the C-Chain admin API's profiles, `<admin-api-dir>_coreth_performance_C`, when the
 * node's VM configuration names an absolute admin-api-dir; else avalanchego's default profile folder.
 * An empty or relative admin-api-dir is relative to the node's working folder, which the app cannot know:
 * the default is used and the note says why.
 */
export function profileFolder(configured: string | null, vmConfig: Record<string, unknown> | undefined, env: NodeJS.ProcessEnv = process.env): ProfileFolder {
  if (configured !== null) return { dir: resolveProfileDir(configured), source: 'profile' }
  const fallback = (note?: string, adminApiDir?: string): ProfileFolder => ({
    dir: resolveProfileDir(null),
    source: 'default',
    ...(adminApiDir !== undefined ? { adminApiDir } : {}),
    ...(note !== undefined ? { note } : {})
  })
  if (vmConfig === undefined) return fallback("the node's VM configuration could not be read")
  const raw = vmConfig['admin-api-dir']
  if (raw === undefined || raw === null) return fallback('the node reports no admin-api-dir')
  if (typeof raw !== 'string' || raw.length > 2_000 || /[\0\n\r]/.test(raw)) return fallback('the node reports an admin-api-dir the app cannot use')
  if (raw.trim() === '') return fallback(`the node's admin-api-dir is empty: coreth then writes to ${CORETH_PROFILE_SUFFIX} in the node's working folder`, raw)
  const expanded = expandEnv(raw, env)
  if (!isAbsolute(expanded))
    return fallback(`the node's admin-api-dir "${raw}" is not an absolute path: coreth writes to ${raw}${CORETH_PROFILE_SUFFIX} in the node's working folder`, raw)
  return { dir: normalize(`${expanded}${CORETH_PROFILE_SUFFIX}`), source: 'node', adminApiDir: raw }
}

/** What avalanchego names its files: cpu.profile, mem.profile, lock.profile (with a prefix or suffix at times). */
export function kindOf(name: string): ProfileKind {
  if (/cpu/i.test(name)) return 'cpu'
  if (/mem|heap/i.test(name)) return 'memory'
  if (/lock|mutex/i.test(name)) return 'lock'
  return 'other'
}

/**
 * Whether a file name is one of a profile: what avalanchego and coreth write (cpu.profile, mem.profile,
 * lock.profile; the continuous profiler's older ones as cpu.profile.1 …), what Go's tools write
 * (.pprof, .prof, .pb.gz) and files named after a Go profile (heap, allocs, goroutine …). Other files of
 * the folder (logs, notes, the node's own files when it is pointed at a shared folder) are not listed.
 */
export function isProfileName(name: string): boolean {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) return false
  return /\.(profile|pprof|prof|pb\.gz|pb)(\.\d+)?$/i.test(name) || /^(cpu|mem|memory|heap|allocs|lock|mutex|block|goroutine|threadcreate)([._-]|$)/i.test(name)
}

/** A path that resolves inside the folder `root` (both real paths). */
function inside(root: string, path: string): boolean {
  return path.startsWith(root.endsWith(sep) ? root : root + sep)
}

/**
 * The profile files of the profile folder, newest first. A folder that does not exist yet is not an error
 * (the node makes it on its first profile): `exists: false` and no files. One that cannot be read is.
 * Only regular files are listed, seen with lstat (a named pipe or device is never opened, not even
 * to look at it). A symbolic link is listed when it leads to a regular file inside the folder, and then
 * with that file's size and time; one that leads out of the folder is not listed at all: the app would
 * refuse to open it (readProfileFile), and listing it would show a size and time of a file elsewhere.
 */
export async function listProfileFiles(
  dir: string
): Promise<{ exists: boolean; files: { name: string; size: number; modifiedAt: number; kind: ProfileKind }[]; total?: number }> {
  let root: string
  const names: string[] = []
  let total = 0
  try {
    root = await realpath(dir)
    // A folder of a node that profiled for years can hold very many files: the names are counted, and only
    // the first LISTING.scanned of them are looked at (a stat each).
    for await (const entry of await opendir(root)) {
      if (!isProfileName(entry.name)) continue
      total++
      if (names.length < LISTING.scanned) names.push(entry.name)
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { exists: false, files: [] }
    throw new AppError('NOT_FOUND', code === 'ENOTDIR' ? `The profile folder ${dir} is a file, not a folder` : `The profile folder ${dir} cannot be read (${code ?? 'error'})`)
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const s = await regularFileStats(root, name).catch(() => undefined)
      return s ? { name, size: s.size, modifiedAt: Math.round(s.mtimeMs), kind: kindOf(name) } : undefined
    })
  )
  const listed = files.filter((f) => f !== undefined).sort((a, b) => b.modifiedAt - a.modifiedAt || a.name.localeCompare(b.name))
  return { exists: true, files: listed.slice(0, LISTING.shown), ...(total > LISTING.shown ? { total } : {}) }
}

/**
 * How much of a folder is listed: the newest `shown` files, of the first `scanned` profile-like names the
 * system gives (in no particular order: past that many, "newest" is of those read).
 */
export const LISTING = { shown: 1_000, scanned: 20_000 } as const

/** The lstat of a regular file of the folder (a link followed only when it stays inside), else undefined. */
async function regularFileStats(root: string, name: string): Promise<Stats | undefined> {
  const path = join(root, name)
  const own = await lstat(path)
  if (own.isFile()) return own
  if (!own.isSymbolicLink()) return undefined
  const real = await realpath(path)
  if (!inside(root, real)) return undefined
  const target = await lstat(real)
  return target.isFile() ? target : undefined
}

/**
 * Reads one file of the folder (never outside it, never larger than PROFILE_LIMITS.fileBytes): its bytes
 * and time. Only a regular file is read, and nothing waits on one that is not: its type is seen with lstat
 * before it is opened, and it is opened without blocking (O_NONBLOCK: a named pipe put there after the
 * lstat does not wait for a writer) and not through a link (O_NOFOLLOW), then checked again on the open file.
 * The bytes are read into `buffer(size)` (the decoder slot's reused buffer when opened to decode).
 */
export async function readProfileFile(dir: string, name: string, buffer: (size: number) => Buffer = (size) => Buffer.alloc(size)): Promise<{ bytes: Buffer; modifiedAt: number }> {
  const root = await realpath(dir).catch(() => {
    throw new AppError('NOT_FOUND', `The profile folder ${dir} does not exist`)
  })
  const path = await realpath(join(root, name)).catch(() => {
    throw new AppError('NOT_FOUND', `There is no file ${name} in ${dir}`)
  })
  // A link that leads out of the folder is refused: the renderer may name files only inside it.
  if (!inside(root, path)) throw new AppError('FORBIDDEN', `${name} is not inside the profile folder`)
  const refuse = (s: Stats): AppError =>
    new AppError('BAD_INPUT', `${name} is ${notRegularKind(s)}, not a regular file: not read`, { issues: [{ path: ['name'], message: 'not a regular file' }] })
  const seen = await lstat(path)
  if (!seen.isFile()) throw refuse(seen)
  const fh = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0))
  try {
    const s = await fh.stat()
    if (!s.isFile()) throw refuse(s)
    const max = PROFILE_LIMITS.fileBytes
    if (s.size > max) throw new AppError('BAD_INPUT', `${name} is larger than ${max / 1024 / 1024} MiB: not a profile this app opens`, { issues: [{ path: ['name'], message: 'too large' }] })
    if (s.size === 0) throw new AppError('BAD_INPUT', `${name} is empty: the node may still be writing it`, { issues: [{ path: ['name'], message: 'empty file' }] })
    const bytes = buffer(s.size)
    const { bytesRead } = await fh.read(bytes, 0, s.size, 0)
    return { bytes: bytes.subarray(0, bytesRead), modifiedAt: Math.round(s.mtimeMs) }
  } finally {
    await fh.close()
  }
}
