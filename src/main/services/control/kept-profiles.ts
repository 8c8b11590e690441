import { createHash } from 'node:crypto'
import { mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { KeptProfile } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { kindOf } from './profile-files'
import { PROFILE_LIMITS } from './pprof-limits'

/** How many copies are kept per app profile; the oldest goes first. */
export const MAX_KEPT_PER_PROFILE = 50

/** A kept copy's id is its file name: `<yyyymmddThhmmss.mmmZ>-<the node's file name>`. */
export const KEPT_ID = /^(\d{8}T\d{6}\.\d{3}Z)-([A-Za-z0-9][A-Za-z0-9._-]*)$/

interface Sidecar {
  scope: string
  modifiedAt: number
  sha256: string
}

/** "2026-11-24T03:15:16.123Z" → "20261124T031516.123Z" (no colons: a file name on every system). */
function compactIso(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '')
}

function keptAtOf(id: string): number {
  const m = KEPT_ID.exec(id)
  if (!m) return NaN
  const t = m[1]!
  return Date.parse(`${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}T${t.slice(9, 11)}:${t.slice(11, 13)}:${t.slice(13)}`)
}

/**
 * Every profile file the app opens is kept as a copy in the data folder, by time:
 * `<data-dir>/profiles/<app profile id>/<time>-<name>`, with a small JSON beside it (the node's URL, the
 * file's time on the node, its hash). A copy can be read when the node's folder is gone or the node is
 * unreachable. The same bytes under the same name are kept once. At most MAX_KEPT_PER_PROFILE copies per
 * app profile: the oldest are dropped.
 */
export class KeptProfiles {
  constructor(
    private readonly root: string,
    private readonly now: () => number,
    private readonly max = MAX_KEPT_PER_PROFILE
  ) {}

  private dirOf(profileId: string): string {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(profileId)) throw new AppError('BAD_INPUT', 'not a profile id')
    return join(this.root, profileId)
  }

  /** Removes the copies of every app profile not in `profileIds` (a deleted profile's copies go with it). */
  async keepOnly(profileIds: ReadonlySet<string>): Promise<void> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => [])
    for (const e of entries) {
      if (e.isDirectory() && /^[A-Za-z0-9_-]{1,64}$/.test(e.name) && !profileIds.has(e.name)) await rm(join(this.root, e.name), { recursive: true, force: true })
    }
  }

  /** Keeps the bytes (unless the newest copy of this name has the same bytes); answers the copy. */
  async keep(profileId: string, scope: string, name: string, modifiedAt: number, bytes: Uint8Array): Promise<KeptProfile> {
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    const list = await this.list(profileId)
    const same = list.find((k) => k.name === name && k.sha256 === sha256)
    if (same) return same
    const dir = this.dirOf(profileId)
    await mkdir(dir, { recursive: true, mode: 0o700 })
    let at = this.now()
    // Two copies in the same millisecond get distinct names.
    while (list.some((k) => k.id === `${compactIso(at)}-${name}`)) at += 1
    const id = `${compactIso(at)}-${name}`
    await writeFile(join(dir, id), bytes, { mode: 0o600 })
    const side: Sidecar = { scope, modifiedAt, sha256 }
    await writeFile(join(dir, `.${id}.json`), JSON.stringify(side), { mode: 0o600 })
    await this.bound(profileId)
    return { id, name, kind: kindOf(name), size: bytes.length, keptAt: at, modifiedAt, node: scope, sha256 }
  }

  /** The kept copies of an app profile, newest first. */
  async list(profileId: string): Promise<KeptProfile[]> {
    const dir = this.dirOf(profileId)
    let names: string[]
    try {
      names = await readdir(dir)
    } catch {
      return []
    }
    const kept = await Promise.all(
      names
        .filter((n) => KEPT_ID.test(n))
        .map(async (id): Promise<KeptProfile | undefined> => {
          const s = await stat(join(dir, id)).catch(() => undefined)
          if (!s?.isFile()) return undefined
          const side = await readFile(join(dir, `.${id}.json`), 'utf8')
            .then((t) => JSON.parse(t) as Partial<Sidecar>)
            .catch((): Partial<Sidecar> => ({}))
          const name = KEPT_ID.exec(id)![2]!
          return {
            id,
            name,
            kind: kindOf(name),
            size: s.size,
            keptAt: keptAtOf(id),
            modifiedAt: typeof side.modifiedAt === 'number' ? side.modifiedAt : Math.round(s.mtimeMs),
            node: typeof side.scope === 'string' ? side.scope.slice(0, 300) : '',
            sha256: typeof side.sha256 === 'string' ? side.sha256.slice(0, 64) : ''
          }
        })
    )
    return kept.filter((k): k is KeptProfile => k !== undefined).sort((a, b) => b.keptAt - a.keptAt || b.id.localeCompare(a.id))
  }

  /** The bytes of one copy (whole, for reading it). */
  async read(profileId: string, id: string): Promise<{ kept: KeptProfile; bytes: Buffer }> {
    const kept = await this.find(profileId, id)
    // Checked before reading (the size is the listing's): the copy is not read whole to find it too large.
    if (kept.size > PROFILE_LIMITS.fileBytes) throw new AppError('BAD_INPUT', `${id} is larger than ${PROFILE_LIMITS.fileBytes / 1024 / 1024} MiB`)
    const bytes = await readFile(join(this.dirOf(profileId), id))
    return { kept, bytes }
  }

  /** A part of one copy's bytes (to download it over the contract in parts). */
  async slice(profileId: string, id: string, offset: number, length: number): Promise<{ kept: KeptProfile; bytes: Buffer }> {
    const kept = await this.find(profileId, id)
    const fh = await open(join(this.dirOf(profileId), id), 'r')
    try {
      const n = Math.max(0, Math.min(length, kept.size - offset))
      const buf = Buffer.alloc(n)
      if (n > 0) await fh.read(buf, 0, n, offset)
      return { kept, bytes: buf }
    } finally {
      await fh.close()
    }
  }

  private async find(profileId: string, id: string): Promise<KeptProfile> {
    if (!KEPT_ID.test(id)) throw new AppError('BAD_INPUT', `${id} is not the name of a kept copy`)
    const kept = (await this.list(profileId)).find((k) => k.id === id)
    if (!kept) throw new AppError('NOT_FOUND', `No kept copy ${id} for this profile (at most ${this.max} are kept: it may have been dropped)`)
    return kept
  }

  /** Drops the copies beyond the newest `max`. */
  private async bound(profileId: string): Promise<void> {
    const dir = this.dirOf(profileId)
    const list = await this.list(profileId)
    for (const old of list.slice(this.max)) {
      await rm(join(dir, old.id), { force: true })
      await rm(join(dir, `.${old.id}.json`), { force: true })
    }
  }
}
