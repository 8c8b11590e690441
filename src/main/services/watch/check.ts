/**
 * One check of one profile's node: health, bootstrapping of P, X and C, version and peer count, each
 * call through the client functions of that profile with its own deadline. A part the node does not
 * serve (its info or health API off: 404, or an RPC error) is left unknown, never counted against the
 * node; only a node that answers nothing at all is unreachable.
 */
import type { WatchSample } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { health, info } from '../../clients/node/index'
import type { NodeApis } from '../../clients/node/index'

export const DEFAULT_CHECK_DEADLINE_MS = 5_000

export interface CheckTarget {
  profileId: string
  node: NodeApis
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

async function part<T>(call: (signal: AbortSignal) => Promise<T>, deadlineMs: number, outer?: AbortSignal): Promise<Part<T>> {
  const deadline = AbortSignal.timeout(deadlineMs)
  const signal = outer ? AbortSignal.any([outer, deadline]) : deadline
  try {
    return { ok: true, value: await call(signal) }
  } catch (err) {
    if (deadline.aborted) return { ok: false, answered: false, message: `no answer within ${deadlineMs} ms` }
    const code = err instanceof AppError ? err.code : 'INTERNAL'
    const message = err instanceof Error ? err.message : String(err)
    return { ok: false, answered: !NO_ANSWER.has(code), message }
  }
}

/** Checks one node; never throws for anything the node does. */
export async function checkNode(t: CheckTarget, opts: CheckOptions): Promise<WatchSample> {
  const deadlineMs = opts.deadlineMs ?? DEFAULT_CHECK_DEADLINE_MS
  const at = opts.now()
  const boot = (chain: string) => part((signal) => info.isBootstrapped(t.node, { chain }, { signal }), deadlineMs, opts.signal)
  const [healthPart, p, x, c, version, peers] = await Promise.all([
    part((signal) => health.health(t.node, {}, { signal }), deadlineMs, opts.signal),
    boot('P'),
    boot('X'),
    boot('C'),
    part((signal) => info.getNodeVersion(t.node, {}, { signal }), deadlineMs, opts.signal),
    part((signal) => info.peers(t.node, {}, { signal }), deadlineMs, opts.signal)
  ])
  const parts = [healthPart, p, x, c, version, peers]
  const reachable = parts.some((r) => r.ok || r.answered)
  const firstFailure = parts.find((r): r is Extract<Part<unknown>, { ok: false }> => !r.ok)
  const bootstrapped = (r: Part<{ isBootstrapped: boolean }>) => (r.ok ? r.value.isBootstrapped : null)
  const numPeers = peers.ok ? Number(peers.value.numPeers) : NaN
  return {
    profileId: t.profileId,
    at,
    reachable,
    ...(!reachable && firstFailure ? { error: firstFailure.message.slice(0, 500) } : {}),
    ...(healthPart.ok ? { healthy: healthPart.value.healthy } : {}),
    failingChecks: healthPart.ok
      ? Object.entries(healthPart.value.checks)
          .filter(([, check]) => check.error !== undefined)
          .map(([name]) => name.slice(0, 500))
          .sort()
          .slice(0, 500)
      : [],
    bootstrapped: { P: bootstrapped(p), X: bootstrapped(x), C: bootstrapped(c) },
    ...(version.ok ? { version: version.value.version.slice(0, 500) } : {}),
    ...(Number.isSafeInteger(numPeers) ? { peers: numPeers } : {})
  }
}
