import { DEPRECATED_PCHAIN_METHODS, blockchainStatusMeaning } from '../../../shared/contract'
import { AppError } from '../../../shared/rpc/errors'
import { platform, type NodeApis } from '../../clients/node/index'
import type { Connections } from '../connection/clients'
import type { AreaHandlers } from '../handlers'
import { balanceOf } from './pchain-reads'
import { SUBNET_KIND_TEXT, subnetKnowledge, unknownSubnetError } from './subnets'
import { blockchainView, pBlockView } from './views'

/**
 * The P-Chain explorer. A block is always read in hex (its ID, parent, height and time come from its
 * bytes, and the raw form is kept beside the tree); the JSON tree is read as well when asked for. The
 * next height is given only when the node has a block there. The data path caches every answer, so a
 * block seen before opens offline.
 */
export function pchainHandlers(connections: Connections): AreaHandlers<'pchain'> {
  const node = () => connections.get().node
  return {
    'pchain.getBlock': async ({ blockID, encoding }, { signal }) => {
      const n = node()
      const [hex, json] = await Promise.all([
        notFoundAs(platform.getBlock(n, { blockID, encoding: 'hex' }, { signal }), `The node has no P-Chain block with ID ${blockID}: check the ID`),
        encoding === 'json' ? notFoundAs(platform.getBlock(n, { blockID, encoding: 'json' }, { signal }), `The node has no P-Chain block with ID ${blockID}: check the ID`) : undefined
      ])
      return blockOf(n, hexOf(hex), json, encoding, signal)
    },
    'pchain.getBlockByHeight': async ({ height, encoding }, { signal }) => {
      const n = node()
      const missing = `The node has no P-Chain block at height ${height}: the chain is not that high yet, or the node does not keep it`
      const [hex, json] = await Promise.all([
        notFoundAs(platform.getBlockByHeight(n, { height, encoding: 'hex' }, { signal }), missing),
        encoding === 'json' ? notFoundAs(platform.getBlockByHeight(n, { height, encoding: 'json' }, { signal }), missing) : undefined
      ])
      return blockOf(n, hexOf(hex), json, encoding, signal)
    },
    'pchain.getBlockchains': async (_input, { signal }) => {
      const n = node()
      const r = await platform.getBlockchains(n, {}, { signal })
      // One status call per chain: the P-Chain API takes no batches; the endpoint bounds how many run at once.
      const statuses = await Promise.all(r.blockchains.map((b) => platform.getBlockchainStatus(n, { blockchainID: b.id }, { signal })))
      return { blockchains: r.blockchains.map((b, i) => blockchainView(b, statuses[i]!.status)), deprecated: DEPRECATED_PCHAIN_METHODS['platform.getBlockchains'] }
    },
    'pchain.getBlockchainStatus': async ({ blockchainID }, { signal }) => {
      const r = await platform.getBlockchainStatus(node(), { blockchainID }, { signal })
      return { blockchainID, status: r.status, meaning: blockchainStatusMeaning(r.status) }
    },
    'pchain.getCurrentSupply': async ({ subnetID }, { signal }) => {
      const r = subnetID ? await subnetSupply(node(), subnetID, signal) : await platform.getCurrentSupply(node(), {}, { signal })
      return { subnetID: subnetID ?? null, supply: r.supply, ...(r.height !== undefined ? { height: r.height } : {}) }
    },
    'pchain.getBalance': ({ addresses }, { signal }) => balanceOf(node(), addresses, signal)
  }
}

function hexOf(r: platform.BlockResult): string {
  if (r.encoding !== 'hex') throw new AppError('UPSTREAM_INVALID', 'The P-Chain API answered a hex request with another encoding')
  return r.block
}

async function blockOf(n: NodeApis, hex: string, json: platform.BlockResult | undefined, encoding: 'hex' | 'json', signal: AbortSignal) {
  const height = BigInt(platform.decodeBlockHeader(hex).height)
  const next = await platform.getBlockByHeight(n, { height: (height + 1n).toString(), encoding: 'hex' }, { signal }).then(
    () => true,
    (err: unknown) => {
      if (isNotFound(err, /not found/i)) return false
      throw err
    }
  )
  return pBlockView(hex, json?.block, encoding, next)
}

/**
 * A subnet's supply. The node keeps none for a permissioned subnet or an L1 and says "fetching current
 * supply failed: not found", as it does for an ID it does not know: what the node says of the subnet
 * itself tells the two apart. Either way the node's own words go with the error.
 */
async function subnetSupply(n: NodeApis, subnetID: string, signal: AbortSignal): Promise<platform.CurrentSupply> {
  try {
    return await platform.getCurrentSupply(n, { subnetID }, { signal })
  } catch (err) {
    if (!isNotFound(err, /not found/i)) throw err
    const nodeSaid = err.details?.upstreamMessage ?? ''
    const k = await subnetKnowledge(n, subnetID, signal)
    // The words of the method asked (the supply's), not those of the question that decided it.
    if (!k.known) throw unknownSubnetError(subnetID, { ...k, nodeSaid }, err)
    // An elastic subnet keeps a supply: its "not found" is not one of these, and stays the node's error as it is.
    if (k.kind === 'elastic') throw err
    const what = k.kind === null ? 'one (the node lists its blockchains; it does not serve platform.getSubnet to say which kind)' : SUBNET_KIND_TEXT[k.kind]
    throw new AppError('NOT_FOUND', `No supply is kept for permissioned subnets and L1s, and subnet ${subnetID} is ${what}`, { upstreamMessage: nodeSaid }, { cause: err })
  }
}

/** The node says "not found" as a -32000 method error. */
function isNotFound(err: unknown, pattern: RegExp): err is AppError<'RPC'> {
  return err instanceof AppError && err.is('RPC') && pattern.test(err.details?.upstreamMessage ?? '')
}

/** NOT_FOUND with our words, the node's own beside them. */
async function notFoundAs<T>(p: Promise<T>, message: string, pattern = /not found/i): Promise<T> {
  try {
    return await p
  } catch (err) {
    if (isNotFound(err, pattern)) throw new AppError('NOT_FOUND', message, { upstreamMessage: err.details?.upstreamMessage ?? '' }, { cause: err })
    throw err
  }
}
