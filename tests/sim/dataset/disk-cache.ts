/**
 * The generated data set kept on disk, so that the many processes of a test run (vitest workers,
 * Playwright workers, each sim they start) generate it once and read it back in a fraction of the time.
 *
 * The key is the seed, the network and a hash of the generator's own source files: change a generator
 * and the old file is never read again. Files are written to a temporary name and renamed, so a process
 * that reads while another writes sees the whole file or none. Anything unreadable is generated again.
 * SIM_DATASET_CACHE=off turns it off; SIM_DATASET_CACHE=<dir> puts it elsewhere.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import type { NetworkName } from './constants'
import { generate, type Generated } from './generate'

const SIM_DIR = resolve(import.meta.dirname, '..')
/** What the generated data depends on: the generators and the helpers they call. */
const SOURCE_DIRS = [join(SIM_DIR, 'dataset'), join(SIM_DIR, 'lib')]

function tsFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return tsFiles(path)
      return name.endsWith('.ts') ? [path] : []
    })
}

let sourceHash: string | undefined
function generatorHash(): string {
  if (!sourceHash) {
    const h = createHash('sha256')
    for (const file of SOURCE_DIRS.flatMap(tsFiles)) h.update(file.slice(SIM_DIR.length)).update(readFileSync(file))
    sourceHash = h.digest('hex').slice(0, 16)
  }
  return sourceHash
}

function cacheDir(): string | undefined {
  const setting = process.env['SIM_DATASET_CACHE']
  if (setting === 'off') return undefined
  return setting || resolve(SIM_DIR, '..', '..', 'node_modules', '.cache', 'companion-sim')
}

/** generate(seed, network), read from the disk cache when an equal generator made it before. */
export function generateCached(seed: number, network: NetworkName): Generated {
  const dir = cacheDir()
  if (!dir) return generate(seed, network)
  const file = join(dir, `dataset-${network}-${seed}-${generatorHash()}.v8`)
  try {
    return deserialize(readFileSync(file)) as Generated
  } catch {
    // not there yet, or unreadable: generate and (try to) keep it
  }
  const g = generate(seed, network)
  try {
    mkdirSync(dir, { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, serialize(g))
    renameSync(tmp, file)
  } catch {
    // a read-only tree: generating each time is slower, not wrong
  }
  return g
}
