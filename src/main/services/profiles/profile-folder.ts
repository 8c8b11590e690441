import { accessSync, constants, realpathSync, statSync } from 'node:fs'
import { userInfo } from 'node:os'
import { AppError } from '../../../shared/rpc/errors'
import { resolveProfileDir } from '../control/profile-files'

/** What a message about one kind of folder says: its name, the input field, and what to give instead. */
export interface FolderWords {
  /** "The profile folder" */
  label: string
  field: string
  /** What to give when it does not exist. */
  missing: string
  /** What to give when it is a file. */
  notFolder: string
  /** What it is not, when it is a system folder ("a node's profile folder"). */
  notSystem: string
}

const PROFILE_FOLDER: FolderWords = {
  label: 'The profile folder',
  field: 'profileDir',
  missing: "give the folder the node writes its profiles to (avalanchego's profile dir, or coreth's admin-api-dir + _coreth_performance_C), or create it first",
  notFolder: 'give the folder that holds the profile files',
  notSystem: "a node's profile folder: give the folder the node writes its profiles to"
}

/**
 * A profile folder chosen on the machine (profiles.setProfileDir) is checked when it is chosen: it must
 * exist, be a folder (a link to one is fine: the machine chose it) and be readable by the app, so that a
 * wrong path is said at once, where it was typed, with what to fix, rather than later as an empty listing.
 * Synchronous (two calls on a local path): a host's config file is applied with it before anything starts.
 * The system's own folders (/etc, /proc, /usr, … and what is inside them, links followed) are never a node's
 * profile folder: refused, so that no path to one, typed or restored from a backup, has the app list them.
 */
export function checkProfileFolder(dir: string): void {
  checkMachineFolder(resolveProfileDir(dir), PROFILE_FOLDER)
}

/** The checks of checkProfileFolder for any folder of the node's the machine chooses (its log folder too), in that folder's words. */
export function checkMachineFolder(path: string, words: FolderWords): void {
  const fail = (what: string): never => {
    throw new AppError('BAD_INPUT', `${words.label} ${path} ${what}`, { issues: [{ path: [words.field], message: `${path} ${what}`.slice(0, 300) }] })
  }
  let isDir: boolean
  try {
    isDir = statSync(path).isDirectory()
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return fail(`does not exist: ${words.missing}`)
    if (code === 'EACCES') return fail(`cannot be reached by the app's user (${userName()}): a folder above it does not let it in; give that user access (e.g. add it to the node's group)`)
    return fail(`cannot be read (${code ?? String(e)})`)
  }
  if (!isDir) fail(`is a file, not a folder: ${words.notFolder}`)
  const system = systemFolderOf(path)
  if (system) fail(`is ${system === path ? 'a system folder' : `in (or leads to) the system folder ${system}`}, not ${words.notSystem}`)
  try {
    accessSync(path, constants.R_OK | constants.X_OK)
  } catch {
    fail(`is not readable by the app's user (${userName()}): give that user read access to it (e.g. chmod g+rx and add the user to the node's group)`)
  }
}

function userName(): string {
  try {
    return userInfo().username
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`
  }
}

/** Folders of the operating system that hold no node's files (a node's data lives in a home or /var/lib, /opt, /srv, /data). */
const SYSTEM_FOLDERS = ['/etc', '/proc', '/sys', '/dev', '/boot', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/usr', '/run']

/** The system folder `path` is or is inside (links resolved), '/' itself, or undefined. */
function systemFolderOf(path: string): string | undefined {
  if (process.platform === 'win32') return undefined
  let real: string
  try {
    real = realpathSync(path)
  } catch {
    return undefined
  }
  if (real === '/') return '/'
  return SYSTEM_FOLDERS.find((f) => real === f || real.startsWith(`${f}/`))
}
