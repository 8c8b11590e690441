/**
 * One check of one profile's node: health, bootstrapping of P, X and C, version and its peers' versions,
 * peers, the profile's validators (Primary Network and the subnets chosen), the L1 fee rate and the
 * node's own /ext/metrics; each call through the client functions of that profile with its own deadline.
 * A part the node does not serve (its API off: 404, or an RPC error) is left unknown, never counted
 * against the node; only a node that answers nothing at all is unreachable.
 */
import type { Data, Envelope, Method, WatchSample, WatchedValidator } from '../../../shared/contract'
import type { CallContext } from '../../../shared/rpc/server'
import { AppError } from '../../../shared/rpc/errors'
import { platform } from '../../clients/node/index'
import type { NodeApis } from '../../clients/node/index'
import { fetchNodeMetrics } from '../../clients/node/node-metrics'
import { deadlineSignal, type OwnedDeadline } from '../../clients/transport/deadline'
import { safeUrl } from '../../clients/transport/http'
import { cachedRead, type DataPathDeps } from '../data-path'
import { bootstrappedOf, healthOf, nodeIdOf, nodeVersionOf, peersOf } from '../info/reads'
import { readMine } from '../validators/mine'
import { diskOf } from './disk'
import { majorityVersion } from './versions'

export const DEFAULT_CHECK_DEADLINE_MS = 5_000

/** The node's answers a check reads as the panels read them: the contract's data of each method. */
export interface CheckReads {
  health(signal: AbortSignal): Promise<Data<'health.health'>>
  isBootstrapped(chain: string, signal: AbortSignal): Promise<Data<'info.isBootstrapped'>>
  nodeVersion(signal: AbortSignal): Promise<Data<'info.getNodeVersion'>>
  peers(signal: AbortSignal): Promise<Data<'info.peers'>>
  nodeId(signal: AbortSignal): Promise<Data<'info.getNodeID'>>
  /** validators.mine: the profile's NodeIDs unless nodeIDs are given; subnetID omitted: the Primary Network */
  mine(input: { subnetID?: string; nodeIDs?: string[] }, signal: AbortSignal): Promise<Data<'validators.mine'>>
}

type ReadMethod = 'health.health' | 'info.isBootstrapped' | 'info.getNodeVersion' | 'info.peers' | 'info.getNodeID' | 'validators.mine'

/**
 * The reads of one node, the info, health and validators areas' own (those their handlers serve the panels). With `cache`, through the
 * data path, scoped to that node: each answer is kept where the profile's panels find it offline, and an
 * answer from the cache (the node not reachable) counts as no answer here.
 */
export function nodeReads(node: NodeApis, profileNodeIds: readonly string[], cache?: DataPathDeps): CheckReads {
  const handlers: Record<ReadMethod, (input: never, ctx: CallContext) => Promise<unknown>> = {
    'health.health': (_input, { signal }) => healthOf(node, undefined, signal),
    'info.isBootstrapped': (input: { chain: string }, { signal }) => bootstrappedOf(node, input.chain, signal),
    'info.getNodeVersion': (_input, { signal }) => nodeVersionOf(node, signal),
    'info.peers': (_input, { signal }) => peersOf(node, undefined, signal),
    'info.getNodeID': (_input, { signal }) => nodeIdOf(node, signal),
    'validators.mine': (input: { subnetID?: string; nodeIDs?: string[] }, { signal }) => readMine(node, profileNodeIds, input, signal)
  }
  type Read = (input: unknown, signal: AbortSignal) => Promise<unknown>
  const read = (method: ReadMethod): Read => {
    const handler = handlers[method] as unknown as (input: unknown, ctx: CallContext) => Promise<unknown>
    if (!cache) return (input, signal) => handler(input, { signal, transport: 'memory' })
    const wrapped = cachedRead(method as Method, handler, cache)
    return async (input, signal) => {
      const env = (await wrapped(input, { signal, transport: 'memory' })) as Envelope<unknown>
      if (env.source === 'live') return env.data
      // Answered from the cache (only for no connection or no answer in time): for the check, no answer.
      throw new AppError('NETWORK', env.offline?.message ?? 'the node did not answer', { url: safeUrl(cache.scopeOf('node')) })
    }
  }
  const health = read('health.health')
  const boot = read('info.isBootstrapped')
  const version = read('info.getNodeVersion')
  const peers = read('info.peers')
  const id = read('info.getNodeID')
  const mine = read('validators.mine')
  return {
    mine: (input, signal) => mine(input, signal) as Promise<Data<'validators.mine'>>,
    health: (signal) => health({}, signal) as Promise<Data<'health.health'>>,
    isBootstrapped: (chain, signal) => boot({ chain }, signal) as Promise<Data<'info.isBootstrapped'>>,
    nodeVersion: (signal) => version({}, signal) as Promise<Data<'info.getNodeVersion'>>,
    peers: (signal) => peers({}, signal) as Promise<Data<'info.peers'>>,
    nodeId: (signal) => id({}, signal) as Promise<Data<'info.getNodeID'>>
  }
}

export interface CheckTarget {
  profileId: string
  nodeUrl: string
  node: NodeApis
  /** how the node's answers are read (nodeReads); default: straight from the node, not kept */
  reads?: CheckReads
  /** the profile's NodeIDs; none: the node's own */
  nodeIds: readonly string[]
  /** subnets and L1s whose validators are checked besides the Primary Network */
  subnetIds: readonly string[]
  /**
   * Whether to read what changes slowly: the peers' list (info.peers: on a mainnet node a megabyte or
   * more, for the version most of them run), the node's version (it changes when the node is upgraded and
   * restarted) and its NodeID. The watch asks for them now and then; between times the peer count comes
   * from /ext/metrics and the rest from the sample before.
   */
  full?: boolean
  /** the profile's last sample, for what this check does not ask again */
  previous?: WatchSample
}

export interface CheckOptions {
  now: () => number
  deadlineMs?: number
  /** aborts the whole check (the scheduler stopping) */
  signal?: AbortSignal
}

/** No answer at all (OFFLINE: none, and none cached either), as opposed to an answer that says "not here" or "not now". */
const NO_ANSWER = new Set(['NETWORK', 'TIMEOUT', 'CANCELLED', 'OFFLINE'])

type Part<T> = { ok: true; value: T } | { ok: false; answered: boolean; message: string }

/** One deadline for the parts asked together (they run at once): one timer per batch, not one per call. */
interface Deadline extends OwnedDeadline {
  ms: number
}
function deadline(ms: number, outer?: AbortSignal): Deadline {
  return { ms, ...deadlineSignal(ms, outer) }
}

async function part<T>(call: (signal: AbortSignal) => Promise<T>, d: Deadline): Promise<Part<T>> {
  try {
    return { ok: true, value: await call(d.signal) }
  } catch (err) {
    if (d.timedOut()) return { ok: false, answered: false, message: `no answer within ${d.ms} ms` }
    const code = err instanceof AppError ? err.code : 'INTERNAL'
    const message = err instanceof Error ? err.message : String(err)
    return { ok: false, answered: !NO_ANSWER.has(code), message }
  }
}

const cut = (s: string) => s.slice(0, 500)

/**
 * The profile's validators on one subnet (null: the Primary Network), read as the Validators panel reads
 * them (validators.mine): those in the current set, and those asked for and not in it, not validating.
 */
async function validatorsOn(reads: CheckReads, subnetID: string | null, nodeIDs: readonly string[] | undefined, signal: AbortSignal): Promise<WatchedValidator[]> {
  const r = await reads.mine({ ...(subnetID ? { subnetID } : {}), ...(nodeIDs ? { nodeIDs: [...nodeIDs] } : {}) }, signal)
  const found: WatchedValidator[] = r.validators.map((v) => ({
    nodeID: cut(v.nodeID),
    subnetID,
    validating: true,
    ...(v.connected !== undefined ? { connected: v.connected } : {}),
    ...(v.uptime !== undefined ? { uptime: v.uptime } : {}),
    ...(v.startTime !== undefined ? { startTime: v.startTime } : {}),
    ...(v.endTime !== undefined ? { endTime: v.endTime } : {}),
    weight: v.weight,
    ...(v.validationID !== undefined ? { validationID: cut(v.validationID) } : {}),
    ...(v.balance !== undefined ? { balance: v.balance } : {})
  }))
  return [...found, ...r.notValidating.map((nodeID) => ({ nodeID: cut(nodeID), subnetID, validating: false }))]
}

/** Checks one node; never throws for anything the node does. */
export async function checkNode(t: CheckTarget, opts: CheckOptions): Promise<WatchSample> {
  const deadlineMs = opts.deadlineMs ?? DEFAULT_CHECK_DEADLINE_MS
  const at = opts.now()
  const started = Date.now()
  const first = deadline(deadlineMs, opts.signal)
  const ask = <T>(call: (signal: AbortSignal) => Promise<T>) => part(call, first)
  const reads = t.reads ?? nodeReads(t.node, t.nodeIds)
  const full = t.full !== false || t.previous?.nodeId === undefined
  const [healthPart, version, peers, nodeIdPart, metrics, feeState] = await Promise.all([
    ask((signal) => reads.health(signal)),
    full ? ask((signal) => reads.nodeVersion(signal)) : Promise.resolve(undefined),
    full ? ask((signal) => reads.peers(signal)) : Promise.resolve(undefined),
    full ? ask((signal) => reads.nodeId(signal)) : Promise.resolve(undefined),
    ask((signal) => fetchNodeMetrics(t.nodeUrl, { signal, timeoutMs: deadlineMs })),
    t.subnetIds.length ? ask((signal) => platform.getValidatorFeeState(t.node, {}, { signal })) : Promise.resolve(undefined)
  ])
  first.clear()
  const parts = [healthPart, metrics, ...(version ? [version] : []), ...(peers ? [peers] : []), ...(nodeIdPart ? [nodeIdPart] : [])]
  const reachable = parts.some((r) => r.ok || r.answered)
  const nodeId = nodeIdPart ? (nodeIdPart.ok ? nodeIdPart.value.nodeID : undefined) : t.previous?.nodeId
  const then = deadline(deadlineMs, opts.signal)
  // P, X and C bootstrapped: a passing "bootstrapped" health check says all are; otherwise each is asked.
  const bootCheck = healthPart.ok ? healthPart.value.checks.find((c) => c.name === 'bootstrapped') : undefined
  const allBooted = bootCheck?.healthy === true
  const boot = (chain: string) => part((signal) => reads.isBootstrapped(chain, signal), then)
  const [p, x, c] = allBooted || !reachable ? [undefined, undefined, undefined] : await Promise.all([boot('P'), boot('X'), boot('C')])
  // The validators: of the profile's NodeIDs, or of the node's own when it has none.
  // (With the profile's own, the same input the panel sends: what the check read is what the panel shows offline.)
  const ids = t.nodeIds.length ? undefined : nodeId ? [nodeId] : []
  const validatorParts =
    reachable && ids?.length !== 0 ? await Promise.all([null, ...t.subnetIds].map((s) => part((signal) => validatorsOn(reads, s, ids, signal), then))) : []
  then.clear()
  const primary = validatorParts[0]
  const firstFailure = parts.find((r): r is Extract<Part<unknown>, { ok: false }> => !r.ok)
  const bootstrapped = (r: Part<{ isBootstrapped: boolean }> | undefined) => (allBooted ? true : r?.ok ? r.value.isBootstrapped : null)
  const numPeers = peers?.ok ? Number(peers.value.numPeers) : metrics.ok && metrics.value.peers !== undefined ? metrics.value.peers : NaN
  const disk = diskOf(healthPart.ok ? healthPart.value.checks : undefined, metrics.ok ? metrics.value : undefined)
  const majority = peers?.ok ? majorityVersion(peers.value.peers.map((peer) => peer.version)) : peers === undefined ? t.previous?.peersMajorityVersion : undefined
  return {
    profileId: t.profileId,
    at,
    reachable,
    durationMs: Math.max(0, Date.now() - started),
    ...(!reachable && firstFailure ? { error: cut(firstFailure.message) } : {}),
    ...(healthPart.ok ? { healthy: healthPart.value.healthy } : {}),
    failingChecks: healthPart.ok
      ? healthPart.value.checks
          .filter((check) => !check.healthy)
          .map((check) => cut(check.name))
          .sort()
          .slice(0, 500)
      : [],
    bootstrapped: { P: bootstrapped(p), X: bootstrapped(x), C: bootstrapped(c) },
    ...(version?.ok ? { version: cut(version.value.version) } : version === undefined && t.previous?.version ? { version: t.previous.version } : {}),
    ...(majority ? { peersMajorityVersion: cut(majority) } : {}),
    ...(Number.isSafeInteger(numPeers) ? { peers: numPeers } : {}),
    ...(nodeId ? { nodeId: cut(nodeId) } : {}),
    // Known only when the Primary Network answered; a subnet that did not is left out of the list.
    ...(primary?.ok ? { validators: validatorParts.flatMap((r) => (r.ok ? r.value : [])).slice(0, 2_000) } : {}),
    ...(feeState?.ok ? { l1FeeRate: feeState.value.price } : {}),
    ...(metrics.ok ? { metrics: metrics.value } : {}),
    ...(disk ? { disk } : {})
  }
}
