import { readFile, realpath, writeFile } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { parseRequestTarget } from './request-target'

/**
 * The built renderer as responses: which file a request names, and the headers it goes out with.
 * Plain Node (no electron, no http server), shared by browser mode (static-files.ts) and the desktop
 * app's `app://` protocol (electron/protocol.ts), so both serve the same files with the same policy.
 *
 * - Hashed assets (files under /assets/ that vite names `<name>-<8-character hash>.<ext>`) never change:
 *   they are read once with their gzip and brotli forms, kept in memory and sent `immutable`. The build
 *   writes those forms beside each asset (`<file>.gz`, `<file>.br`: precompressAsset); a renderer built
 *   without them (a dev build) is compressed here on first request.
 * - Everything else (index.html first) is read on every request and sent `no-store`, so a rebuilt
 *   renderer is picked up at once.
 * - Only files below the root, no dotfiles, only GET and HEAD; an unparseable target is a 400.
 * - /favicon.ico is the renderer's favicon.png (FAVICON_FILE).
 */
export interface FileRequest {
  method: string | undefined
  /** The request target as sent: "/path?query". */
  target: string | undefined
  /** The Accept-Encoding header; absent means identity only. */
  acceptEncoding?: string | undefined
}

export interface FileResponse {
  status: number
  headers: Record<string, string>
  /** Absent for HEAD and for bodiless answers. */
  body?: Buffer
}

export interface RendererFilesOptions {
  /** The Content-Security-Policy header every response carries (csp.ts). */
  csp: string
  /** Offer gzip/brotli for hashed assets (browser mode). Default true. */
  compress?: boolean
}

export type RendererFiles = (req: FileRequest) => Promise<FileResponse>

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const NO_STORE = 'no-store'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf'
}
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.wasm', '.ttf'])
/** Below this, compression costs more than it saves. */
const MIN_COMPRESS_BYTES = 512
/** What the compressed-asset cache may hold in all; past it, assets are still served, uncompressed and uncached. */
const CACHE_BUDGET_BYTES = 96 * 1024 * 1024

/**
 * Browsers ask for /favicon.ico whatever the page links: it is the app's icon (resources/icon.png, which the
 * build writes into the renderer as favicon.png, and which index.html links), with the headers of any file.
 */
export const FAVICON_REQUEST = '/favicon.ico'
export const FAVICON_FILE = 'favicon.png'

/** vite's default asset names: `assets/<name>-<hash>.<ext>`, the hash 8 characters of base64url. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/

export function isHashedAsset(rel: string): boolean {
  return HASHED_ASSET.test(rel)
}

export type Encoding = 'br' | 'gzip' | 'identity'

/**
 * Picks the encoding to send from an Accept-Encoding header: brotli over gzip over identity, among
 * those the client accepts (q > 0, `*` counts) and we have.
 */
export function chooseEncoding(header: string | undefined, available: readonly Encoding[]): Encoding {
  if (!header) return 'identity'
  const q = new Map<string, number>()
  for (const part of header.slice(0, 1024).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    let weight = 1
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)
      if (m) weight = Number(m[1])
    }
    q.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const accepts = (e: Encoding): boolean => (q.get(e) ?? q.get('*') ?? 0) > 0
  for (const e of ['br', 'gzip'] as const) if (available.includes(e) && accepts(e)) return e
  return 'identity'
}

interface Asset {
  type: string
  identity: Buffer
  br?: Buffer
  gzip?: Buffer
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/** Whether a file is sent compressed at all: a text type, and big enough for it to pay. */
export function worthCompressing(file: string, bytes: number): boolean {
  return COMPRESSIBLE.has(extname(file).toLowerCase()) && bytes >= MIN_COMPRESS_BYTES
}

/** The names of a file's precompressed forms, beside it. */
export const PRECOMPRESSED_SUFFIX = { gzip: '.gz', br: '.br' } as const

/** A file's gzip and brotli forms, as browser mode sends them (the build writes them beside each asset). */
export async function compressAsset(identity: Buffer): Promise<{ gzip: Buffer; br: Buffer }> {
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        // Quality 11 costs seconds on a large bundle; the first visitor would wait for it (a dev build).
        [zlib.BROTLI_PARAM_QUALITY]: identity.length > 256 * 1024 ? 9 : 11,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length
      }
    })
  ])
  return { gzip: gz, br }
}

/** Writes `<file>.gz` and `<file>.br` beside an asset of the build (electron.vite.config.ts). */
export async function precompressAsset(file: string): Promise<void> {
  const identity = await readFile(file)
  if (!worthCompressing(file, identity.length)) return
  const { gzip: gz, br } = await compressAsset(identity)
  await Promise.all([writeFile(file + PRECOMPRESSED_SUFFIX.gzip, gz), writeFile(file + PRECOMPRESSED_SUFFIX.br, br)])
}

/** Both precompressed forms of a file, or undefined when either is missing (then it is compressed here). */
async function readPrecompressed(file: string): Promise<{ gzip: Buffer; br: Buffer } | undefined> {
  try {
    const [gz, br] = await Promise.all([readFile(file + PRECOMPRESSED_SUFFIX.gzip), readFile(file + PRECOMPRESSED_SUFFIX.br)])
    return { gzip: gz, br }
  } catch (err) {
    if (isMissing(err)) return undefined
    throw err
  }
}

export function rendererFiles(root: string, opts: RendererFilesOptions): RendererFiles {
  const rootDir = resolve(root)
  const compress = opts.compress ?? true
  const assets = new Map<string, Promise<Asset>>()
  let cachedBytes = 0
  let realRoot: string | undefined

  const baseHeaders = (cache: string): Record<string, string> => ({
    'content-security-policy': opts.csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': cache
  })
  const plain = (status: number, text: string, extra: Record<string, string> = {}): FileResponse => {
    const body = Buffer.from(text)
    return {
      status,
      headers: { ...baseHeaders(NO_STORE), 'content-type': 'text/plain; charset=utf-8', 'content-length': String(body.length), ...extra },
      body
    }
  }

  /** The file a path names, or undefined when it is outside the root, hidden, or not a file. */
  const locate = async (path: string): Promise<{ rel: string; file: string } | undefined> => {
    const rel = path === '/' ? 'index.html' : path === FAVICON_REQUEST ? FAVICON_FILE : path.slice(1)
    if (rel === '' || rel.endsWith('/') || rel.split(/[\\/]/).some((s) => s.startsWith('.') || s === '')) return undefined
    const file = join(rootDir, rel)
    if (!file.startsWith(rootDir + sep)) return undefined
    // A link inside the root must not lead out of it.
    realRoot ??= await realpath(rootDir).catch(() => rootDir)
    const real = await realpath(file).catch(() => undefined)
    if (!real || !real.startsWith(realRoot + sep)) return undefined
    return { rel, file: real }
  }

  const load = async (file: string, withCompression: boolean): Promise<Asset | undefined> => {
    let identity: Buffer
    try {
      identity = await readFile(file)
    } catch (err) {
      if (isMissing(err)) return undefined
      throw err
    }
    const ext = extname(file).toLowerCase()
    const asset: Asset = { type: TYPES[ext] ?? 'application/octet-stream', identity }
    if (withCompression && worthCompressing(file, identity.length)) {
      const { gzip: gz, br } = (await readPrecompressed(file)) ?? (await compressAsset(identity))
      if (gz.length < identity.length) asset.gzip = gz
      if (br.length < identity.length) asset.br = br
    }
    return asset
  }

  /** A hashed asset, from memory after the first time. */
  const hashed = async (file: string): Promise<Asset | undefined> => {
    const cached = assets.get(file)
    if (cached) return cached
    if (cachedBytes >= CACHE_BUDGET_BYTES) return load(file, false)
    const loading = load(file, compress).then((a) => {
      if (!a) throw new NotFound()
      cachedBytes += a.identity.length + (a.gzip?.length ?? 0) + (a.br?.length ?? 0)
      return a
    })
    assets.set(file, loading)
    try {
      return await loading
    } catch (err) {
      assets.delete(file)
      if (err instanceof NotFound) return undefined
      throw err
    }
  }

  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(405, 'Method not allowed', { allow: 'GET, HEAD' })
    const target = parseRequestTarget(req.target)
    if (!target) return plain(400, 'Bad request')
    const found = await locate(target.path)
    if (!found) return plain(404, 'Not found')
    const immutable = isHashedAsset(found.rel)
    const asset = immutable ? await hashed(found.file) : await load(found.file, false)
    if (!asset) return plain(404, 'Not found')

    const available: Encoding[] = []
    if (asset.br) available.push('br')
    if (asset.gzip) available.push('gzip')
    const encoding = chooseEncoding(req.acceptEncoding, available)
    const body = encoding === 'identity' ? asset.identity : asset[encoding]!
    const headers: Record<string, string> = {
      ...baseHeaders(immutable ? IMMUTABLE : NO_STORE),
      'content-type': asset.type,
      'content-length': String(body.length)
    }
    if (available.length > 0) headers.vary = 'Accept-Encoding'
    if (encoding !== 'identity') headers['content-encoding'] = encoding
    return req.method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, body }
  }
}

class NotFound extends Error {}

function isMissing(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENAMETOOLONG'
}
