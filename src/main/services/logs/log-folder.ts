import { constants } from 'node:fs'
import { lstat, open, opendir, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { AppError } from '../../../shared/rpc/errors'
import { notRegularKind } from '../../file-kind'

/**
 * The files of avalanchego's log folder (utils/logging/factory.go): each logger writes `<name>.log` (main.log,
 * one per chain by its alias, C.log, P.log, X.log, or by its ID), through lumberjack, whose rotation moves the file
 * aside as `<name>-<UTC time as 2006-01-02T15-04-05.000>.log` and, with compression on, gzips that to `….log.gz`.
 */
export interface LogFileInfo {
  name: string
  logger: string
  size: number
  modifiedAt: number
  /** ms, from the name; null for the file the node writes now. */
  rotatedAt: number | null
  compressed: boolean
}

export interface LogFolderListing {
  files: LogFileInfo[]
  skipped: { name: string; reason: string }[]
}

/** More entries than any log folder holds: a folder with more is not listed further. */
const MAX_ENTRIES = 20_000
const ROTATED = /^(.+)-(\d{4})-(\d\d)-(\d\d)T(\d\d)-(\d\d)-(\d\d)\.(\d{3})\.log(\.gz)?$/
const CURRENT = /^(.+)\.log$/

/** What a file name says of the file, or null when it is not one of avalanchego's log files. */
export function logFileName(name: string): Pick<LogFileInfo, 'logger' | 'rotatedAt' | 'compressed'> | null {
  const r = ROTATED.exec(name)
  if (r) {
    const [y, mo, d, h, mi, s, ms] = r.slice(2, 9).map(Number) as [number, number, number, number, number, number, number]
    const at = Date.UTC(y, mo - 1, d, h, mi, s, ms)
    if (Number.isFinite(at)) return { logger: r[1]!, rotatedAt: at, compressed: r[9] !== undefined }
  }
  const c = CURRENT.exec(name)
  return c ? { logger: c[1]!, rotatedAt: null, compressed: false } : null
}

/**
 * The log files directly in the folder. Only regular files are listed: a link is not followed (it could lead
 * out of the folder), and a named pipe, socket or device is never opened (a read could block or never end);
 * each is said in `skipped`. Files of other names are left out silently (a node may share the folder).
 */
export async function listLogFolder(dir: string): Promise<LogFolderListing> {
  const files: LogFileInfo[] = []
  const skipped: LogFolderListing['skipped'] = []
  let seen = 0
  for await (const entry of await opendir(dir)) {
    if (++seen > MAX_ENTRIES) {
      skipped.push({ name: '…', reason: `the folder has more than ${MAX_ENTRIES} entries: the rest are not listed` })
      break
    }
    const named = logFileName(entry.name)
    if (!named) continue
    const stats = await lstat(join(dir, entry.name)).catch(() => null)
    if (!stats) continue
    if (stats.isSymbolicLink()) skipped.push({ name: entry.name, reason: 'it is a link: links are not followed' })
    else if (!stats.isFile()) skipped.push({ name: entry.name, reason: `it is ${notRegularKind(stats)}, not a regular file` })
    else files.push({ name: entry.name, ...named, size: stats.size, modifiedAt: Math.floor(stats.mtimeMs) })
  }
  files.sort((a, b) => a.logger.localeCompare(b.logger) || (a.rotatedAt ?? Infinity) - (b.rotatedAt ?? Infinity))
  return { files, skipped }
}

/**
 * Opens one listed file for reading, guarded again at open (the folder may change after it was listed): the
 * name is a plain name in the folder, a link there is refused (O_NOFOLLOW), and the open does not block on a
 * named pipe (O_NONBLOCK); what was opened must be a regular file.
 */
export async function openLogFile(dir: string, name: string): Promise<FileHandle> {
  if (!logFileName(name) || name.includes('/') || name.includes('\\')) throw new AppError('BAD_INPUT', `${name} is not a log file name`)
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)
  let handle: FileHandle
  try {
    handle = await open(join(dir, name), flags)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ELOOP') throw new AppError('FORBIDDEN', `${name} is a link: links in the log folder are not followed`)
    if (code === 'ENOENT') throw new AppError('NOT_FOUND', `${name} is no longer in the log folder (rotated away?)`)
    throw new AppError('INTERNAL', `${name} could not be opened (${code ?? String(e)})`)
  }
  const stats = await handle.stat()
  if (!stats.isFile()) {
    await handle.close()
    throw new AppError('FORBIDDEN', `${name} is ${notRegularKind(stats)}, not a regular file: it is not read`)
  }
  return handle
}
