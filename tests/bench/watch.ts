/**
 * `npm run bench:watch`: the unattended watcher's cost. 50 profiles, each checked every 10 s, against the
 * sim, by `companion watch` built to plain JS (out/main/cli.js; `npm run build` first) in its own process.
 * After a warm-up, its CPU (utime + stime from /proc, as a share of one core) and resident memory (VmRSS)
 * are sampled over a minute. Targets from issue 17: under 5 % of one core and under 250 MB.
 *
 * Linux only (/proc). The sim runs in this process, so its CPU is not counted against the watcher.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createApp } from '../../src/main/app'
import { plainSecretStore } from '../../src/main/secrets'
import type { Contract } from '../../src/shared/contract'
import { createRpcClient } from '../../src/shared/rpc/client'
import { createMemoryPair } from '../../src/shared/rpc/memory'
import { startSim } from '../sim/index'
import { tempDir } from '../support/temp'

const PROFILES = Number(process.env.BENCH_WATCH_PROFILES ?? 50)
const INTERVAL_SEC = 10
const WARMUP_MS = 15_000
const MEASURE_MS = Number(process.env.BENCH_WATCH_MS ?? 60_000)
const CLK_TCK = 100

function cpuTicks(pid: number): number {
  // Fields after the command name (which may hold spaces) start at ")"; utime and stime are 14 and 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return Number(rest[11]) + Number(rest[12])
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Number(m[1]) / 1024 : NaN
}

export async function benchWatch(): Promise<{ cpuPercent: number; rssMbMax: number; checks: number }> {
  if (!existsSync('out/main/cli.js')) throw new Error('bench:watch runs the built CLI: npm run build first')
  const sim = await startSim({ nodePort: 0, dataPort: 0, metricsPort: 0, quiet: true })
  const data = tempDir('bench-watch-')
  try {
    const app = createApp({ dataDir: data.dir, mode: 'cli', secrets: plainSecretStore })
    const pair = createMemoryPair()
    app.server.attach(pair.server, 'memory')
    const client = createRpcClient<Contract>(pair.client)
    for (let i = 0; i < PROFILES; i++) {
      const p = await client.call('profiles.create', {
        profile: { name: `node-${i}`, nodeUrl: sim.nodeUrl, dataUrl: sim.dataUrl, metricsUrl: sim.metricsUrl, network: 'mainnet', nodeIds: [sim.dataset.nodes.self] }
      })
      await client.call('watch.setSettings', { profileId: p.id, intervalSec: INTERVAL_SEC })
    }
    app.close()

    // BENCH_WATCH_PROFILE=<dir>: the watcher writes a V8 CPU profile there (where its time goes).
    const prof = process.env.BENCH_WATCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_WATCH_PROFILE}`] : []
    const child = spawn(process.execPath, [...prof, 'out/main/cli.js', 'watch', '--data-dir', data.dir], { stdio: ['ignore', 'ignore', 'ignore'] })
    const pid = child.pid!
    try {
      await new Promise((r) => setTimeout(r, WARMUP_MS))
      const t0 = performance.now()
      const c0 = cpuTicks(pid)
      let rssMax = rssMb(pid)
      while (performance.now() - t0 < MEASURE_MS) {
        await new Promise((r) => setTimeout(r, 1_000))
        rssMax = Math.max(rssMax, rssMb(pid))
      }
      const cpuSec = (cpuTicks(pid) - c0) / CLK_TCK
      const wallSec = (performance.now() - t0) / 1_000
      const checks = Math.round((PROFILES * wallSec) / INTERVAL_SEC)
      return { cpuPercent: (100 * cpuSec) / wallSec, rssMbMax: rssMax, checks }
    } finally {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
  } finally {
    await sim.stop()
    data.remove()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchWatch()
  console.log(`companion watch: ${PROFILES} profiles every ${INTERVAL_SEC} s against the sim, measured ${MEASURE_MS / 1_000} s after ${WARMUP_MS / 1_000} s of warm-up`)
  console.log(`  CPU ${r.cpuPercent.toFixed(2)} % of one core (target < 5 %), RSS at most ${r.rssMbMax.toFixed(0)} MB (target < 250 MB), about ${r.checks} checks`)
}
