/**
 * startSim(): the whole local network on 127.0.0.1 — anvil (chain id 43114), the node (ours, in front of
 * anvil), the data service and the metrics service — over one data set and one shared Faults.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDataService } from './data-service/index'
import { createDataset } from './dataset'
import type { Dataset } from './dataset'
import { Faults, parseFaultSpec } from './faults'
import { startMetricsService } from './metrics/index'
import type { ProofWindow } from './node/evm'
import { startAnvil } from './node/anvil'
import { startNodeServer } from './node/server'

export interface SimOptions {
  /** 0 = a free port; default 9650 for the node, 0 for the others */
  nodePort?: number
  dataPort?: number
  metricsPort?: number
  /** data set seed, default 1 */
  seed?: number
  /** anvil --block-time in seconds; omitted = anvil mines on each tx */
  blockTime?: number
  /** fault rules, as --faults takes them */
  faults?: string
  /** where admin profilers write; default <tmpdir>/node-operator-sim-profiles-<pid> */
  profileDir?: string
  /** no log output */
  quiet?: boolean
  /** debug_ methods on /ext/bc/C/rpc; default true (false = as the public API node) */
  debugApi?: boolean
  /** eth_getProof window: pruning node (32 blocks) or archival with historical-proof-query-window blocks */
  proof?: ProofWindow
}

export interface Sim {
  nodeUrl: string
  dataUrl: string
  metricsUrl: string
  /** anvil's own URL (tests may call anvil_/evm_ methods directly) */
  anvilUrl: string
  dataset: Dataset
  faults: Faults
  profileDir: string
  /** switch debug_ on /ext/bc/C/rpc */
  setDebugApi(on: boolean): void
  stop(): Promise<void>
}

export async function startSim(opts: SimOptions = {}): Promise<Sim> {
  const seed = opts.seed ?? 1
  const dataset = createDataset(seed, 'mainnet')
  const faults = new Faults()
  for (const rule of parseFaultSpec(opts.faults ?? '')) faults.add(rule)
  const profileDir = opts.profileDir ?? join(tmpdir(), `node-operator-sim-profiles-${process.pid}`)
  const anvil = await startAnvil(opts.blockTime ? { blockTime: opts.blockTime } : {})
  const closers: (() => Promise<void>)[] = [() => anvil.stop()]
  const stop = async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined)
  }
  try {
    const node = await startNodeServer({
      port: opts.nodePort ?? 9650,
      ds: dataset,
      faults,
      anvil,
      anvilMinesItself: Boolean(opts.blockTime),
      profileDir,
      quiet: opts.quiet ?? false,
      debugApi: opts.debugApi ?? true,
      ...(opts.proof ? { proof: opts.proof } : {}),
    })
    closers.push(() => node.close())
    const data = await startDataService({ port: opts.dataPort ?? 0, seed, faults, nodeUrl: node.url })
    closers.push(() => data.close())
    const metrics = await startMetricsService({ port: opts.metricsPort ?? 0, seed, faults })
    closers.push(() => metrics.close())
    let stopped: Promise<void> | undefined
    return {
      nodeUrl: node.url,
      dataUrl: data.url,
      metricsUrl: metrics.url,
      anvilUrl: anvil.url,
      dataset,
      faults,
      profileDir,
      setDebugApi: node.setDebugApi,
      stop: () => (stopped ??= stop()),
    }
  } catch (e) {
    await stop()
    throw e
  }
}
