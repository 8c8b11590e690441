/**
 * The package as a new user gets it: `npm pack`, then `npm install -g <tarball> --omit=dev` into an empty
 * prefix, and the installed `companion` run from outside the source tree against the sim (CLI, browser
 * mode in a real Chromium, the watcher). Nothing of the checkout is on the installed program's way: it runs
 * from its own prefix under the system temp folder, with no NODE_PATH, so a dev dependency imported at
 * run time, a file missing from `files`, or a path into the source tree fails here.
 *
 * Two things differ from a user's machine, on purpose, to keep CI fast and offline-proof:
 * - The tarball is packed with --ignore-scripts: its `prepack` is `npm run build`, which `npm test` has
 *   just run (this stage starts when the build stage has succeeded); packing again would build the same
 *   files again. The test checks that prepack is the build.
 * - better-sqlite3's own install script runs as it would anywhere (`prebuild-install || node-gyp rebuild`),
 *   but its download of a prebuilt binary is pointed (npm_config_better_sqlite3_binary_host, prebuild-install's
 *   documented mirror setting) at a server of this test that hands out the binary `npm ci` compiled for this
 *   same Node from the same better-sqlite3 version. On a user's machine prebuild-install fetches the
 *   project's own prebuilt binary from GitHub (or compiles it); here GitHub is unreachable and compiling
 *   takes 70 s or more of CPU that the other tests of this stage need. The mirror must be asked exactly once,
 *   so the test fails if the install script does not run or compiles instead.
 * The dependencies themselves come from the npm registry through npm's cache (--prefer-offline): the same
 * resolution a user's `npm install` makes, without a lockfile, honouring `dependencies` only.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '../../src/shared/contract'
import { startSim, type Sim } from '../sim/index'
import { CHROMIUM_LAUNCH } from '../support/chromium'
import { importedPackages } from '../support/package-names'
import { tempDir } from '../support/temp'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..', '..')
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string
  scripts: Record<string, string>
  dependencies: Record<string, string>
  files: string[]
}
const SQLITE = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'better-sqlite3', 'package.json'), 'utf8')) as { version: string }
/** The file prebuild-install asks for: its default name template for this runtime, ABI, platform and arch. */
const PREBUILT = `better-sqlite3-v${SQLITE.version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`
/** Dev dependencies (and their tools) that must not be in what was installed. */
const DEV_ONLY = ['tsx', 'vite', 'electron', 'electron-vite', 'vitest', 'typescript', 'vue', 'naive-ui', 'esbuild', '@playwright', 'playwright-core']

const work = tempDir('companion-pack-')
const prefix = join(work.dir, 'prefix')
const installed = join(prefix, 'lib', 'node_modules', 'node-operator-companion')
const companionBin = join(prefix, 'bin', 'companion')
/** The environment of a user's shell: nothing that npm test, vitest or tsx put there. */
const userEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(npm_|VITEST|NODE_OPTIONS$|NODE_PATH$|TSX)/i.test(k))
)

let packed: { filename: string; files: { path: string }[] }
let mirror: Server
let mirrorUrl = ''
const mirrorHits: string[] = []
let sim: Sim

/** `companion …` as installed, run in the temp folder (outside the checkout). */
function companion(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(companionBin, args, { cwd: work.dir, env: userEnv, maxBuffer: 64 << 20 })
}

function startCompanion(args: string[]): ChildProcess {
  return spawn(companionBin, args, { cwd: work.dir, env: userEnv, stdio: ['ignore', 'pipe', 'pipe'] })
}

/** Resolves with the first line of `stream` that matches, or rejects when the process ends first. */
function firstLine(child: ChildProcess, stream: 'stdout' | 'stderr', match: RegExp): Promise<string> {
  let seen = ''
  return new Promise((resolve, reject) => {
    child[stream]!.on('data', (d: Buffer) => {
      seen += d.toString()
      const line = seen.split('\n').find((l) => match.test(l))
      if (line) resolve(line.trim())
    })
    child.once('exit', (code) => reject(new Error(`companion ended (${code}) before printing ${match}:\n${seen}`)))
  })
}

/** How the process ended: its exit code, or the signal that ended it. */
function ended(child: ChildProcess): Promise<number | NodeJS.Signals | null> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode ?? child.signalCode) : child.once('exit', (code, signal) => resolve(code ?? signal))
  )
}

beforeAll(async () => {
  expect(existsSync(join(ROOT, 'out', 'main', 'cli.js')), 'run "npm run build" first (stage 1 of npm test does)').toBe(true)
  // The prebuilt binary as prebuild-install expects it: a gzipped tar holding build/Release/better_sqlite3.node.
  await run('tar', ['-czf', join(work.dir, PREBUILT), '-C', join(ROOT, 'node_modules', 'better-sqlite3'), 'build/Release/better_sqlite3.node'])
  mirror = createServer((req, res) => {
    mirrorHits.push(req.url ?? '')
    if (req.url !== `/v${SQLITE.version}/${PREBUILT}`) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/gzip' }).end(readFileSync(join(work.dir, PREBUILT)))
  })
  await new Promise<void>((r) => mirror.listen(0, '127.0.0.1', r))
  mirrorUrl = `http://127.0.0.1:${(mirror.address() as { port: number }).port}`

  const install = async (): Promise<void> => {
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work.dir], { cwd: ROOT, env: userEnv })
    packed = (JSON.parse(stdout) as (typeof packed)[])[0]!
    await run(
      'npm',
      ['install', '-g', join(work.dir, packed.filename), '--omit=dev', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: work.dir, env: { ...userEnv, npm_config_better_sqlite3_binary_host: mirrorUrl } }
    )
  }
  // The sim starts while npm works (npm mostly waits on the registry and the disk).
  await Promise.all([startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true }).then((s) => (sim = s)), install()])
})

afterAll(async () => {
  await sim?.stop()
  await new Promise((r) => (mirror ? mirror.close(r) : r(undefined)))
  work.remove()
  // prebuild-install keeps what it downloaded in npm's cache, named after the URL (a port of this run only).
  const url = `${mirrorUrl}/v${SQLITE.version}/${PREBUILT}`
  const cached = join(process.env['npm_config_cache'] ?? join(homedir(), '.npm'), '_prebuilds', `${createHash('sha512').update(url).digest('hex').slice(0, 6)}-${PREBUILT.replace(/[^a-zA-Z0-9.]+/g, '-')}`)
  if (mirrorUrl) await run('rm', ['-f', cached])
})

describe('the package, installed from its tarball with --omit=dev', () => {
  it('holds the built CLI, browser mode, renderer, resources and README, and no sources, tests or Electron-only files; prepack builds it', () => {
    expect(pkg.scripts['prepack']).toBe('npm run build')
    const paths = packed.files.map((f) => f.path)
    const needed = ['package.json', 'README.md', 'bin/companion.mjs', 'out/main/cli.js', 'out/main/serve.js', 'out/main/pprof-worker.js', 'out/renderer/index.html']
    const resources = ['resources/companion.example.json', 'resources/systemd/companion.service', 'resources/systemd/companion-watch.service', 'resources/grafana/companion-dashboard.json', 'resources/prometheus/companion-alerts.yml']
    expect([...needed, ...resources].filter((p) => !paths.includes(p))).toEqual([])
    expect(paths.some((p) => p.startsWith('out/renderer/assets/') && p.endsWith('.js'))).toBe(true)
    const unwanted = paths.filter((p) => /^(src|tests|scripts|docs|node_modules|test-results|test-reports|\.electron-native|out\/preload)\//.test(p) || /\.(ts|vue|map)$/.test(p))
    expect(unwanted).toEqual([])
    // What only the desktop app loads (it runs from a checkout or an installer, never from this package:
    // electron is a dev dependency): its entry, the window's and the tray's icons. And the renderer's
    // compressed twins: browser mode compresses an asset on its first request and keeps it in memory.
    const electronOnly = paths.filter((p) => p === 'out/main/index.js' || p === 'resources/icon.png' || p.startsWith('resources/tray/'))
    expect(electronOnly).toEqual([])
    expect(paths.filter((p) => /\.(gz|br)$/.test(p))).toEqual([])
  })

  it('imports at run time only its dependencies', () => {
    // Every bare import of the built main code (CLI, browser mode, watcher; the Electron entry is not packed) names a dependency.
    const mainDir = join(installed, 'out', 'main')
    const files = readdirSync(mainDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
    const bare = new Set(files.flatMap((f) => [...importedPackages(readFileSync(join(mainDir, f), 'utf8'))]))
    expect(bare.size).toBeGreaterThan(0)
    expect([...bare].filter((name) => !(name in pkg.dependencies))).toEqual([])
  })

  it('installed no dev dependency, and better-sqlite3 through its own install script', () => {
    const top = readdirSync(join(installed, 'node_modules'))
    expect(top).toContain('better-sqlite3')
    expect(DEV_ONLY.filter((name) => top.includes(name))).toEqual([])
    expect(mirrorHits).toEqual([`/v${SQLITE.version}/${PREBUILT}`])
    expect(existsSync(join(installed, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'))).toBe(true)
  })

  it('companion --version, --help and methods', async () => {
    expect((await companion(['--version'])).stdout.trim()).toBe(pkg.version)
    const help = (await companion(['--help'])).stdout
    // Every subcommand, each with its line.
    for (const command of ['methods', 'call', 'serve', 'watch', 'doctor']) expect(help).toMatch(new RegExp(`^  ${command}\\b[^\\n]*?\\s{2,}\\S`, 'm'))
    const methods = JSON.parse((await companion(['methods'])).stdout) as { method: string }[]
    expect(methods.map((m) => m.method).sort()).toEqual(Object.keys(contract.methods).sort())
  })

  it('companion call info.getNodeID answers from the sim', async () => {
    const data = join(work.dir, 'call-data')
    const { stdout } = await companion(['call', 'info.getNodeID', '{}', '--node-url', sim.nodeUrl, '--data-dir', data])
    const answer = JSON.parse(stdout) as { data: { nodeID: string }; source: string }
    expect(answer.source).toBe('live')
    const direct = (await (await fetch(`${sim.nodeUrl}/ext/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getNodeID' }) })).json()) as { result: { nodeID: string } }
    expect(answer.data.nodeID).toBe(direct.result.nodeID)
  })

  it('companion serve prints its URL, and the page works in Chromium against the sim', async () => {
    const data = join(work.dir, 'serve-data')
    const profile = { name: 'sim', nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [] }
    await companion(['call', 'profiles.create', JSON.stringify({ profile }), '--data-dir', data])
    const serve = startCompanion(['serve', '--port', '0', '--data-dir', data])
    const browser = await chromium.launch(CHROMIUM_LAUNCH)
    try {
      const url = await firstLine(serve, 'stdout', /^http:\/\/127\.0\.0\.1:\d+\/\?token=/)
      const page = await browser.newPage()
      await page.goto(url)
      await page.getByTestId('connection-state').getByText('connected').waitFor({ timeout: 120_000 })
      // The profile made with `companion call` is the active one, and its node (the sim) answers.
      await page.getByTestId('node-state').getByText('node reachable').waitFor({ timeout: 120_000 })
      // With no compressed twins in the package, serve compresses the page's script itself.
      const origin = new URL(url).origin
      const entry = /<script type="module"[^>]* src="\.?(\/assets\/index-[\w-]+\.js)"/.exec(await (await fetch(`${origin}/`)).text())?.[1]
      expect(entry).toBeDefined()
      for (const encoding of ['br', 'gzip']) expect((await fetch(`${origin}${entry}`, { headers: { 'accept-encoding': encoding } })).headers.get('content-encoding')).toBe(encoding)
    } finally {
      await browser.close()
      serve.kill('SIGTERM')
    }
    expect(await ended(serve)).toBe(0)
  })

  it('companion watch runs until SIGTERM and ends with 0', async () => {
    const watch = startCompanion(['watch', '--data-dir', join(work.dir, 'serve-data')])
    let stderr = ''
    watch.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
    await firstLine(watch, 'stderr', /watching the profiles/)
    watch.kill('SIGTERM')
    expect({ ended: await ended(watch), stderr }).toEqual({ ended: 0, stderr: expect.stringContaining('watching the profiles') })
  })
})
