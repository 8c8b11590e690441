/**
 * The homepage `npm run dist` gives the .deb (scripts/dist-homepage.mjs): from COMPANION_HOMEPAGE, package.json
 * or the checkout's origin remote, as an https URL; none when nothing names one (dist.mjs then stops and says
 * what to set, before electron-builder downloads Electron only to refuse the .deb).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error -- a plain .mjs script of the build, without types
import { httpsUrlOf, projectHomepage } from '../../scripts/dist-homepage.mjs'

type Homepage = { url: string; from: string } | undefined
const homepageOf = projectHomepage as (root: string, env: Record<string, string | undefined>) => Homepage
const urlOf = httpsUrlOf as (remote: string, opts?: { shorthand?: boolean }) => string | undefined

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

function checkout(pkg: Record<string, unknown>, origin?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'companion-dist-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0', ...pkg }))
  expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0)
  if (origin) expect(spawnSync('git', ['remote', 'add', 'origin', origin], { cwd: dir }).status).toBe(0)
  return dir
}

describe('the homepage of the Linux packages', () => {
  it('reads the usual remote forms as https URLs, and not a local path', () => {
    expect(urlOf('git@github.com:acme/companion.git')).toBe('https://github.com/acme/companion')
    expect(urlOf('https://github.com/acme/companion.git')).toBe('https://github.com/acme/companion')
    expect(urlOf('ssh://git@gitlab.example.org:2222/ops/companion.git')).toBe('https://gitlab.example.org/ops/companion')
    expect(urlOf('git+https://github.com/acme/companion.git')).toBe('https://github.com/acme/companion')
    expect(urlOf('github:acme/companion', { shorthand: true })).toBe('https://github.com/acme/companion')
    expect(urlOf('work/main')).toBeUndefined()
    expect(urlOf('/work/main')).toBeUndefined()
    expect(urlOf('file:///srv/git/companion.git')).toBeUndefined()
  })

  it('takes COMPANION_HOMEPAGE first, then package.json, then the origin remote; none from a local clone', () => {
    const local = checkout({}, '/srv/git/companion')
    expect(homepageOf(local, {})).toBeUndefined()
    expect(homepageOf(local, { COMPANION_HOMEPAGE: 'https://ops.example.org/companion' })).toEqual({ url: 'https://ops.example.org/companion', from: 'COMPANION_HOMEPAGE' })
    expect(homepageOf(local, { COMPANION_HOMEPAGE: 'not a url' })).toBeUndefined()
    expect(homepageOf(checkout({}, 'git@github.com:acme/companion.git'), {})).toEqual({ url: 'https://github.com/acme/companion', from: 'the git remote origin' })
    expect(homepageOf(checkout({ repository: { type: 'git', url: 'git+https://github.com/acme/repo.git' } }), {})?.url).toBe('https://github.com/acme/repo')
    expect(homepageOf(checkout({ homepage: 'https://acme.example/c' }, 'git@github.com:acme/companion.git'), {})).toEqual({ url: 'https://acme.example/c', from: 'package.json homepage' })
  })
})
