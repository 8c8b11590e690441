import { homedir, platform } from 'node:os'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export const APP_DIR_NAME = 'node-operator-companion'
const PACKAGE_NAME = 'node-operator-companion'

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

/**
 * The project root: the nearest folder above this file with the app's package.json, whether this runs
 * from src/main (tsx) or from a bundle under out/main (where a shared chunk may sit a folder deeper).
 */
export function projectRoot(): string {
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (isAppPackage(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new Error(`the app's package.json was not found above ${import.meta.dirname}`)
  }
}

function isAppPackage(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME
  } catch {
    return false
  }
}
