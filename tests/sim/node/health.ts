/**
 * health.* (gorilla service at /ext/health) and the plain GET reports, shaped as avalanchego's health
 * worker reports them (api/health/result.go): per check `message` (details, omitted when none),
 * `error` (a string, only when failing), `timestamp` (RFC3339), `duration` (ns), and
 * `contiguousFailures` / `timeOfFirstFailure` only while failing. Checks run every 30 s on the node's
 * clock. Chain checks are named by primary alias (P, X, C; chain ID for subnet chains) and tagged with
 * their subnet ID; the application checks (bootstrapped, database, diskspace, network, router) are
 * always included whatever the tags. Readiness = the bootstrapped check; liveness has no checks.
 *
 * Checks fail on demand: /__sim/config `unhealthy` (one check) and `failingHealthChecks` (any number);
 * a check fails while either names it, counted from when the first did.
 */
import { fromHex } from '../lib/bytes'
import { EMPTY_ID, cb58Encode } from '../lib/cb58'
import { sha256 } from '../lib/hash'
import { Rng } from '../lib/prng'
import type { Dataset, PrimaryNetworkTx } from '../dataset'
import type { ValidatorState } from './validators'
import type { SimDisk } from './disk'
import { PRIMARY_NETWORK_ID } from '../dataset'
import { connectedPeers, nodeChains, rfc3339 } from './info'
import type { NodeChain, SimPeer } from './info'
import type { GorillaMethod } from './jsonrpc'
import { optStringArray } from './jsonrpc'

export const APPLICATION_CHECKS = ['bootstrapped', 'database', 'diskspace', 'network', 'router'] as const
const FREQUENCY_MS = 30_000
const ALL_TAG = 'all'
const APPLICATION_TAG = 'application'
const MIN_PERCENT_CONNECTED = 0.8

export interface CheckResult {
  message?: unknown
  error?: string
  timestamp: string
  duration: number
  contiguousFailures?: number
  timeOfFirstFailure?: string
}

export interface HealthReply {
  checks: Record<string, CheckResult>
  healthy: boolean
}

export type HealthKind = 'health' | 'readiness' | 'liveness'

/** GET paths of the health API and the report each gives */
export const HEALTH_GET_PATHS: Readonly<Record<string, HealthKind>> = {
  '/ext/health': 'health',
  '/ext/health/health': 'health',
  '/ext/health/readiness': 'readiness',
  '/ext/health/liveness': 'liveness',
}

export interface HealthDeps {
  /** the node's clock (ms) */
  now: () => number
  /** anvil, for the C-Chain's last accepted block */
  evm: (method: string, params?: unknown[]) => Promise<unknown>
  /** run-time validator state (clock, connections): default the data set as generated */
  validators?: ValidatorState
  /** the peers the node has now (the network check counts them); default every generated peer still connected */
  peers?: () => SimPeer[]
  /** the database volume (./disk): the diskspace check reports it and fails on its own when it runs low */
  disk?: SimDisk
}

interface Outcome {
  message?: unknown
  error?: string
}

/** Go's time.Duration.String() for a count of nanoseconds */
export function goDuration(ns: number): string {
  const n = (x: number) => String(Number(x.toFixed(9)))
  if (ns === 0) return '0s'
  if (ns < 1e3) return `${ns}ns`
  if (ns < 1e6) return `${n(ns / 1e3)}µs`
  if (ns < 1e9) return `${n(ns / 1e6)}ms`
  let s = ns / 1e9
  const h = Math.floor(s / 3600)
  s -= h * 3600
  const m = Math.floor(s / 60)
  s -= m * 60
  return `${h ? `${h}h` : ''}${h || m ? `${m}m` : ''}${n(s)}s`
}

export class NodeHealth {
  private failing: { name: string; since: number } | null = null
  /** failingHealthChecks: each check and when it started failing (the node's clock, ms) */
  private readonly listed = new Map<string, number>()
  private readonly chains: NodeChain[]
  private readonly percentConnected: number
  private xTip?: { height: number; id: string }

  constructor(
    private readonly ds: Dataset,
    private readonly deps: HealthDeps,
  ) {
    this.chains = nodeChains(ds)
    this.percentConnected = this.connectedStake()
  }

  /** share of the current Primary Network stake (validators + delegators) that is connected */
  private connectedStake(): number {
    const state = this.deps.validators
    let connected = 0n
    let total = 0n
    for (const v of state ? state.currentValidators() : this.ds.validators) {
      const w = v.weight + v.delegators.reduce((sum, d) => sum + (!state || state.isCurrent(state.delegatorEndTime(v, d)) ? d.weight : 0n), 0n)
      total += w
      if (state ? state.connected(v.nodeID, v.connected) : v.connected) connected += w
    }
    return total > 0n ? Number((connected * 1_000_000n) / total) / 1_000_000 : 1
  }

  /** every check's name, sorted as Go sorts map keys */
  checkNames(): string[] {
    return [...this.chains.map((c) => c.alias), ...APPLICATION_CHECKS].sort()
  }

  get unhealthy(): string | null {
    return this.failing?.name ?? null
  }

  /** Makes one check fail (null = all pass). Throws on a name that is not a check. */
  setUnhealthy(name: string | null): void {
    if (name !== null && !this.checkNames().includes(name)) {
      throw new Error(`unknown health check "${name}"; one of ${this.checkNames().join(', ')}`)
    }
    if (name === this.unhealthy) return
    this.failing = name === null ? null : { name, since: this.deps.now() }
  }

  /** failingHealthChecks: exactly these checks fail (each keeps its first failure while it stays listed). Throws on a name that is not a check. */
  setFailingChecks(names: readonly string[]): void {
    const unknown = names.find((n) => !this.checkNames().includes(n))
    if (unknown !== undefined) throw new Error(`unknown health check "${unknown}"; one of ${this.checkNames().join(', ')}`)
    const now = this.deps.now()
    const before = new Map(this.listed)
    this.listed.clear()
    for (const name of names) this.listed.set(name, before.get(name) ?? now)
  }

  /** the checks failingHealthChecks names */
  failingChecks(): string[] {
    return [...this.listed.keys()]
  }

  /** when this check started failing (ms), or undefined while it passes */
  private failingSince(name: string): number | undefined {
    const single = this.failing?.name === name ? this.failing.since : undefined
    const listed = this.listed.get(name)
    const forced = single === undefined ? listed : listed === undefined ? single : Math.min(single, listed)
    const low = name === 'diskspace' ? this.deps.disk?.lowSince() : undefined
    return forced === undefined ? low : low === undefined ? forced : Math.min(forced, low)
  }

  /** every check failing now (both knobs), sorted as the report lists them */
  failingNow(): string[] {
    return this.checkNames().filter((n) => this.failingSince(n) !== undefined)
  }

  /** While "bootstrapped" fails, the C-Chain is the chain still bootstrapping. */
  isBootstrapped(chainId: string): boolean {
    return !(this.failingSince('bootstrapped') !== undefined && chainId === this.ds.params.cChainId)
  }

  /** While "network" fails, the node has no peers. */
  networkUp(): boolean {
    return this.failingSince('network') === undefined
  }

  async report(kind: HealthKind, tags: readonly string[] = []): Promise<HealthReply> {
    const names = kind === 'liveness' ? [] : kind === 'readiness' ? ['bootstrapped'] : this.selected(tags)
    const now = this.deps.now()
    const lastRun = now - (now % FREQUENCY_MS)
    const checks: Record<string, CheckResult> = {}
    let healthy = true
    for (const name of names) {
      const o = await this.outcome(name)
      const duration = new Rng(this.ds.seed).fork(`health:${name}`).int(1_500, 30_000) * (o.error ? 40 : 1)
      const message = o.message !== undefined ? { message: o.message } : {}
      const since = this.failingSince(name)
      if (o.error === undefined || since === undefined) {
        checks[name] = { ...message, timestamp: rfc3339(lastRun), duration }
        continue
      }
      const runs = Math.floor(Math.max(0, now - since) / FREQUENCY_MS)
      checks[name] = {
        ...message,
        error: o.error,
        timestamp: rfc3339(since + runs * FREQUENCY_MS),
        duration,
        contiguousFailures: runs + 1,
        timeOfFirstFailure: rfc3339(since),
      }
      healthy = false
    }
    return { checks, healthy }
  }

  methods(): Record<string, GorillaMethod> {
    const tagged = (kind: HealthKind): GorillaMethod => (p) => this.report(kind, optStringArray(p, 'tags') ?? [])
    return { health: tagged('health'), readiness: tagged('readiness'), liveness: tagged('liveness') }
  }

  /** as the worker: no tags (or "all") = every check; else the application checks + checks with a tag */
  private selected(tags: readonly string[]): string[] {
    const all = tags.length === 0 || tags.includes(ALL_TAG)
    const wanted = new Set([...tags, APPLICATION_TAG])
    return this.checkNames().filter((name) => {
      if ((APPLICATION_CHECKS as readonly string[]).includes(name)) return true
      const chain = this.chains.find((c) => c.alias === name)
      return all || (chain !== undefined && wanted.has(chain.subnetId))
    })
  }

  private async outcome(name: string): Promise<Outcome> {
    const fail = this.failingSince(name) !== undefined
    const state = this.deps.validators
    const peers = this.deps.peers ? this.deps.peers() : connectedPeers(this.ds, state ? (id) => state.connected(id, true) : undefined)
    switch (name) {
      case 'bootstrapped':
        return fail ? { message: [PRIMARY_NETWORK_ID], error: 'subnets not bootstrapped' } : { message: [] }
      case 'database':
        return fail ? { error: 'closed' } : {}
      case 'diskspace': {
        const disk = this.deps.disk?.outcome()
        // Made to fail by a knob while the volume itself is fine: the older nodes' warning, 800 MiB left.
        if (fail && !disk?.error)
          return { message: { availableDiskBytes: 838_860_800 }, error: 'remaining available disk space (838860800) is below the warning threshold of disk space (1073741824)' }
        return disk ?? { message: { availableDiskBytes: 227_332_591_616 } }
      }
      case 'network': {
        if (fail) {
          const quiet = goDuration(92_417_000_000)
          return {
            message: { connectedPeers: 0, sendFailRate: 0, timeSinceLastMsgReceived: quiet, timeSinceLastMsgSent: quiet },
            error: `network layer is unhealthy reason: not connected to a minimum of 1 peer(s) only 0, no messages from network received in ${quiet} > 1m0s, no messages from network sent in ${quiet} > 1m0s`,
          }
        }
        const recv = Math.min(60_000, ...peers.map((p) => p.receivedAgoMs)) * 1e6
        const sent = Math.min(60_000, ...peers.map((p) => p.sentAgoMs)) * 1e6
        return { message: { connectedPeers: peers.length, sendFailRate: 0, timeSinceLastMsgReceived: goDuration(recv), timeSinceLastMsgSent: goDuration(sent) } }
      }
      case 'router':
        return fail
          ? { message: { longestRunningRequest: goDuration(72_481_000_000), outstandingRequests: 1024 }, error: `the router is unhealthy reason: time for outstanding requests ${goDuration(72_481_000_000)} > 1m0s` }
          : { message: { longestRunningRequest: goDuration(66_907_250), outstandingRequests: 3 } }
      default:
        return this.chainOutcome(name, fail)
    }
  }

  private async chainOutcome(alias: string, fail: boolean): Promise<Outcome> {
    const tip = await this.tip(alias)
    const percentConnected = fail ? 0.6124 : this.deps.validators ? this.connectedStake() : this.percentConnected
    const message = {
      engine: { consensus: { lastAcceptedHeight: tip.height, lastAcceptedID: tip.id, longestProcessingBlock: '0s', processingBlocks: 0 }, vm: null },
      networking: { percentConnected },
    }
    if (!fail) return { message }
    const pct = (x: number) => (x * 100).toFixed(6)
    return { message, error: `not connected to enough stake: connected to ${pct(percentConnected)}%; required at least ${pct(MIN_PERCENT_CONNECTED)}%` }
  }

  private async tip(alias: string): Promise<{ height: number; id: string }> {
    if (alias === 'P') {
      const b = this.ds.pBlocks.at(-1)
      return b ? { height: Number(b.height), id: b.blockId } : { height: 0, id: EMPTY_ID }
    }
    if (alias === 'X') {
      if (!this.xTip) {
        const last = this.ds.transactions.filter((t) => t.chain === 'X').reduce<PrimaryNetworkTx | undefined>((a, t) => (!a || t.blockNumber > a.blockNumber ? t : a), undefined)
        this.xTip = last ? { height: Number(last.blockNumber), id: last.blockHash } : { height: 0, id: EMPTY_ID }
      }
      return this.xTip
    }
    if (alias === 'C') {
      try {
        const b = (await this.deps.evm('eth_getBlockByNumber', ['latest', false])) as { number: string; hash: string }
        return { height: Number(BigInt(b.number)), id: cb58Encode(fromHex(b.hash)) }
      } catch {
        return { height: 0, id: EMPTY_ID }
      }
    }
    const rng = new Rng(this.ds.seed).fork(`tip:${alias}`)
    return { height: rng.int(100_000, 9_000_000), id: cb58Encode(sha256(new TextEncoder().encode(`tip:${alias}`))) }
  }
}
