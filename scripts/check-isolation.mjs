#!/usr/bin/env node
/**
 * Runs every integration test alone (`vitest run FILE -t NAME`), to show that no test depends on the
 * ones before it in its file. Slow (one vitest start per test): not part of `npm test`; run it after
 * changing how tests share state. `node scripts/check-isolation.mjs [FILE_FILTER] [--jobs N]`.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..')
const VITEST = join(ROOT, 'node_modules', '.bin', 'vitest')
const args = process.argv.slice(2)
const jobsAt = args.indexOf('--jobs')
const jobs = jobsAt === -1 ? 3 : Number(args[jobsAt + 1])
const filter = args.find((a, i) => !a.startsWith('--') && i !== jobsAt + 1) ?? ''

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// --json takes the file to write to (a bare path after it would be taken as that file).
const listDir = mkdtempSync(join(tmpdir(), 'isolation-'))
await run(VITEST, ['list', '--project', 'integration', `--json=${join(listDir, 'tests.json')}`, ...(filter ? [filter] : [])], { cwd: ROOT, maxBuffer: 64 << 20 })
const tests = JSON.parse(readFileSync(join(listDir, 'tests.json'), 'utf8'))
rmSync(listDir, { recursive: true, force: true })
process.stdout.write(`${tests.length} tests, ${jobs} at a time\n`)

const failed = []
let next = 0
let done = 0
async function worker() {
  while (next < tests.length) {
    const t = tests[next++]
    // vitest lists "suite > test"; -t matches the full name with the parts joined by spaces.
    const pattern = `^${escape(t.name.split(' > ').join(' '))}$`
    try {
      const { stdout: out } = await run(VITEST, ['run', '--project', 'integration', t.file, '-t', pattern, '--reporter=dot'], { cwd: ROOT, maxBuffer: 64 << 20, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } })
      if (!/Tests\s+1 passed/.test(out)) failed.push({ ...t, why: 'did not run exactly one test' })
    } catch (err) {
      failed.push({ ...t, why: String(err.stdout ?? err.message).split('\n').filter((l) => /FAIL|Error|expected/.test(l)).slice(0, 4).join(' | ') })
    }
    done++
    if (done % 20 === 0) process.stdout.write(`${done}/${tests.length}\n`)
  }
}
await Promise.all(Array.from({ length: jobs }, worker))
for (const f of failed) process.stdout.write(`FAILED alone: ${f.file.replace(ROOT + '/', '')} > ${f.name}\n  ${f.why}\n`)
process.stdout.write(`${tests.length - failed.length} passed, ${failed.length} failed\n`)
process.exit(failed.length ? 1 : 0)
