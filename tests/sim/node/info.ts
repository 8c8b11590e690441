/**
 * info.* (gorilla service at /ext/info) over the data set. The node is the data set's "self" validator;
 * it runs the Primary Network chains and tracks the subnets whose chains it validates or syncs
 * (platform.getBlockchainStatus Validating/Syncing). Integers are decimal strings (avajson), times are
 * RFC3339 from the node's clock; peers are derived from the data set's validators (same seed, same peers).
 */
import { toHex } from '../lib/bytes'
import { parseNodeId } from '../lib/ids'
import { Rng } from '../lib/prng'
import type { Dataset } from '../dataset'
import { PRIMARY_NETWORK_ID, VM_IDS } from '../dataset'
import type { GorillaMethod } from './jsonrpc'
import { InvalidArgument, MethodError, optString, optStringArray } from './jsonrpc'

/** info.getNodeVersion of avalanchego v1.13.5 (RPCChainVM protocol 43, coreth v0.15.x). */
export const NODE_VERSION = {
  version: 'avalanchego/1.13.5',
  databaseVersion: 'v1.4.5',
  rpcProtocolVersion: '43',
  gitCommit: 'f5a2c0de41b3e59d8c7a6b1094e3d2c5a8f7b6e1',
  vmVersions: { avm: 'v1.13.5', evm: 'v0.15.3', platform: 'v1.13.5', [VM_IDS.subnetEvm]: 'v0.7.9' },
} as const

/** Go's time.Time JSON (RFC3339Nano, UTC): fractional seconds without trailing zeros. */
export function rfc3339(ms: number): string {
  const iso = new Date(Math.floor(ms)).toISOString()
  return iso.replace(/\.(\d*?)0*Z$/, (_m, frac: string) => (frac ? `.${frac}Z` : 'Z'))
}

/** A chain the node runs: its ID, the aliases info.isBootstrapped accepts, and its subnet. */
export interface NodeChain {
  id: string
  /** primary alias: 'P', 'X', 'C', or the chain ID for subnet chains (the name of its health check) */
  alias: string
  aliases: string[]
  subnetId: string
}

export function nodeChains(ds: Dataset): NodeChain[] {
  const p = ds.params
  const primary = (id: string, alias: string, vm: string): NodeChain => ({ id, alias, aliases: [alias, vm, id], subnetId: PRIMARY_NETWORK_ID })
  return [
    primary(p.pChainId, 'P', 'platform'),
    primary(p.xChainId, 'X', 'avm'),
    primary(p.cChainId, 'C', 'evm'),
    ...ds.blockchains
      .filter((b) => b.subnetId !== PRIMARY_NETWORK_ID && (b.status === 'Validating' || b.status === 'Syncing'))
      .map((b) => ({ id: b.blockchainId, alias: b.blockchainId, aliases: [b.blockchainId], subnetId: b.subnetId })),
  ]
}

export function lookupChain(ds: Dataset, text: string): NodeChain | undefined {
  return nodeChains(ds).find((c) => c.aliases.includes(text))
}

/** One connected peer; times are offsets before "now" so the clock decides the timestamps. */
export interface SimPeer {
  ip: string
  publicIP: string
  nodeID: string
  version: string
  sentAgoMs: number
  receivedAgoMs: number
  observedUptime: string
  observedSubnetUptimes: Record<string, string>
  trackedSubnets: string[]
  supportedACPs: number[]
  objectedACPs: number[]
  benched: string[]
}

const FIRST_OCTETS = [3, 18, 34, 35, 44, 52, 54, 65, 78, 91, 95, 104, 135, 138, 142, 144, 146, 157, 159, 167, 178, 185, 188, 195, 206, 209]
const PEER_VERSIONS = ['avalanchego/1.13.5', 'avalanchego/1.13.5', 'avalanchego/1.13.5', 'avalanchego/1.13.4', 'avalanchego/1.13.3', 'avalanchego/1.13.2']
const PEER_COUNT = 25
const peerCache = new WeakMap<Dataset, SimPeer[]>()

/** go's set.Set JSON: elements sorted by their JSON bytes */
const goSetOrder = <T>(items: T[]): T[] => [...items].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0))

/** ~25 connected validators (never self), deterministic for a seed; a couple benched and quiet. */
export function simPeers(ds: Dataset): SimPeer[] {
  const cached = peerCache.get(ds)
  if (cached) return cached
  const rng = new Rng(ds.seed).fork('info.peers')
  const tracked = new Set(nodeChains(ds).map((c) => c.subnetId).filter((s) => s !== PRIMARY_NETWORK_ID))
  const subnetsOf = new Map<string, string[]>()
  for (const s of ds.subnets) {
    if (s.isL1) continue
    for (const v of s.subnetValidators) subnetsOf.set(v.nodeID, [...(subnetsOf.get(v.nodeID) ?? []), s.subnetId])
  }
  const candidates = ds.validators.filter((v) => v.connected && v.nodeID !== ds.nodes.self)
  const sharing = candidates.filter((v) => (subnetsOf.get(v.nodeID) ?? []).some((s) => tracked.has(s))).slice(0, 4)
  const rest = candidates.filter((v) => !sharing.includes(v))
  const picked = [...sharing]
  while (picked.length < PEER_COUNT && rest.length > 0) picked.push(rest.splice(rng.int(0, rest.length - 1), 1)[0]!)
  for (let i = picked.length - 1; i > 0; i--) {
    const j = rng.int(0, i)
    ;[picked[i], picked[j]] = [picked[j]!, picked[i]!]
  }
  const benchedAt = [rng.int(0, 7), rng.int(8, 15)]
  const quietAt = rng.int(16, PEER_COUNT - 1)
  const selfUptime = Number(ds.validators.find((v) => v.nodeID === ds.nodes.self)?.uptime ?? '99')
  const peers = picked.map((v, i): SimPeer => {
    const host = `${rng.pick(FIRST_OCTETS)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`
    const publicIP = `${host}:${rng.bool(0.9) ? 9651 : rng.pick([19651, 9661, 29651])}`
    const inbound = rng.bool(0.35)
    const benchIndex = benchedAt.indexOf(i)
    const quiet = benchIndex >= 0 || i === quietAt
    const subnets = subnetsOf.get(v.nodeID) ?? []
    const acp = rng.next()
    return {
      ip: inbound ? `${host}:${rng.int(32768, 60999)}` : publicIP,
      publicIP,
      nodeID: v.nodeID,
      version: rng.pick(PEER_VERSIONS),
      sentAgoMs: rng.int(5, 2500),
      receivedAgoMs: quiet ? rng.int(65_000, 240_000) : rng.int(10, 4000),
      observedUptime: String(i === quietAt ? rng.int(70, 90) : Math.max(0, Math.min(100, Math.round(selfUptime) - rng.int(0, 2)))),
      observedSubnetUptimes: Object.fromEntries(goSetOrder(subnets.filter((s) => tracked.has(s))).map((s) => [s, String(rng.int(96, 100))])),
      trackedSubnets: goSetOrder(subnets),
      supportedACPs: acp < 0.25 ? goSetOrder([181, 204, 226]) : acp < 0.3 ? [226] : [],
      objectedACPs: acp >= 0.25 && acp < 0.3 ? [204] : [],
      benched: benchIndex === 0 ? [ds.params.cChainId] : benchIndex === 1 ? [ds.params.cChainId, ds.params.xChainId] : [],
    }
  })
  peerCache.set(ds, peers)
  return peers
}

export interface InfoDeps {
  /** the node's clock (ms) */
  now: () => number
  /** whether a chain (by ID) is done bootstrapping */
  isBootstrapped: (chainId: string) => boolean
  /** whether the node currently has its peers (false while the network check fails) */
  connected: () => boolean
  /** whether one peer is connected (false once /__sim/validators disconnected it); default all are */
  peerConnected?: (nodeID: string) => boolean
  /** the peers the node has now (nodePeers with the node's knobs); default connected and peerConnected as above */
  peers?: () => SimPeer[]
  /** the version the node runs (nodeVersion in /__sim/config); default NODE_VERSION's */
  version?: () => string
}

/** The peers the node is connected to now: simPeers without those disconnected at run time. */
export function connectedPeers(ds: Dataset, peerConnected?: (nodeID: string) => boolean): SimPeer[] {
  const all = simPeers(ds)
  return peerConnected ? all.filter((p) => peerConnected(p.nodeID)) : all
}

/** What changes the node's peers at run time (/__sim/config and /__sim/validators). */
export interface PeerKnobs {
  /** false while the network check fails: no peers at all */
  connected: () => boolean
  /** whether one peer is connected (false once /__sim/validators disconnected it) */
  peerConnected?: (nodeID: string) => boolean
  /** numPeers: only the first n generated peers are connected; null = all of them */
  numPeers?: () => number | null
  /** peerVersions: the versions the peers run, given out in turn by their place among the generated peers */
  versions?: () => readonly string[] | null
  /** percentage points the node's own uptime moved from the data set's: each peer's observedUptime moves with it */
  uptimeShift?: () => number
}

/** The peers the node has now, as info.peers lists them, the network check counts them and /ext/metrics reports them. */
export function nodePeers(ds: Dataset, k: PeerKnobs): SimPeer[] {
  if (!k.connected()) return []
  const limit = k.numPeers?.() ?? null
  const versions = k.versions?.() ?? null
  const shift = k.uptimeShift?.() ?? 0
  const all = simPeers(ds)
  return all
    .slice(0, limit ?? all.length)
    .map((p, i) => ({
      ...p,
      ...(versions ? { version: versions[i % versions.length]! } : {}),
      ...(shift !== 0 ? { observedUptime: String(Math.max(0, Math.min(100, Number(p.observedUptime) + shift))) } : {}),
    }))
    .filter((p) => !k.peerConnected || k.peerConnected(p.nodeID))
}

/** info.getNodeVersion's answer for a node running `version` (avalanchego/x.y.z): avm and platform carry its number. */
export function nodeVersionReply(version: string = NODE_VERSION.version) {
  const own = version === NODE_VERSION.version ? {} : { avm: `v${version.split('/')[1]}`, platform: `v${version.split('/')[1]}` }
  return { ...NODE_VERSION, version, vmVersions: { ...NODE_VERSION.vmVersions, ...own } }
}

export function infoMethods(ds: Dataset, deps: InfoDeps): Record<string, GorillaMethod> {
  const self = ds.validators.find((v) => v.nodeID === ds.nodes.self)
  const fallback = new Rng(ds.seed).fork('info.self')
  const nodePOP = self
    ? { publicKey: self.signer.publicKey, proofOfPossession: self.signer.proofOfPossession }
    : { publicKey: `0x${toHex(fallback.bytes(48))}`, proofOfPossession: `0x${toHex(fallback.bytes(96))}` }
  return {
    getNodeID() {
      return { nodeID: ds.nodes.self, nodePOP: { ...nodePOP } }
    },
    getNodeVersion() {
      return nodeVersionReply(deps.version?.())
    },
    isBootstrapped(p) {
      const chain = optString(p, 'chain')
      if (chain === undefined || chain === '') throw new MethodError("argument 'chain' not given")
      const c = lookupChain(ds, chain)
      if (!c) throw new MethodError(`there is no chain with alias/ID '${chain}'`)
      return { isBootstrapped: deps.isBootstrapped(c.id) }
    },
    peers(p) {
      const nodeIDs = optStringArray(p, 'nodeIDs') ?? []
      for (const n of nodeIDs) {
        try {
          parseNodeId(n)
        } catch {
          throw new InvalidArgument()
        }
      }
      const wanted = nodeIDs.length > 0 ? new Set(nodeIDs) : undefined
      const now = deps.now()
      const peers = (deps.peers ? deps.peers() : deps.connected() ? connectedPeers(ds, deps.peerConnected) : [])
        .filter((x) => !wanted || wanted.has(x.nodeID))
        .map((x) => ({
          ip: x.ip,
          publicIP: x.publicIP,
          nodeID: x.nodeID,
          version: x.version,
          lastSent: rfc3339(now - x.sentAgoMs),
          lastReceived: rfc3339(now - x.receivedAgoMs),
          observedUptime: x.observedUptime,
          observedSubnetUptimes: { ...x.observedSubnetUptimes },
          trackedSubnets: [...x.trackedSubnets],
          supportedACPs: [...x.supportedACPs],
          objectedACPs: [...x.objectedACPs],
          benched: [...x.benched],
        }))
      return { numPeers: String(peers.length), peers }
    },
  }
}
