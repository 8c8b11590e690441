#!/usr/bin/env node
// Builds a copy of better-sqlite3's native module for Electron's ABI into .electron-native/, so the
// desktop app can load it (via the nativeBinding option) while node_modules keeps the copy that
// plain Node needs for browser mode, the CLI and the tests. Runs before `npm start`; needs network
// once (Electron headers or a prebuilt binary), and is skipped when the copy is already there.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version
const outDir = join(root, '.electron-native')
const target = join(outDir, `better_sqlite3-electron-${electronVersion}.node`)
if (existsSync(target)) process.exit(0)

const work = join(outDir, 'better-sqlite3')
rmSync(work, { recursive: true, force: true })
mkdirSync(outDir, { recursive: true })
cpSync(join(root, 'node_modules', 'better-sqlite3'), work, { recursive: true })
rmSync(join(work, 'build'), { recursive: true, force: true })

const run = (cmd, args) => spawnSync(cmd, args, { cwd: work, stdio: 'inherit', shell: process.platform === 'win32' })
const prebuilt = run(join(root, 'node_modules', '.bin', 'prebuild-install'), ['--runtime=electron', `--target=${electronVersion}`])
if (prebuilt.status !== 0) {
  const built = run('npx', ['--yes', 'node-gyp', 'rebuild', '--release', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers'])
  if (built.status !== 0) {
    console.error('Could not build better-sqlite3 for Electron. Check your network and build tools (python3, make, a C++ compiler).')
    process.exit(1)
  }
}
cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), target)
console.log(`better-sqlite3 for Electron ${electronVersion}: ${target}`)
