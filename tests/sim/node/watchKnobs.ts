/**
 * The /__sim/config knobs the watch's alert rules are tested with (issue 17): a node that stops answering,
 * failing health checks, the node's and its peers' versions, how many peers it has, stakes that end near
 * the clock, validators taken out of the current set, L1 balances and the continuous fee, and the node's
 * /ext/metrics with its process numbers. Each key is checked here (the 400 message) and listed in the
 * config only while it differs from the default, so the config reads as before when none is used.
 *
 * Patches: a key left out changes nothing; `null` puts the default back. Lists (failingHealthChecks,
 * peerVersions, removedValidators) replace the whole list; maps (stakeEndsIn, l1Balances) change the
 * entries given, an entry `null` dropping its own override.
 */
import { parseNodeId } from '../lib/ids'
import type { NodeHealth } from './health'
import { MAX_ADVANCE_SECONDS, VALIDATOR_FEE_CONFIG } from './validators'
import type { ValidatorState } from './validators'
import type { DiskConfig, SimDisk } from './disk'

/** 'hang': connections are taken and never answered; 'refuse': each request's connection is closed at once */
export const UNRESPONSIVE_MODES = ['hang', 'refuse'] as const
export type Unresponsive = (typeof UNRESPONSIVE_MODES)[number]

/** /ext/metrics names: as avalanchego v1.11.10 and later ('current'), or as older nodes ('legacy'; ./promMetrics) */
export const METRICS_NAMES = ['current', 'legacy'] as const
export type MetricsNames = (typeof METRICS_NAMES)[number]

/** The watch's keys of /__sim/config (all optional; see the file comment for how a patch applies). */
export interface WatchConfig {
  /** the node stops answering on every path but /__sim/*, websockets included; null answers again */
  unresponsive?: Unresponsive | null
  /** these health checks fail (with avalanchego's error of each), beside `unhealthy`; [] = none */
  failingHealthChecks?: string[]
  /** what info.getNodeVersion says, "avalanchego/x.y.z"; null = avalanchego/1.13.5 */
  nodeVersion?: string | null
  /** the versions info.peers gives its peers in turn ("avalanchego/x.y.z" each); null = the generated ones */
  peerVersions?: string[] | null
  /** how many of the generated peers the node is connected to (0–25); null = all */
  numPeers?: number | null
  /** seconds from the P-Chain clock to a current validator's endTime, by NodeID (entry null = its own endTime) */
  stakeEndsIn?: Record<string, number | null> | null
  /** Primary Network validators out of the current set (and their subnet validations); [] = none */
  removedValidators?: string[]
  /** nAVAX an active L1 validator has left now, by validation ID (entry null = the data set's); drains with advanceTime */
  l1Balances?: Record<string, number | string | null> | null
  /** the continuous fee per L1 validator per second, nAVAX (platform.getValidatorFeeState price); null = 512 */
  validatorFeePrice?: number | null
  /** false = /ext/metrics answers 404, as a node started with --api-metrics-enabled=false */
  metricsApi?: boolean
  /** the metric names /ext/metrics uses: 'current' (default) or 'legacy' (avalanche_P_blks_accepted_count, avalanche_process_cpu_seconds_total) */
  metricsNames?: MetricsNames
  /** CPU the node's process uses, in cores (avalanche_process_process_cpu_seconds_total grows by this per second); null = 0.35 */
  processCpu?: number | null
  /** resident memory of the node's process in bytes; null = 3338670080 */
  processMemoryBytes?: number | null
  /**
   * consensus polls since the node started, by chain alias, successful and failed (avalanche_snowman_polls_*):
   * counters, so a test sets them higher check by check; lower values are a restart. Entry null = its default; null = all defaults
   */
  polls?: Record<string, { successful: number; failed: number } | null> | null
  /** blocks rejected since the node started, by chain alias (avalanche_snowman_blks_rejected_count); entry null = its default */
  rejectedBlocks?: Record<string, number | null> | null
  /** the database volume (./disk): size, space left, and bytes it loses per second of advanceTime; null = the defaults */
  disk?: DiskConfig | null
}

export const WATCH_CONFIG_KEYS = [
  'unresponsive',
  'failingHealthChecks',
  'nodeVersion',
  'peerVersions',
  'numPeers',
  'stakeEndsIn',
  'removedValidators',
  'l1Balances',
  'validatorFeePrice',
  'metricsApi',
  'metricsNames',
  'processCpu',
  'processMemoryBytes',
  'polls',
  'rejectedBlocks',
  'disk',
] as const

/** Counters of a node that has been up a while: ~98.6 % of its polls successful, a few blocks rejected. */
export const POLLS_DEFAULTS: Readonly<Record<string, { successful: number; failed: number }>> = {
  P: { successful: 1_204_311, failed: 16_874 },
  X: { successful: 402_118, failed: 5_310 },
  C: { successful: 3_871_006, failed: 52_447 },
}
export const REJECTED_DEFAULTS: Readonly<Record<string, number>> = { P: 0, X: 0, C: 4 }
const CHAIN = /^[A-Za-z0-9]{1,64}$/
const MAX_COUNT = 2 ** 53 - 1

/** as the generated peers (info.ts PEER_COUNT) */
export const MAX_PEERS = 25
const VERSION = /^avalanchego\/\d{1,4}\.\d{1,4}\.\d{1,4}$/
const NAVAX = /^\d{1,30}$/
const MAX_PRICE = 1e12
const MAX_MEMORY = 2 ** 50

export const PROCESS_DEFAULTS = { cpu: 0.35, memoryBytes: 3_338_670_080 } as const

function fail(message: string): never {
  throw new Error(`config: ${message}`)
}

const show = (x: unknown) => (JSON.stringify(x) ?? String(x)).slice(0, 120)

function isMap(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

function stringList(key: string, x: unknown, what: string, max: number): string[] {
  if (!Array.isArray(x) || x.some((e) => typeof e !== 'string')) fail(`${key} must be an array of ${what}`)
  if (x.length > max) fail(`${key} takes at most ${max} entries, got ${x.length}`)
  return [...new Set(x as string[])]
}

function nodeIdProblem(id: string): string | undefined {
  try {
    parseNodeId(id)
    return undefined
  } catch (e) {
    return `"${id.slice(0, 80)}" is not a well-formed NodeID: ${(e as Error).message}`
  }
}

function version(key: string, x: unknown): string {
  if (typeof x !== 'string' || !VERSION.test(x)) fail(`${key} must be a version as avalanchego writes it, "avalanchego/1.13.5", got ${show(x)}`)
  return x
}

function wholeNumber(key: string, x: unknown, min: number, max: number, unit: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) fail(`${key} must be a whole number of ${unit} from ${min} to ${max}, got ${show(x)}`)
  return x
}

/** A map of chain alias → value (entry null: its default), or null for all defaults. */
function chainMap<T>(key: string, m: unknown, value: (key: string, x: unknown) => T): Record<string, T | null> | null {
  if (m === null) return null
  if (!isMap(m)) fail(`${key} must be an object of chain alias (P, X, C or a chain ID) → value, or null`)
  const out: Record<string, T | null> = {}
  for (const [chain, x] of Object.entries(m)) {
    if (!CHAIN.test(chain)) fail(`${key}: "${chain.slice(0, 80)}" is not a chain alias (P, X, C) or chain ID`)
    out[chain] = x === null ? null : value(`${key}["${chain}"]`, x)
  }
  return out
}

function diskConfig(x: unknown): DiskConfig {
  if (!isMap(x)) fail('disk must be { totalBytes?, availableBytes?, fillBytesPerSec? }, or null for the defaults')
  const unknown = Object.keys(x).find((k) => !['totalBytes', 'availableBytes', 'fillBytesPerSec'].includes(k))
  if (unknown !== undefined) fail(`disk: unknown key "${unknown.slice(0, 40)}" (totalBytes, availableBytes, fillBytesPerSec)`)
  const out: DiskConfig = {}
  if (x.totalBytes !== undefined) out.totalBytes = wholeNumber('disk.totalBytes', x.totalBytes, 1, MAX_COUNT, 'bytes')
  if (x.availableBytes !== undefined) out.availableBytes = wholeNumber('disk.availableBytes', x.availableBytes, 0, MAX_COUNT, 'bytes')
  if (x.fillBytesPerSec !== undefined) {
    const f = x.fillBytesPerSec
    if (typeof f !== 'number' || !Number.isFinite(f) || Math.abs(f) > 1e12) fail(`disk.fillBytesPerSec must be bytes per second of the node's clock, a number from -1e12 to 1e12, got ${show(f)}`)
    out.fillBytesPerSec = f
  }
  return out
}

/** What the checks need: the health checks there are and the validator set. */
export interface WatchConfigContext {
  checkNames: readonly string[]
  validators: ValidatorState
}

/** Validates the watch keys of a /__sim/config patch; throws with the 400 message ("config: …"). */
export function parseWatchConfig(v: Record<string, unknown>, ctx: WatchConfigContext): Partial<WatchConfig> {
  const out: Partial<WatchConfig> = {}
  const state = ctx.validators
  if (v.unresponsive !== undefined) {
    const u = v.unresponsive
    if (u !== null && !(UNRESPONSIVE_MODES as readonly unknown[]).includes(u)) fail(`unresponsive must be ${UNRESPONSIVE_MODES.map((m) => `"${m}"`).join(' or ')}, or null to answer again`)
    out.unresponsive = u as Unresponsive | null
  }
  if (v.failingHealthChecks !== undefined) {
    const names = stringList('failingHealthChecks', v.failingHealthChecks, 'health check names', 100)
    const unknown = names.find((n) => !ctx.checkNames.includes(n))
    if (unknown !== undefined) fail(`failingHealthChecks: unknown health check "${unknown.slice(0, 80)}" (one of ${ctx.checkNames.join(', ')})`)
    out.failingHealthChecks = names
  }
  if (v.nodeVersion !== undefined) out.nodeVersion = v.nodeVersion === null ? null : version('nodeVersion', v.nodeVersion)
  if (v.peerVersions !== undefined) {
    if (v.peerVersions === null) out.peerVersions = null
    else {
      if (!Array.isArray(v.peerVersions) || v.peerVersions.length === 0) fail('peerVersions must be a non-empty array of versions ("avalanchego/1.14.0", …), or null')
      if (v.peerVersions.length > 100) fail(`peerVersions takes at most 100 entries, got ${v.peerVersions.length}`)
      out.peerVersions = v.peerVersions.map((x) => version('peerVersions', x))
    }
  }
  if (v.numPeers !== undefined) out.numPeers = v.numPeers === null ? null : wholeNumber('numPeers', v.numPeers, 0, MAX_PEERS, 'peers')
  if (v.stakeEndsIn !== undefined) {
    const m = v.stakeEndsIn
    if (m !== null && !isMap(m)) fail('stakeEndsIn must be an object of NodeID → seconds from the P-Chain clock, or null')
    if (m !== null) {
      for (const [id, seconds] of Object.entries(m)) {
        const bad = nodeIdProblem(id)
        if (bad !== undefined) fail(`stakeEndsIn: ${bad}`)
        if (seconds === null) continue
        wholeNumber(`stakeEndsIn["${id}"]`, seconds, 1, MAX_ADVANCE_SECONDS, 'seconds')
        const problem = state.notCurrent(id)
        if (problem !== undefined) fail(`stakeEndsIn: ${problem}`)
      }
    }
    out.stakeEndsIn = m as Record<string, number | null> | null
  }
  if (v.removedValidators !== undefined) {
    const ids = stringList('removedValidators', v.removedValidators, 'NodeIDs', 10_000)
    for (const id of ids) {
      const bad = nodeIdProblem(id)
      if (bad !== undefined) fail(`removedValidators: ${bad}`)
      if (!state.primary(id)) fail(`removedValidators: unknown nodeID "${id}": not a Primary Network validator of the data set`)
    }
    out.removedValidators = ids
  }
  if (v.l1Balances !== undefined) {
    const m = v.l1Balances
    if (m !== null && !isMap(m)) fail('l1Balances must be an object of validation ID → nAVAX (a whole number or a decimal string), or null')
    if (m !== null) {
      for (const [id, balance] of Object.entries(m)) {
        if (!state.l1Validator(id)) fail(`l1Balances: unknown validation ID "${id.slice(0, 80)}": not an active L1 validator of the data set`)
        if (balance === null) continue
        const ok = typeof balance === 'number' ? Number.isSafeInteger(balance) && balance >= 0 : typeof balance === 'string' && NAVAX.test(balance)
        if (!ok) fail(`l1Balances["${id}"] must be nAVAX, a whole number from 0 or a decimal string such as "86400000000", got ${show(balance)}`)
      }
    }
    out.l1Balances = m as Record<string, number | string | null> | null
  }
  if (v.validatorFeePrice !== undefined) {
    out.validatorFeePrice = v.validatorFeePrice === null ? null : wholeNumber('validatorFeePrice', v.validatorFeePrice, VALIDATOR_FEE_CONFIG.minPrice, MAX_PRICE, 'nAVAX per second (the minimum price is 512)')
  }
  if (v.metricsApi !== undefined) {
    if (typeof v.metricsApi !== 'boolean') fail('metricsApi must be a boolean')
    out.metricsApi = v.metricsApi
  }
  if (v.metricsNames !== undefined) {
    if (!(METRICS_NAMES as readonly unknown[]).includes(v.metricsNames)) fail(`metricsNames must be ${METRICS_NAMES.map((n) => `"${n}"`).join(' or ')}`)
    out.metricsNames = v.metricsNames as MetricsNames
  }
  if (v.processCpu !== undefined) {
    const c = v.processCpu
    if (c !== null && (typeof c !== 'number' || !Number.isFinite(c) || c < 0 || c > 1024)) fail(`processCpu must be the CPU cores the process uses, a number from 0 to 1024 (0.5 = half of one core), or null, got ${show(c)}`)
    out.processCpu = c as number | null
  }
  if (v.polls !== undefined) out.polls = chainMap('polls', v.polls, (key, x) => {
    if (!isMap(x) || Object.keys(x).sort().join() !== 'failed,successful') fail(`${key} must be { successful, failed }, whole numbers of polls since the node started, got ${show(x)}`)
    return { successful: wholeNumber(`${key}.successful`, x.successful, 0, MAX_COUNT, 'polls'), failed: wholeNumber(`${key}.failed`, x.failed, 0, MAX_COUNT, 'polls') }
  })
  if (v.rejectedBlocks !== undefined) out.rejectedBlocks = chainMap('rejectedBlocks', v.rejectedBlocks, (key, x) => wholeNumber(key, x, 0, MAX_COUNT, 'blocks'))
  if (v.disk !== undefined) out.disk = v.disk === null ? null : diskConfig(v.disk)
  if (v.processMemoryBytes !== undefined) out.processMemoryBytes = v.processMemoryBytes === null ? null : wholeNumber('processMemoryBytes', v.processMemoryBytes, 0, MAX_MEMORY, 'bytes')
  return out
}

/**
 * The node's process as /ext/metrics reports it: CPU seconds that grow with the wall clock at the rate
 * processCpu sets (so a scraper's rate() reads it back), and the resident memory.
 */
export class ProcessNumbers {
  private cpu: number = PROCESS_DEFAULTS.cpu
  /** CPU seconds of a node that has been up a while, then what accrued up to `at` (performance.now ms) */
  private cpuSeconds = 1834.27
  private at = performance.now()
  memoryBytes: number = PROCESS_DEFAULTS.memoryBytes

  get cpuCores(): number {
    return this.cpu
  }

  set cpuCores(cores: number) {
    this.cpuSeconds = this.cpuSecondsTotal()
    this.at = performance.now()
    this.cpu = cores
  }

  cpuSecondsTotal(): number {
    return this.cpuSeconds + (this.cpu * (performance.now() - this.at)) / 1000
  }
}

/** `base` with `patch` applied: an entry null drops its override. */
function merged<T>(base: Record<string, T>, patch: Record<string, T | null>): Record<string, T> {
  const out = { ...base }
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k]
    else out[k] = v
  }
  return out
}

/** The node-wide switches of WatchConfig (the validator and health ones live in ValidatorState and NodeHealth). */
export class WatchKnobs {
  unresponsive: Unresponsive | null = null
  nodeVersion: string | null = null
  peerVersions: string[] | null = null
  numPeers: number | null = null
  metricsApi = true
  metricsNames: MetricsNames = 'current'
  readonly process = new ProcessNumbers()
  private pollOverrides: Record<string, { successful: number; failed: number }> = {}
  private rejectedOverrides: Record<string, number> = {}

  constructor(
    private readonly health: NodeHealth,
    private readonly validators: ValidatorState,
    readonly disk: SimDisk,
  ) {}

  /** the polls counters /ext/metrics reports now */
  polls(): Record<string, { successful: number; failed: number }> {
    return { ...POLLS_DEFAULTS, ...this.pollOverrides }
  }

  /** the rejected-blocks counters /ext/metrics reports now */
  rejectedBlocks(): Record<string, number> {
    return { ...REJECTED_DEFAULTS, ...this.rejectedOverrides }
  }

  /** applies a patch parsed by parseWatchConfig */
  apply(p: Partial<WatchConfig>): void {
    if (p.unresponsive !== undefined) this.unresponsive = p.unresponsive
    if (p.failingHealthChecks !== undefined) this.health.setFailingChecks(p.failingHealthChecks)
    if (p.nodeVersion !== undefined) this.nodeVersion = p.nodeVersion
    if (p.peerVersions !== undefined) this.peerVersions = p.peerVersions
    if (p.numPeers !== undefined) this.numPeers = p.numPeers
    if (p.stakeEndsIn !== undefined) {
      if (p.stakeEndsIn === null) for (const id of Object.keys(this.validators.stakeEndsIn())) this.validators.setStakeEnd(id, null)
      else for (const [id, seconds] of Object.entries(p.stakeEndsIn)) this.validators.setStakeEnd(id, seconds)
    }
    if (p.removedValidators !== undefined) this.validators.setRemoved(p.removedValidators)
    if (p.l1Balances !== undefined) {
      if (p.l1Balances === null) for (const id of Object.keys(this.validators.l1Balances())) this.validators.setL1Balance(id, null)
      else for (const [id, b] of Object.entries(p.l1Balances)) this.validators.setL1Balance(id, b === null ? null : BigInt(b))
    }
    if (p.validatorFeePrice !== undefined) this.validators.setFeePrice(p.validatorFeePrice)
    if (p.metricsApi !== undefined) this.metricsApi = p.metricsApi
    if (p.metricsNames !== undefined) this.metricsNames = p.metricsNames
    this.disk.legacy = this.metricsNames === 'legacy'
    if (p.polls !== undefined) this.pollOverrides = p.polls === null ? {} : merged(this.pollOverrides, p.polls)
    if (p.rejectedBlocks !== undefined) this.rejectedOverrides = p.rejectedBlocks === null ? {} : merged(this.rejectedOverrides, p.rejectedBlocks)
    if (p.disk !== undefined) this.disk.set(p.disk)
    if (p.processCpu !== undefined) this.process.cpuCores = p.processCpu ?? PROCESS_DEFAULTS.cpu
    if (p.processMemoryBytes !== undefined) this.process.memoryBytes = p.processMemoryBytes ?? PROCESS_DEFAULTS.memoryBytes
  }

  /** the keys that differ from the defaults, as GET /__sim/config lists them */
  view(): Partial<WatchConfig> {
    const out: Partial<WatchConfig> = {}
    const failing = this.health.failingChecks()
    const ends = this.validators.stakeEndsIn()
    const removed = this.validators.removedValidators()
    const balances = this.validators.l1Balances()
    if (this.unresponsive !== null) out.unresponsive = this.unresponsive
    if (failing.length > 0) out.failingHealthChecks = failing
    if (this.nodeVersion !== null) out.nodeVersion = this.nodeVersion
    if (this.peerVersions !== null) out.peerVersions = [...this.peerVersions]
    if (this.numPeers !== null) out.numPeers = this.numPeers
    if (Object.keys(ends).length > 0) out.stakeEndsIn = ends
    if (removed.length > 0) out.removedValidators = removed
    if (Object.keys(balances).length > 0) out.l1Balances = balances
    if (this.validators.feePrice() !== VALIDATOR_FEE_CONFIG.minPrice) out.validatorFeePrice = this.validators.feePrice()
    if (!this.metricsApi) out.metricsApi = false
    if (this.metricsNames !== 'current') out.metricsNames = this.metricsNames
    if (this.process.cpuCores !== PROCESS_DEFAULTS.cpu) out.processCpu = this.process.cpuCores
    if (this.process.memoryBytes !== PROCESS_DEFAULTS.memoryBytes) out.processMemoryBytes = this.process.memoryBytes
    if (Object.keys(this.pollOverrides).length > 0) out.polls = { ...this.pollOverrides }
    if (Object.keys(this.rejectedOverrides).length > 0) out.rejectedBlocks = { ...this.rejectedOverrides }
    const disk = this.disk.view()
    if (disk) out.disk = disk
    return out
  }
}
