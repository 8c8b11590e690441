#!/usr/bin/env node
/**
 * Size of the renderer's initial JavaScript, after `electron-vite build`.
 *
 * Reads out/renderer/index.html, takes the JS it loads before the app can start (the entry module
 * <script type="module" src> plus every <link rel="modulepreload">), gzips each file (level 9) and
 * prints raw and gzipped KB per file and in total. Lazy chunks (panels loaded by dynamic import) are
 * not counted: the page does not fetch them until the panel opens.
 *
 * Usage: node scripts/renderer-size.mjs [outDir]   (default: out/renderer)
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync, constants } from 'node:zlib'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const outDir = resolve(repoRoot, process.argv[2] ?? 'out/renderer')
const indexHtml = join(outDir, 'index.html')

if (!existsSync(indexHtml)) {
  console.error(
    `renderer-size: ${relative(process.cwd(), indexHtml) || indexHtml} not found. ` +
      'Build the renderer first: npx electron-vite build'
  )
  process.exit(1)
}

const html = readFileSync(indexHtml, 'utf8')

/** The value of attribute `name` in one tag's text, or undefined. */
function attr(tag, name) {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined
}

const files = []
for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
  const isScript = /^<script/i.test(tag)
  let src
  if (isScript) {
    if ((attr(tag, 'type') ?? '').toLowerCase() !== 'module') continue
    src = attr(tag, 'src')
  } else {
    if ((attr(tag, 'rel') ?? '').toLowerCase() !== 'modulepreload') continue
    src = attr(tag, 'href')
  }
  if (!src || /^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//')) continue
  const path = src.startsWith('/') ? join(outDir, src) : resolve(outDir, src)
  if (!files.some((f) => f.path === path)) files.push({ path, kind: isScript ? 'entry' : 'modulepreload' })
}

if (files.length === 0) {
  console.error(`renderer-size: no module script or modulepreload link found in ${indexHtml}`)
  process.exit(1)
}

const kb = (n) => (n / 1024).toFixed(2)
let totalRaw = 0
let totalGzip = 0
const rows = []
for (const f of files) {
  if (!existsSync(f.path)) {
    console.error(`renderer-size: ${relative(outDir, f.path)} is referenced by index.html but missing`)
    process.exit(1)
  }
  const buf = readFileSync(f.path)
  const gz = gzipSync(buf, { level: constants.Z_BEST_COMPRESSION }).length
  totalRaw += buf.length
  totalGzip += gz
  rows.push([relative(outDir, f.path), f.kind, kb(buf.length), kb(gz)])
}

const header = ['file', 'kind', 'raw KB', 'gzip KB']
const all = [header, ...rows, ['total', `${rows.length} file(s)`, kb(totalRaw), kb(totalGzip)]]
const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)))
const line = (r) => r.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ')
console.log(`Initial renderer JavaScript (${relative(process.cwd(), outDir) || outDir}/index.html)`)
console.log(line(header))
for (const r of rows) console.log(line(r))
console.log(widths.map((w) => '-'.repeat(w)).join('  '))
console.log(line(all[all.length - 1]))
