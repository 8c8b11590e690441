/** The address and node-ID pools of the data set, with the named well-known ones first. */
import { bech32Encode } from '../lib/bech32'
import { toHex } from '../lib/bytes'
import { formatNodeId } from '../lib/ids'
import type { Rng } from '../lib/prng'
import type { WellKnownAddress } from './types'

/** An address as the generator handles it */
export interface Addr {
  id: Uint8Array
  hex: string
  bech32: string
}

export const WELL_KNOWN_ADDRESS_NAMES = ['rich', 'operator', 'delegator', 'l1Owner', 'empty'] as const
export type WellKnownAddressName = (typeof WELL_KNOWN_ADDRESS_NAMES)[number]

const DESCRIPTIONS: Record<WellKnownAddressName, string> = {
  rich: '>= 5,000 atomic UTXOs in the C-Chain shared memory (from the X-Chain, some from the P-Chain); many X/P txs',
  operator: 'reward owner of the well-known node "self"; P-Chain balance, staking and reward txs',
  delegator: 'delegates to "self" and other validators; pending delegation rewards',
  l1Owner: 'owner of the subnets and L1s; remaining-balance and deactivation owner of L1 validators',
  empty: 'valid address with no UTXOs and no transactions (empty states)',
}

/** anvil's default dev accounts 0..4, used as the EVM side of the well-known addresses */
const ANVIL_ACCOUNTS = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
]

export function makeAddr(id: Uint8Array, hrp: string): Addr {
  return { id, hex: toHex(id), bech32: bech32Encode(hrp, id) }
}

export function describeWellKnown(name: WellKnownAddressName, a: Addr, index: number): WellKnownAddress {
  return {
    name,
    description: DESCRIPTIONS[name],
    shortIdHex: a.hex,
    bech32: a.bech32,
    pChain: `P-${a.bech32}`,
    xChain: `X-${a.bech32}`,
    cChain: `C-${a.bech32}`,
    evm: ANVIL_ACCOUNTS[index]!,
  }
}

export interface AddressPools {
  wellKnown: Record<WellKnownAddressName, Addr>
  /** anonymous addresses that fill the network */
  pool: Addr[]
}

export function makeAddressPools(rng: Rng, hrp: string, poolSize: number): AddressPools {
  const wellKnown = {} as Record<WellKnownAddressName, Addr>
  for (const name of WELL_KNOWN_ADDRESS_NAMES) wellKnown[name] = makeAddr(rng.bytes(20), hrp)
  const pool: Addr[] = []
  for (let i = 0; i < poolSize; i++) pool.push(makeAddr(rng.bytes(20), hrp))
  return { wellKnown, pool }
}

export function makeNodeId(rng: Rng): string {
  return formatNodeId(rng.bytes(20))
}
