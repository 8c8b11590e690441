import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_TARGET_LENGTH, parseRequestTarget } from '../../src/main/server/request-target'
import { chooseEncoding, IMMUTABLE, isHashedAsset, precompressAsset, rendererFiles, type RendererFiles } from '../../src/main/server/renderer-files'
import { tempDir } from '../support/temp'

const CSP = "default-src 'self'; connect-src 'none'; frame-ancestors 'none'"
const BUNDLE = `export const x = ${JSON.stringify('console.log("renderer");\n'.repeat(2000))};\n`

let dirs: { dir: string; remove: () => void }[] = []
let root: string
let files: RendererFiles

beforeEach(() => {
  const site = tempDir('renderer-files-')
  const outside = tempDir('renderer-outside-')
  dirs = [site, outside]
  root = site.dir
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title><script type="module" src="./assets/index-AbC_d-12.js"></script>')
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'assets', 'index-AbC_d-12.js'), BUNDLE)
  writeFileSync(join(root, 'assets', 'logo-Zz99Yy88.png'), Buffer.alloc(4096, 7))
  writeFileSync(join(root, 'assets', 'notes.js'), BUNDLE)
  writeFileSync(join(root, '.env'), 'SECRET=1')
  writeFileSync(join(outside.dir, 'secret.txt'), 'outside')
  symlinkSync(join(outside.dir, 'secret.txt'), join(root, 'link.txt'))
  files = rendererFiles(root, { csp: CSP })
})
afterEach(() => {
  for (const d of dirs) d.remove()
})

const get = (target: string | undefined, acceptEncoding?: string, method = 'GET') => files({ method, target, acceptEncoding })

describe('request targets', () => {
  it('parses origin-form targets, decoding the path', () => {
    expect(parseRequestTarget('/')).toMatchObject({ path: '/' })
    expect(parseRequestTarget('/a%20b?x=1')?.path).toBe('/a b')
    expect(parseRequestTarget('/rpc?token=abc')?.query.get('token')).toBe('abc')
  })

  it('keeps "//host" a path, never a host', () => {
    expect(parseRequestTarget('//')?.path).toBe('//')
    expect(parseRequestTarget('//evil.example/x')?.path).toBe('//evil.example/x')
  })

  it('answers undefined, never throws, for what it will not serve', () => {
    for (const bad of [undefined, '', '*', 'http://x', 'http://x/', '%zz', '/%zz', '/a%00b', 'evil.example:443', '/'.padEnd(MAX_TARGET_LENGTH + 1, 'a')]) {
      expect(() => parseRequestTarget(bad)).not.toThrow()
      expect(parseRequestTarget(bad)).toBeUndefined()
    }
  })

  it('reads a lone "%" in the query leniently', () => {
    expect(parseRequestTarget('/rpc?token=%')?.query.get('token')).toBe('%')
  })
})

describe('which files count as hashed assets', () => {
  it('is vite\'s assets/<name>-<8 characters>.<ext> only', () => {
    expect(isHashedAsset('assets/index-AbC_d-12.js')).toBe(true)
    expect(isHashedAsset('assets/vendor-naive-B7x9Kq2L.css')).toBe(true)
    expect(isHashedAsset('index.html')).toBe(false)
    expect(isHashedAsset('assets/notes.js')).toBe(false)
    expect(isHashedAsset('assets/sub/index-AbCd1234.js')).toBe(false)
    expect(isHashedAsset('index-AbCd1234.js')).toBe(false)
  })
})

describe('Accept-Encoding', () => {
  const both = ['br', 'gzip'] as const
  it('prefers brotli, then gzip, among what is accepted and available', () => {
    expect(chooseEncoding('gzip, deflate, br', [...both])).toBe('br')
    expect(chooseEncoding('gzip', [...both])).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0.5', [...both])).toBe('gzip')
    expect(chooseEncoding('*', [...both])).toBe('br')
    expect(chooseEncoding('*;q=0', [...both])).toBe('identity')
    expect(chooseEncoding('deflate', [...both])).toBe('identity')
    expect(chooseEncoding(undefined, [...both])).toBe('identity')
    expect(chooseEncoding('br', ['gzip'])).toBe('identity')
    expect(chooseEncoding('BR;Q=1', [...both])).toBe('br')
  })
})

describe('the renderer files', () => {
  it('serves the page no-store, with the CSP and the hardening headers', async () => {
    const r = await get('/')
    expect(r.status).toBe(200)
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(r.headers['cache-control']).toBe('no-store')
    expect(r.headers['content-security-policy']).toBe(CSP)
    expect(r.headers['x-content-type-options']).toBe('nosniff')
    expect(r.headers['x-frame-options']).toBe('DENY')
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(r.body?.toString()).toContain('<title>t</title>')
    expect((await get('/index.html')).body?.toString()).toContain('<title>t</title>')
  })

  it('reads the page anew on every request (a rebuilt renderer shows at once)', async () => {
    await get('/')
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>rebuilt</title>')
    expect((await get('/')).body?.toString()).toContain('rebuilt')
  })

  it('serves a hashed asset compressed, cacheable for a year, and varying on Accept-Encoding', async () => {
    const br = await get('/assets/index-AbC_d-12.js', 'gzip, deflate, br')
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe(IMMUTABLE)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(Number(br.headers['content-length'])).toBe(br.body!.length)
    expect(br.body!.length).toBeLessThan(BUNDLE.length / 10)
    expect(brotliDecompressSync(br.body!).toString()).toBe(BUNDLE)

    const gz = await get('/assets/index-AbC_d-12.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body!).toString()).toBe(BUNDLE)

    const plain = await get('/assets/index-AbC_d-12.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(plain.body!.toString()).toBe(BUNDLE)
  })

  it('compresses a hashed asset once and keeps it in memory', async () => {
    const first = await get('/assets/index-AbC_d-12.js', 'br')
    writeFileSync(join(root, 'assets', 'index-AbC_d-12.js'), 'changed on disk')
    const again = await get('/assets/index-AbC_d-12.js', 'br')
    expect(again.body).toBe(first.body)
    expect((await get('/assets/index-AbC_d-12.js')).body!.toString()).toBe(BUNDLE)
  })

  it('answers concurrent first requests from one compression', async () => {
    const all = await Promise.all(Array.from({ length: 5 }, () => get('/assets/index-AbC_d-12.js', 'br')))
    for (const r of all) expect(r.body).toBe(all[0]!.body)
  })

  it('sends the forms the build wrote beside an asset, as they are, and compresses nothing itself', async () => {
    const asset = join(root, 'assets', 'index-AbC_d-12.js')
    await precompressAsset(asset)
    // Stand-ins the server cannot have made itself (it compresses at level 9 / quality 11): what it sends
    // must be these very bytes.
    const gz = gzipSync(BUNDLE, { level: 1 })
    const br = brotliCompressSync(BUNDLE, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } })
    writeFileSync(`${asset}.gz`, gz)
    writeFileSync(`${asset}.br`, br)
    expect((await get('/assets/index-AbC_d-12.js', 'br')).body).toEqual(br)
    expect((await get('/assets/index-AbC_d-12.js', 'gzip')).body).toEqual(gz)
    expect(gunzipSync(gz).toString()).toBe(BUNDLE)
  })

  it('writes both forms beside an asset at build time, each decoding to the asset; none for a small or binary file', async () => {
    const asset = join(root, 'assets', 'index-AbC_d-12.js')
    await precompressAsset(asset)
    expect(brotliDecompressSync(readFileSync(`${asset}.br`)).toString()).toBe(BUNDLE)
    expect(gunzipSync(readFileSync(`${asset}.gz`)).toString()).toBe(BUNDLE)
    writeFileSync(join(root, 'assets', 'tiny-Aa11Bb22.js'), 'export {}\n')
    await precompressAsset(join(root, 'assets', 'tiny-Aa11Bb22.js'))
    await precompressAsset(join(root, 'assets', 'logo-Zz99Yy88.png'))
    expect(existsSync(join(root, 'assets', 'tiny-Aa11Bb22.js.br'))).toBe(false)
    expect(existsSync(join(root, 'assets', 'logo-Zz99Yy88.png.gz'))).toBe(false)
  })

  it('compresses an asset whose precompressed forms are not both there (a dev build)', async () => {
    const asset = join(root, 'assets', 'index-AbC_d-12.js')
    writeFileSync(`${asset}.gz`, gzipSync(BUNDLE, { level: 1 }))
    const r = await get('/assets/index-AbC_d-12.js', 'gzip')
    expect(r.body).not.toEqual(readFileSync(`${asset}.gz`))
    expect(gunzipSync(r.body!).toString()).toBe(BUNDLE)
  })

  it('caches a hashed binary asset without compressing it', async () => {
    const r = await get('/assets/logo-Zz99Yy88.png', 'br, gzip')
    expect(r.headers['content-type']).toBe('image/png')
    expect(r.headers['content-encoding']).toBeUndefined()
    expect(r.headers['cache-control']).toBe(IMMUTABLE)
    expect(r.body!.length).toBe(4096)
  })

  it('serves an unhashed file under /assets/ no-store and uncompressed', async () => {
    const r = await get('/assets/notes.js', 'br, gzip')
    expect(r.headers['cache-control']).toBe('no-store')
    expect(r.headers['content-encoding']).toBeUndefined()
  })

  it('answers HEAD with the headers and no body', async () => {
    const r = await get('/assets/index-AbC_d-12.js', 'gzip', 'HEAD')
    expect(r.status).toBe(200)
    expect(r.body).toBeUndefined()
    expect(Number(r.headers['content-length'])).toBeGreaterThan(0)
  })

  it('answers 405 to other methods', async () => {
    const r = await get('/', undefined, 'POST')
    expect(r.status).toBe(405)
    expect(r.headers.allow).toBe('GET, HEAD')
  })

  it('answers 400 to a target it cannot parse, with the CSP', async () => {
    for (const t of [undefined, 'http://x', '%zz', '/%zz', '*']) {
      const r = await get(t)
      expect(r.status).toBe(400)
      expect(r.headers['content-security-policy']).toBe(CSP)
      expect(r.headers['cache-control']).toBe('no-store')
    }
  })

  it('serves nothing outside the root, no dotfiles, no links out, no folders', async () => {
    for (const t of ['//', '/../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/assets/..%5c..%5cetc', '/.env', '/link.txt', '/assets', '/assets/', '/missing.js', '//etc/passwd']) {
      const r = await get(t)
      expect(r.status, t).toBe(404)
      expect(r.body?.toString()).toBe('Not found')
    }
  })
})

describe('the one CSP', () => {
  it('is not declared a second time in the renderer\'s index.html (it comes from src/main/csp.ts, as a header)', () => {
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'renderer', 'index.html'), 'utf8')
    const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '')
    expect(withoutComments).not.toMatch(/http-equiv\s*=\s*["']?content-security-policy/i)
    expect(html).toContain('src/main/csp.ts')
  })
})
