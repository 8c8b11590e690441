#!/usr/bin/env node
/**
 * `npm test`: every check of the project, as fast as two cores allow, with the time of each stage.
 *
 * Each stage starts as soon as the stages it needs have succeeded, and no sooner:
 *   - at once:      the build, better-sqlite3's native module when it is not built yet (`npm ci --ignore-scripts`
 *                   leaves it so: .ci/run compiles its 9 MB of C, about 70 s of one core, here), and the checks
 *                   that need nothing but the sources: lint and the type check;
 *   - native built: the unit and the component tests;
 *   - native and build: the integration tests (files in parallel, each with its own sim and data folder), and
 *                   the package test (npm pack, the tarball installed with --omit=dev, the installed `companion`);
 *   - integration done: the end-to-end tests (Playwright workers, each with its own sim, server and data folder;
 *                   the two stages at once overran their time bounds on two cores).
 *
 * The tests that start servers and browsers are the run's longest path; lint and the type checks only need CPU,
 * so they run at a lower priority (`nice`) and fill the time those tests spend waiting, instead of holding the
 * integration tests back until they are done. Every test stage runs at the run's own priority: a test starved of
 * CPU misses the bounds it waits within (component tests at a lower priority timed out under the end-to-end stage).
 *
 * Every stage writes to its own log, printed whole when it ends, so lines never interleave (a run of one stage
 * prints live). Any failure fails the run; a stage runs whenever what it needs succeeded, so a lint error still
 * lets every test run, and one run shows everything that is wrong. The table at the end gives each stage's time
 * and the CPU time it used (where /usr/bin/time is there to tell).
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
 * name, command, what it needs (`after`), its priority (`nice`: 0 as the run, higher is lower), and where its
 * counts of passed/failed tests are read from (a JSON report).
 */
const CHECK = 10
const STAGES = [
  { name: 'lint', nice: CHECK, cmd: [BIN('eslint'), '.', '--max-warnings', '0'] },
  // One program over the whole repo (tsconfig.json): main, preload, shared, the renderer's .vue files, tests,
  // scripts. Three programs (main and tests, renderer, component tests) read the libraries' types three times and
  // checked main and the renderer twice: about 210 CPU-seconds against 105; lint keeps the sides' globals apart.
  { name: 'typecheck', nice: CHECK, cmd: [BIN('vue-tsc'), '-p', 'tsconfig.json', '--noEmit'] },
  // Nothing to do when the module is built (a plain `npm ci` builds it): the stage then ends at once.
  // Compiled at -O1 rather than the package's -O3 (given last, the flag wins): 45 CPU-seconds instead of about
  // 70, first on the run's longest path. The tests check what SQLite does, not how fast; an install made by
  // `npm ci` or `npm install` compiles it as the package says.
  {
    name: 'native',
    cmd: NATIVE_BUILT ? [process.execPath, '-e', ''] : [NPM, 'rebuild', 'better-sqlite3'],
    env: { CFLAGS: '-O1', CXXFLAGS: '-O1' }
  },
  { name: 'build', cmd: [BIN('electron-vite'), 'build', '--logLevel', 'warn'] },
  {
    name: 'unit',
    after: ['native'],
    cmd: [BIN('vitest'), 'run', '--project', 'unit', '--reporter=dot', '--reporter=json', `--outputFile.json=${join(REPORTS, 'unit.json')}`],
    report: { kind: 'vitest', file: join(REPORTS, 'unit.json') }
  },
  {
    // The renderer's panels in happy-dom against a real app.
    name: 'component',
    after: ['native'],
    cmd: [BIN('vitest'), 'run', '--project', 'component', '--reporter=dot', '--reporter=json', `--outputFile.json=${join(REPORTS, 'component.json')}`],
    report: { kind: 'vitest', file: join(REPORTS, 'component.json') }
  },
  {
    name: 'package',
    // Packs the build, and installs the native module this checkout built; it mostly waits on npm and on the
    // processes it starts.
    after: ['build', 'native'],
    browser: true,
    cmd: [BIN('vitest'), 'run', '--project', 'package', '--reporter=dot', '--reporter=json', `--outputFile.json=${join(REPORTS, 'package.json')}`],
    report: { kind: 'vitest', file: join(REPORTS, 'package.json') }
  },
  {
    // Browser mode runs from out/main, on the native module.
    name: 'integration',
    after: ['build', 'native'],
    cmd: [BIN('vitest'), 'run', '--project', 'integration', '--reporter=dot', '--reporter=json', `--outputFile.json=${join(REPORTS, 'integration.json')}`],
    report: { kind: 'vitest', file: join(REPORTS, 'integration.json') }
  },
  {
    // Browser mode serves the built renderer. After the integration tests (whether they passed or not): the two
    // at once overran on two cores.
    name: 'e2e',
    after: ['build', 'native'],
    afterEnded: ['integration'],
    browser: true,
    cmd: [BIN('playwright'), 'test', '--reporter=line,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(REPORTS, 'e2e.json') },
    report: { kind: 'playwright', file: join(REPORTS, 'e2e.json') }
  }
]

function parseArgs(argv) {
  if (argv.includes('--list')) {
    for (const s of STAGES) process.stdout.write(`${s.name}${s.after ? `  (after ${[...s.after, ...(s.afterEnded ?? [])].join(', ')})` : ''}\n`)
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

/** /usr/bin/time, where it is, tells the CPU time of each stage (its processes and all they started and waited for). */
const TIME = process.platform === 'linux' && existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined

/** The command of a stage as started: at its priority, and timed where the machine can. */
function commandOf(stage) {
  let cmd = stage.cmd
  // `nice` is there wherever a POSIX shell is; on Windows the stage runs at the run's own priority.
  if (stage.nice && process.platform !== 'win32') cmd = ['nice', '-n', String(stage.nice), ...cmd]
  const cpuFile = TIME ? join(REPORTS, `${stage.name.replace(/\W/g, '-')}.cpu`) : undefined
  if (cpuFile) cmd = [TIME, '-f', '%U %S', '-o', cpuFile, ...cmd]
  return { cmd, cpuFile }
}

/** CPU-seconds (user + system) of a finished stage, or undefined. */
function cpuSeconds(file) {
  if (!file) return undefined
  try {
    const [user, sys] = readFileSync(file, 'utf8').trim().split('\n').pop().split(' ').map(Number)
    return Number.isFinite(user + sys) ? user + sys : undefined
  } catch {
    return undefined
  }
}

/** Runs one stage; with `buffered`, its output is held and printed whole when it ends. */
async function run(stage, buffered) {
  const started = Date.now()
  const noBrowser = stage.browser ? await browserInstalled() : undefined
  if (noBrowser) return { stage, ok: false, code: `no browser: ${noBrowser}`, seconds: (Date.now() - started) / 1000 }
  return new Promise((resolve) => {
    const { cmd: [cmd, ...args], cpuFile } = commandOf(stage)
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...stage.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    const chunks = []
    const take = (stream, out) => stream.on('data', (d) => (buffered ? chunks.push(d) : out.write(d)))
    take(child.stdout, process.stdout)
    take(child.stderr, process.stderr)
    if (!buffered) process.stdout.write(`\n=== ${stage.name} ===\n`)
    child.on('close', (code, signal) => {
      const result = { stage, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000, cpu: cpuSeconds(cpuFile) }
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
/** Each stage's result once it ended (a stage that could not start has one too, with `code` saying why). */
const ended = new Map()
const started = new Set()
const inRun = (name) => stages.some((s) => s.name === name)
/** Every stage of `after` succeeded (or is not part of this run: `--only e2e` uses the build that is there). */
const needsMet = (s) => (s.after ?? []).every((name) => !inRun(name) || ended.get(name)?.ok)
const needsFailed = (s) => (s.after ?? []).find((name) => inRun(name) && ended.has(name) && !ended.get(name).ok)
const waitsMet = (s) => (s.afterEnded ?? []).every((name) => !inRun(name) || ended.has(name))
// One stage alone prints live; several print each log whole when it ends.
const buffered = stages.length > 1
await new Promise((allDone) => {
  function schedule() {
    for (const s of stages) {
      if (started.has(s.name)) continue
      const failed = needsFailed(s)
      if (failed) {
        started.add(s.name)
        ended.set(s.name, { stage: s, ok: false, code: `not run: ${failed} failed`, seconds: 0 })
      } else if (needsMet(s) && waitsMet(s)) {
        started.add(s.name)
        run(s, buffered).then((result) => {
          ended.set(s.name, result)
          schedule()
        })
      }
    }
    if (ended.size === stages.length) allDone()
  }
  schedule()
})
// In the order the stages are declared, so the table reads the same in every run.
const results = stages.map((s) => ended.get(s.name))

const total = (Date.now() - startedAll) / 1000
const lines = ['', 'stage                  time       cpu  result']
const sum = { passed: 0, failed: 0, skipped: 0 }
for (const r of results) {
  const c = counts(r.stage)
  if (c) for (const k of Object.keys(sum)) sum[k] += c[k] ?? 0
  // A failed stage with no failed test to show for it (lint, a type check, the build, a runner that
  // crashed) counts as one failure, so the closing line never reads as a clean run when it was not.
  if (!r.ok && !(c && c.failed > 0)) sum.failed += 1
  const detail = c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : r.ok ? 'ok' : `failed (${r.code})`
  const cpu = r.cpu === undefined ? '' : `${r.cpu.toFixed(0)} s`
  lines.push(`${r.stage.name.padEnd(20)} ${`${r.seconds.toFixed(1)} s`.padStart(8)} ${cpu.padStart(9)}  ${r.ok ? detail : `FAILED: ${detail}`}`)
}
const cpuAll = results.reduce((sum, r) => sum + (r.cpu ?? 0), 0)
lines.push(`${'total'.padEnd(20)} ${`${total.toFixed(1)} s`.padStart(8)} ${TIME ? `${cpuAll.toFixed(0)} s`.padStart(9) : ''}`, '')
const ok = results.every((r) => r.ok)
const summary = `tests: ${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ''}`
lines.push(summary)
process.stdout.write(lines.join('\n') + '\n')
// .ci/run prints it again as its own last line, after the install times.
writeFileSync(join(REPORTS, 'summary.txt'), summary + '\n')
writeFileSync(join(REPORTS, 'stages.json'), JSON.stringify({ total, stages: results.map((r) => ({ name: r.stage.name, seconds: r.seconds, cpu: r.cpu, ok: r.ok })) }, null, 2))
process.exit(ok ? 0 : 1)
