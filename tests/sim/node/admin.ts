/**
 * admin.* of the C-Chain (spec names admin_startCPUProfiler etc.). The profilers profile the sim's own
 * process: a V8 CPU profile and a heap snapshot through node:inspector, and an event-loop "lock"
 * profile (Node has no mutex profiler; event-loop delay is the nearest thing). Files go to profileDir
 * with fixed names and are overwritten on each run, as coreth's cpu.profile/mem.profile/lock.profile.
 */
import { mkdir, writeFile, open } from 'node:fs/promises'
import { Session } from 'node:inspector'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { GorillaMethod } from './jsonrpc'
import { InvalidArgument, MethodError, optString } from './jsonrpc'
import type { SimLog } from './log'
import { LOG_LEVELS } from './log'
import type { LogLevel } from './log'

export const PROFILE_FILES = { cpu: 'cpu.cpuprofile', memory: 'mem.heapsnapshot', lock: 'lock.profile' } as const

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) => {
    session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T)))
  })
}

export class Profiler {
  private cpu?: Session

  constructor(readonly dir: string) {}

  async startCpu(): Promise<void> {
    if (this.cpu) throw new MethodError('cpu profiler already running')
    const s = new Session()
    s.connect()
    this.cpu = s
    await post(s, 'Profiler.enable')
    await post(s, 'Profiler.start')
  }

  async stopCpu(): Promise<string> {
    const s = this.cpu
    if (!s) throw new MethodError("cpu profiler doesn't exist")
    this.cpu = undefined
    const { profile } = await post<{ profile: unknown }>(s, 'Profiler.stop')
    s.disconnect()
    await mkdir(this.dir, { recursive: true })
    const file = join(this.dir, PROFILE_FILES.cpu)
    await writeFile(file, JSON.stringify(profile))
    return file
  }

  async heapSnapshot(): Promise<string> {
    await mkdir(this.dir, { recursive: true })
    const file = join(this.dir, PROFILE_FILES.memory)
    const fh = await open(file, 'w')
    const s = new Session()
    s.connect()
    const writes: Promise<unknown>[] = []
    s.on('HeapProfiler.addHeapSnapshotChunk', (m) => writes.push(fh.write(m.params.chunk)))
    try {
      await post(s, 'HeapProfiler.takeHeapSnapshot', { reportProgress: false })
      await Promise.all(writes)
    } finally {
      s.disconnect()
      await fh.close()
    }
    return file
  }

  async lockProfile(ms = 250): Promise<string> {
    const h = monitorEventLoopDelay({ resolution: 10 })
    h.enable()
    await new Promise((r) => setTimeout(r, ms))
    h.disable()
    await mkdir(this.dir, { recursive: true })
    const file = join(this.dir, PROFILE_FILES.lock)
    const body = {
      kind: 'event-loop-delay',
      durationMs: ms,
      minNs: h.min,
      maxNs: h.max,
      meanNs: h.mean,
      p50Ns: h.percentile(50),
      p99Ns: h.percentile(99),
    }
    await writeFile(file, JSON.stringify(body, null, 2))
    return file
  }

  async stop(): Promise<void> {
    if (this.cpu) {
      this.cpu.disconnect()
      this.cpu = undefined
    }
  }
}

export function vmConfig(opts: { debugApi: boolean; logLevel: LogLevel; profileDir: string }) {
  // field names of coreth's config.Config (the part an operator looks at)
  return {
    'snowman-api-enabled': false,
    'admin-api-enabled': true,
    'admin-api-dir': opts.profileDir,
    'warp-api-enabled': false,
    'eth-apis': ['eth', 'eth-filter', 'net', 'web3', 'internal-eth', 'internal-blockchain', 'internal-transaction', ...(opts.debugApi ? ['debug-tracer'] : [])],
    'rpc-gas-cap': 50000000,
    'rpc-tx-fee-cap': 100,
    'pruning-enabled': true,
    'commit-interval': 4096,
    'accepted-cache-size': 32,
    'historical-proof-query-window': 43200,
    'log-level': opts.logLevel,
    'log-json-format': false,
    'api-max-duration': 0,
    'api-max-blocks-per-request': 0,
    'allow-unfinalized-queries': false,
    'allow-unprotected-txs': false,
    'batch-request-limit': 40,
    'batch-response-max-size': 25000000,
    'local-txs-enabled': false,
    'tx-pool-price-limit': 1,
    'state-sync-enabled': false,
    'offline-pruning-enabled': false,
    'max-outbound-active-requests': 16,
  }
}

export function adminMethods(profiler: Profiler, log: SimLog, config: () => Record<string, unknown>): Record<string, GorillaMethod> {
  return {
    async startCPUProfiler() {
      await profiler.startCpu()
      log.info('CPU profiler started')
      return {}
    },
    async stopCPUProfiler() {
      const file = await profiler.stopCpu()
      log.info(`CPU profile written to ${file}`)
      return {}
    },
    async memoryProfile() {
      const file = await profiler.heapSnapshot()
      log.info(`heap snapshot written to ${file}`)
      return {}
    },
    async lockProfile() {
      const file = await profiler.lockProfile()
      log.info(`lock profile written to ${file}`)
      return {}
    },
    setLogLevel(p) {
      const level = optString(p, 'level')
      if (level === undefined) throw new InvalidArgument()
      if (!(LOG_LEVELS as readonly string[]).includes(level)) {
        throw new MethodError(`failed to parse log level: unknown level: ${level}`)
      }
      log.level = level as LogLevel
      return {}
    },
    getVMConfig() {
      return { config: config() }
    },
  }
}
