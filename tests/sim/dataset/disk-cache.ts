/**
 * The generated data set kept on disk, so that the many processes of a test run (vitest workers,
 * Playwright workers, each sim they start) generate it once and read it back in a fraction of the time.
 *
 * The key is the seed, the network and a hash of the generator's own source files: change a generator
 * and the old file is never read again. Files are written to a temporary name and renamed, so a process
 * that reads while another writes sees the whole file or none. Anything unreadable is generated again. A process
 * generating a file holds a lock file beside it, and the others wait for it (generateCached).
 * SIM_DATASET_CACHE=off turns it off; SIM_DATASET_CACHE=<dir> puts it elsewhere.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
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

/** How long a process waits for another one generating the same file before it generates the data set itself. */
const WAIT_FOR_OTHER_MS = 180_000

function read<T>(file: string): T | undefined {
  try {
    return deserialize(readFileSync(file)) as T
  } catch {
    return undefined // not there yet, or unreadable
  }
}

/** Blocks this thread for `ms` without using the CPU (the generation it stands for blocks it longer). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** Whether the process that wrote the lock file is still running (false once it ended without removing it). */
function holderAlive(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(lock, 'utf8')), 0)
    return true
  } catch (e) {
    // EPERM: running, as another user; anything else (no such process, no file, no number): not holding it.
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the lock of `file` (a file created only if absent, holding this process's id): `mine` when this process
 * is to make the file. A lock held by a process that is running means it is making it now: this one waits for
 * its file and returns what it wrote, up to WAIT_FOR_OTHER_MS; a lock left by a process that ended is taken
 * over. Where no lock can be written at all, this process makes the file itself.
 */
function lockOrWait<T>(file: string): { mine: boolean; made?: T } {
  const lock = `${file}.lock`
  const started = Date.now()
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' })
      return { mine: true }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return { mine: false }
    }
    if (!holderAlive(lock)) {
      rmSync(lock, { force: true })
      continue
    }
    if (Date.now() - started > WAIT_FOR_OTHER_MS) return { mine: false }
    sleep(200)
    const made = read<T>(file)
    if (made !== undefined) return { mine: false, made }
  }
}

/**
 * What `file` holds (v8-serialised), or else `make()`, written to it for the next process. Of processes that
 * need the same file at once, one makes it while the others wait for it (a lock file beside it), rather than
 * each spending the same CPU-seconds.
 */
export function readOrMake<T>(file: string, make: () => T): T {
  const cached = read<T>(file)
  if (cached !== undefined) return cached
  let mine = false
  try {
    mkdirSync(dirname(file), { recursive: true })
    const waited = lockOrWait<T>(file)
    if (waited.made !== undefined) return waited.made
    mine = waited.mine
  } catch {
    // a read-only tree: making it each time is slower, not wrong
  }
  try {
    // Read again: the file may have come between the first read and the lock.
    const written = mine ? read<T>(file) : undefined
    if (written !== undefined) return written
    const made = make()
    try {
      const tmp = `${file}.${process.pid}.tmp`
      writeFileSync(tmp, serialize(made))
      renameSync(tmp, file)
    } catch {
      // a read-only tree: making it each time is slower, not wrong
    }
    return made
  } finally {
    if (mine) rmSync(`${file}.lock`, { force: true })
  }
}

/**
 * generate(seed, network), read from the disk cache when an equal generator made it before. On a clean clone
 * every test worker starts with the same seed at once: one of them generates it, the others wait for its file.
 */
export function generateCached(seed: number, network: NetworkName): Generated {
  const dir = cacheDir()
  if (!dir) return generate(seed, network)
  return readOrMake(join(dir, `dataset-${network}-${seed}-${generatorHash()}.v8`), () => generate(seed, network))
}
