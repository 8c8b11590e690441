/**
 * The sim's disk cache of generated data sets (tests/sim/dataset/disk-cache.ts): of processes that need the same
 * file at once, one makes it and the others wait for it instead of making it again (on a clean clone every test
 * worker starts with the same seed at once, several CPU-seconds each); a lock left by a process that ended does
 * not hold anyone up.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readOrMake } from '../sim/dataset/disk-cache'
import { tempDir } from '../support/temp'

let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

function folder(): string {
  const t = tempDir('sim-disk-cache-')
  cleanup = t.remove
  return t.dir
}

describe('readOrMake', () => {
  it('waits for the file of a running process that holds its lock, and makes nothing itself', async () => {
    const file = join(folder(), 'data.v8')
    // Another process, making the file: it holds the lock, and writes the file (whole, by a rename) a moment later.
    const maker = spawn(process.execPath, [
      '-e',
      `const fs = require('node:fs'), v8 = require('node:v8'); setTimeout(() => { fs.writeFileSync(process.argv[1] + '.tmp', v8.serialize({ made: 'by the other process' })); fs.renameSync(process.argv[1] + '.tmp', process.argv[1]) }, 300); setTimeout(() => {}, 5000)`,
      file
    ])
    try {
      writeFileSync(`${file}.lock`, String(maker.pid))
      const made = readOrMake(file, () => ({ made: 'here' }))
      expect(made).toEqual({ made: 'by the other process' })
    } finally {
      maker.kill()
    }
  })

  it('makes the file when the lock was left by a process that ended, and removes the lock', () => {
    const file = join(folder(), 'data.v8')
    const ended = spawnSync(process.execPath, ['-e', 'process.pid'])
    writeFileSync(`${file}.lock`, String(ended.pid))
    expect(readOrMake(file, () => ({ made: 'here' }))).toEqual({ made: 'here' })
    expect(existsSync(`${file}.lock`)).toBe(false)
    // and the next process reads it
    expect(readOrMake(file, () => ({ made: 'again' }))).toEqual({ made: 'here' })
  })
})
