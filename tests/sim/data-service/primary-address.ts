/**
 * Addresses of the Primary Network routes: bech32 with the network's prefix ("avax1…" on mainnet,
 * "fuji1…" on the test network), optionally with a "P-" or "X-" chain prefix; EVM "0x…" addresses
 * only where the route looks up C-Chain atomic transactions. Returned lower-cased, without prefix.
 */
import { bech32Decode } from '../lib/bech32'
import { badRequest } from './http/errors'
import type { NetworkData } from './network-data'

export function parsePrimaryAddress(raw: string, net: NetworkData, opts: { allowEvm: boolean; param: string }): string {
  if (/^0x[0-9a-fA-F]{40}$/.test(raw)) {
    if (opts.allowEvm) return raw.toLowerCase()
    throw badRequest(`Invalid address format: ${raw} (${opts.param} takes X-Chain or P-Chain addresses)`)
  }
  const bare = raw.replace(/^[PX]-/, '')
  const hrp = net.primary.params.hrp
  try {
    const decoded = bech32Decode(bare)
    if (decoded.hrp !== hrp || decoded.data.length !== 20) throw new Error('wrong network or length')
  } catch {
    throw badRequest(`Invalid address format: ${raw} is not a ${hrp} address`)
  }
  return bare.toLowerCase()
}

export function parsePrimaryAddresses(raw: readonly string[], net: NetworkData, opts: { allowEvm: boolean; param: string }): string[] {
  return [...new Set(raw.map((a) => parsePrimaryAddress(a, net, opts)))]
}
