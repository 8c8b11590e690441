/**
 * One check of one profile's node: health, bootstrapping of P, X and C, version and its peers' versions,
 * peers, the profile's validators (Primary Network and the subnets chosen), the L1 fee rate and the
 * node's own /ext/metrics; each call through the client functions of that profile with its own deadline.
 * A part the node does not serve (its API off: 404, or an RPC error) is left unknown, never counted
 * against the node; only a node that answers nothing at all is unreachable.
 */
import type { WatchSample, WatchedValidator } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { health, info, platform } from '../../clients/node/index'
import type { NodeApis } from '../../clients/node/index'
import { fetchNodeMetrics } from '../../clients/node/node-metrics'
import { majorityVersion } from './versions'

export const DEFAULT_CHECK_DEADLINE_MS = 5_000

export interface CheckTarget {
  profileId: string
  nodeUrl: string
  node: NodeApis
  /** the profile's NodeIDs; none: the node's own */
  nodeIds: readonly string[]
  /** subnets and L1s whose validators are checked besides the Primary Network */
  subnetIds: readonly string[]
}

export interface CheckOptions {
  now: () => number
  deadlineMs?: number
  /** aborts the whole check (the scheduler stopping) */
  signal?: AbortSignal
}

/** No answer at all, as opposed to an answer that says "not here" or "not now". */
const NO_ANSWER = new Set(['NETWORK', 'TIMEOUT', 'CANCELLED'])

type Part<T> = { ok: true; value: T } | { ok: false; answered: boolean; message: string }

/** One deadline for the parts asked together (they run at once): one timer per batch, not one per call. */
interface Deadline {
  ms: number
  timer: AbortSignal
  signal: AbortSignal
}
function deadline(ms: number, outer?: AbortSignal): Deadline {
  const timer = AbortSignal.timeout(ms)
  return { ms, timer, signal: outer ? AbortSignal.any([outer, timer]) : timer }
}

async function part<T>(call: (signal: AbortSignal) => Promise<T>, d: Deadline): Promise<Part<T>> {
  try {
    return { ok: true, value: await call(d.signal) }
  } catch (err) {
    if (d.timer.aborted) return { ok: false, answered: false, message: `no answer within ${d.ms} ms` }
    const code = err instanceof AppError ? err.code : 'INTERNAL'
    const message = err instanceof Error ? err.message : String(err)
    return { ok: false, answered: !NO_ANSWER.has(code), message }
  }
}

const cut = (s: string) => s.slice(0, 500)

/** The profile's validators on one subnet (null: the Primary Network); those asked for and not in the set, not validating. */
async function validatorsOn(node: NodeApis, subnetID: string | null, nodeIDs: readonly string[], signal: AbortSignal): Promise<WatchedValidator[]> {
  const r = await platform.getCurrentValidators(node, { nodeIDs: [...nodeIDs], ...(subnetID ? { subnetID } : {}) }, { signal })
  const seen = r.validators.filter((v) => nodeIDs.includes(v.nodeID))
  const found: WatchedValidator[] = seen.map((v) => ({
    nodeID: cut(v.nodeID),
    subnetID,
    validating: true,
    ...(v.connected !== undefined ? { connected: v.connected } : {}),
    ...(v.uptime !== undefined ? { uptime: v.uptime } : {}),
    ...(v.endTime !== undefined ? { endTime: v.endTime } : {}),
    ...(v.weight !== undefined ? { weight: v.weight } : {}),
    ...(v.validationID !== undefined ? { validationID: cut(v.validationID) } : {}),
    ...(v.balance !== undefined ? { balance: v.balance } : {})
  }))
  const missing = nodeIDs.filter((id) => !seen.some((v) => v.nodeID === id)).map((nodeID) => ({ nodeID, subnetID, validating: false }))
  return [...found, ...missing]
}

/** Checks one node; never throws for anything the node does. */
export async function checkNode(t: CheckTarget, opts: CheckOptions): Promise<WatchSample> {
  const deadlineMs = opts.deadlineMs ?? DEFAULT_CHECK_DEADLINE_MS
  const at = opts.now()
  const started = Date.now()
  const first = deadline(deadlineMs, opts.signal)
  const ask = <T>(call: (signal: AbortSignal) => Promise<T>) => part(call, first)
  const boot = (chain: string) => ask((signal) => info.isBootstrapped(t.node, { chain }, { signal }))
  const [healthPart, p, x, c, version, peers, nodeId, metrics, feeState] = await Promise.all([
    ask((signal) => health.health(t.node, {}, { signal })),
    boot('P'),
    boot('X'),
    boot('C'),
    ask((signal) => info.getNodeVersion(t.node, {}, { signal })),
    ask((signal) => info.peers(t.node, {}, { signal })),
    ask((signal) => info.getNodeID(t.node, {}, { signal })),
    ask((signal) => fetchNodeMetrics(t.nodeUrl, { signal, timeoutMs: deadlineMs })),
    t.subnetIds.length ? ask((signal) => platform.getValidatorFeeState(t.node, {}, { signal })) : Promise.resolve(undefined)
  ])
  const parts = [healthPart, p, x, c, version, peers, nodeId, metrics]
  const reachable = parts.some((r) => r.ok || r.answered)
  // The validators: of the profile's NodeIDs, or of the node's own when it has none.
  const ids = t.nodeIds.length ? t.nodeIds : nodeId.ok ? [nodeId.value.nodeID] : []
  const then = deadline(deadlineMs, opts.signal)
  const validatorParts =
    reachable && ids.length ? await Promise.all([null, ...t.subnetIds].map((s) => part((signal) => validatorsOn(t.node, s, ids, signal), then))) : []
  const primary = validatorParts[0]
  const firstFailure = parts.find((r): r is Extract<Part<unknown>, { ok: false }> => !r.ok)
  const bootstrapped = (r: Part<{ isBootstrapped: boolean }>) => (r.ok ? r.value.isBootstrapped : null)
  const numPeers = peers.ok ? Number(peers.value.numPeers) : NaN
  const majority = peers.ok ? majorityVersion(peers.value.peers.map((peer) => peer.version)) : undefined
  return {
    profileId: t.profileId,
    at,
    reachable,
    durationMs: Math.max(0, Date.now() - started),
    ...(!reachable && firstFailure ? { error: cut(firstFailure.message) } : {}),
    ...(healthPart.ok ? { healthy: healthPart.value.healthy } : {}),
    failingChecks: healthPart.ok
      ? Object.entries(healthPart.value.checks)
          .filter(([, check]) => check.error !== undefined)
          .map(([name]) => cut(name))
          .sort()
          .slice(0, 500)
      : [],
    bootstrapped: { P: bootstrapped(p), X: bootstrapped(x), C: bootstrapped(c) },
    ...(version.ok ? { version: cut(version.value.version) } : {}),
    ...(majority ? { peersMajorityVersion: cut(majority) } : {}),
    ...(Number.isSafeInteger(numPeers) ? { peers: numPeers } : {}),
    ...(nodeId.ok ? { nodeId: cut(nodeId.value.nodeID) } : {}),
    // Known only when the Primary Network answered; a subnet that did not is left out of the list.
    ...(primary?.ok ? { validators: validatorParts.flatMap((r) => (r.ok ? r.value : [])).slice(0, 2_000) } : {}),
    ...(feeState?.ok ? { l1FeeRate: feeState.value.price } : {}),
    ...(metrics.ok ? { metrics: metrics.value } : {})
  }
}
