/**
 * startSim(): the whole local network on 127.0.0.1 — anvil (chain id 43114), the node (ours, in front of
 * anvil), the data service and the metrics service — over one data set and one shared Faults.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDataService } from './data-service/index'
import { FormsSwitch, parseForms } from './data-service/forms'
import type { ServiceForms } from './data-service/forms'
import { createDataset } from './dataset'
import { SIM_DEFAULT_SEED } from './defaults'
import { VM_IDS } from './dataset/constants'
import type { Dataset, SimScale } from './dataset'
import { Faults, parseFaultSpec } from './faults'
import { startMetricsService } from './metrics/index'
import type { ProofWindow } from './node/evm'
import { startAnvil } from './node/anvil'
import { startNodeServer } from './node/server'
import type { NodeConfig, ValidatorControl } from './node/server'
import type { ValidatorShape } from './node/validators'
import { PROFILE_DIR_SUFFIX } from './node/admin'
import type { AdminNames, LockProfileFormat, ProfileFile, ProfileListing } from './node/admin'

export type { NodeConfig, ServiceForms, SimScale, ValidatorControl, ValidatorShape }
import type { CoreView } from './node/core'
export type { CoreView }
export { buildSignedImport, signerUtxos } from './dataset/signing'
export type { AdminNames, LockProfileFormat, ProfileFile, ProfileListing }
export type { ValidatorAction, ValidatorOverrides } from './node/validators'
export type { Unresponsive, WatchConfig } from './node/watchKnobs'

export interface SimOptions {
  /** 0 = a free port; default 9650 for the node, 0 for the others */
  nodePort?: number
  dataPort?: number
  metricsPort?: number
  /** data set seed, default SIM_DEFAULT_SEED */
  seed?: number
  /** anvil --block-time in seconds; omitted = anvil mines on each tx */
  blockTime?: number
  /** fault rules, as --faults takes them */
  faults?: string
  /**
   * where the admin API writes cpu.profile, mem.profile and lock.profile; default a fresh
   * <tmpdir>/node-operator-sim-XXXXXX/admin_coreth_performance_C (as coreth names it for
   * admin-api-dir ".../admin"), removed again by stop()
   */
  profileDir?: string
  /** no log output */
  quiet?: boolean
  /** debug_ methods on /ext/bc/C/rpc; default true (false = as the public API node) */
  debugApi?: boolean
  /** eth_getProof window: pruning node (32 blocks) or archival with historical-proof-query-window blocks */
  proof?: ProofWindow
  /** info API at /ext/info; default true (false = 404, as a node with --api-info-enabled=false) */
  infoApi?: boolean
  /** health API at /ext/health; default true (false = 404, as a node with --api-health-enabled=false) */
  healthApi?: boolean
  /** metrics API at /ext/metrics (Prometheus text); default true (false = 404, as a node with --api-metrics-enabled=false) */
  metricsApi?: boolean
  /** platform.getCurrentValidators as avalanchego sends it ("real", default) or as the spec writes it ("spec") */
  validatorShape?: ValidatorShape
  /** admin method names routed: 'dot' (default: admin.x only, as a real node), 'spec' (admin_x only) or 'both' */
  adminNames?: AdminNames
  /** admin API at /ext/bc/C/admin; default true (false = 404, as a node without admin-api-enabled) */
  adminApi?: boolean
  /** lock.profile as gzipped pprof ('pprof', default) or as the text avalanchego writes ('text') */
  lockProfileFormat?: LockProfileFormat
  /** the data and metrics services in the real service's forms ('real', default) or the spec's (data-service/forms.ts) */
  serviceForms?: ServiceForms
  /**
   * 'large': the mainnet data set gains the bulk address (100,000 atomic UTXOs for core.getUTXOs, 1,000,000
   * P-Chain txs in the data service) and 5,000 Primary Network validators (dataset/bulk.ts); default 'small'
   */
  scale?: SimScale
}

/** Another EVM instance of the node: served at {nodeUrl}/ext/bc/{blockchainId}/rpc and /ws. */
export interface SimEvmInstance {
  blockchainId: string
  name: string
  evmChainId: number
  /** its own anvil (tests may call anvil_/evm_ methods there directly) */
  anvilUrl: string
}

export interface Sim {
  nodeUrl: string
  dataUrl: string
  metricsUrl: string
  /** anvil's own URL (tests may call anvil_/evm_ methods directly) */
  anvilUrl: string
  /** the other EVM blockchains the node runs (one: the first Subnet-EVM chain it validates), listed in platform.getBlockchains */
  evmInstances: SimEvmInstance[]
  dataset: Dataset
  faults: Faults
  /** the directory the admin API writes its profiles to */
  profileDir: string
  /** the profile files the admin API wrote (name, size, mtime), as GET /__sim/profiles */
  profiles(): Promise<ProfileListing>
  /** switch debug_ on /ext/bc/C/rpc */
  setDebugApi(on: boolean): void
  /**
   * Switches the node at run time as POST /__sim/config does: debugApi, infoApi, healthApi,
   * unhealthy (a health check name such as "network" to fail, or null) and validatorShape ("real", the
   * default, | "spec"), adminNames ("dot", the default, | "spec" | "both"), adminApi, lockProfileFormat ("pprof" | "text") and nodeAdminApi (false: no /ext/admin, whose admin.getLoggerLevel says the C logger's level), and
   * the watch's knobs (node/watchKnobs.ts): unresponsive ("hang" | "refuse" | null), failingHealthChecks,
   * nodeVersion, peerVersions, numPeers, stakeEndsIn, removedValidators, l1Balances, validatorFeePrice,
   * metricsApi, processCpu and processMemoryBytes, polls and rejectedBlocks (per-chain counters of /ext/metrics) and
   * disk (the database volume's size, space left and fill rate per second of advanceTime: node/disk.ts).
   * Throws on a bad patch; returns the resulting config (setConfig({}) reads it).
   */
  setConfig(patch: Partial<NodeConfig>): NodeConfig
  /**
   * Changes validators at run time as POST /__sim/validators does: disconnect / connect a current
   * Primary Network validator, setUptime, advanceTime (the P-Chain clock); state() reads, reset() undoes.
   * Each throws on bad input (the 400 message) and returns the overrides.
   */
  validators: ValidatorControl
  /**
   * core.issueTx as GET/POST /__sim/core: submissions per txID (refused ones too), dropIssueReplies (the
   * next n accepted issueTx replies are cut off: the node took the tx, the client hears nothing) and
   * version (core.version answered, as nodes before avalanchego v1.14.1)
   */
  core: { view(): CoreView; configure(patch: { dropIssueReplies?: number; version?: boolean; holdProcessing?: boolean }): CoreView }
  /**
   * The data and metrics services' forms where the spec and the real service differ ('real' | 'spec',
   * data-service/forms.ts), as POST {dataUrl}/__sim/data-config or {metricsUrl}/__sim/metrics-config
   * `{ forms }` switch them (one switch for both services). Returns the forms now; no argument reads them.
   */
  serviceForms(forms?: ServiceForms): ServiceForms
  stop(): Promise<void>
}

export async function startSim(opts: SimOptions = {}): Promise<Sim> {
  const seed = opts.seed ?? SIM_DEFAULT_SEED
  const dataset = createDataset(seed, 'mainnet', opts.scale ?? 'small')
  const faults = new Faults()
  for (const rule of parseFaultSpec(opts.faults ?? '')) faults.add(rule)
  const ownDir = opts.profileDir === undefined ? mkdtempSync(join(tmpdir(), 'node-operator-sim-')) : undefined
  const profileDir = opts.profileDir ?? join(ownDir!, `admin${PROFILE_DIR_SUFFIX}`)
  const anvil = await startAnvil(opts.blockTime ? { blockTime: opts.blockTime } : {})
  const closers: (() => Promise<void>)[] = [
    async () => {
      if (ownDir) rmSync(ownDir, { recursive: true, force: true })
    },
    () => anvil.stop(),
  ]
  // A second EVM instance: the first Subnet-EVM blockchain the node validates, on its own anvil with its chain id.
  const subnetChain = dataset.blockchains.find((b) => b.vmId === VM_IDS.subnetEvm && b.status === 'Validating')
  const evmInstances: SimEvmInstance[] = []
  const instanceNodes: { blockchainId: string; anvil: typeof anvil; evmChainId: number; chainConfig?: Record<string, unknown> }[] = []
  if (subnetChain) {
    const second = await startAnvil({ chainId: subnetChain.evmChainId, ...(opts.blockTime ? { blockTime: opts.blockTime } : {}) })
    closers.push(() => second.stop())
    const config = (subnetChain.genesisData as { config?: Record<string, unknown> }).config
    instanceNodes.push({ blockchainId: subnetChain.blockchainId, anvil: second, evmChainId: subnetChain.evmChainId, ...(config ? { chainConfig: config } : {}) })
    evmInstances.push({ blockchainId: subnetChain.blockchainId, name: subnetChain.name, evmChainId: subnetChain.evmChainId, anvilUrl: second.url })
  }
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
      infoApi: opts.infoApi ?? true,
      healthApi: opts.healthApi ?? true,
      ...(opts.metricsApi === false ? { metricsApi: false } : {}),
      ...(opts.proof ? { proof: opts.proof } : {}),
      ...(opts.validatorShape ? { validatorShape: opts.validatorShape } : {}),
      ...(opts.adminNames ? { adminNames: opts.adminNames } : {}),
      ...(opts.adminApi !== undefined ? { adminApi: opts.adminApi } : {}),
      ...(opts.lockProfileFormat ? { lockProfileFormat: opts.lockProfileFormat } : {}),
      evmInstances: instanceNodes,
    })
    closers.push(() => node.close())
    const forms = new FormsSwitch(opts.serviceForms === undefined ? undefined : parseForms(opts.serviceForms))
    const data = await startDataService({ port: opts.dataPort ?? 0, seed, faults, nodeUrl: node.url, forms, ...(opts.scale ? { scale: opts.scale } : {}) })
    closers.push(() => data.close())
    const metrics = await startMetricsService({ port: opts.metricsPort ?? 0, seed, faults, forms })
    closers.push(() => metrics.close())
    let stopped: Promise<void> | undefined
    return {
      nodeUrl: node.url,
      dataUrl: data.url,
      metricsUrl: metrics.url,
      anvilUrl: anvil.url,
      evmInstances,
      dataset,
      faults,
      profileDir,
      profiles: node.profiles,
      setDebugApi: node.setDebugApi,
      setConfig: node.setConfig,
      validators: node.validators,
      core: node.core,
      serviceForms: (f) => {
        if (f !== undefined) forms.value = parseForms(f)
        return forms.value
      },
      stop: () => (stopped ??= stop()),
    }
  } catch (e) {
    await stop()
    throw e
  }
}
