// Starts the profile decoder's worker from TypeScript source (tsx for `npm run serve`/`npm run cli`, vitest
// for the tests): a worker thread gets neither vitest's transform nor, on Node 20, tsx's loader from its
// parent. The built app never uses this file: there the worker is out/main/pprof-worker.js.
//
// Each worker used to register tsx's loader and compile pprof-worker.ts and its imports again: about one
// CPU-second per profile opened (0.6 of it tsx's loader). The worker is bundled once instead, with the esbuild
// that tsx itself runs on, into node_modules/.cache, and each worker loads that plain JavaScript. The bundle's first
// line lists every file it was built from with its size and modification time: a change to any of them
// (a source edit, another version of a package) builds it again. It is written to a temporary name and
// renamed, so a worker that reads while another builds sees a whole bundle or none.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { workerData } from 'node:worker_threads'

const entry = fileURLToPath(workerData.entry)
const root = resolve(dirname(entry), '../../../..')
const bundle = join(root, 'node_modules', '.cache', 'companion-pprof-worker', 'pprof-worker.mjs')

/** The inputs recorded on the bundle's first line, if each is still as it was when the bundle was built. */
function fresh() {
  let text
  try {
    text = readFileSync(bundle, 'utf8')
  } catch {
    return false
  }
  const first = text.slice(0, text.indexOf('\n'))
  if (!first.startsWith('// inputs ')) return false
  try {
    const inputs = JSON.parse(first.slice('// inputs '.length))
    return inputs.length > 0 && inputs.every(([file, size, mtimeMs]) => {
      const s = statSync(join(root, file))
      return s.size === size && s.mtimeMs === mtimeMs
    })
  } catch {
    return false
  }
}

async function build() {
  const { build } = await import('esbuild')
  const result = await build({ entryPoints: [entry], absWorkingDir: root, bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, metafile: true, logLevel: 'silent' })
  const inputs = Object.keys(result.metafile.inputs).map((file) => {
    const s = statSync(join(root, file))
    return [file, s.size, s.mtimeMs]
  })
  mkdirSync(dirname(bundle), { recursive: true })
  const tmp = `${bundle}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(tmp, `// inputs ${JSON.stringify(inputs)}\n${result.outputFiles[0].text}`)
  renameSync(tmp, bundle)
}

let bundled = fresh()
if (!bundled) {
  try {
    await build()
    bundled = true
  } catch {
    // No esbuild, or a read-only tree: tsx's loader, as before (slower, not wrong).
    const { register } = await import('tsx/esm/api')
    register()
    await import(workerData.entry)
  }
}
if (bundled) await import(pathToFileURL(bundle).href)
