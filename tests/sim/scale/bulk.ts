/**
 * The large scale (`npm run sim -- --scale large`): one more address, "bulk", with 100,000 UTXOs waiting
 * in the C-Chain shared memory (exported from the X-Chain) and a P-Chain history of 1,000,000
 * transactions, plus 3,000 more Primary Network validators (5,000 in all). Tests use the small default.
 *
 * Start-up stays fast and memory bounded: a UTXO or transaction is computed from its index when a page
 * asks for it (deterministically, from the seed), never held as 1M objects. What is kept: the 100,000
 * UTXO IDs (3.2 MB) and their order, built on the first core.getUTXOs of the address. It lives outside
 * dataset/ because generate() never runs it: the disk cache (dataset/disk-cache.ts) keys on dataset/ only.
 *
 * The history: transaction i (oldest first) spends the change output of transaction i-1 and pays its one
 * output back to the address, burning the fee: a chain of self-transfers, a block each, 20 s apart, the
 * last one ending a minute before the data set's clock. Only the data service lists it; the node's
 * P-Chain (blocks, balances) knows none of it, as a history this long is only there to be paged.
 */
import { ByteWriter } from '../lib/bytes'
import { cb58Encode } from '../lib/cb58'
import { sha256 } from '../lib/hash'
import { formatNodeId, utxoIdBytes } from '../lib/ids'
import { Rng } from '../lib/prng'
import { makeAddr } from '../dataset/addresses'
import { AVAX, DAY, FEE, HOUR } from '../dataset/context'
import type { NetworkParams } from '../dataset/constants'
import { lowerBound, type IndexedList } from './indexed-list'
import type { AssetInfo, PrimaryNetworkTx, PrimaryValidator, UtxoRecord, WellKnownAddress } from '../dataset/types'

export const SIM_SCALES = ['small', 'large'] as const
export type SimScale = (typeof SIM_SCALES)[number]

/** What --scale large adds up to. */
export const LARGE_SCALE = { utxos: 100_000, validators: 5_000, transactions: 1_000_000 } as const

const UTXOS_PER_EXPORT = 100
const TX_SPACING_S = 20
/** the first P-Chain height of the bulk history (above every block the small data set has) */
const FIRST_HEIGHT = 20_000_000n
const START_AMOUNT = 50_000_000n * AVAX

/** A sorted list of UTXOs with the ID bytes of each (core.getUTXOs pages in ID byte order). */
export interface SortedUtxos extends IndexedList<UtxoRecord> {
  keyAt(i: number): Uint8Array
}

const tagged = (tag: string, seed: number, i: number): Uint8Array => sha256(new ByteWriter().bytes(new TextEncoder().encode(tag)).u32(seed).u32(i).finish())

export class BulkAddress {
  readonly address: WellKnownAddress
  readonly utxoCount = LARGE_SCALE.utxos
  readonly txCount = LARGE_SCALE.transactions
  private sorted?: SortedUtxos

  constructor(
    private readonly seed: number,
    private readonly params: NetworkParams,
    private readonly avax: AssetInfo,
    private readonly now: number,
  ) {
    const a = makeAddr(tagged('bulk-address', seed, 0).subarray(0, 20), params.hrp)
    const evm = `0x${Buffer.from(tagged('bulk-evm', seed, 0).subarray(0, 20)).toString('hex')}`
    this.address = {
      name: 'bulk',
      description: `--scale large: ${LARGE_SCALE.utxos.toLocaleString('en')} atomic UTXOs on the C-Chain (from the X-Chain), ${LARGE_SCALE.transactions.toLocaleString('en')} P-Chain txs`,
      shortIdHex: a.hex, bech32: a.bech32, pChain: `P-${a.bech32}`, xChain: `X-${a.bech32}`, cChain: `C-${a.bech32}`, evm,
    }
  }

  /** UTXO i (creation order): output i % 100 of X-Chain export i / 100. */
  utxoAt(i: number): UtxoRecord {
    const exportIndex = Math.floor(i / UTXOS_PER_EXPORT)
    const txId = tagged('bulk-export', this.seed, exportIndex)
    const outputIndex = i % UTXOS_PER_EXPORT
    const time = this.now - 30 * DAY + exportIndex * 60
    return {
      utxoId: cb58Encode(utxoIdBytes(txId, outputIndex)),
      txHash: cb58Encode(txId),
      outputIndex,
      asset: this.avax,
      amount: AVAX / 100n + BigInt((i * 7919) % 1_000_000) * 1_000n,
      addresses: [this.address.bech32],
      threshold: 1,
      locktime: 0n,
      createdOnChainId: this.params.xChainId,
      consumedOnChainId: this.params.cChainId,
      blockNumber: 5_000_000n + BigInt(exportIndex),
      blockTimestamp: time,
      utxoType: 'TRANSFER',
      staked: false,
      atomic: true,
    }
  }

  /** The address's UTXOs in the shared memory, in UTXO ID byte order (the order is built once). */
  atomicUtxos(): SortedUtxos {
    if (this.sorted) return this.sorted
    const n = this.utxoCount
    const ids = Buffer.alloc(n * 32)
    const keys = new Float64Array(n)
    // utxoIdBytes' sha256(u64 outputIndex ‖ txID), with one buffer per export instead of a writer per UTXO
    const input = Buffer.alloc(40)
    for (let i = 0; i < n; i++) {
      if (i % UTXOS_PER_EXPORT === 0) input.set(tagged('bulk-export', this.seed, i / UTXOS_PER_EXPORT), 8)
      input.writeUInt32BE(i % UTXOS_PER_EXPORT, 4)
      ids.set(sha256(input), i * 32)
      keys[i] = ids.readUIntBE(i * 32, 6) // the first 48 bits: ties are broken on the whole ID below
    }
    const order = new Uint32Array(n).map((_, i) => i)
    order.sort((a, b) => (keys[a] as number) - (keys[b] as number) || Buffer.compare(ids.subarray(a * 32, a * 32 + 32), ids.subarray(b * 32, b * 32 + 32)))
    this.sorted = {
      length: n,
      at: (k) => this.utxoAt(order[k] as number),
      keyAt: (k) => ids.subarray((order[k] as number) * 32, (order[k] as number) * 32 + 32),
    }
    return this.sorted
  }

  private txIdBytes(i: number): Uint8Array {
    return tagged('bulk-p-tx', this.seed, i)
  }

  /** The unix time of history tx i (oldest first): increasing with i. */
  txTime(i: number): number {
    return this.now - 60 - (this.txCount - 1 - i) * TX_SPACING_S
  }

  /** The change output of tx i (the one output it has), spent by tx i+1 if there is one. */
  private changeUtxo(i: number): UtxoRecord {
    const txId = this.txIdBytes(i)
    const spent = i + 1 < this.txCount
    return {
      utxoId: cb58Encode(utxoIdBytes(txId, 0)),
      txHash: cb58Encode(txId),
      outputIndex: 0,
      asset: this.avax,
      amount: START_AMOUNT - FEE * BigInt(i + 1),
      addresses: [this.address.bech32],
      threshold: 1,
      locktime: 0n,
      createdOnChainId: this.params.pChainId,
      consumedOnChainId: this.params.pChainId,
      blockNumber: FIRST_HEIGHT + BigInt(i),
      blockTimestamp: this.txTime(i),
      ...(spent
        ? { consumingTxHash: cb58Encode(this.txIdBytes(i + 1)), consumingBlockNumber: FIRST_HEIGHT + BigInt(i + 1), consumingBlockTimestamp: this.txTime(i + 1) }
        : {}),
      utxoType: 'TRANSFER',
      staked: false,
      atomic: false,
    }
  }

  /** History tx i, oldest first: a P-Chain BaseTx of the address to itself. */
  txAt(i: number): PrimaryNetworkTx {
    const consumed: UtxoRecord =
      i > 0
        ? this.changeUtxo(i - 1)
        : { ...this.changeUtxo(0), utxoId: cb58Encode(tagged('bulk-funding', this.seed, 0)), txHash: cb58Encode(tagged('bulk-funding-tx', this.seed, 0)), amount: START_AMOUNT, blockNumber: FIRST_HEIGHT - 1n, blockTimestamp: this.txTime(0) - TX_SPACING_S }
    return {
      chain: 'P',
      txHash: cb58Encode(this.txIdBytes(i)),
      txType: 'BaseTx',
      blockNumber: FIRST_HEIGHT + BigInt(i),
      blockHash: cb58Encode(tagged('bulk-p-block', this.seed, i)),
      blockTimestamp: this.txTime(i),
      consumedUtxos: [consumed],
      emittedUtxos: [this.changeUtxo(i)],
      sourceChain: this.params.pChainId,
      destinationChain: this.params.pChainId,
      value: [],
      amountBurned: [{ ...this.avax, amount: FEE }],
      amountStaked: [],
      amountL1ValidatorBalanceBurned: [],
      memo: '0x',
      addresses: [this.address.bech32],
      bytes: new Uint8Array(0),
    }
  }

  /** The history as a list computed from the index, oldest first. */
  history(): IndexedList<PrimaryNetworkTx> {
    return { length: this.txCount, at: (i) => this.txAt(i) }
  }

  /** [from, to) of the history within [start, end] unix seconds (either open), by binary search on the times. */
  historyRange(start: number | undefined, end: number | undefined): [number, number] {
    const times: IndexedList<number> = { length: this.txCount, at: (i) => this.txTime(i) }
    const from = start === undefined ? 0 : lowerBound(times, start, (t, s) => t < s)
    const to = end === undefined ? this.txCount : lowerBound(times, end, (t, e) => t <= e)
    return [from, Math.max(from, to)]
  }
}

/** `count` more current Primary Network validators, owned by `owner`, deterministic from the seed. */
export function extraValidators(seed: number, count: number, owner: string, now: number): PrimaryValidator[] {
  const rng = new Rng(seed).fork('scale-validators')
  const out: PrimaryValidator[] = []
  for (let i = 0; i < count; i++) {
    const start = now - rng.int(HOUR, 170 * DAY)
    const end = Math.max(now + rng.int(DAY, 330 * DAY), start + 14 * DAY)
    const weight = BigInt(rng.int(2_000, 200_000)) * AVAX + BigInt(rng.int(0, 999_999_999))
    const pk = rng.bytes(48)
    pk[0] = ((pk[0] as number) & 0x1f) | 0x80
    const rewardOwner = { locktime: 0n, threshold: 1, addresses: [owner] }
    out.push({
      txID: cb58Encode(tagged('bulk-validator-tx', seed, i)),
      nodeID: formatNodeId(rng.bytes(20)),
      startTime: start,
      endTime: end,
      weight,
      potentialReward: (weight * 8n * BigInt(end - start)) / (100n * 365n * BigInt(DAY)),
      delegationShares: rng.pick([20000, 20000, 30000, 50000, 100000]),
      uptime: (rng.int(900000, 1000000) / 10000).toFixed(4),
      connected: rng.next() < 0.95,
      validationRewardOwner: rewardOwner,
      delegationRewardOwner: rewardOwner,
      signer: { publicKey: `0x${Buffer.from(pk).toString('hex')}`, proofOfPossession: `0x${Buffer.from(rng.bytes(96)).toString('hex')}` },
      delegators: [],
      accruedDelegateeReward: 0n,
    })
  }
  return out
}
