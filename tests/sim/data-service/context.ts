/**
 * What every data-service route needs: the per-network data (built lazily, once), page tokens,
 * chain lookups, and the "unavailable subnet" switch. Routes get it as their only dependency.
 */
import type { EvmChain } from '../dataset/evm/types'
import type { FormsSwitch } from './forms'
import { HttpError, notFound } from './http/errors'
import type { PageTokens } from './http/page-token'
import type { NetworkName } from './http/query'
import type { DataNetwork, NetworkData } from './network-data'
import { PAGE_UTXO_THRESHOLD } from './routes/transactions'

export interface DataContext {
  seed: number
  tokens: PageTokens
  /** the real service's forms or the spec's, where they differ (./forms) */
  forms: FormsSwitch
  /** base URL of the sim's node, for rpcUrl in /v1/chains */
  nodeUrl: string
  /** data of a path/query network (fuji and testnet are the same network) */
  network(name: NetworkName): NetworkData
  /** both networks, mainnet first (for routes that are not scoped to one) */
  allNetworks(): NetworkData[]
  /** an EVM chain by EVM chain id or base58 blockchain id: 404 when unknown, 503 when its subnet is down */
  evmChain(idOrBlockchainId: string): { net: NetworkData; chain: EvmChain }
  /** throws the configured 503 when this subnet is switched off */
  assertSubnetAvailable(subnetId: string): void
  isSubnetUnavailable(subnetId: string): boolean
  /** switched at run time (POST /__sim/data-config): UTXOs after which a transactions page stops early */
  limits: { pageUtxoThreshold: number }
  /** switches the 503 subnets at run time (POST /__sim/data-config) */
  setUnavailableSubnets(ids: readonly string[]): void
  /** switched at run time (POST /__sim/data-config): lower-case token contract address -> the name answered */
  tokenNames: ReadonlyMap<string, string>
}

export function toDataNetwork(name: NetworkName): DataNetwork {
  return name === 'mainnet' ? 'mainnet' : 'fuji'
}

export function createDataContext(opts: {
  seed: number
  tokens: PageTokens
  forms: FormsSwitch
  nodeUrl: string
  unavailableSubnets: readonly string[]
  load: (network: DataNetwork) => NetworkData
}): DataContext {
  const cache = new Map<DataNetwork, NetworkData>()
  const get = (n: DataNetwork): NetworkData => {
    let d = cache.get(n)
    if (!d) {
      d = opts.load(n)
      cache.set(n, d)
    }
    return d
  }
  let down = new Set(opts.unavailableSubnets)
  const ctx: DataContext = {
    seed: opts.seed,
    tokens: opts.tokens,
    forms: opts.forms,
    nodeUrl: opts.nodeUrl,
    network: (name) => get(toDataNetwork(name)),
    allNetworks: () => [get('mainnet'), get('fuji')],
    limits: { pageUtxoThreshold: PAGE_UTXO_THRESHOLD },
    tokenNames: new Map(),
    isSubnetUnavailable: (subnetId) => down.has(subnetId),
    setUnavailableSubnets: (ids) => {
      down = new Set(ids)
    },
    assertSubnetAvailable(subnetId) {
      // The spec's 503: "returned for certain routes of a particular subnet; a problem with the subnet node".
      if (down.has(subnetId)) throw new HttpError(503, `The nodes of subnet ${subnetId} are not responding, try again later`)
    },
    evmChain(id) {
      // mainnet first, and the test network only when needed (building a network takes seconds)
      for (const name of ['mainnet', 'fuji'] as const) {
        const net = get(name)
        const chain = net.evm.chains.find((c) => c.chainId === id || c.blockchainId === id)
        if (chain) {
          ctx.assertSubnetAvailable(chain.subnetId)
          return { net, chain }
        }
      }
      // A well-formed id the service does not index: the resource does not exist here (404).
      throw notFound(`Chain ${id} is not supported`)
    },
  }
  return ctx
}
