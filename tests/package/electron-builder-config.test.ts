/**
 * The desktop installers' configuration (electron-builder.yml), checked without electron-builder or an
 * Electron binary (neither can be had here): what it packs exists once `npm run build` has run (this file
 * runs in the package stage of `npm test`, after the build), the native module is unpacked from the asar,
 * the fuses are set, and each platform gets its installer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { importedPackages } from '../support/package-names'

const ROOT = join(import.meta.dirname, '..', '..')
const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
  files: string[]
  asar: boolean
  asarUnpack: string[]
  npmRebuild: boolean
  electronFuses: Record<string, boolean>
  linux: { target: string[]; icon: string }
  mac: { target: string; icon: string }
  win: { target: string; icon: string }
}
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string>; dependencies: Record<string, string> }

/** electron-builder's file patterns as a regular expression: `**` any folders, `*` within one name. */
function glob(pattern: string): RegExp {
  const body = pattern
    .split(/(\*\*\/|\*\*|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${body}$`)
}

/** Every file under the project's folders that could be packed (node_modules aside), as relative paths. */
function projectFiles(): string[] {
  const skip = new Set(['node_modules', '.git', 'dist', 'test-results', 'test-reports', '.electron-native'])
  const out: string[] = []
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else out.push(relative(ROOT, path))
    }
  }
  walk(ROOT)
  return out
}

const packed = (() => {
  const patterns = config.files.map(glob)
  return projectFiles().filter((f) => patterns.some((p) => p.test(f)))
})()

describe('the desktop installers (electron-builder.yml)', () => {
  it('packs the built app and the icons the app opens, and nothing of the sources or tests', () => {
    const needed = [
      pkg.main.replace(/^\.\//, ''),
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'resources/icon.png',
      ...['ok', 'warning', 'critical', 'unknown'].map((state) => `resources/tray/${state}.png`)
    ]
    expect(needed.filter((f) => !packed.includes(f))).toEqual([])
    expect(packed.some((f) => /^out\/renderer\/assets\/.+\.js$/.test(f))).toBe(true)
    expect(packed.filter((f) => /^(src|tests|scripts|bin)\//.test(f) || /\.(ts|vue|map)$/.test(f))).toEqual([])
    // Each pattern packs something once built: a pattern that matches nothing is a mistake.
    for (const pattern of config.files) expect(packed.some((f) => glob(pattern).test(f)), pattern).toBe(true)
  })

  it('rebuilds better-sqlite3 for Electron and keeps its binary out of the asar', () => {
    expect(pkg.dependencies['better-sqlite3']).toBeDefined()
    expect(config.npmRebuild).toBe(true)
    expect(config.asar).toBe(true)
    expect(config.asarUnpack.some((p) => glob(p).test('node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(true)
    // The Electron entry imports nothing the packed node_modules lacks (electron is the binary itself).
    const entry = readFileSync(join(ROOT, 'out', 'main', 'index.js'), 'utf8')
    const chunks = [...entry.matchAll(/from\s+["']\.\/(chunks\/[^"']+)["']/g)].map((m) => readFileSync(join(ROOT, 'out', 'main', m[1]!), 'utf8'))
    const names = new Set([entry, ...chunks].flatMap((code) => [...importedPackages(code)]))
    expect(names).toContain('better-sqlite3')
    expect([...names].filter((n) => n !== 'electron' && !(n in pkg.dependencies))).toEqual([])
  })

  it('sets the fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true
    })
  })

  it('makes an AppImage and a deb for Linux, a dmg for macOS and an NSIS installer for Windows, with an icon big enough for each', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.mac.target).toBe('dmg')
    expect(config.win.target).toBe('nsis')
    expect(pkg.scripts['dist']).toBe('node scripts/dist.mjs')
    for (const icon of new Set([config.linux.icon, config.mac.icon, config.win.icon])) {
      const png = readFileSync(join(ROOT, icon))
      // PNG: width and height are the first fields of the IHDR chunk. macOS asks for 512×512 at least.
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      expect({ icon, width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual({ icon, width: 1024, height: 1024 })
    }
    expect(existsSync(join(ROOT, 'scripts', 'dist.mjs'))).toBe(true)
  })
})
