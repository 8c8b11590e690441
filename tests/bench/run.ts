/**
 * `npm run bench`: ratios measured side by side in one run (this machine is shared and noisy, so
 * absolute times mean little; the ratios are what to read).
 *
 * Reads 2,000 blocks (`eth_getBlockByNumber`, full=false, each a different block) from a real anvil,
 * all issued at once, through:
 *   (a) our transport: JsonRpcHttpEndpoint with batch: true (same-tick auto-batching, ≤ MAX_BATCH per batch);
 *   (b) viem over our transport: viem's getBlock on one evmClient(endpoint);
 *   (b') the app's evm.getBlock: (b) plus its input check and error mapping (one client per endpoint);
 *   (c) viem's own http transport with `batch: true` (its defaults);
 *   (d) viem's own http transport with `batch: { batchSize: 40 }` (the same cap as ours);
 *   (e) plain fetch, the 2,000 as batches of 40, all sent concurrently (a floor: no checks at all).
 * Each is warmed up once, then timed over several rounds in rotating order; the table shows medians and
 * the ratio to viem's default. Then, as before this rewrite, one call at a time versus all at once
 * (what batching buys).
 *
 * Then the SQLite cache beside raw better-sqlite3 (tests/bench/cache.ts), and the figures of issue 21, each
 * beside its baseline or target (tests/bench/figures.ts): the entities cache at 10k, 100k and 1M rows
 * (./entities.ts), the big tables in headless Chromium against the sim at --scale large (./ui.ts) and the
 * renderer's initial JS, and live blocks on screen with anvil mining a block a second (./live.ts); they are
 * printed as one table and written to bench-results.json.
 * BENCH_ONLY=entities,ui,live,size runs only those parts of the figures (and skips the transport and cache tables).
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createPublicClient, http } from 'viem'
import { getBlock as viemGetBlock } from 'viem/actions'
import { evmClient, getBlock } from '../../src/main/clients/node/evm'
import { JsonRpcHttpEndpoint, MAX_BATCH, MAX_IN_FLIGHT } from '../../src/main/clients/transport/jsonrpc'
import { freePort } from '../support/ports'
import { benchCache } from './cache'
import { benchEntities } from './entities'
import { printFigures, writeResults, type Figure } from './figures'
import { rendererSizeFigure } from './renderer-size'
import { benchLive } from './live'
import { benchUi } from './ui'
import { projectRoot } from '../../src/main/paths'

const only = process.env['BENCH_ONLY']?.split(',')
const part = (name: string): boolean => !only || only.includes(name)

const CALLS = 2_000
const ROUNDS = 7
const SEQUENTIAL_ROUNDS = 3

type Run = () => Promise<void>

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

async function timed(run: Run): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`bench: wrong answers from ${what}`)
}

/**
 * anvil as tests/sim/node/anvil.ts starts it (the binary itself, so no grandchild is left), but with
 * --quiet: otherwise it logs every request, and reading that log costs this process CPU in the middle
 * of what is measured (the sim's launcher keeps appending it to a string).
 */
async function startQuietAnvil(): Promise<{ url: string; stop: () => Promise<void> }> {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  const bin = join(dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  const port = await freePort()
  const child = spawn(bin, ['--quiet', '--chain-id', '43114', '--host', '127.0.0.1', '--port', String(port)], { stdio: 'ignore' })
  const kill = (): void => void child.kill('SIGKILL')
  process.on('exit', kill)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const t = setTimeout(kill, 3_000)
      await exited
      clearTimeout(t)
    }
    process.off('exit', kill)
  }
  const until = Date.now() + 20_000
  for (;;) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })
      if (res.ok && ((await res.json()) as { result?: string }).result === '0xa86a') return { url, stop }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > until) {
      await stop()
      throw new Error(`anvil did not start on port ${port}`)
    }
    await new Promise((r) => setTimeout(r, 25))
  }
}

const anvil = await startQuietAnvil()
let failed = false
try {
  if (!only) await transportAndCache(anvil.url)
  const figures: Figure[] = []
  // A part that fails is a row that says so: the other parts' figures are still printed and written.
  const runPart = async (name: string, run: () => Figure[] | Promise<Figure[]>): Promise<void> => {
    if (!part(name)) return
    try {
      figures.push(...(await run()))
    } catch (err) {
      failed = true
      console.error(err)
      figures.push({ name: `${name}: the part failed`, value: Number.NaN, unit: '', target: 'runs', met: false, note: String(err).slice(0, 300) })
    }
  }
  await runPart('entities', benchEntities)
  await runPart('ui', benchUi)
  await runPart('live', benchLive)
  await runPart('size', () => [rendererSizeFigure()])
  printFigures('Issue 21: the cache and the UI at scale (medians; baseline measured in the same run)', figures)
  writeResults(join(projectRoot(), 'bench-results.json'), figures, { machine: `${process.platform} ${process.arch}, node ${process.version}` }, only !== undefined)
} catch (err) {
  failed = true
  console.error(err)
} finally {
  await anvil.stop()
}
process.exit(failed ? 1 : 0)

async function transportAndCache(url: string): Promise<void> {
  const setup = new JsonRpcHttpEndpoint({ url, service: 'anvil', batch: true })
  // in steps of 200: 2,000 blocks at once can take anvil past the client's 10 s deadline on a busy machine
  for (let mined = 0; mined < CALLS; mined += 200) await setup.request('anvil_mine', ['0xc8'], { effect: 'node' })
  const numbers = Array.from({ length: CALLS }, (_, i) => i + 1)
  const hexes = numbers.map((n) => `0x${n.toString(16)}`)

  // (a) ours
  const ours = new JsonRpcHttpEndpoint({ url, service: 'anvil', batch: true })
  const runOurs: Run = async () => {
    const blocks = (await Promise.all(hexes.map((h) => ours.request('eth_getBlockByNumber', [h, false])))) as { number: string }[]
    check(blocks.length === CALLS && blocks[CALLS - 1]!.number === hexes[CALLS - 1], 'ours')
  }

  // (b) viem over our endpoint: viem's getBlock on one evmClient(endpoint), and the app's evm.getBlock (the same, plus its checks)
  const oursViem = new JsonRpcHttpEndpoint({ url, service: 'anvil', batch: true })
  const oursViemClient = evmClient(oursViem)
  const runOursViem: Run = async () => {
    const blocks = await Promise.all(numbers.map((n) => viemGetBlock(oursViemClient, { blockNumber: BigInt(n), includeTransactions: false })))
    check(blocks.length === CALLS && blocks[CALLS - 1]!.number === BigInt(CALLS), 'getBlock(evmClient(endpoint))')
  }
  const runEvmGetBlock: Run = async () => {
    const blocks = await Promise.all(numbers.map((n) => getBlock(oursViem, { blockNumber: n })))
    check(blocks.length === CALLS && blocks[CALLS - 1]!.number === BigInt(CALLS), 'evm.getBlock')
  }

  // (c), (d) viem's own transport
  const viemRun = (client: ReturnType<typeof createPublicClient>, what: string): Run => {
    return async () => {
      const blocks = await Promise.all(numbers.map((n) => client.getBlock({ blockNumber: BigInt(n), includeTransactions: false })))
      check(blocks.length === CALLS && blocks[CALLS - 1]!.number === BigInt(CALLS), what)
    }
  }
  const viemDefault = createPublicClient({ transport: http(url, { batch: true, retryCount: 0 }), cacheTime: 0 })
  const viem40 = createPublicClient({ transport: http(url, { batch: { batchSize: 40 }, retryCount: 0 }), cacheTime: 0 })

  // (e) plain fetch, batches of 40, all at once
  const runFetch: Run = async () => {
    const posts: Promise<unknown[]>[] = []
    for (let i = 0; i < CALLS; i += 40) {
      const body = JSON.stringify(hexes.slice(i, i + 40).map((h, j) => ({ jsonrpc: '2.0', id: i + j, method: 'eth_getBlockByNumber', params: [h, false] })))
      posts.push(fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.json() as Promise<unknown[]>))
    }
    const answers = (await Promise.all(posts)).flat()
    check(answers.length === CALLS, 'plain fetch')
  }

  const candidates: { name: string; run: Run }[] = [
    { name: `(a) ours: endpoint.request, batch: true`, run: runOurs },
    { name: '(b) ours via viem: evmClient(endpoint)', run: runOursViem },
    { name: "(b') ours via viem: the app's evm.getBlock", run: runEvmGetBlock },
    { name: '(c) viem http, batch: true (default)', run: viemRun(viemDefault, 'viem default') },
    { name: '(d) viem http, batch: { batchSize: 40 }', run: viemRun(viem40, 'viem batchSize 40') },
    { name: '(e) plain fetch, batches of 40, all at once', run: runFetch }
  ]
  const VIEM_DEFAULT = candidates.findIndex((c) => c.name.startsWith('(c)'))

  for (const c of candidates) await c.run() // warm-up: connections, JIT
  const times: number[][] = candidates.map(() => [])
  for (let round = 0; round < ROUNDS; round++) {
    // rotate the order so no candidate always runs first (or right after the heaviest one)
    for (let k = 0; k < candidates.length; k++) {
      const i = (round + k) % candidates.length
      times[i]!.push(await timed(candidates[i]!.run))
    }
  }
  const medians = times.map(median)
  const base = medians[VIEM_DEFAULT]!
  const fastest = Math.min(...medians)
  console.log(`\n${CALLS} eth_getBlockByNumber (full=false) against anvil, all issued at once; median of ${ROUNDS} rounds after a warm-up`)
  console.log(`ours: MAX_BATCH ${MAX_BATCH}, MAX_IN_FLIGHT ${MAX_IN_FLIGHT}\n`)
  console.log(`${'candidate'.padEnd(46)} ${'median ms'.padStart(10)} ${'vs viem default'.padStart(16)} ${'vs fastest'.padStart(11)}`)
  candidates.forEach((c, i) => {
    const m = medians[i]!
    console.log(`${c.name.padEnd(46)} ${m.toFixed(1).padStart(10)} ${(m / base).toFixed(2).padStart(15)}x ${(m / fastest).toFixed(2).padStart(10)}x`)
  })
  const oursMs = medians[0]!
  console.log(
    oursMs <= base
      ? `\nours is ${(base / oursMs).toFixed(2)}x as fast as viem's default batching`
      : `\nNOTE: ours is ${(oursMs / base).toFixed(2)}x slower than viem's default batching in this run`
  )

  // What batching buys: the same 2,000 reads, one call awaited after another.
  const sequential: number[] = []
  const concurrent: number[] = []
  for (let round = 0; round < SEQUENTIAL_ROUNDS; round++) {
    sequential.push(
      await timed(async () => {
        for (const h of hexes) await ours.request('eth_getBlockByNumber', [h, false])
      })
    )
    concurrent.push(await timed(runOurs))
  }
  const seq = median(sequential)
  const con = median(concurrent)
  console.log(`\nours, ${CALLS} calls one at a time: ${seq.toFixed(0)} ms; all at once (batched): ${con.toFixed(0)} ms (median of ${SEQUENTIAL_ROUNDS})`)
  console.log(`batched is ${(seq / con).toFixed(1)}x faster than one call at a time`)
  benchCache()
}
