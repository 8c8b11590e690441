import { AppError, toErrorData } from '../../../shared/rpc/errors'
import type { ProbePart, ProbeReport, ProbeResult } from '../../../shared/contract'
import { formatUnits, hexQuantityToDecimal } from '../../../shared/domain/quantities'
import { encodeCb58 } from '../../../shared/domain/encoding'
import { dataEndpoints } from '../../clients/data/endpoints'
import { metricsEndpoints } from '../../clients/metrics/endpoints'
import { admin, core, evm, health, info, platform } from '../../clients/node/index'
import { callEndpoint } from '../../clients/rest/client'
import { deadlineSignal } from '../../clients/transport/deadline'
import { safeUrl } from '../../clients/transport/http'
import { wsCallOnce } from '../../clients/transport/websocket'
import type { Clients } from './clients'

/** The C-Chain chain id each network should answer with (interface: "Node JSON-RPC (general)"). */
const EXPECTED_CHAIN_ID = { mainnet: '43114', fuji: '43113', testnet: '43113' } as const
/**
 * A txID no one issued: core.getAtomicTxStatus answers "Unknown" for it, a cheap proof of life.
 * Not the all-zero id, which a real node refuses as "nil transaction ID".
 */
const UNKNOWN_TX_ID = encodeCb58(new Uint8Array(32).fill(1))
const PROBE_TIMEOUT_MS = 5_000

const LABELS: Record<ProbePart, string> = {
  cchainRpc: 'C-Chain RPC',
  cchainWs: 'C-Chain websocket',
  admin: 'Admin API',
  core: 'Native-asset (core) API',
  pchain: 'P-Chain API',
  info: 'Info API',
  health: 'Health API',
  dataService: 'Data service',
  metrics: 'Metrics service'
}

type Check = { endpoint: string; run: (signal: AbortSignal) => Promise<string>; hint: (e: AppError) => string }

/**
 * What the probe knows of before: whether the node answered at this very URL, and which services answered at
 * theirs (then a URL it cannot reach now is not wrong).
 */
/** The hosted services a probe checks beside the node, and how its messages name each. */
export type ServicePart = 'dataService' | 'metrics'
const SERVICE_NAMES: Record<ServicePart, string> = { dataService: 'data service', metrics: 'metrics service' }

export interface ProbeHistory {
  nodeAnsweredHere?: boolean
  /** the data and metrics services that answered at their present URL in this run */
  servicesAnsweredHere?: ReadonlySet<ServicePart>
}

/** Checks each part of the interface with one cheap call, all at once, each with its own deadline. */
export async function probe(clients: Clients, history: ProbeHistory = {}): Promise<ProbeReport> {
  const { profile } = clients
  const expected = EXPECTED_CHAIN_ID[profile.network]
  // A node that answered at this URL and now does not is down or cut off, not misconfigured (review 2 N9).
  const unreachableHint = history.nodeAnsweredHere
    ? `The node answered at ${profile.nodeUrl} before: it may be stopped, restarting or cut off from this computer. The URL needs no change unless the node moved.`
    : `Check the node URL (${profile.nodeUrl}) in Connections: is the node running and reachable?`
  const nodeHint = (e: AppError): string =>
    e.code === 'NETWORK' || e.code === 'TIMEOUT'
      ? unreachableHint
      : e.code === 'NOT_FOUND' || e.code === 'RPC'
        ? 'The node does not serve this API; enable it in the node configuration or use a node that does.'
        : e.code === 'UNAUTHORIZED' || e.code === 'FORBIDDEN'
          ? 'The node refused access: check what sits in front of it (a proxy with authentication?) and its API access rules.'
          : 'See the error; the node answered in a way the app does not understand.'
  const cchainHint = (e: AppError): string =>
    profile.cchainUrl && (e.code === 'NETWORK' || e.code === 'TIMEOUT' || e.code === 'NOT_FOUND')
      ? `Check the C-Chain RPC URL (${profile.cchainUrl}) in Connections: is that EVM node running and reachable?`
      : nodeHint(e)
  // As for the node (review 2 N9): a service that answered at its URL and now cannot be reached is down or
  // cut off, and the URL needs no change.
  const restHint = (part: ServicePart, url: string) => (e: AppError): string =>
    e.code === 'UNAUTHORIZED' || e.code === 'FORBIDDEN'
      ? 'Edit this profile in Connections and enter a key the service accepts.'
      : (e.code === 'NETWORK' || e.code === 'TIMEOUT') && history.servicesAnsweredHere?.has(part)
        ? `The ${SERVICE_NAMES[part]} answered at ${url} before: it may be stopped, restarting or cut off from this computer. The URL needs no change unless it moved.`
        : `Check the ${SERVICE_NAMES[part]} URL in Connections.`

  const node = clients.node
  const infoHint = (api: string) => (e: AppError): string =>
    e.code === 'NOT_FOUND' || e.code === 'RPC'
      ? `This node does not serve the ${api} API; enable it in the node configuration to see the node's identity and health here.`
      : nodeHint(e)
  const checks: Record<ProbePart, Check> = {
    cchainRpc: {
      endpoint: node.cchain.endpoint,
      hint: cchainHint,
      run: async (signal) => {
        const [id, net] = await Promise.all([evm.chainId(node, { signal }), evm.netVersion(node, { signal })])
        const warn = String(id) === expected ? '' : ` (expected ${expected} for ${profile.network}: is the network right?)`
        return `chain id ${id}, network id ${net}${warn}`
      }
    },
    cchainWs: {
      endpoint: safeUrl(clients.cchainWsUrl),
      hint: cchainHint,
      run: async () => {
        const result = await wsCallOnce(clients.cchainWsUrl, 'eth_chainId', [], PROBE_TIMEOUT_MS)
        const id = typeof result === 'string' && /^0x[0-9a-f]+$/i.test(result) ? hexQuantityToDecimal(result) : undefined
        if (!id) throw new AppError('UPSTREAM_INVALID', 'The websocket answered eth_chainId with something that is not a hex quantity')
        return `chain id ${id} over websocket`
      }
    },
    admin: {
      endpoint: node.admin.endpoint,
      hint: (e) => (e.code === 'RPC' || e.code === 'NOT_FOUND' ? 'Enable the admin API on the node (C-Chain config "admin-api-enabled": true).' : nodeHint(e)),
      run: async (signal) => {
        const r = await admin.getVMConfig(node, {}, { signal })
        return `enabled; VM configuration has ${Object.keys(r.config).length} fields`
      }
    },
    core: {
      endpoint: node.core.endpoint,
      hint: nodeHint,
      run: async (signal) => {
        const r = await core.getAtomicTxStatus(node, { txID: UNKNOWN_TX_ID }, { signal })
        return `answered (status of an unknown tx: ${r.status})`
      }
    },
    pchain: {
      endpoint: node.pchain.endpoint,
      hint: nodeHint,
      run: async (signal) => {
        const r = await platform.getCurrentSupply(node, {}, { signal })
        return `current supply ${formatUnits(r.supply, 9)} AVAX`
      }
    },
    info: {
      endpoint: node.info.endpoint,
      hint: infoHint('info'),
      run: async (signal) => {
        const r = await info.getNodeVersion(node, {}, { signal })
        return `${r.version}`
      }
    },
    health: {
      endpoint: node.health.endpoint,
      hint: infoHint('health'),
      run: async (signal) => {
        const r = await health.health(node, {}, { signal })
        const failing = Object.values(r.checks).filter((c) => c.error !== undefined).length
        return r.healthy ? `healthy (${Object.keys(r.checks).length} checks)` : `unhealthy: ${failing} of ${Object.keys(r.checks).length} checks failing`
      }
    },
    dataService: {
      endpoint: clients.data.baseUrl,
      hint: restHint('dataService', clients.data.baseUrl),
      run: async (signal) => {
        const r = await callEndpoint(clients.data, dataEndpoints.supportedChains, { path: {}, query: { network: profile.network } }, { signal })
        return `${r.chains.length} supported chains`
      }
    },
    metrics: {
      endpoint: clients.metrics.baseUrl,
      hint: restHint('metrics', clients.metrics.baseUrl),
      run: async (signal) => {
        const r = await callEndpoint(clients.metrics, metricsEndpoints.getAvgTps, { path: { chainId: expected } }, { signal })
        return `average TPS of chain ${expected}: ${r.results.length} points`
      }
    }
  }

  const parts = await Promise.all(
    (Object.keys(checks) as ProbePart[]).map(async (part): Promise<ProbeResult> => {
      const check = checks[part]
      const started = Date.now()
      const deadline = deadlineSignal(PROBE_TIMEOUT_MS)
      const base = { part, label: LABELS[part], endpoint: check.endpoint }
      try {
        const detail = await check.run(deadline.signal)
        return { ...base, status: 'available', latencyMs: Date.now() - started, detail }
      } catch (err) {
        const e =
          err instanceof AppError
            ? err.is('CANCELLED') && deadline.timedOut()
              ? new AppError('TIMEOUT', `The ${LABELS[part]} did not answer within ${PROBE_TIMEOUT_MS} ms`, { url: check.endpoint, timeoutMs: PROBE_TIMEOUT_MS })
              : err
            : new AppError('INTERNAL', 'The check failed unexpectedly', undefined, { cause: err })
        return { ...base, status: 'unavailable', latencyMs: Date.now() - started, detail: e.message, error: toErrorData(e), hint: check.hint(e) }
      } finally {
        deadline.clear()
      }
    })
  )
  return { profileId: profile.id, profileName: profile.name, network: profile.network, checkedAt: Date.now(), parts }
}
