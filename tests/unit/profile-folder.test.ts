/**
 * Where Node control looks for the node's profile files: the profile's folder when set; else where coreth
 * writes the C-Chain admin API's profiles, `<admin-api-dir>_coreth_performance_C` (coreth expands the
 * value with os.ExpandEnv), when the node's VM configuration names an absolute admin-api-dir; else
 * avalanchego's default ~/.avalanchego/profiles, with the reason.
 */
import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expandEnv, profileFolder } from '../../src/main/services/control/profile-files'

const DEFAULT = join(homedir(), '.avalanchego', 'profiles')
const env = { HOME: '/home/op', DATA: '/srv/avax' }

describe('profileFolder', () => {
  it("the node's admin-api-dir + _coreth_performance_C when the profile names no folder", () => {
    expect(profileFolder(null, { 'admin-api-dir': '/srv/node/admin' }, env)).toEqual({
      dir: '/srv/node/admin_coreth_performance_C',
      source: 'node',
      adminApiDir: '/srv/node/admin'
    })
    // A trailing slash is kept by coreth's concatenation: the folder is inside it.
    expect(profileFolder(null, { 'admin-api-dir': '/srv/node/admin/' }, env).dir).toBe('/srv/node/admin/_coreth_performance_C')
  })

  it("the profile's folder wins over the node's, whatever the node says", () => {
    expect(profileFolder('/var/profiles', { 'admin-api-dir': '/srv/node/admin' }, env)).toEqual({ dir: '/var/profiles', source: 'profile' })
    expect(profileFolder('~/p', undefined, env)).toEqual({ dir: join(homedir(), 'p'), source: 'profile' })
  })

  it("avalanchego's default when the node names no admin-api-dir, or its configuration is not known", () => {
    expect(profileFolder(null, {}, env)).toEqual({ dir: DEFAULT, source: 'default', note: 'the node reports no admin-api-dir' })
    expect(profileFolder(null, { 'admin-api-dir': null }, env).source).toBe('default')
    expect(profileFolder(null, undefined, env)).toEqual({ dir: DEFAULT, source: 'default', note: "the node's VM configuration could not be read" })
  })

  it("an empty or relative admin-api-dir (relative to the node's working folder, unknown here): the default, and why", () => {
    const empty = profileFolder(null, { 'admin-api-dir': '' }, env)
    expect(empty).toMatchObject({ dir: DEFAULT, source: 'default', adminApiDir: '' })
    expect(empty.note).toContain("working folder")
    const relative = profileFolder(null, { 'admin-api-dir': 'admin' }, env)
    expect(relative).toMatchObject({ dir: DEFAULT, source: 'default', adminApiDir: 'admin' })
    expect(relative.note).toContain('admin_coreth_performance_C')
    // Go does not expand ~: a ~/ value is relative for coreth too.
    expect(profileFolder(null, { 'admin-api-dir': '~/admin' }, env).source).toBe('default')
  })

  it('odd values are not used as paths', () => {
    for (const v of [42, true, ['/a'], { dir: '/a' }, '/a\0b', '/a\nb', `/${'x'.repeat(2_001)}`])
      expect(profileFolder(null, { 'admin-api-dir': v }, env)).toMatchObject({ dir: DEFAULT, source: 'default', note: expect.stringContaining('cannot use') })
    // Dots are resolved: the folder listed is where the files are.
    expect(profileFolder(null, { 'admin-api-dir': '/srv/node/../admin' }, env).dir).toBe('/srv/admin_coreth_performance_C')
  })

  it('environment variables are expanded as coreth does (os.ExpandEnv), an unset one as empty', () => {
    expect(profileFolder(null, { 'admin-api-dir': '$HOME/admin' }, env)).toMatchObject({ dir: '/home/op/admin_coreth_performance_C', source: 'node', adminApiDir: '$HOME/admin' })
    expect(profileFolder(null, { 'admin-api-dir': '${DATA}/admin' }, env).dir).toBe('/srv/avax/admin_coreth_performance_C')
    // $UNSET/admin is /admin for coreth.
    expect(profileFolder(null, { 'admin-api-dir': '$UNSET/admin' }, env).dir).toBe('/admin_coreth_performance_C')
    // ${UNSET}admin is "admin": relative.
    expect(profileFolder(null, { 'admin-api-dir': '${UNSET}admin' }, env).source).toBe('default')
    expect(expandEnv('a$DATA-b${HOME}c', env)).toBe('a/srv/avax-b/home/opc')
  })
})
