import { homedir, platform } from 'node:os'
import { join, resolve } from 'node:path'

export const APP_DIR_NAME = 'node-operator-companion'

/**
 * Where browser mode and the CLI keep data when --data-dir is not given: the same folder Electron
 * uses as userData for this app, so all three modes see the same profiles.
 */
export function defaultDataDir(): string {
  const home = homedir()
  switch (platform()) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', APP_DIR_NAME)
    case 'win32':
      return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_DIR_NAME)
    default:
      return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_DIR_NAME)
  }
}

/** The project root, found from this file (src/main) whether run by tsx or from out/main. */
export function projectRoot(): string {
  return resolve(import.meta.dirname, '..', '..')
}
