import { open, readdir, realpath, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join, sep } from 'node:path'
import type { ProfileSummary } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { MAX_PROFILE_BYTES, summarizeProfile } from './pprof'

export type ProfileKind = 'cpu' | 'memory' | 'lock' | 'other'

/** The node's default: its data directory's profiles/ folder. */
export function resolveProfileDir(configured: string | null): string {
  const dir = configured ?? '~/.avalanchego/profiles'
  return dir.startsWith('~/') ? join(homedir(), dir.slice(2)) : dir
}

/** What avalanchego names its files: cpu.profile, mem.profile, lock.profile (with a prefix or suffix at times). */
export function kindOf(name: string): ProfileKind {
  if (/cpu/i.test(name)) return 'cpu'
  if (/mem|heap/i.test(name)) return 'memory'
  if (/lock|mutex/i.test(name)) return 'lock'
  return 'other'
}

/** The files of the profile folder, newest first. The folder itself must exist. */
export async function listProfileFiles(dir: string): Promise<{ name: string; size: number; modifiedAt: number; kind: ProfileKind }[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    throw new AppError(
      'NOT_FOUND',
      code === 'ENOENT'
        ? `The profile folder ${dir} does not exist: the node writes it on its first profile, or set the node's profile folder in Connections`
        : `The profile folder ${dir} cannot be read (${code ?? 'error'})`
    )
  }
  const files = await Promise.all(
    names
      .filter((n) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(n))
      .map(async (name) => {
        const s = await stat(join(dir, name)).catch(() => undefined)
        return s?.isFile() ? { name, size: s.size, modifiedAt: Math.round(s.mtimeMs), kind: kindOf(name) } : undefined
      })
  )
  return files.filter((f) => f !== undefined).sort((a, b) => b.modifiedAt - a.modifiedAt || a.name.localeCompare(b.name))
}

/** Reads one file of the folder (never outside it, never larger than MAX_PROFILE_BYTES) and summarises it. */
export async function openProfileFile(dir: string, name: string, valueIndex?: number): Promise<ProfileSummary> {
  const root = await realpath(dir).catch(() => {
    throw new AppError('NOT_FOUND', `The profile folder ${dir} does not exist`)
  })
  const path = await realpath(join(root, name)).catch(() => {
    throw new AppError('NOT_FOUND', `There is no file ${name} in ${dir}`)
  })
  // A link that leads out of the folder is refused: the renderer may name files only inside it.
  if (!path.startsWith(root + sep)) throw new AppError('FORBIDDEN', `${name} is not inside the profile folder`)
  const fh = await open(path, 'r')
  try {
    const { size } = await fh.stat()
    if (size > MAX_PROFILE_BYTES) throw new AppError('BAD_INPUT', `${name} is larger than ${MAX_PROFILE_BYTES / 1024 / 1024} MiB: not a profile this app opens`, { issues: [{ path: ['name'], message: 'too large' }] })
    if (size === 0) throw new AppError('BAD_INPUT', `${name} is empty: the node may still be writing it`, { issues: [{ path: ['name'], message: 'empty file' }] })
    const buf = Buffer.alloc(size)
    await fh.read(buf, 0, size, 0)
    return summarizeProfile(name, buf, valueIndex)
  } finally {
    await fh.close()
  }
}
