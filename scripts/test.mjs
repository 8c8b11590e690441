#!/usr/bin/env node
/**
 * `npm test`: every check of the project, as fast as two cores allow, with the time of each stage.
 *
 *   1. at once:   lint, type check (main + tests), type check (renderer), build, and better-sqlite3's native
 *                 module when it is not built yet (`npm ci --ignore-scripts` leaves it so: .ci/run compiles
 *                 its 9 MB of C, about 70 s of one core, beside the checks that do not need it);
 *                 once it is there, the unit and component tests; and once the build is there too, beside everything after
 *                 it: the package test (npm pack, install the tarball with --omit=dev, run the installed
 *                 `companion`); it mostly waits on npm and on the processes it starts, so it fills the gaps
 *   2. then:      integration tests (files in parallel, each with its own sim and data folder)
 *   3. then:      end-to-end tests (several Playwright workers, each with its own sim, server and data folder)
 *
 * The stages of step 1 write to their own logs, printed whole when each ends, so their lines never
 * interleave. Steps 2 and 3 need the build of step 1 (browser mode serves the built renderer and runs
 * from out/main). Any failure fails the run; the later steps still run when only a check of step 1
 * failed, so one run shows everything that is wrong. The table at the end gives each stage's time.
 *
 * `node scripts/test.mjs --only unit,integration` runs some stages; `--list` names them.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const BIN = (name) => join(ROOT, 'node_modules', '.bin', name)
// Not under test-results/: Playwright empties that folder when it starts.
const REPORTS = join(ROOT, 'test-reports')

/** The native module every test that opens the cache loads; `npm rebuild` runs its install script. */
const NATIVE_BUILT = existsSync(join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/**
 * name, command, and where its counts of passed/failed tests are read from (a JSON report). A stage with
 * `after` starts once those stages succeeded and runs on beside the later steps.
 */
const STAGES = [
  { step: 1, name: 'lint', cmd: [BIN('eslint'), '.', '--max-warnings', '0'] },
  { step: 1, name: 'typecheck:node', cmd: [BIN('tsc'), '-p', 'tsconfig.node.json', '--noEmit'] },
  { step: 1, name: 'typecheck:web', cmd: [BIN('vue-tsc'), '-p', 'tsconfig.web.json', '--noEmit'] },
  // The component tests with the renderer's .vue files they mount (tsconfig.component.json).
  { step: 1, name: 'typecheck:component', cmd: [BIN('vue-tsc'), '-p', 'tsconfig.component.json', '--noEmit'] },
  // Nothing to do when the module is built (a plain `npm ci` builds it): the stage then ends at once.
  { step: 1, name: 'native', cmd: NATIVE_BUILT ? [process.execPath, '-e', ''] : [NPM, 'rebuild', 'better-sqlite3'] },
  {
    step: 1,
    name: 'unit',
    after: ['native'],
    cmd: [BIN('vitest'), 'run', '--project', 'unit', '--reporter=dot', '--reporter=json', `--outputFile.json=${join(REPORTS, 'unit.json')}`],
    report: { kind: 'vitest', file: join(REPORTS, 'unit.json') }
  },
  {
    // The renderer's panels in happy-dom against a real app: beside the unit tests, once the native module is there.
    step: 1,
    name: 'component',
    after: ['native'],
    cmd: [BIN('vitest'), 'run', '--project', 'component', '--reporter=dot', '--reporter=json', `--outputFile.json=${join(REPORTS, 'component.json')}`],
    report: { kind: 'vitest', file: join(REPORTS, 'component.json') }
  },
  { step: 1, name: 'build', cmd: [BIN('electron-vite'), 'build', '--logLevel', 'warn'] },
  {
    step: 1,
    name: 'package',
    // Packs the build, and installs the native module this checkout built; runs on beside steps 2 and 3.
    after: ['build', 'native'],
    browser: true,
    cmd: [BIN('vitest'), 'run', '--project', 'package', '--reporter=dot', '--reporter=json', `--outputFile.json=${join(REPORTS, 'package.json')}`],
    report: { kind: 'vitest', file: join(REPORTS, 'package.json') }
  },
  {
    step: 2,
    name: 'integration',
    cmd: [BIN('vitest'), 'run', '--project', 'integration', '--reporter=dot', '--reporter=json', `--outputFile.json=${join(REPORTS, 'integration.json')}`],
    report: { kind: 'vitest', file: join(REPORTS, 'integration.json') }
  },
  {
    step: 3,
    name: 'e2e',
    browser: true,
    cmd: [BIN('playwright'), 'test', '--reporter=line,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'e2e.json') },
    report: { kind: 'playwright', file: join(REPORTS, 'e2e.json') }
  }
]

function parseArgs(argv) {
  if (argv.includes('--list')) {
    for (const s of STAGES) process.stdout.write(`${s.step}  ${s.name}\n`)
    process.exit(0)
  }
  const i = argv.indexOf('--only')
  if (i === -1) return STAGES
  const names = (argv[i + 1] ?? '').split(',').filter(Boolean)
  const unknown = names.filter((n) => !STAGES.some((s) => s.name === n))
  if (names.length === 0 || unknown.length > 0) {
    process.stderr.write(`--only takes stage names separated by commas (${STAGES.map((s) => s.name).join(', ')}); unknown: ${unknown.join(', ') || '(none given)'}\n`)
    process.exit(2)
  }
  return STAGES.filter((s) => names.includes(s.name))
}

/**
 * Before a stage that drives Chromium: .ci/run installs it beside the first stages and names a file that
 * is empty until apt is done, then says "ok …" or why it failed (BROWSER_INSTALL_STATUS). Resolves to that
 * failure, or undefined when the browser is there.
 */
async function browserInstalled() {
  const file = process.env['BROWSER_INSTALL_STATUS']
  if (!file) return undefined
  for (;;) {
    const status = readFileSync(file, 'utf8').trim()
    if (status) return status.startsWith('ok') ? undefined : status
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** Runs one stage; with `buffered`, its output is held and printed whole when it ends. */
async function run(stage, buffered) {
  const started = Date.now()
  const noBrowser = stage.browser ? await browserInstalled() : undefined
  if (noBrowser) return { stage, ok: false, code: `no browser: ${noBrowser}`, seconds: (Date.now() - started) / 1000 }
  return new Promise((resolve) => {
    const [cmd, ...args] = stage.cmd
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...stage.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks = []
    const take = (stream, out) => stream.on('data', (d) => (buffered ? chunks.push(d) : out.write(d)))
    take(child.stdout, process.stdout)
    take(child.stderr, process.stderr)
    if (!buffered) process.stdout.write(`\n=== ${stage.name} ===\n`)
    child.on('close', (code, signal) => {
      const result = { stage, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000 }
      if (buffered) process.stdout.write(`\n=== ${stage.name} (${result.ok ? 'ok' : 'FAILED'}, ${result.seconds.toFixed(1)} s) ===\n${Buffer.concat(chunks).toString()}`)
      resolve(result)
    })
    child.on('error', (err) => resolve({ stage, ok: false, code: err.message, seconds: (Date.now() - started) / 1000 }))
  })
}

/** Passed / failed / skipped counts from a stage's JSON report, or undefined when there is none. */
function counts(stage) {
  if (!stage.report) return undefined
  try {
    const r = JSON.parse(readFileSync(stage.report.file, 'utf8'))
    if (stage.report.kind === 'vitest') return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }
    return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }
  } catch {
    return undefined
  }
}

const stages = parseArgs(process.argv.slice(2))
// No report of an earlier run may be counted as this one's.
rmSync(REPORTS, { recursive: true, force: true })
mkdirSync(REPORTS, { recursive: true })
const startedAll = Date.now()
const results = []
/** Stages that start once another one succeeded, and run on beside the later steps (always buffered). */
const background = []
/** Stages of this run that have succeeded; a stage waits only for those of its `after` in this run. */
const succeeded = new Set()
const started = new Set()
const ready = (s) => s.after && !started.has(s.name) && s.after.every((name) => succeeded.has(name) || !stages.some((o) => o.name === name))
/** Starts every background stage whose `after` stages have all succeeded. */
function startReady() {
  for (const s of stages.filter(ready)) {
    started.add(s.name)
    background.push(run(s, true).then(finished))
  }
}
function finished(result) {
  if (result.ok) {
    succeeded.add(result.stage.name)
    startReady()
  }
  return result
}
// One whose stages are not part of this run starts at once (`--only package` uses the build that is there).
startReady()
for (const step of [1, 2, 3]) {
  const these = stages.filter((s) => s.step === step && !s.after)
  if (these.length === 0) continue
  // A step of one stage prints live; a background stage still running prints its output whole when it ends.
  const buffered = these.length > 1
  const done = await Promise.all(these.map((s) => run(s, buffered).then(finished)))
  results.push(...done)
  // Later steps run the built app on the native module: without either there is nothing for them to test.
  if (results.some((r) => (r.stage.name === 'build' || r.stage.name === 'native') && !r.ok)) break
}
// A background stage that succeeds may start another: wait until none is left.
for (let i = 0; i < background.length; i++) results.push(await background[i])

const total = (Date.now() - startedAll) / 1000
const lines = ['', 'stage            time      result']
const sum = { passed: 0, failed: 0, skipped: 0 }
for (const r of results) {
  const c = counts(r.stage)
  if (c) for (const k of Object.keys(sum)) sum[k] += c[k] ?? 0
  // A failed stage with no failed test to show for it (lint, a type check, the build, a runner that
  // crashed) counts as one failure, so the closing line never reads as a clean run when it was not.
  if (!r.ok && !(c && c.failed > 0)) sum.failed += 1
  const detail = c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : r.ok ? 'ok' : `failed (${r.code})`
  lines.push(`${r.stage.name.padEnd(16)} ${`${r.seconds.toFixed(1)} s`.padStart(8)}  ${r.ok ? detail : `FAILED: ${detail}`}`)
}
lines.push(`${'total'.padEnd(16)} ${`${total.toFixed(1)} s`.padStart(8)}`, '')
const ok = results.every((r) => r.ok) && results.length === stages.length
const summary = `tests: ${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ''}`
lines.push(summary)
process.stdout.write(lines.join('\n') + '\n')
// .ci/run prints it again as its own last line, after the install times.
writeFileSync(join(REPORTS, 'summary.txt'), summary + '\n')
writeFileSync(join(REPORTS, 'stages.json'), JSON.stringify({ total, stages: results.map((r) => ({ name: r.stage.name, seconds: r.seconds, ok: r.ok })) }, null, 2))
process.exit(ok ? 0 : 1)
