import type { Data, HealthCheck, Peer } from '../../../shared/contract'
import { health, info } from '../../clients/node/index'
import type { NodeApis } from '../../clients/node/index'

/**
 * The node's identity and health, each read mapped to the contract's view. The info handlers serve them
 * for the active profile's node; the watch's checks and the sync jobs read them for the node of the
 * profile they work on (and wrap them in the data path themselves).
 */
export async function nodeIdOf(node: NodeApis, signal: AbortSignal): Promise<Data<'info.getNodeID'>> {
  const r = await info.getNodeID(node, {}, { signal })
  return { nodeID: r.nodeID, nodePOP: r.nodePOP ? { publicKey: r.nodePOP.publicKey, proofOfPossession: r.nodePOP.proofOfPossession } : null }
}

export async function nodeVersionOf(node: NodeApis, signal: AbortSignal): Promise<Data<'info.getNodeVersion'>> {
  const r = await info.getNodeVersion(node, {}, { signal })
  return {
    version: r.version,
    ...(r.databaseVersion !== undefined ? { databaseVersion: r.databaseVersion } : {}),
    ...(r.rpcProtocolVersion !== undefined ? { rpcProtocolVersion: r.rpcProtocolVersion } : {}),
    ...(r.gitCommit !== undefined ? { gitCommit: r.gitCommit } : {}),
    vmVersions: r.vmVersions ?? {}
  }
}

export async function bootstrappedOf(node: NodeApis, chain: string, signal: AbortSignal): Promise<Data<'info.isBootstrapped'>> {
  const r = await info.isBootstrapped(node, { chain }, { signal })
  return { chain, isBootstrapped: r.isBootstrapped }
}

export async function peersOf(node: NodeApis, nodeIDs: string[] | undefined, signal: AbortSignal): Promise<Data<'info.peers'>> {
  const r = await info.peers(node, nodeIDs ? { nodeIDs } : {}, { signal })
  return { numPeers: r.numPeers, peers: r.peers.map(peerView) }
}

export async function healthOf(node: NodeApis, tags: string[] | undefined, signal: AbortSignal): Promise<Data<'health.health'>> {
  const r = await health.health(node, tags ? { tags } : {}, { signal })
  const checks = Object.entries(r.checks)
    .map(([name, c]) => checkView(name, c))
    .sort((a, b) => Number(a.healthy) - Number(b.healthy) || a.name.localeCompare(b.name))
  return { healthy: r.healthy, checks }
}

function peerView(p: info.Peer): Peer {
  return {
    nodeID: p.nodeID,
    ip: p.ip,
    ...(p.publicIP !== undefined ? { publicIP: p.publicIP } : {}),
    version: p.version,
    lastSent: p.lastSent,
    lastReceived: p.lastReceived,
    ...(p.observedUptime !== undefined ? { observedUptime: p.observedUptime } : {}),
    trackedSubnets: p.trackedSubnets ?? [],
    benched: p.benched ?? []
  }
}

function checkView(name: string, c: health.HealthCheck): HealthCheck {
  const message = c.message === undefined ? undefined : JSON.stringify(c.message)
  return {
    name,
    healthy: c.error === undefined,
    ...(message !== undefined ? { message: message.length > 4_000 ? `${message.slice(0, 3_999)}…` : message } : {}),
    ...(c.error !== undefined ? { error: c.error } : {}),
    ...(c.timestamp !== undefined ? { timestamp: c.timestamp } : {}),
    ...(c.contiguousFailures !== undefined ? { contiguousFailures: c.contiguousFailures } : {}),
    ...(c.timeOfFirstFailure ? { timeOfFirstFailure: c.timeOfFirstFailure } : {})
  }
}
