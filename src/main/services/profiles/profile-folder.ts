import { accessSync, constants, statSync } from 'node:fs'
import { userInfo } from 'node:os'
import { AppError } from '../../../shared/rpc/errors'
import { resolveProfileDir } from '../control/profile-files'

/**
 * A profile folder chosen on the machine (profiles.setProfileDir) is checked when it is chosen: it must
 * exist, be a folder (a link to one is fine: the machine chose it) and be readable by the app, so that a
 * wrong path is said at once, where it was typed, with what to fix, rather than later as an empty listing.
 * Synchronous (two calls on a local path): a host's config file is applied with it before anything starts.
 */
export function checkProfileFolder(dir: string): void {
  const path = resolveProfileDir(dir)
  const fail = (what: string): never => {
    throw new AppError('BAD_INPUT', `The profile folder ${path} ${what}`, { issues: [{ path: ['profileDir'], message: `${path} ${what}`.slice(0, 300) }] })
  }
  let isDir: boolean
  try {
    isDir = statSync(path).isDirectory()
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return fail("does not exist: give the folder the node writes its profiles to (avalanchego's profile dir, or coreth's admin-api-dir + _coreth_performance_C), or create it first")
    if (code === 'EACCES') return fail(`cannot be reached by the app's user (${userName()}): a folder above it does not let it in; give that user access (e.g. add it to the node's group)`)
    return fail(`cannot be read (${code ?? String(e)})`)
  }
  if (!isDir) fail('is a file, not a folder: give the folder that holds the profile files')
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
