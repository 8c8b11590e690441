#!/usr/bin/env node
/**
 * `npm run dist [-- <electron-builder options>]`: the desktop installers of this platform into dist/
 * (electron-builder.yml: AppImage and deb on Linux, dmg on macOS, an NSIS installer on Windows).
 *
 * 1. builds the app (electron-vite build);
 * 2. runs electron-builder, which downloads Electron, rebuilds better-sqlite3 for Electron's ABI in
 *    node_modules, packs the asar (the native binary unpacked beside it), flips the fuses, makes the installers;
 * 3. builds better-sqlite3 back for this Node when step 2 left it built for Electron, so that browser mode,
 *    the CLI and the tests keep working in this checkout. This runs whatever step 2 did.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { projectHomepage } from './dist-homepage.mjs'

const root = join(import.meta.dirname, '..')
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name)
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1

/**
 * electron-builder is not a dev dependency: its tree (through @electron/rebuild) takes @electron/node-gyp from
 * GitHub, which machines that reach only the npm registry (CI here) cannot install, so `npm ci` would fail.
 * It is fetched when the installers are made, pinned: 26.0.20 is the last release that runs on Node 20 (from
 * 26.1 it needs @electron/rebuild 4, Node 22.12+). One installed in the checkout is used as it is.
 */
const ELECTRON_BUILDER = 'electron-builder@26.0.20'
const builder = existsSync(bin('electron-builder')) ? [bin('electron-builder')] : ['npx', '--yes', ELECTRON_BUILDER]

const args = process.argv.slice(2)
/**
 * A .deb carries the project's homepage, and electron-builder stops half-way without one (after downloading
 * Electron): it is looked for first (scripts/dist-homepage.mjs) and given to electron-builder, or the run stops
 * now with what to do. Only where a .deb is made: Linux by default, or `--linux deb` anywhere.
 */
const makesDeb = args.some((a) => /\bdeb\b/.test(a)) || (process.platform === 'linux' && !args.some((a) => /^--(linux|mac|win|macos|windows)$|^-[lmw]+$/.test(a)))
const homepage = projectHomepage(root)
if (makesDeb && !homepage) {
  console.error(
    [
      'The .deb needs the project homepage (its Homepage field), and this checkout names none.',
      'Give one of: "homepage" in package.json; COMPANION_HOMEPAGE=https://… npm run dist; or a git remote "origin".',
      'Or make only the AppImage: npm run dist -- --linux AppImage'
    ].join('\n')
  )
  process.exit(2)
}
if (homepage) console.error(`homepage of the packages: ${homepage.url} (from ${homepage.from})`)

let status = run(bin('electron-vite'), ['build'])
const extra = homepage ? [`-c.extraMetadata.homepage=${homepage.url}`] : []
if (status === 0) status = run(builder[0], [...builder.slice(1), '--config', 'electron-builder.yml', '--publish', 'never', ...extra, ...args])

const loadsInNode = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'ignore' }).status === 0
if (!loadsInNode) {
  console.error('better-sqlite3 is built for Electron now: building it again for Node (for npm run serve, the CLI and the tests)')
  const restored = run('npm', ['rebuild', 'better-sqlite3'])
  if (restored !== 0) {
    console.error('Could not build better-sqlite3 for Node again: run "npm rebuild better-sqlite3" (it needs python3, make and a C++ compiler).')
    status ||= restored
  }
}
process.exit(status)
