/** Shared state of one generation run, and the event timeline the generators fill. */
import type { Rng } from '../lib/prng'
import type { AddressPools, Addr } from './addresses'
import type { NetworkParams } from './constants'
import { DATASET_NOW } from './constants'
import type { Ledger } from './ledger'
import type { BlsCredentials, L1Validator, PrimaryValidator, Subnet } from './types'
import { encodeHexNoChecksum } from '../lib/hexChecksum'

export const DAY = 86_400
export const HOUR = 3_600
export const FEE = 1_000_000n
export const AVAX = 1_000_000_000n

export interface TimedEvent {
  time: number
  seq: number
  run: () => void
}

export interface WellKnownNodes {
  /** the node the sim stands for: a connected validator with delegators that validates a subnet */
  self: string
  /** a validator that is not connected and has low uptime */
  disconnected: string
  /** a validator of the first L1 (not a Primary Network validator) */
  l1: string
  /** a well-formed NodeID that validates nothing */
  notValidator: string
}

export interface GenContext {
  rng: Rng
  params: NetworkParams
  ledger: Ledger
  pools: AddressPools
  nodes: WellKnownNodes
  now: number
  events: TimedEvent[]
  validators: PrimaryValidator[]
  subnets: Subnet[]
  l1Validators: L1Validator[]
}

let seqCounter = 0

export function at(ctx: GenContext, time: number, run: () => void): void {
  ctx.events.push({ time, seq: seqCounter++, run })
}

/** Runs the timeline in time order (stable for equal times). */
export function runEvents(ctx: GenContext): void {
  ctx.events.sort((a, b) => a.time - b.time || a.seq - b.seq)
  for (const e of ctx.events) e.run()
}

export function poolAddr(ctx: GenContext): Addr {
  return ctx.rng.pick(ctx.pools.pool)
}

export function makeBls(ctx: GenContext): BlsCredentials {
  const pk = ctx.rng.bytes(48)
  pk[0] = (pk[0]! & 0x1f) | 0x80 // compressed G1 point flag, as real keys start with 0x8…/0x9…/0xa…/0xb…
  return { publicKey: encodeHexNoChecksum(pk), proofOfPossession: encodeHexNoChecksum(ctx.rng.bytes(96)) }
}

export function owner(addrs: Addr[], threshold = 1) {
  return { locktime: 0n, threshold, addresses: addrs.map((a) => a.bech32) }
}

/** Staking reward estimate: 8 % a year, pro rata. */
export function rewardFor(weight: bigint, seconds: number): bigint {
  return (weight * 8n * BigInt(seconds)) / (100n * 365n * BigInt(DAY))
}

export const NOW = DATASET_NOW
